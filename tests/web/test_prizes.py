"""Prizes (optional): the entry fee and prize table, the prize list (page, PDF, CSV)
ranked by the standings, ties splitting prizes, rounding said, overpaying refused unless
the club adds the rest, and nothing about money for an event without prizes."""

import csv
import io
import re
import subprocess

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import money, prizes, services
from tournaments.models import ActivityEntry, Player
from tournaments.services.errors import FormError
from tournaments.services.prizes import set_prizes
from tournaments.standings import Standing

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

# The one deal of the `played` fixture: Anna bids a Four with Čada and wins, so Anna and
# Čada end level on the same plus, Bill and Dana level on the same minus: the
# standings say 1 Anna, 1 Čada, 3 Bill, 3 Dana (ties share a rank).


@pytest.fixture
def played(table, organizer):
    services.record_deal(table, played_doc(), organizer)
    return table.round.event


def money_words(text: str) -> list[str]:
    lowered = text.lower()
    return [w for w in ("$", "prize", "fee", "winning", "cent", "dollar") if w in lowered]


def test_the_deal_gives_the_ties_the_tests_count_on(played):
    from tournaments.standings import standings

    rows = [(s.rank, s.player.name) for s in standings(played)]
    assert rows == [(1, "Anna"), (1, "Čada"), (3, "Bill"), (3, "Dana")]


# -- the arithmetic ----------------------------------------------------------------


def standing(rank, name, chips=0, took_part=True):
    return Standing(
        rank=rank,
        player=Player(name=name),
        club="",
        net=chips,
        chips=chips,
        deals_played=1,
        deals_as_bidder=0,
        bidder_wins=0,
        best_deal=None,
        worst_deal=None,
        byes=0,
        withdrawn=False,
        took_part=took_part,
    )


class Prizes:
    def __init__(self, fee, table, adds=False):
        self.entry_fee_cents, self.prize_table, self.prizes_club_adds = fee, table, adds


def test_three_tied_share_three_places_and_the_odd_cent_stays():
    # $100, $50, $30, $20 and no fee. B, C, D tie for 2nd: they cover 2nd, 3rd and 4th,
    # $50 + $30 + $20 = $100.00 = 10000 cents; 10000 / 3 = 3333 each, 1 cent left over.
    # E (5th) is past the table: not listed.
    rows = [standing(1, "A", 9), *(standing(2, n, 5) for n in "BCD"), standing(5, "E", -9)]
    listing = prizes.prize_list(Prizes(0, "$100\n$50\n$30\n$20"), rows, 5)
    assert [(r.place, r.player.name, r.cents, r.note) for r in listing.rows] == [
        ("1", "A", 10000, ""),
        ("2=", "B", 3333, "2nd, 3rd, 4th prizes shared by 3"),
        ("2=", "C", 3333, "2nd, 3rd, 4th prizes shared by 3"),
        ("2=", "D", 3333, "2nd, 3rd, 4th prizes shared by 3"),
    ]
    assert listing.left_over == 1
    assert listing.words() == [
        "The prize table: 1st $100.00, 2nd $50.00, 3rd $30.00, 4th $20.00; it pays $200.00.",
        "Shares rounded down to whole cents: 1 cent left over stays with the club.",
    ]


def test_percentages_and_amounts_in_one_table():
    # Fee $7.50 x 6 players = $45.00. 1st 40% = $18.00; 2nd $15.00; 3rd 12.5% of
    # 4500 cents = 562.5, rounded down to 562: half a cent left over, said as 0 (a
    # whole cent is not lost: 4500 * 52.5% = 2362.5 -> 2362, 1800 + 562 = 2362).
    rows = [standing(i, n, 10 - i) for i, n in enumerate("ABCDEF", start=1)]
    listing = prizes.prize_list(Prizes(750, "40%\n$15\n12.5%"), rows, 6)
    assert [(r.place, r.cents) for r in listing.rows] == [("1", 1800), ("2", 1500), ("3", 562)]
    assert listing.pool == 4500
    assert listing.left_over == 0
    assert listing.words()[:2] == [
        "Fees collected: $45.00 (6 players who pay × $7.50 entry fee).",
        "The prize table: 1st 40%, 2nd $15.00, 3rd 12.5%; it pays $38.62.",
    ]


def test_more_places_than_players_is_said():
    # 4 places, 2 players: 3rd and 4th are not paid; a third registered player who never
    # came (took_part False) is no prize winner.
    rows = [standing(1, "A", 3), standing(2, "B", -3), standing(3, "C", took_part=False)]
    listing = prizes.prize_list(Prizes(0, "$40\n$30\n$20\n$10"), rows, 3)
    assert [(r.place, r.player.name, r.cents) for r in listing.rows] == [
        ("1", "A", 4000),
        ("2", "B", 3000),
    ]
    assert listing.unpaid_places == [3, 4]
    assert (
        "The table pays 4 places and fewer players took part: 3rd and 4th places are not paid."
        in listing.words()
    )


@pytest.mark.parametrize(
    "line, said",
    [
        ("150%", "1st place: a percentage is more than 0% and at most 100% (150%)."),
        ("-5", "1st place: a prize cannot be negative (-5)."),
        (
            "ten dollars",
            "1st place: 'ten dollars' is neither an amount ($40.00) nor a percentage (50%).",
        ),
        ("$12.345", "1st place: '$12.345' is neither an amount ($40.00) nor a percentage (50%)."),
        ("$0", "1st place: a prize is more than $0.00."),
        ("$100001", "1st place: a prize is at most $100,000.00 ($100001 is more)."),
    ],
)
def test_a_bad_line_is_said_with_its_place(line, said):
    with pytest.raises(Exception) as e:
        money.parse_table(line)
    assert e.value.messages == [said]


def test_money_typed_and_shown():
    assert [money.parse_dollars(t) for t in ("$12.50", "12.5", "1,000", "0.07")] == [
        1250,
        1250,
        100000,
        7,
    ]
    assert [money.dollars(c) for c in (1250, 100000, 7)] == ["$12.50", "$1,000.00", "$0.07"]


# -- the service and the form -------------------------------------------------------


def test_an_overpaying_table_is_refused_then_allowed_when_the_club_adds(played, organizer):
    # 4 players x $10.00 = $40.00 collected; $30 + $20 = $50.00 is $10.00 more.
    with pytest.raises(FormError) as e:
        set_prizes(played, organizer, 1000, "$30\n$20", False)
    said = (
        "These prizes pay $50.00, more than the fees collected: $40.00 (4 players × $10.00). "
        "Lower them, or tick that the club adds the rest."
    )
    assert e.value.fields == {"prize_table": [said]}
    played.refresh_from_db()
    assert played.prize_table == ""
    event = set_prizes(played, organizer, 1000, "$30\n$20", True)
    listing = prizes.event_prize_lists(event)[0]
    # Anna and Čada share 1st + 2nd = $50.00: $25.00 each; 3rd is not in the table.
    assert [(r.place, r.player.name, r.cents) for r in listing.rows] == [
        ("1=", "Anna", 2500),
        ("1=", "Čada", 2500),
    ]
    assert "The club adds $10.00 to the fees." in listing.words()
    entry = ActivityEntry.objects.filter(action=ActivityEntry.Action.SET_PRIZES).get()
    assert entry.detail == {
        "entry_fee_cents": 1000,
        "prize_table": "$30.00\n$20.00",
        "club_adds": True,
    }


def test_the_form_refuses_at_its_fields(played, organizer, client):
    client.force_login(organizer)
    url = reverse("prize-settings", args=[played.pk])
    page = client.post(url, {"entry_fee": "-3", "prize_table": "150%\nabc"})
    assert page.status_code == 200
    errors = page.context["form"].errors
    assert errors == {
        "entry_fee": ["The entry fee cannot be negative (-3)."],
        "prize_table": [
            "1st place: a percentage is more than 0% and at most 100% (150%).",
            "2nd place: 'abc' is neither an amount ($40.00) nor a percentage (50%).",
        ],
    }
    page = client.post(url, {"entry_fee": "lots", "prize_table": "$10"})
    assert page.context["form"].errors == {
        "entry_fee": ["The entry fee is dollars and cents, like $12.50 ('lots' is not)."]
    }
    page = client.post(url, {"entry_fee": "", "prize_table": "50%"})
    assert page.context["form"].errors == {
        "prize_table": ["Percentages are of the fees collected: set an entry fee first."]
    }
    page = client.post(url, {"entry_fee": "$100,000.01", "prize_table": "$1"})
    assert page.context["form"].errors == {
        "entry_fee": ["The entry fee is at most $100,000.00 ($100,000.01 is more)."]
    }
    page = client.post(url, {"entry_fee": "$10", "prize_table": "$30\n$20"})
    assert "more than the fees collected: $40.00" in page.context["form"].errors["prize_table"][0]
    played.refresh_from_db()
    assert (played.entry_fee_cents, played.prize_table) == (0, "")
    page = client.post(url, {"entry_fee": "$10", "prize_table": " 50% \n\n30%\n20 %"})
    assert page["Location"] == reverse("prize-list", args=[played.pk])
    said = [str(m) for m in client.get(page["Location"]).context["messages"]]
    assert said == ["Prizes saved."]
    # More places than players is allowed, and said: 4 players, 5 places of $1.
    page = client.post(url, {"entry_fee": "$10", "prize_table": "$1\n$1\n$1\n$1\n$1"}, follow=True)
    assert [str(m) for m in page.context["messages"]] == [
        "Prizes saved.",
        "The prize table pays 5 places and 4 players are registered: the places nobody "
        "takes are not paid.",
    ]
    page = client.post(url, {"entry_fee": "$10", "prize_table": " 50% \n\n30%\n20 %"})
    played.refresh_from_db()
    assert (played.entry_fee_cents, played.prize_table) == (1000, "50%\n30%\n20%")


# -- the prize list: page, CSV, PDF --------------------------------------------------


@pytest.fixture
def with_prizes(played, organizer):
    """$3.33 x 4 players = $13.32 (1332 cents); 50% / 30% / 20% = 666, 399.6 -> 399,
    266.4 -> 266 (1 cent left by the rounding). Anna and Čada (1=) share 1st + 2nd =
    1065: 532 each, 1 cent left; Bill and Dana (3=) share 3rd = 266: 133 each. 2 cents
    left over in all."""
    set_prizes(played, organizer, 333, "50%\n30%\n20%", False)
    played.refresh_from_db()
    return played


def test_the_prize_list_page(with_prizes, organizer, client):
    client.force_login(organizer)
    page = client.get(reverse("prize-list", args=[with_prizes.pk])).content.decode()
    listing = page[page.index("<tbody>") : page.index("</tbody>")]
    rows = [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in listing.split("</tr>")[:-1]]
    # The deal's Four pays 5 chips: Anna and Čada +5, Bill and Dana -5.
    assert rows == [
        "1= Anna 5 $5.32 1st and 2nd prizes shared by 2",
        "1= Čada 5 $5.32 1st and 2nd prizes shared by 2",
        "3= Bill -5 $1.33 3rd prize shared by 2 (tied for 3rd to 4th)",
        "3= Dana -5 $1.33 3rd prize shared by 2 (tied for 3rd to 4th)",
    ]
    for words in (
        "Fees collected: $13.32 (4 players who pay × $3.33 entry fee).",
        "Shares rounded down to whole cents: 2 cents left over stay with the club.",
        "Provisional: not every round is closed yet.",
    ):
        assert words in page, words
    detail = client.get(reverse("event-detail", args=[with_prizes.pk])).content.decode()
    assert 'id="prize-list-link"' in detail


def test_the_prize_list_csv_rows(with_prizes, organizer, client):
    services.close_round(with_prizes.rounds.get(), organizer)
    client.force_login(organizer)
    body = client.get(reverse("prize-list-csv", args=[with_prizes.pk])).content.decode()
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body[1:])))
    assert rows == [
        ["list", "place", "player", "club", "net_chips", "prize_dollars", "note"],
        ["Overall", "1=", "Anna", "", "5", "5.32", "1st and 2nd prizes shared by 2"],
        ["Overall", "1=", "Čada", "", "5", "5.32", "1st and 2nd prizes shared by 2"],
        ["Overall", "3=", "Bill", "", "-5", "1.33", "3rd prize shared by 2 (tied for 3rd to 4th)"],
        ["Overall", "3=", "Dana", "", "-5", "1.33", "3rd prize shared by 2 (tied for 3rd to 4th)"],
        [
            "Overall",
            "",
            "",
            "",
            "",
            "",
            "Fees collected: $13.32 (4 players who pay × $3.33 entry fee).",
        ],
        [
            "Overall",
            "",
            "",
            "",
            "",
            "",
            "The prize table: 1st 50%, 2nd 30%, 3rd 20%; it pays $13.31.",
        ],
        [
            "Overall",
            "",
            "",
            "",
            "",
            "",
            "Shares rounded down to whole cents: 2 cents left over stay with the club.",
        ],
    ]


def test_the_prize_list_pdf(with_prizes, organizer, client, tmp_path):
    client.force_login(organizer)
    response = client.get(reverse("prize-list-pdf", args=[with_prizes.pk]))
    assert response["Content-Type"] == "application/pdf"
    path = tmp_path / "prizes.pdf"
    path.write_bytes(response.content)
    text = " ".join(PdfReader(path).pages[0].extract_text().split())
    for words in (
        "Heun parish night: prize list",
        "Prize list (provisional)",
        "1= Anna",
        "$5.32",
        "3= Bill",
        "$1.33",
        "2 cents left over stay with the club.",
    ):
        assert words in text, words
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", path, tmp_path / "p"], check=True
    )
    assert list(tmp_path.glob("p*.png"))


def test_more_places_than_players_on_the_page(played, organizer, client):
    services.register_player(played, organizer, name="Emil")  # registered, never seated
    # 5 players x $2 = $10.00; 5 places of $1; 4 took part, so the 5th is not paid.
    set_prizes(played, organizer, 200, "$1\n$1\n$1\n$1\n$1", False)
    client.force_login(organizer)
    page = client.get(reverse("prize-list", args=[played.pk])).content.decode()
    assert "The table pays 5 places and fewer players took part: 5th place is not paid." in page
    assert "Emil" not in page[page.index('id="prize-list"') : page.index("</table>")]


# -- nothing about money without prizes ----------------------------------------------


def test_no_money_anywhere_without_prizes(played, organizer, client, tmp_path):
    from tournaments.services.prizes import save_category

    client.force_login(organizer)
    pk = played.pk
    # Categories without prizes: their standings, wall panels and pages say no money.
    seniors = save_category(played, organizer, "Seniors", list(Player.objects.all()[:2]), "")
    chosen = f"?category={seniors.pk}"
    pages = {
        "categories": client.get(reverse("prize-categories", args=[pk])).content.decode(),
        "a category": client.get(reverse("prize-category", args=[pk, seniors.pk])).content.decode(),
        "category standings": client.get(reverse("standings", args=[pk]) + chosen).content.decode(),
        "category CSV": client.get(reverse("standings-csv", args=[pk]) + chosen).content.decode(),
        "wall": client.get(reverse("wall", args=[pk])).content.decode(),
        "players CSV": client.get(
            reverse("event-download", args=[pk, "players.csv"])
        ).content.decode(),
        "event page": client.get(reverse("event-detail", args=[pk])).content.decode(),
        "standings": client.get(reverse("standings", args=[pk])).content.decode(),
        "standings CSV": client.get(reverse("standings-csv", args=[pk])).content.decode(),
        "event JSON": client.get(
            reverse("event-download", args=[pk, "event.json"])
        ).content.decode(),
    }
    for name, query in (("standings PDF", ""), ("category PDF", chosen)):
        pdf = tmp_path / "s.pdf"
        pdf.write_bytes(client.get(reverse("standings-pdf", args=[pk]) + query).content)
        pages[name] = " ".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "Standings of Seniors" in pages["category PDF"]
    assert 'id="wall-category-' in pages["wall"]
    for where, text in pages.items():
        assert money_words(text) == [], where
    for name in ("prize-list", "prize-list-pdf", "prize-list-csv"):
        assert client.get(reverse(name, args=[pk])).status_code == 404, name


def test_the_prize_settings_round_trip_an_export(with_prizes, organizer):
    from tournaments import exchange

    document = exchange.export_event(with_prizes)
    assert {
        k: document["event"][k] for k in ("entry_fee_cents", "prize_table", "prizes_club_adds")
    } == {
        "entry_fee_cents": 333,
        "prize_table": "50%\n30%\n20%",
        "prizes_club_adds": False,
    }
    document["event"]["name"] = "Heun parish night again"
    copy = exchange.import_event(document, organizer)
    assert (copy.entry_fee_cents, copy.prize_table, copy.prizes_club_adds) == (
        333,
        "50%\n30%\n20%",
        False,
    )


def test_an_import_refuses_a_bad_prize_table(with_prizes, organizer):
    from tournaments import exchange

    document = exchange.export_event(with_prizes)
    document["event"]["name"] = "Heun parish night again"
    document["event"]["prize_table"] = "150%"
    with pytest.raises(exchange.ExchangeError) as e:
        exchange.import_event(document, organizer)
    assert str(e.value) == (
        "event: prize_table: 1st place: a percentage is more than 0% and at most 100% (150%)."
    )


# -- a constant number of queries ------------------------------------------------------


def test_the_prize_list_costs_the_same_queries_at_two_sizes(organizer, client):
    from ..conftest import club_night

    def queries(tables):
        event = club_night(organizer, "la-vista", name=f"Night of {tables}")
        rnd = services.create_round(event, organizer)
        for t in range(tables):
            names = [f"{n} {tables}-{t}" for n in ("Anna", "Bill", "Cada", "Dana")]
            players = [Player.objects.create(name=n) for n in names]
            table = services.create_table(rnd, organizer, players, first_forehand=players[0])
            doc = played_doc(players=names, dealer=names[3], bidder=names[0], partner=names[2])
            services.record_deal(table, doc, organizer)
        services.register_player(event, organizer, name=f"Late {tables}")  # never seated
        # A prize in each list: the Annas' category pays its own (the rule of one prize
        # per player is tests/web/test_prize_rules.py's).
        event = set_prizes(event, organizer, 500, "50%\n30%\n20%\n$1\n$1\n$1", True, True)
        from tournaments.services.prizes import save_category

        firsts = list(Player.objects.filter(name__startswith="Anna "))
        save_category(
            event, organizer, "Annas", [p for p in firsts if f" {tables}-" in p.name], "$1"
        )
        with CaptureQueriesContext(connection) as counted:
            page = client.get(reverse("prize-list", args=[event.pk])).content.decode()
        return page.count("<tr>"), len(counted)

    client.force_login(organizer)
    (rows_small, small), (rows_large, large) = queries(1), queries(6)
    # The head, then 1 table: 1= and 1= share 1st + 2nd, 3= and 3= share 3rd + 4th; 6
    # tables: the 12 winners of a deal tie at 1= and share all six places.
    # The category of Annas: 1 row (1 table), 6 tied at 1= (6 tables), each under a head.
    assert (rows_small, rows_large) == (1 + 4 + 1 + 1, 1 + 12 + 1 + 6)
    assert small == large


# -- prize categories -----------------------------------------------------------------


@pytest.fixture
def newcomers(played, organizer):
    """$10 x 4 players = $40.00 collected; the overall table pays $20 + $10 = $30.00.
    Newcomers: Anna, Bill and Dana, ranked among themselves: Anna 1 (+5), Bill and Dana
    2= (-5 each), sharing 2nd + 3rd = $2.00 + $1.00 = $3.00: $1.50 each. All the tables
    pay $30.00 + $6.00 = $36.00 of the $40.00. A player may take a prize in each list
    (Anna takes both: one prize per player is tests/web/test_prize_rules.py's)."""
    from tournaments.services.prizes import save_category

    event = set_prizes(played, organizer, 1000, "$20\n$10", False, True)
    members = list(Player.objects.filter(name__in=["Anna", "Bill", "Dana"]))
    save_category(event, organizer, "Newcomers", members, "$3\n$2\n$1")
    return event


def test_a_category_ranks_its_players_among_themselves(newcomers):
    overall, category = prizes.event_prize_lists(newcomers)
    assert [(r.place, r.player.name, r.cents) for r in overall.rows] == [
        ("1=", "Anna", 1500),
        ("1=", "Čada", 1500),
    ]
    assert category.category == "Newcomers"
    assert [(r.place, r.player.name, r.cents, r.note) for r in category.rows] == [
        ("1", "Anna", 300, ""),
        ("2=", "Bill", 150, "2nd and 3rd prizes shared by 2"),
        ("2=", "Dana", 150, "2nd and 3rd prizes shared by 2"),
    ]
    assert category.words() == ["The prize table: 1st $3.00, 2nd $2.00, 3rd $1.00; it pays $6.00."]
    assert "The categories' prizes pay $6.00 of the fees too." in overall.words()


def test_a_category_overpaying_the_fees_is_refused_with_the_others_counted(newcomers, organizer):
    from tournaments.services.prizes import save_category

    # $30.00 + $6.00 + $5.00 = $41.00, more than the $40.00 collected.
    with pytest.raises(FormError) as e:
        save_category(newcomers, organizer, "Seniors", [], "$5")
    assert e.value.fields["prize_table"] == [
        "These prizes pay $41.00, more than the fees collected: $40.00 (4 players × $10.00). "
        "Lower them, or tick that the club adds the rest."
    ]
    with pytest.raises(FormError) as e:
        save_category(newcomers, organizer, " newcomers ", [], "$1")
    assert e.value.fields == {"name": ["The event has a category newcomers already."]}
    stranger = Player.objects.create(name="Zdena")
    with pytest.raises(FormError) as e:
        save_category(newcomers, organizer, "Seniors", [stranger], "$1")
    assert e.value.fields == {"players": ["Not registered in this event: Zdena."]}


def test_the_category_page_adds_changes_and_removes(newcomers, organizer, client):
    client.force_login(organizer)
    url = reverse("prize-categories", args=[newcomers.pk])
    cada = Player.objects.get(name="Čada")
    page = client.post(url, {"name": "Seniors", "players": [cada.pk], "prize_table": "$2\n150%"})
    assert page.context["form"].errors == {
        "prize_table": ["2nd place: a percentage is more than 0% and at most 100% (150%)."]
    }
    page = client.post(
        url, {"name": "Seniors", "players": [cada.pk], "prize_table": "$2"}, follow=True
    )
    assert [str(m) for m in page.context["messages"]] == ["Category Seniors saved."]
    seniors = newcomers.prize_categories.get(name="Seniors")
    assert [p.name for p in seniors.players.all()] == ["Čada"]
    listing = client.get(reverse("prize-list", args=[newcomers.pk])).content.decode()
    assert "Category: Newcomers" in listing and "Category: Seniors" in listing
    edit = reverse("prize-category", args=[newcomers.pk, seniors.pk])
    client.post(edit, {"delete": "1"})
    assert list(newcomers.prize_categories.values_list("name", flat=True)) == ["Newcomers"]


def test_the_category_lists_in_the_csv_and_pdf(newcomers, organizer, client, tmp_path):
    client.force_login(organizer)
    body = client.get(reverse("prize-list-csv", args=[newcomers.pk])).content.decode()
    rows = [r for r in csv.reader(io.StringIO(body[1:])) if r[0] == "Newcomers"]
    assert rows == [
        ["Newcomers", "1", "Anna", "", "5", "3.00", ""],
        ["Newcomers", "2=", "Bill", "", "-5", "1.50", "2nd and 3rd prizes shared by 2"],
        ["Newcomers", "2=", "Dana", "", "-5", "1.50", "2nd and 3rd prizes shared by 2"],
        [
            "Newcomers",
            "",
            "",
            "",
            "",
            "",
            "The prize table: 1st $3.00, 2nd $2.00, 3rd $1.00; it pays $6.00.",
        ],
    ]
    path = tmp_path / "prizes.pdf"
    path.write_bytes(client.get(reverse("prize-list-pdf", args=[newcomers.pk])).content)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())
    assert "Category: Newcomers" in text and "2= Bill" in text and "$1.50" in text


def test_categories_round_trip_an_export(newcomers, organizer):
    from tournaments import exchange

    document = exchange.export_event(newcomers)
    assert document["prize_categories"] == [
        {
            "name": "Newcomers",
            "players": ["Anna", "Bill", "Dana"],
            "prize_table": "$3.00\n$2.00\n$1.00",
        }
    ]
    document["event"]["name"] = "Heun parish night again"
    copy = exchange.import_event(document, organizer)
    assert exchange.export_event(copy)["prize_categories"] == document["prize_categories"]
    document["prize_categories"][0]["players"].append("Nobody")
    document["event"]["name"] = "Heun parish night thrice"
    with pytest.raises(exchange.ExchangeError) as e:
        exchange.import_event(document, organizer)
    assert str(e.value) == "prize category 1: not among the event's players: Nobody."


def test_a_fee_without_prizes_or_prizes_over_categories_are_refused(newcomers, organizer):
    with pytest.raises(FormError) as e:
        set_prizes(newcomers, organizer, 1000, "", False)
    assert e.value.fields == {
        "prize_table": ["An entry fee is for prizes: give the prize table, or no fee."]
    }
    with pytest.raises(FormError) as e:
        set_prizes(newcomers, organizer, 0, "", False)
    assert e.value.fields == {
        "prize_table": ["The event's categories have prizes: empty their prize tables first."]
    }
    from tournaments.services.prizes import save_category

    # A category without a prize table stays when the prizes go (it ranks its players).
    category = newcomers.prize_categories.get()
    members = list(category.players.all())
    save_category(newcomers, organizer, "Newcomers", members, "", category)
    event = set_prizes(newcomers, organizer, 0, "", False)
    assert (event.entry_fee_cents, event.prize_table, event.sets_prizes) == (0, "", False)
    assert list(event.prize_categories.values_list("name", flat=True)) == ["Newcomers"]
    with pytest.raises(FormError) as e:
        save_category(event, organizer, "Seniors", [], "$1")
    assert e.value.fields == {
        "prize_table": ["Set the event's prizes first: a category's prizes share its fees."]
    }
