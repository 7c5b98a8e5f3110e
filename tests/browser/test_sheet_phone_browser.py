"""A table's score sheet on the table's phone (390 px): every player's chips after every
deal are on the screen, under the player's name, with no sideways scroll (the chips
columns were beyond the right edge of a scroll box, behind the deal's eight columns)."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390
# Five at the table (the dealer sits out) and long names: the widest sheet of the hall.
NAMES = [
    "František Svoboda",
    "Ludmila Procházková",
    "Anna Nováková",
    "Josef Kučera",
    "Tom Petrtyl",
]


def deal(dealer, bidder, partner, points):
    return {
        "ruleset": "la-vista",
        "players": [n for n in NAMES if n != dealer],
        "dealer": dealer,
        "sitting_out": dealer,
        "kind": "played",
        "bidder": bidder,
        "bid": "four",
        "partner": partner,
        "blind": "second",
        "bidder_points": points,
    }


@pytest.fixture
def five_at_a_table(round1, organizer):
    players = [Player.objects.create(name=n) for n in NAMES]
    table = services.create_table(round1, organizer, players, first_forehand=players[1])
    services.record_deal(table, deal(NAMES[0], NAMES[1], NAMES[2], 41), organizer)
    services.record_deal(table, deal(NAMES[1], NAMES[2], NAMES[3], 20), organizer)
    services.record_deal(table, deal(NAMES[2], NAMES[3], NAMES[4], 55), organizer)
    return table


def boxes(phone, selector):
    return phone.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {left: r.left, right: r.right, text: e.textContent.trim()}; })",
    )


def test_every_players_chips_are_on_a_phones_screen_under_the_players_name(
    live_server, phone, five_at_a_table, organizer
):
    link = services.issue_link(five_at_a_table, organizer)
    phone.goto(f"{live_server.url}/t/{link.token}/")
    expect(phone.locator("#score-sheet")).to_be_visible()
    # The page does not scroll sideways, and nothing inside it does either.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE
    assert phone.evaluate(
        "[...document.querySelectorAll('#score-sheet, .scroll')]"
        ".every(e => e.scrollWidth <= e.clientWidth)"
    )
    names = boxes(phone, "#score-sheet thead th.player")
    assert [n["text"] for n in names] == NAMES
    # Each row's chips (the starting chips, after each deal, the net row's) and each
    # change: on the screen, each under its player's name.
    rows = ["tr.start", "tr[data-deal='1']", "tr[data-deal='2']", "tr[data-deal='3']"]
    for row in rows:
        chips = boxes(phone, f"#score-sheet tbody {row} td.chips")
        assert len(chips) == 5, row
        for name, cell in zip(names, chips, strict=True):
            assert 0 <= cell["left"] and cell["right"] <= PHONE, (row, cell)
            assert name["left"] - 1 <= cell["left"] and cell["right"] <= name["right"] + 1
    totals = boxes(phone, "#score-sheet tfoot th.chips")
    assert [t["text"] for t in totals] == ["20", "20", "20", "15", "25"]
    for name, cell in zip(names, totals, strict=True):
        assert 0 <= cell["left"] and cell["right"] <= PHONE
        assert name["left"] - 1 <= cell["left"] and cell["right"] <= name["right"] + 1
    # The deal's cells say what they are, the headings being off the phone's rows.
    first = phone.locator("#score-sheet tbody tr[data-deal='1']")
    assert (
        first.locator("td").nth(2).evaluate("e => getComputedStyle(e, '::before').content")
        == '"Bidder "'
    )
    # A name is broken between its words, not inside one: each word on one line.
    broken = phone.eval_on_selector_all(
        "#score-sheet thead th.player a",
        """els => els.flatMap(e => {
            const text = e.firstChild, words = [];
            for (const m of text.data.matchAll(/\\S+/g)) {
                const r = document.createRange();
                r.setStart(text, m.index);
                r.setEnd(text, m.index + m[0].length);
                if (r.getClientRects().length > 1) words.push(m[0]);
            }
            return words;
        })""",
    )
    assert broken == []


def test_the_sheet_keeps_its_columns_on_a_laptop(live_server, page, five_at_a_table, organizer):
    """At 1200 px the sheet is the paper's: the players' columns to the right of the deal's."""
    link = services.issue_link(five_at_a_table, organizer)
    page.goto(f"{live_server.url}/t/{link.token}/")
    head = boxes(page, "#score-sheet thead tr:first-child th")
    assert [h["text"] for h in head[:3]] == ["#", "Dealer", "Bidder"]
    bidder = boxes(page, "#score-sheet tbody tr[data-deal='1'] td")[2]
    chips = boxes(page, "#score-sheet tbody tr[data-deal='1'] td.chips")
    assert all(c["left"] > bidder["right"] for c in chips)
