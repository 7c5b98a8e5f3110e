"""Issue 14: what a deal stores (its kind, its bid, each transfer's reason) is said in
its own game's words on every page and printout, the choices come from the core (no
migration for a new game), and each game gives its score sheet's columns."""

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

import taroky_scoring as core
from taroky_scoring import registry
from taroky_scoring.games.nebraska.payments import Reason as NebraskaReason
from tournaments import exchange, printouts, services
from tournaments.models import (
    Deal,
    LedgerEntry,
    Player,
    bid_choices,
    kind_choices,
    reason_choices,
)
from tournaments.words import bid_words, kind_words, reason_words

from ..conftest import game_table, played_doc

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bill", "Cyril", "Dana"]


def table_of(organizer, ruleset, house_rules=None, seats=FOUR):
    return game_table(
        organizer, ruleset, seats, 1, venue="Hall", house_rules=house_rules or {}, published=True
    )


def texas_surrender(organizer):
    """A Texas XIX Povinost thrown in (the house rule) and a Texas King deal paying
    Tarockee: the reasons "surrender" and "eight_trumps"."""
    table = table_of(organizer, "texas-xix", {"called_trump_throw_in": True})
    doc = {"ruleset": "texas-xix", "options": {"called_trump_throw_in": True}}
    doc |= {"players": FOUR, "dealer": "Anna", "kind": "surrendered", "bidder": "Bill"}
    return table, services.record_deal(table, {**doc, "bid": "povinost"}, organizer)


def petrtyl_surrender(organizer):
    table = table_of(organizer, "petrtyl")
    doc = {"ruleset": "petrtyl", "players": FOUR, "dealer": "Anna", "kind": "surrendered"}
    doc |= {"bidder": "Bill", "bid": "four", "talon": "first", "chief_in_talon": True}
    return table, services.record_deal(table, {**doc, "pot": 0}, organizer)


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


# -- the same stored value, each game's words ------------------------------------------


def test_one_stored_kind_bid_and_reason_in_three_games_words(table, organizer):
    nebraska = services.record_deal(
        table,
        {
            "ruleset": "la-vista",
            "players": ["Anna", "Bill", "Čada", "Dana"],
            "dealer": "Dana",
            "kind": "surrendered",
            "bidder": "Anna",
            "bid": "four",
            "blind": "second",
        },
        organizer,
    )
    _, texas = texas_surrender(organizer)
    _, petrtyl = petrtyl_surrender(organizer)
    assert [(d.kind, d.bid) for d in (nebraska, texas, petrtyl)] == [
        ("surrendered", "four"),
        ("surrendered", "povinost"),
        ("surrendered", "four"),
    ]
    assert [(kind_words(d), bid_words(d)) for d in (nebraska, texas, petrtyl)] == [
        ("Four surrendered", "Four"),
        ("Thrown in: the declarer drew the called trump", "Povinost"),
        ("Four given up, the called Chief in the talon", "Four"),
    ]
    reasons = [
        {(e.reason, reason_words(e.reason, d.game)) for e in LedgerEntry.objects.filter(deal=d)}
        for d in (nebraska, texas, petrtyl)
    ]
    assert reasons == [
        {("surrender", "Four surrendered")},
        {("surrender", "Povinost thrown in")},
        {("surrender", "Four given up")},
    ]


def test_a_rows_reason_is_said_in_its_games_words_without_a_query(
    table, organizer, django_assert_num_queries
):
    """Ledger rows read without their event (as the inbox and the admin read them) are
    said in their game's words with no query a row: the game is the page's."""
    _, texas = texas_surrender(organizer)
    entries = list(LedgerEntry.objects.filter(deal=texas))
    with django_assert_num_queries(0):
        said = {reason_words(e.reason, texas.game) for e in entries}
    assert said == {"Povinost thrown in"}


def test_the_admins_lists_say_each_games_words_at_the_same_queries_with_more_rows(
    client, organizer, django_user_model
):
    """The admin's deals and ledger rows, in each row's game's words: one deal, then
    three games' deals (six more ledger rows), cost the same queries."""
    client.force_login(django_user_model.objects.create_superuser("root", password="x-pw"))
    lists = [
        reverse("admin:tournaments_deal_changelist"),
        reverse("admin:tournaments_ledgerentry_changelist"),
    ]

    def counted():
        counts = []
        for url in lists:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            counts.append(len(queries))
        return counts

    texas_surrender(organizer)
    small = counted()
    petrtyl_surrender(organizer)
    table = table_of(organizer, "la-vista")
    doc = {"ruleset": "la-vista", "players": FOUR, "dealer": "Dana", "kind": "surrendered"}
    services.record_deal(table, {**doc, "bidder": "Anna", "bid": "four"}, organizer)
    assert counted() == small

    def results(url):
        page = client.get(url).content.decode()
        start = page.index('id="result_list"')
        return text_of(page[start : page.index("</table>", start)])

    deals = results(lists[0])
    assert "Thrown in: the declarer drew the called trump Bill Povinost" in deals
    assert "Four given up, the called Chief in the talon Bill Four" in deals
    assert "Four surrendered Anna Four" in deals
    rows = results(lists[1])
    assert rows.count("Povinost thrown in") == 3
    assert rows.count("Four given up") == 3
    assert rows.count("Four surrendered") == 3


def test_texas_reasons_on_the_deal_page_statement_and_its_pdf(client, organizer):
    table = table_of(organizer, "texas-king")
    doc = {"ruleset": "texas-king", "players": FOUR, "dealer": "Anna", "kind": "played"}
    doc |= {"bidder": "Bill", "bid": "povenost", "partner": "Dana", "called": "clubs"}
    doc |= {"bidder_points": 60, "bonuses": [{"player": "Cyril", "kind": "eight_trumps"}]}
    deal = services.record_deal(table, doc, organizer)
    client.force_login(organizer)
    page = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    transfers = page[page.index('id="transfers"') : page.index("</table>")]
    assert re.findall(
        r"<tr><td>(\w+)</td><td>(\w+)</td><td[^>]*>(\d+)</td><td>([^<]*)</td>", transfers
    ) == [
        ("Cyril", "Bill", "1", "Game"),
        ("Anna", "Dana", "1", "Game"),
        ("Dana", "Cyril", "2", "Tarockee"),
        ("Anna", "Cyril", "2", "Tarockee"),
        ("Bill", "Cyril", "2", "Tarockee"),
    ]
    cyril = Player.objects.get(name="Cyril")
    statement = text_of(
        client.get(
            reverse("player-statement", args=[table.round.event.pk, cyril.pk])
        ).content.decode()
    )
    assert "to Bill Game Povenost won: 1 -1" in statement
    assert "from Dana Tarockee Cyril holds Tarockee: 2 from each other player +2" in statement
    pdf = pdf_text(printouts.statement_pdf(table.round.event, cyril))
    assert "to Bill Game Povenost won: 1 -1" in pdf
    assert "from Bill Tarockee Cyril holds Tarockee: 2 from each other player +2 +5 105" in pdf
    # The exports keep the stored values.
    ledger = list(csv.DictReader(io.StringIO(exchange.ledger_csv(table.round.event))))
    assert [row["reason"] for row in ledger] == ["game"] * 2 + ["eight_trumps"] * 3
    assert ",played,Anna,Bill,povenost,Dana,60,True," in exchange.deals_csv(table.round.event)


def test_petrtyl_reasons_and_kind_in_its_words(client, organizer):
    table, deal = petrtyl_surrender(organizer)
    client.force_login(organizer)
    page = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    transfers = page[page.index('id="transfers"') : page.index("</table>")]
    rules = re.findall(r'<td class="num">4</td><td>([^<]*)</td>', transfers)
    assert rules == ["Four given up"] * 3
    misdeal = {"ruleset": "petrtyl", "players": FOUR, "dealer": "Bill", "kind": "misdeal"}
    deal = services.record_deal(table, {**misdeal, "pot": 0}, organizer)
    assert kind_words(deal) == "Misdeal: the dealer pays 4 into the pot"
    assert bid_words(deal) == ""
    bill = Player.objects.get(name="Bill")
    pdf = pdf_text(printouts.statement_pdf(table.round.event, bill))
    assert "to the pot Misdeal Misdeal: the dealer pays 4 into the pot -4 -16 84" in pdf


# -- the choices: callables from the core ------------------------------------------------


def test_the_choices_are_every_games_values_from_the_core():
    for model, name, source in [
        (Deal, "kind", kind_choices),
        (Deal, "bid", bid_choices),
        (LedgerEntry, "reason", reason_choices),
    ]:
        field = model._meta.get_field(name)
        # What a migration records: the callable, not a list of today's values.
        assert field.deconstruct()[3]["choices"] is source, name
        assert list(field.flatchoices) == getattr(registry, source.__name__)()
    reasons = dict(LedgerEntry._meta.get_field("reason").flatchoices)
    # Every reason any game posts is a choice: Nebraska's, Texas', Petrtyl's.
    from taroky_scoring.games.petrtyl.payments import PetrtylReason
    from taroky_scoring.games.texas.common import TexasReason

    for enum in (NebraskaReason, TexasReason, PetrtylReason):
        assert {r.value for r in enum} <= set(reasons)
    assert reasons["pot"] == "Pot" and reasons["king_last"] == "King Last"
    kinds = dict(Deal._meta.get_field("kind").flatchoices)
    assert set(kinds) == {"played", "surrendered", "thrown_in", "misdeal", "three_passed"}
    bids = [v for v, _ in Deal._meta.get_field("bid").flatchoices]
    assert bids == [
        "four",
        "five",
        "five_over",
        "three",
        "grand_nullo",
        "grand_sweep",
        "povinost",
        "prever",
        "zebrak",
        "ze_ruky",
        "povenost",
        "no_trick",
    ]


def test_a_new_game_needs_no_migration(monkeypatch):
    """The models' choices are the core's callables: the migrations match the models,
    and still do with one more game registered (its kinds, bids and reasons)."""

    class Tarokk(core.Game):
        name = "tarokk"
        title = "Hungarian Tarokk"
        presets = ()
        option_list = ()
        active_players = 4
        table_sizes = (4,)
        order_of_play = "counter-clockwise"

        def deal_kinds(self):
            return (("played", "played"), ("robbed", "robbed talon"))

        def deal_bids(self):
            return (("solo", "Solo"),)

        def payment_reasons(self):
            return (("ulti", "Ulti"),)

    monkeypatch.setitem(registry._GAMES, "tarokk", Tarokk())
    assert ("ulti", "Ulti") in LedgerEntry._meta.get_field("reason").flatchoices
    assert ("robbed", "robbed talon") in Deal._meta.get_field("kind").flatchoices
    call_command("makemigrations", "tournaments", "--check", "--dry-run", verbosity=0)


# -- one sheet for every game: the game's columns -----------------------------------------


def sheet_table(html: str) -> tuple[str, list[str]]:
    """The sheet's heading row and its deal rows, tags and all, whitespace folded."""
    sheet = " ".join(html[html.index('<table class="sheet"') : html.index("</table>")].split())
    sheet = re.sub(r"> <", "><", sheet)
    head = sheet[sheet.index("<tr>") : sheet.index("</tr>")]
    rows = [r.split("</tr>")[0] for r in sheet.split("<tr class=")[2:]]
    return head, rows


def test_a_nebraska_sheet_has_its_columns_on_the_page_and_in_the_pdf(client, table, organizer):
    services.record_deal(table, played_doc(kontra=None), organizer)
    services.record_deal(
        table,
        played_doc(
            dealer="Anna",
            bid="five",
            blind=None,
            kontra="kontra",
            bidder_points=30,
            declarations=[{"player": "Bill", "kind": "three_high"}],
            king_last={"announced": True, "outcome": "lost"},
        ),
        organizer,
    )
    misdeal = {"ruleset": "la-vista", "players": ["Anna", "Bill", "Čada", "Dana"]}
    services.record_deal(table, {**misdeal, "dealer": "Bill", "kind": "misdeal"}, organizer)
    client.force_login(organizer)
    head, rows = sheet_table(client.get(reverse("table-sheet", args=[table.pk])).content.decode())
    assert re.sub(r"<a [^>]+>|</a>", "", head) == (
        '<tr><th rowspan="2">#</th><th rowspan="2">Dealer</th><th rowspan="2">Bidder</th>'
        '<th rowspan="2">Bid</th><th rowspan="2">Partner</th>'
        '<th rowspan="2" class="num">Points</th><th rowspan="2">Valat</th>'
        '<th rowspan="2">Bonuses</th><th rowspan="2">Declarations</th>'
        '<th rowspan="2">Penalties</th>'
        '<th colspan="2" class="player">Anna</th><th colspan="2" class="player">Bill</th>'
        '<th colspan="2" class="player">Čada</th><th colspan="2" class="player">Dana</th>'
    )
    cells = [re.findall(r"<td([^>]*)>([^<]*)</td>", r)[:9] for r in rows]
    assert cells[1] == [
        (' class="text"', "Anna"),
        (' class="text"', "Anna"),
        (' class="text"', "Five, kontra"),
        (' class="text"', "Čada"),
        (' class="num"', "30:40"),
        (' class="text"', ""),
        (' class="text"', "announced King Last lost"),
        (' class="text"', "Bill: Three High"),
        (' class="text"', ""),
    ]
    assert cells[2][:4] == [
        (' class="text"', "Bill"),
        ("", ""),
        (' colspan="6"', "Misdeal"),
        ("", ""),
    ]
    text = pdf_text(printouts.score_sheet_pdf(table))
    assert (
        "# Dealer Bidder Bid Partner Points Valat Bonuses Declarations Penalties Anna Bill Čada "
        "Dana ± chips ± chips ± chips ± chips Starting chips 20 20 20 20"
    ) in text
    assert "1 Dana Anna Four, 2nd half Čada 41:29 +5 25 -5 15 +5 25 -5 15" in text
    assert "2 Anna Anna Five, kontra Čada 30:40 announced King Last lost" in text
    assert "3 Bill Misdeal" in text


@pytest.mark.parametrize(
    "ruleset, heading, first_row",
    [
        (
            "texas-xix",
            '<th rowspan="2">#</th><th rowspan="2">Dealer</th>'
            '<th rowspan="2" colspan="8">Deal</th>',
            '<td class="text">Anna</td><td class="text" colspan="8">Thrown in (redeal, or all '
            "passed)</td>",
        ),
        (
            "petrtyl",
            '<th rowspan="2">#</th><th rowspan="2">Dealer</th><th rowspan="2" colspan="7">Deal</th>'
            '<th rowspan="2" class="num">Pot</th>',
            '<td class="text">Anna</td><td class="text" colspan="7">Thrown in: a hand with no '
            'Taroks and no Chiefs</td><td class="num pot">0</td>',
        ),
    ],
)
def test_texas_and_petrtyl_sheets_say_each_deal_in_one_cell(
    client, organizer, ruleset, heading, first_row
):
    table = table_of(organizer, ruleset)
    doc = {"ruleset": ruleset, "players": FOUR, "dealer": "Anna", "kind": "thrown_in"}
    services.record_deal(table, doc | ({"pot": 0} if ruleset == "petrtyl" else {}), organizer)
    client.force_login(organizer)
    head, rows = sheet_table(client.get(reverse("table-sheet", args=[table.pk])).content.decode())
    assert head.startswith("<tr>" + heading + '<th colspan="2" class="player">')
    assert first_row in rows[0]
    text = pdf_text(printouts.score_sheet_pdf(table))
    words = dict(core.game_for(ruleset).deal_kinds())["thrown_in"]
    pot = " Pot" if ruleset == "petrtyl" else ""
    assert f"# Dealer Deal{pot} Anna Bill Cyril Dana ± chips" in text
    assert f"1 Anna {words}{' 0' if pot else ''} 0 100 0 100 0 100 0 100" in text


def test_every_house_rule_and_its_choices_are_in_words():
    """The event form's house rules: no raw key or value ("tarok1 wins", "with king")
    where a club organizer reads them."""
    from tournaments.forms import EventForm

    form = EventForm()
    rules = {
        name.removeprefix("rule__"): (f.label, list(getattr(f, "choices", ())))
        for name, f in form.fields.items()
        if name.startswith("rule__")
    }
    assert rules["la-vista__tarok1_last_rule"] == (
        "Tarok 1 Last is won when",
        [
            ("tarok1_wins", "the Tarok 1 itself takes the last trick"),
            ("team_wins", "the Tarok 1's team takes the last trick"),
        ],
    )
    assert rules["heun__blind_half_to_lone_bidder"] == (
        "A Five with the called King in the blind: the bidder takes",
        [("with_king", "the half with the King"), ("top", "the top half")],
    )
    assert rules["heun__next_dealer"][1] == [
        ("forehand", "the previous forehand"),
        ("heun", "after a Four its bidder, else the previous forehand (Heun)"),
    ]
    assert rules["texas-king__game_value"][1] == [
        ("stated", "the values 18.13 states (1 to 4 chips)"),
        ("difference", "by the card points' difference, as in Texas XIX (its footnote 7)"),
    ]
    for key, (label, choices) in rules.items():
        option = key.split("__")[1]
        said_raw = label.lower() == option.replace("_", " ") and option != "starting_chips"
        assert "_" not in label and not said_raw, key
        for value, words in choices:
            if isinstance(value, str) and value:
                assert words != value.replace("_", " "), (key, value)
