"""Printouts, the event page, standings, a deal's history and the player lists in each
game's own words: its order of play, its word for the declarer, its rules' listing,
its pot (walkthrough of a new organizer)."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

import taroky_scoring as core
from tournaments import exchange, printouts, services
from tournaments.forms import AddPlayerForm, RollCallForm, TableForm
from tournaments.models import Event, Player
from tournaments.printouts.sheets import _outcome_widths
from tournaments.queries import deal_detail

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

SEATS = ["Anna", "Bill", "Čada", "Dana"]

# One deal of each game, Anna's side winning (Petrtyl's: Bill misdeals, the pot gets 4).
DEALS = {
    "la-vista": played_doc(),
    "texas-xix": {
        "ruleset": "texas-xix",
        "players": SEATS,
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povinost",
        "partner": "Čada",
        "called": "xix",
        "bidder_points": 60,
    },
    "petrtyl": {"ruleset": "petrtyl", "players": SEATS, "kind": "misdeal", "dealer": "Bill"},
}
ORDER = {"la-vista": "clockwise", "texas-xix": "counter-clockwise", "petrtyl": "clockwise"}


def make_event(organizer, ruleset, date=datetime.date(2026, 11, 20), name=None):
    return services.create_event(
        organizer,
        name=name or f"{ruleset} night",
        date=date,
        kind=Event.Kind.TOURNAMENT,
        ruleset=ruleset,
        house_rules={},
        starting_chips=50,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=True,
    )


def one_deal(organizer, ruleset):
    event = make_event(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=n) for n in SEATS]
    for p in players:
        event.registrations.create(player=p)
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    services.record_deal(table, DEALS[ruleset], organizer)
    return table


def text_of(pdf: bytes) -> str:
    """The PDF's text with every run of whitespace one space (lines wrap anywhere)."""
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    return " ".join(" ".join(pages).split())


# -- 1. every printout says the order of play -------------------------------------------


@pytest.mark.parametrize("ruleset", list(DEALS))
def test_every_printout_says_the_games_order_of_play(organizer, ruleset):
    table = one_deal(organizer, ruleset)
    event, order = table.round.event, ORDER[ruleset]
    seats = "Anna → Bill → Čada → Dana."
    assert f"Seats {order}: {seats}" in text_of(printouts.score_sheet_pdf(table))
    assert f"Seats {order}: {seats}" in text_of(printouts.blank_sheet_pdf(table))
    assert f"Seats {order} at every table." in text_of(printouts.standings_pdf(event))
    anna = Player.objects.get(name="Anna")
    assert f"Deals in the order they were played; seats {order}." in text_of(
        printouts.statement_pdf(event, anna)
    )
    pack = text_of(printouts.round_pack_pdf(table.round))
    assert f"Round 1: find your seat Seats are numbered {order} from 1." in pack
    assert f"Round 1: seats {order}" in pack
    assert f"Table 1 Anna → Bill → Čada → Dana Seats {order}" in pack  # the table card
    assert f"Table 1 · Seats {order}: {seats}" in pack  # its blank sheet


def test_the_seat_finder_page_says_the_games_numbering(client, organizer):
    table = one_deal(organizer, "texas-xix")
    client.force_login(organizer)
    page = client.get(reverse("seat-finder", args=[table.round.pk])).content.decode()
    assert '<p class="muted">Seats are numbered counter-clockwise from 1.</p>' in page


# -- 2. the pot on the filled sheet; readable blank sheets ------------------------------


def test_the_petrtyl_score_sheet_pdf_says_the_pot_in_its_net_row(organizer):
    table = one_deal(organizer, "petrtyl")
    text = text_of(printouts.score_sheet_pdf(table))
    # Deal 1: Bill's misdeal pays 4 into the pot; the Net row: the pot holds 4.
    assert re.search(r"Net 4 0 50 -4 46 0 50 0 50", text), text


def test_the_blank_sheets_give_the_games_columns_and_notes():
    texas = core.game_for("texas-xix")
    rules = texas.rules("texas-xix")
    assert texas.sheet_columns(rules, 8) == [
        "Declarer",
        "Bid",
        "Partner",
        "Talon",
        "Contra on the game",
        "Declarer's side's card points",
        "Notes",
        "",
    ]
    notes = ["Valat", "Pagat in the last trick", "Bonuses for holdings"]
    assert texas.sheet_notes(rules, 8) == notes
    petrtyl = core.game_for("petrtyl")
    rules = petrtyl.rules("petrtyl")
    # Seven columns: the eighth is the pot's.
    assert petrtyl.sheet_columns(rules, 7) == [
        "Declarer",
        "Bid",
        "Partner",
        "Talon",
        "Contra on the game",
        "Declarer's side's card points",
        "Notes",
    ]
    assert petrtyl.sheet_notes(rules, 7) == [
        "Chief in the talon",
        "Declarer took a trick",
        "Declarer took all the tricks",
        "Sweep",
        "Chief Last",
        "Papoose Last",
        "Declarations",
    ]
    nebraska = core.game_for("la-vista")
    assert nebraska.sheet_notes(nebraska.rules("la-vista"), 8) == []


@pytest.mark.parametrize(
    "ruleset, headings, notes",
    [
        (
            "texas-xix",
            "Declarer Bid Partner Talon Contra on the game Declarer's side's card points "
            "Notes Anna",
            "Notes: Valat; Pagat in the last trick; Bonuses for holdings.",
        ),
        (
            "petrtyl",
            "Declarer Bid Partner Talon Contra on the game Declarer's side's card points Notes "
            "Pot Anna",
            "Notes: Chief in the talon; Declarer took a trick; Declarer took all the tricks; "
            "Sweep; Chief Last; Papoose Last; Declarations.",
        ),
        (
            "la-vista",
            # One list of the paper columns, blank or filled (it said "Penalty" here).
            "Bidder Bid Partner Points Valat Bonuses Declarations Penalties Anna",
            None,
        ),
    ],
)
def test_a_blank_sheet_pdf_has_the_games_headings_whole(organizer, ruleset, headings, notes):
    table = one_deal(organizer, ruleset)
    text = text_of(printouts.blank_sheet_pdf(table))
    assert f"# Dealer {headings} Bill Čada Dana ± chips" in text, text
    if notes:
        assert notes in text
    else:
        assert "Notes" not in text


def test_every_heading_word_fits_its_blank_sheet_column():
    labels = ["Declarer", "Contra on the game", "Declarer's side's card points", "Notes", "Pot"]
    widths = _outcome_widths(labels, 394)
    assert round(sum(widths), 6) == 394
    assert widths[3] == max(widths)  # Notes, the widest
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.printouts import fonts

    for label, width in zip(labels, widths, strict=True):
        assert all(stringWidth(w, fonts.BOLD, 7) + 4 <= width for w in label.split()), label


# -- 3. the event page's rules ----------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, start",
    [
        ("texas-xix", "<strong>Texas XIX</strong>: Tarock as played in Texas, the XIX called"),
        ("petrtyl", "<strong>Petrtyl, four-handed</strong>: August Petrtyl&#x27;s 1922 Tarok"),
        ("la-vista", "<strong>La Vista</strong>: The La Vista rules: kontra and rekontra"),
    ],
)
def test_the_event_page_says_every_games_rules(client, organizer, ruleset, start):
    event = make_event(organizer, ruleset)
    page = client.get(reverse("event-detail", args=[event.pk])).content.decode()
    entry = next(e for e in core.listing() if e["name"] == ruleset)
    line = re.search(r"<p><strong>.*?</p>", page).group(0)
    assert line.startswith(f"<p>{start}")
    assert line.endswith(f' <span class="muted">Source: {entry["source"]}</span></p>')
    assert len(entry["description"]) > 40


# -- 4. standings in the game's word for the declarer -----------------------------------


def test_each_game_says_its_word_for_the_declarer():
    assert {g.name: g.bidder_word for g in core.registry.games()} == {
        "nebraska": "bidder",
        "texas-xix": "declarer",
        "texas-xx": "declarer",
        "texas-king": "declarer",
        "petrtyl": "declarer",
        "petrtyl-five": "declarer",
        "petrtyl-three": "declarer",
        "petrtyl-two": "declarer",
    }


@pytest.mark.parametrize(
    "ruleset, word, words",
    [("texas-xix", "declarer", "Declarer"), ("la-vista", "bidder", "Bidder")],
)
def test_standings_say_the_games_word(client, organizer, ruleset, word, words):
    table = one_deal(organizer, ruleset)
    event = table.round.event
    page = client.get(reverse("standings", args=[event.pk])).content.decode()
    headings = re.findall(r"<th[^>]*>\s*(?:<a[^>]*>)?([^<]+?)\s*<", page)
    assert f"As {word}" in headings and f"{words}&#x27;s wins" in headings, headings
    other = "bidder" if word == "declarer" else "declarer"
    assert f"As {other}" not in page
    csv_head = exchange.standings_csv(event).splitlines()[0]
    assert csv_head == (
        f"rank,player,club,net_chips,deals,as_{word},{word}_wins,best_deal,worst_deal,byes"
    )
    # Anna bid and won the only deal.
    assert csv_head and exchange.standings_csv(event).splitlines()[1].startswith("1,Anna,,")
    assert f"Bids won: deals won as {word}, of those bid." in text_of(
        printouts.standings_pdf(event)
    )


# -- 5. a version's change includes the pot ---------------------------------------------


def test_a_deals_history_shows_the_pots_change_when_a_void_moves_it(organizer):
    table = one_deal(organizer, "petrtyl")  # deal 1: Bill's misdeal, 4 into the pot
    papoose = {
        "ruleset": "petrtyl",
        "players": SEATS,
        "dealer": "Anna",
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Čada",
        "talon": "second",
        "bidder_points": 41,
        "papoose_last": {"player": "Čada", "announced": True, "outcome": "won"},
    }
    services.record_deal(table, papoose, organizer)  # Čada takes the 4
    services.void_deal(table.deals.get(number=1), organizer, "no misdeal")
    deal = table.deals.get(number=2)
    views = deal_detail(deal)["versions"]
    assert [(v.version.number, v.version.reason) for v in views] == [
        (1, ""),
        (2, "The pot changed: deal 1 was voided"),
    ]
    assert views[0].change == {"Anna": 7, "Bill": -7, "Čada": 11, "Dana": -7, "the pot": -4}
    # Without the pot's 4 Čada takes 4 less; the pot keeps its 4.
    assert views[1].change == {"Anna": 0, "Bill": 0, "Čada": -4, "Dana": 0, "the pot": 4}


def test_the_deal_page_shows_the_pots_change(client, organizer):
    test_a_deals_history_shows_the_pots_change_when_a_void_moves_it(organizer)
    deal = Event.objects.get().rounds.get().tables.get().deals.get(number=2)
    client.force_login(organizer)
    page = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    rows = re.findall(r"<tr>.*?</tr>", page, re.S)
    second = next(r for r in rows if "The pot changed: deal 1 was voided" in r)
    # Each account's net before and after the new pot, and the change.
    assert '<span class="pos">Čada +11 → +7 (-4)</span>' in second
    assert '<span class="">the pot -4 → 0 (+4)</span>' in second
    assert '<span class="neg">Dana -7 → -7</span>' in second
    assert "<li>The pot it plays for: 4 → 0</li>" in second


# -- 6. people sorted as read; events newest first ---------------------------------------

ZEMAN = ["Zeman", "Čada", "Dana", "Bill", "Anna", "čapek"]
FOLDED = ["Anna", "Bill", "Čada", "čapek", "Dana", "Zeman"]


def names_of(field) -> list[str]:
    return [str(label) for value, label in field.choices if value != ""]


def test_player_choices_are_sorted_as_read_with_accents_folded(organizer):
    for n in ZEMAN:
        Player.objects.create(name=n)
    players = Player.objects.all()
    game = core.game_for("texas-xix")
    table_form = TableForm(players=players, game=game)
    assert names_of(table_form.fields["seat1"]) == FOLDED
    assert names_of(table_form.fields["first_forehand"]) == FOLDED
    assert names_of(AddPlayerForm(registry=players).fields["player"]) == FOLDED
    assert names_of(RollCallForm(players=players).fields["present"]) == FOLDED


def test_the_table_form_page_lists_players_sorted(client, organizer):
    event = make_event(organizer, "la-vista")
    rnd = services.create_round(event, organizer)
    for n in ZEMAN:
        event.registrations.create(player=Player.objects.create(name=n))
    client.force_login(organizer)
    page = client.get(reverse("table-create", args=[rnd.pk])).content.decode()
    select = re.search(r'<select name="seat1".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="\d+">([^<]+)</option>', select) == FOLDED


def test_the_home_page_lists_events_newest_first(client, organizer):
    for day in (5, 21, 12, 1):
        make_event(organizer, "la-vista", date=datetime.date(2026, 11, day), name=f"Night {day}")
    page = client.get(reverse("home")).content.decode()
    assert re.findall(r"<td>(2026-11-\d\d)</td>", page) == [
        "2026-11-21",
        "2026-11-12",
        "2026-11-05",
        "2026-11-01",
    ]


# -- 7. the first forehand in the game's words ------------------------------------------


@pytest.mark.parametrize(
    "ruleset, holds",
    [
        ("texas-xix", "the lowest trump from II up"),
        ("petrtyl", "the lowest trump from II up"),
        ("la-vista", "the lowest tarok from 2 up"),
    ],
)
def test_the_first_forehand_is_said_in_the_games_words(client, organizer, ruleset, holds):
    event = make_event(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    client.force_login(organizer)
    form = client.get(reverse("table-create", args=[rnd.pk])).context["form"]
    assert form.fields["first_forehand"].label == f"First forehand (holds {holds})"
    # A drawn table without a first forehand asks for it in the same words.
    players = [Player.objects.create(name=n) for n in SEATS]
    table = services.create_table(rnd, organizer, players)
    page = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    assert f"No dealer is suggested yet. Who holds {holds} (first forehand)?" in page


@pytest.mark.parametrize("ruleset, sits_out", [("la-vista", True), ("petrtyl-five", False)])
def test_a_five_player_sheet_says_the_dealer_sits_out_only_where_he_does(
    organizer, ruleset, sits_out
):
    event = make_event(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=n) for n in [*SEATS, "Emil"]]
    table = services.create_table(rnd, organizer, players)
    text = text_of(printouts.blank_sheet_pdf(table))
    seats = "Seats clockwise: Anna → Bill → Čada → Dana → Emil."
    assert (seats + " The dealer sits out each deal." in text) is sits_out
    assert seats in text


def test_the_event_page_says_house_rules_in_words(client, organizer):
    from tournaments import services
    from tournaments.models import Event

    event = services.create_event(
        organizer,
        name="Heun with house rules",
        date=datetime.date(2026, 11, 20),
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        house_rules={"kontra_allowed": False, "tarok1_last_rule": "team_wins"},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
    )
    client.force_login(organizer)
    html = client.get(f"/events/{event.pk}/").content.decode().replace("&#x27;", "'")
    assert (
        "House rules: Kontra and rekontra on a Five and a Five Over: no; "
        "Tarok 1 Last is won when: the Tarok 1's team takes the last trick</p>" in html
    )
    assert "kontra_allowed" not in html
