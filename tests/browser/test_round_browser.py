"""A tournament round in Chromium: roll call, draw, swap, a deal at each table,
standings."""

import re

import pytest
from playwright.sync_api import expect

from ..conftest import TOURNAMENT_PLAYERS
from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = TOURNAMENT_PLAYERS


def seat_rows(page):
    return [
        row.locator("span.seat").all_inner_texts()
        for row in page.locator("#seat-list tbody tr").all()
    ]


def test_a_round_from_roll_call_to_standings(live_server, page, tournament):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{tournament.pk}/")
    page.click("text=Add round")
    page.wait_for_url(re.compile(r".*/rounds/\d+/$"))
    round_url = page.url
    # Roll call: Ivan did not come.
    page.locator("#roll-call label", has_text="Ivan").click()
    page.click("#roll-call button")
    expect(page.locator(".messages")).to_contain_text("Roll call saved")
    page.fill("#id_seed", "2026")
    page.click("#draw button")
    page.wait_for_load_state()  # the new page loaded, not only begun
    expect(page.locator(".messages")).to_contain_text("seed 2026: 2 tables, 0 byes")
    tables = seat_rows(page)
    assert sorted(p for t in tables for p in t) == sorted(NAMES[:8])

    # Swap the first player of table 1 with the first of table 2.
    a, b = tables[0][0], tables[1][0]
    page.select_option("#id_first", label=a)
    page.select_option("#id_second", label=b)
    page.click("#swap button")
    page.wait_for_load_state()  # the new page loaded, not only begun
    expect(page.locator(".messages")).to_contain_text("Players swapped")
    swapped = seat_rows(page)
    assert swapped[0][0] == b and swapped[1][0] == a

    # A misdeal at each table: the dealer (the first seat) pays 1 to each other player.
    dealers = []
    for index in range(2):
        page.locator("#seat-list tbody tr").nth(index).locator("a").first.click()
        page.click("#enter-deal")
        dealer = swapped[index][0]
        dealers.append(dealer)
        page.locator("#field-kind label", has_text="Misdeal").click()
        page.locator("#field-dealer label", has_text=dealer).click()
        page.wait_for_function(
            f"document.querySelector('#preview-body').textContent.includes('{dealer} -3')"
        )
        page.click("#save-deal")
        expect(page.locator("#session-state")).to_contain_text(
            "Running: 1 deal played"
        )  # issue 16: the plural
        page.goto(round_url)

    page.goto(f"{live_server.url}/events/{tournament.pk}/standings/")
    rows = {
        cells[1]: cells
        for cells in (
            r.locator("td").all_inner_texts() for r in page.locator("#standings tbody tr").all()
        )
    }
    for dealer in dealers:
        assert rows[dealer][3] == "-3"
    others = [n for n in NAMES[:8] if n not in dealers]
    assert all(rows[n][3] == "+1" for n in others)
    assert rows["Ivan"][3] == "0"
    # Six players share first place; both dealers share 7th; absent Ivan (0, never
    # seated) ranks after all who came: 9th, not above the dealers' -3.
    assert [rows[n][0] for n in others] == ["1"] * 6
    assert [rows[d][0] for d in dealers] == ["7", "7"]
    assert rows["Ivan"][0] == "9"
