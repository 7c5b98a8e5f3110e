"""Substitutes (FORMATS.md, "Substitutes and withdrawals"): a seat handed over from a
deal on, the substitute playing for the player who left or in their own name."""

import io
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, seat_holders, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import ActivityEntry, Event, LedgerEntry, Player, Substitution
from tournaments.queries import table_sheet
from tournaments.services.errors import FormError
from tournaments.standings import standings, statement
from tournaments.words import activity_words

from .days import seat_round

pytestmark = pytest.mark.django_db

AS_HIMSELF, FOR_LEAVER = Substitution.Mode.AS_HIMSELF, Substitution.Mode.FOR_LEAVER


def doc(table, bidder, partner, points):
    """A Clarkson Five at ``table`` under the names its next deal gives the seats (a
    substitute's from his first deal), the first seat dealing."""
    seats = list(seat_holders.names_at(table))
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bidder": bidder,
        "bid": "five",
        "partner": partner,
        "bidder_points": points,
        "players": seats,
        "dealer": seats[0],
    }


def play(table, organizer, *deals):
    for bidder, partner, points in deals:
        services.record_deal(table, doc(table, bidder, partner, points), organizer)


def player(name):
    return Player.objects.get(name=name)


def ranked_round(tournament, organizer, mode):
    """Round 1 under table points (4/3/2/1), ties by chips: T1 Anna, Bill, Čada, Dana;
    T2 Emil, Fanny, Gustav, Hana; Ivan neither seated nor on a bye. Dana leaves after
    deal 1 and Ivan takes her seat from deal 2 (``mode``).

    T1 deal 1: Anna and Bill win a Five (40): Anna +8, Bill +8, Čada -8, Dana -8.
    T2 deal 1: Emil and Fanny win (40): Emil +8, Fanny +8, Gustav -8, Hana -8.
    T1 deals 2 and 3 are played by Ivan in Dana's seat (named "Dana" when he plays for
    her, "Ivan" when Ivan plays in their own name):
      deal 2: the seat and Čada win (40): seat +8, Čada +8, Anna -8, Bill -8.
      deal 3: the seat and Anna win (40): seat +8, Anna +8, Bill -8, Čada -8.
    T1 chips: Anna 8 - 8 + 8 = 8; Bill 8 - 8 - 8 = -8; Čada -8 + 8 - 8 = -8; the seat
    -8 + 8 + 8 = 8 (Dana -8 then 16 more for the seat)."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=["chips"]
    )
    t1, t2 = seat_round(
        event,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
    )
    play(t1, organizer, ("Anna", "Bill", 40))
    play(t2, organizer, ("Emil", "Fanny", 40))
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 2, mode)
    seat = "Ivan" if mode == AS_HIMSELF else "Dana"
    play(t1, organizer, (seat, "Čada", 40), (seat, "Anna", 40))
    return Event.objects.get(pk=event.pk), t1


def chips_in_ledger(event):
    net = {}
    for e in LedgerEntry.objects.filter(event=event).select_related("payer", "payee"):
        net[e.payee.name] = net.get(e.payee.name, 0) + e.chips
        net[e.payer.name] = net.get(e.payer.name, 0) - e.chips
    return net


def test_a_substitute_playing_as_himself_keeps_his_own_chips(tournament, organizer):
    """The ledger follows who sat: Dana -8 (deal 1), Ivan +16 (deals 2 and 3). The seat's
    8 chips share 1st place with Anna (4 points each) and Ivan, who played two of its
    three deals, scores them; Bill and Čada share 3rd (2 points each). At T2 Emil and
    Fanny share 1st (4), Gustav and Hana 3rd (2). By points then chips: Ivan 4 (16);
    Anna, Emil, Fanny 4 (8); Bill, Čada, Gustav, Hana 2 (-8); Dana 0 (-8)."""
    event, t1 = ranked_round(tournament, organizer, AS_HIMSELF)
    assert chips_in_ledger(event) == {
        "Anna": 8,
        "Bill": -8,
        "Čada": -8,
        "Dana": -8,
        "Ivan": 16,
        "Emil": 8,
        "Fanny": 8,
        "Gustav": -8,
        "Hana": -8,
    }
    rows = [(s.rank, s.player.name, s.chips, s.points_shown) for s in standings(event)]
    assert rows == [
        (1, "Ivan", 16, "4"),
        (2, "Anna", 8, "4"),
        (2, "Emil", 8, "4"),
        (2, "Fanny", 8, "4"),
        (5, "Bill", -8, "2"),
        (5, "Čada", -8, "2"),
        (5, "Gustav", -8, "2"),
        (5, "Hana", -8, "2"),
        (9, "Dana", -8, "0"),
    ]
    by_name = {s.player.name: s for s in standings(event)}
    assert by_name["Ivan"].places_shown == "R1 T1: 1st= 4"
    # Dana played deal 1 of the seat: a round of her own, without its place (issue 36).
    assert (by_name["Ivan"].table_wins, by_name["Dana"].places_shown) == (
        1,
        "R1 T1: left: the seat's place is Ivan's",
    )
    assert (by_name["Dana"].took_part, by_name["Ivan"].deals_played) == (True, 2)
    assert audit_ledger([event.pk]).ok


def test_the_leaver_scores_the_seat_when_he_played_as_many_deals(tournament, organizer):
    """Dana plays deals 1 and 2, Ivan (in their own name) deal 3 only... of a table whose
    deal 3 is its last: 2 against 1, the seat's place is Dana's. Here Ivan takes the seat
    from deal 3: deal 2 the seat (Dana) and Čada win, deal 3 the seat (Ivan) and Anna."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=["chips"]
    )
    (t1,) = seat_round(event, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Anna", "Bill", 40), ("Dana", "Čada", 40))
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3, AS_HIMSELF)
    play(t1, organizer, ("Ivan", "Anna", 40))
    by_name = {s.player.name: s for s in standings(event)}
    # The seat: Dana -8 + 8, Ivan +8: 8 chips, 1st= with Anna; 4 points to Dana.
    assert (by_name["Dana"].chips, by_name["Dana"].places_shown) == (0, "R1 T1: 1st= 4")
    # Ivan played deal 3 in their own name: their round says where (issue 36, not "—").
    assert (by_name["Ivan"].chips, by_name["Ivan"].places_shown) == (
        8,
        "R1 T1: in Dana's seat: the seat's place is Dana's",
    )


def test_a_substitute_playing_for_the_leaver_plays_her_chips(tournament, organizer):
    """The deals go on naming Dana: her chips -8 + 8 + 8 = 8, 1st= at T1 with 4 points;
    Ivan has no chips and no place (registered, never seated for himself: he ranks
    after all who came). His statement says which deals he played, for whom."""
    event, t1 = ranked_round(tournament, organizer, FOR_LEAVER)
    ledger = chips_in_ledger(event)
    assert (ledger["Dana"], "Ivan" in ledger) == (8, False)
    rows = [(s.rank, s.player.name, s.chips, s.points_shown) for s in standings(event)]
    assert rows == [
        (1, "Anna", 8, "4"),
        (1, "Dana", 8, "4"),
        (1, "Emil", 8, "4"),
        (1, "Fanny", 8, "4"),
        (5, "Bill", -8, "2"),
        (5, "Čada", -8, "2"),
        (5, "Gustav", -8, "2"),
        (5, "Hana", -8, "2"),
        (9, "Ivan", 0, "0"),
    ]
    assert [s.took_part for s in standings(event) if s.player.name == "Ivan"] == [False]
    assert statement(event, player("Ivan")) == []
    assert seat_holders.statement_words(event, player("Ivan")) == [
        "Round 1, table 1: played deals 2 to 3 for Dana, on Dana's chips."
    ]
    assert seat_holders.statement_words(event, player("Dana")) == [
        "Round 1, table 1: Ivan played deals 2 to 3 in Dana's seat, for Dana."
    ]
    assert audit_ledger([event.pk]).ok


def test_the_sheet_and_its_pdf_show_the_seat_changing_hands(client, tournament, organizer):
    event, t1 = ranked_round(tournament, organizer, AS_HIMSELF)
    client.force_login(organizer)
    html = unescape(client.get(reverse("table-sheet", args=[t1.pk])).content.decode())
    said = "From deal 2 Ivan sits in Dana's seat and plays in Ivan's own name."
    assert said in html and "Dana → Ivan" in html
    # The seat's column: Dana's -8, then Ivan's +8 twice: 8 chips.
    sheet = table_sheet(t1)
    assert [r.changes[3] for r in sheet.rows] == [-8, 8, 8]
    assert (sheet.totals, sheet.next_names) == ([8, -8, -8, 8], ["Anna", "Bill", "Čada", "Ivan"])
    # The chart names the seat as the sheet heads it: Dana's -8 was not all Dana's.
    assert [name for name, _ in sheet.chip_series()] == ["Anna", "Bill", "Čada", "Dana → Ivan"]
    # A deal's page names the seats' holders at that deal.
    deal_page = client.get(reverse("deal-detail", args=[t1.deals.get(number=2).pk]))
    assert [p.name for p in deal_page.context["players"]] == ["Anna", "Bill", "Čada", "Ivan"]
    assert deal_page.context["net"] == {"Anna": -8, "Bill": -8, "Čada": 8, "Ivan": 8}
    pdf = client.get(reverse("table-pdf", args=[t1.pk])).content
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Ivan sits in Dana's seat" in " ".join(text.split())
    assert text.count("Dana → Ivan") == 2  # the seat's heading and the chart's legend
    statement_page = client.get(reverse("player-statement", args=[event.pk, player("Ivan").pk]))
    assert "played deals 2 to 3 in Ivan's own name, in Dana's seat." in unescape(
        statement_page.content.decode()
    )


@pytest.mark.parametrize(
    "mode, ivan_said, dana_said",
    [
        (
            FOR_LEAVER,
            "Round 1, table 1: played deals 2 to 3 for Dana, on Dana's chips.",
            "Round 1, table 1: Ivan played deals 2 to 3 in Dana's seat, for Dana.",
        ),
        (
            AS_HIMSELF,
            "Round 1, table 1: played deals 2 to 3 in Ivan's own name, in Dana's seat.",
            "Round 1, table 1: Ivan played deals 2 to 3 in Dana's seat, in Ivan's own name.",
        ),
    ],
)
def test_the_statement_pdf_says_the_seat_changes(tournament, organizer, mode, ivan_said, dana_said):
    """The substitute's and the leaver's statement PDFs carry the page's lines; Anna,
    who kept her seat, gets no "Substitutes"."""
    event, _ = ranked_round(tournament, organizer, mode)

    def text(name):
        pdf = printouts.statement_pdf(event, player(name))
        return " ".join(
            " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split()
        )

    assert f"Substitutes {ivan_said}" in text("Ivan")
    assert f"Substitutes {dana_said}" in text("Dana")
    assert "Substitutes" not in text("Anna")


def test_the_rotation_and_the_table_link_name_the_substitute(client, tournament, organizer):
    """The next dealer after a deal is the next seat round the table: when it is the
    seat that changed hands, the substitute deals. The table's link offers his name."""
    (t1,) = seat_round(tournament, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Anna", "Bill", 40))
    dealer = table_sheet(t1).next_deal.dealer
    services.substitute_player(t1, organizer, player(dealer), player("Ivan"), 2, AS_HIMSELF)
    assert table_sheet(t1).next_deal.dealer == "Ivan"
    link = services.issue_link(t1, organizer)
    page = client.get(reverse("link-deal", args=[link.token])).content.decode()
    assert 'value="Ivan"' in page and f'value="{dealer}"' not in page
    # A deal sent through the link under the substitute's name is saved.
    client.logout()
    document = doc(t1, "Ivan", "Anna", 40)
    services.record_deal(t1, document, None, number=2, link=link)
    assert LedgerEntry.objects.filter(deal__number=2, payee__name="Ivan").exists()
    # His leaver's name is no longer taken at this table.
    with pytest.raises(services.DealError, match="do not sit at this table"):
        old_names = [dealer if n == "Ivan" else n for n in seat_holders.names_at(t1)]
        services.record_deal(
            t1, {**doc(t1, "Anna", "Bill", 40), "players": old_names, "dealer": dealer}, organizer
        )


@pytest.fixture
def two_tables(tournament, organizer):
    t1, t2 = seat_round(
        tournament,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
    )
    play(t1, organizer, ("Anna", "Bill", 40), ("Čada", "Anna", 20))
    return t1, t2


def post_substitute(client, table, **fields):
    data = {"leaver": player("Dana").pk, "from_deal": 3, "mode": AS_HIMSELF, **fields}
    return client.post(reverse("table-substitute", args=[table.pk]), data)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"substitute": "Emil"}, "substitute", "Emil already sits at table 2 in this round."),
        ({"substitute": "Bill"}, "substitute", "Bill already sits at this table in this round."),
        (
            {"substitute": "Ivan", "from_deal": 2},
            "from_deal",
            "Deals up to 2 are entered at table 1: the substitute takes the seat from deal 3 "
            "or later.",
        ),
        (
            {"substitute": "Zoe"},
            "substitute",
            "Choose a registered player of this event: register a newcomer first.",
        ),
        ({"substitute": "Ivan", "from_deal": "x"}, "from_deal", "Give the deal's number"),
    ],
)
def test_bad_input_is_refused_at_its_field(client, organizer, two_tables, fields, field, message):
    Player.objects.create(name="Zoe")
    t1, _ = two_tables
    fields = {**fields, "substitute": player(fields["substitute"]).pk}
    client.force_login(organizer)
    response = client.post(
        reverse("table-substitute", args=[t1.pk]),
        {"leaver": player("Dana").pk, "from_deal": 3, "mode": AS_HIMSELF, **fields},
    )
    assert response.status_code == 200
    assert message in unescape(response.content.decode())
    assert response.context["substitute_form"].errors[field][0].startswith(message)
    assert Substitution.objects.count() == 0
    assert not ActivityEntry.objects.filter(action=ActivityEntry.Action.SUBSTITUTE).exists()


def test_the_service_refuses_an_unregistered_substitute(organizer, two_tables):
    t1, _ = two_tables
    zoe = Player.objects.create(name="Zoe")
    with pytest.raises(FormError, match="Zoe is not registered for this event") as refused:
        services.substitute_player(t1, organizer, player("Dana"), zoe, 3)
    assert list(refused.value.fields) == ["substitute"]
    assert Substitution.objects.count() == 0


def test_a_seat_changes_hands_once(client, organizer, two_tables, tournament):
    t1, _ = two_tables
    client.force_login(organizer)
    response = post_substitute(client, t1, substitute=player("Ivan").pk)
    assert response.status_code == 302
    # Dana's seat is no longer offered; refused by the service too, at its field.
    again = post_substitute(client, t1, substitute=player("Ivan").pk, from_deal=4)
    assert "leaver" in again.context["substitute_form"].errors
    with pytest.raises(FormError, match="Dana's seat has a substitute already, Ivan from deal 3"):
        services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 4)
    assert Substitution.objects.count() == 1
    # Ivan sits at table 1 now: no other seat of the round for him.
    _, t2 = two_tables
    with pytest.raises(FormError, match="Ivan already sits at table 1"):
        services.substitute_player(t2, organizer, player("Hana"), player("Ivan"), 1)


def test_the_activity_record_says_who_took_whose_seat(client, organizer, two_tables, tournament):
    t1, _ = two_tables
    client.force_login(organizer)
    post_substitute(client, t1, substitute=player("Ivan").pk, mode=FOR_LEAVER)
    entry = ActivityEntry.objects.get(action=ActivityEntry.Action.SUBSTITUTE)
    assert (entry.user, entry.event_id) == (organizer, tournament.pk)
    assert activity_words(entry.action, entry.detail) == (
        "put Ivan in Dana's seat at table 1 of round 1 from deal 3 (plays for the player who left)"
    )


def test_a_stranger_cannot_seat_a_substitute(client, stranger, two_tables):
    t1, _ = two_tables
    client.force_login(stranger)
    response = post_substitute(client, t1, substitute=player("Ivan").pk)
    assert response.status_code in (403, 404)
    assert Substitution.objects.count() == 0


def sheet_queries(client, table) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("table-sheet", args=[table.pk])).status_code == 200
    return len(queries)


def test_substitutions_cost_the_sheet_no_query(client, tournament, organizer):
    """The sheet's queries with and without a substitute, at 2 and at 6 deals."""
    client.force_login(organizer)
    counts = []
    for deals in (2, 6):
        plain, subbed = seat_round(
            tournament,
            organizer,
            [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
        )
        services.substitute_player(subbed, organizer, player("Hana"), player("Ivan"), 2)
        for table in (plain, subbed):
            for _ in range(deals):
                first = list(seat_holders.names_at(table))[0]
                play(table, organizer, (first, list(seat_holders.names_at(table))[3], 40))
        counts.append((sheet_queries(client, plain), sheet_queries(client, subbed)))
    assert counts[0][0] == counts[0][1] == counts[1][0] == counts[1][1]


@pytest.mark.parametrize("mode", [AS_HIMSELF, FOR_LEAVER])
def test_an_exported_event_keeps_its_substitutes(tournament, organizer, mode):
    """The event's file carries each table's substitutes; imported, the copy's ledger
    and standings are the original's."""
    import json

    from tournaments import exchange

    event, _ = ranked_round(tournament, organizer, mode)
    document = json.loads(json.dumps(exchange.export_event(event)))
    assert document["rounds"][0]["tables"][0]["substitutes"] == [
        {"seat": "Dana", "substitute": "Ivan", "from_deal": 2, "mode": mode}
    ]
    assert "substitutes" not in document["rounds"][0]["tables"][1]
    document["event"]["name"] = "Copy"
    copy = exchange.import_event(document, organizer)
    assert chips_in_ledger(copy) == chips_in_ledger(event)
    said = [(s.rank, s.player.name, s.chips, s.points_shown) for s in standings(copy)]
    assert said == [(s.rank, s.player.name, s.chips, s.points_shown) for s in standings(event)]


def test_an_event_whose_substitute_withdrew_later_imports(tournament, organizer):
    """Ivan takes Dana's seat, then withdraws: the event's file says Ivan withdrawn, and
    its import seats Ivan as the substitute before withdrawing Ivan, as it happened (a
    withdrawn player cannot be made a substitute)."""
    import json

    from tournaments import exchange
    from tournaments.models import Registration

    event, _ = ranked_round(tournament, organizer, AS_HIMSELF)
    services.withdraw_player(event, organizer, player("Ivan"))
    document = json.loads(json.dumps(exchange.export_event(event)))
    document["event"]["name"] = "Copy"
    copy = exchange.import_event(document, organizer)
    assert chips_in_ledger(copy) == chips_in_ledger(event)
    withdrawn = Registration.objects.filter(event=copy, withdrawn=True)
    assert [r.player.name for r in withdrawn] == ["Ivan"]


def test_the_event_page_names_the_seat_that_changed_hands(client, tournament, organizer):
    """The event page's table list says the seat's change as the sheet heads it."""
    event, _ = ranked_round(tournament, organizer, FOR_LEAVER)
    page = unescape(client.get(reverse("event-detail", args=[event.pk])).content.decode())
    assert "<td>Anna, Bill, Čada, Dana → Ivan</td>" in page
    assert "<td>Emil, Fanny, Gustav, Hana</td>" in page
