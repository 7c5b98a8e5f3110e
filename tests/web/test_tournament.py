"""Roll call, draw, swaps, standings, statements, chip counts, export and import."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import exchange, services
from tournaments.models import LedgerEntry, Player, Registration, Seat
from tournaments.season_standings import event_placings
from tournaments.standings import standings, statement

from ..conftest import TOURNAMENT_PLAYERS
from .days import doc

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
NAMES = TOURNAMENT_PLAYERS


def players(*names):
    return [Player.objects.get(name=n) for n in names]


def test_roll_call_and_draw(tournament, organizer):
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, players(*NAMES[:7]))  # 7 present: 5 + 2 byes
    draw = services.draw_seating(rnd, organizer, seed=11)
    rnd.refresh_from_db()
    assert rnd.seed == 11 and rnd.drawn_at is not None
    seated = list(Seat.objects.filter(table__round=rnd).values_list("player__name", flat=True))
    byes = list(rnd.byes.values_list("name", flat=True))
    assert len(seated) == 5 and len(byes) == 2
    assert sorted(seated + byes) == sorted(NAMES[:7])
    first = [tuple(t) for t in draw.tables]
    again = services.draw_seating(rnd, organizer, seed=11)  # same seed, same draw
    assert [tuple(t) for t in again.tables] == first


def test_withdrawn_and_unregistered_players_cannot_be_present(tournament, organizer):
    rnd = services.create_round(tournament, organizer)
    services.withdraw_player(tournament, organizer, players("Anna")[0])
    with pytest.raises(services.ServiceError, match="Anna"):
        services.set_roll_call(rnd, organizer, players("Anna", "Bill", "Čada", "Dana"))
    stranger = Player.objects.create(name="Zdeněk")
    with pytest.raises(services.ServiceError, match="Zdeněk"):
        services.set_roll_call(rnd, organizer, players("Bill", "Čada", "Dana") + [stranger])


def test_swap_two_seated_players_and_a_bye(tournament, organizer):
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, players(*NAMES[:6]))  # 5 seated + 1 bye
    services.draw_seating(rnd, organizer, seed=3)
    table = rnd.tables.get()
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    bye = rnd.byes.get()
    services.swap_players(rnd, organizer, *players(seats[0], seats[1]))
    assert list(table.seats.order_by("position").values_list("player__name", flat=True))[:2] == [
        seats[1],
        seats[0],
    ]
    services.swap_players(rnd, organizer, players(seats[2])[0], bye)
    assert rnd.byes.get().name == seats[2]
    assert table.seats.get(position=2).player == bye
    current = list(table.seats.order_by("position").values_list("player__name", flat=True))
    services.record_deal(table, doc(table, current[1], current[2], 40), organizer)
    with pytest.raises(services.ServiceError, match="has started"):
        services.swap_players(rnd, organizer, *players(current[1], current[2]))
    with pytest.raises(services.ServiceError, match="has started"):
        services.draw_seating(rnd, organizer)


def test_the_draw_avoids_last_rounds_opponents(tournament, organizer):
    r1 = services.create_round(tournament, organizer)
    services.set_roll_call(r1, organizer, players(*NAMES[:8]))
    d1 = services.draw_seating(r1, organizer, seed=5)
    r2 = services.create_round(tournament, organizer)
    services.set_roll_call(r2, organizer, players(*NAMES[:8]))
    d2 = services.draw_seating(r2, organizer, seed=5)
    assert d1.repeats == 0
    # Two tables of four twice: at least 2 x C(2,2) pairs must meet again; the draw
    # finds the minimum (each new table has two players from each old one).
    assert d2.repeats == 4


@pytest.fixture
def played_event(tournament, organizer):
    """Round 1: table 1 Anna/Bill/Čada/Dana, table 2 Emil/Fanny/Gustav/Hana/Ivan."""
    rnd = services.create_round(tournament, organizer)
    t1 = services.create_table(rnd, organizer, players("Anna", "Bill", "Čada", "Dana"))
    t2 = services.create_table(rnd, organizer, players("Emil", "Fanny", "Gustav", "Hana", "Ivan"))
    # Table 1: Anna + Čada win a Five (8 each), then Bill alone loses a Four (5 x 3).
    services.record_deal(t1, doc(t1, "Anna", "Čada", 40), organizer)
    d2 = services.record_deal(t1, doc(t1, "Bill", None, 30, bid="four", blind="second"), organizer)
    # Table 2 (Emil sits out): Fanny + Hana lose a Five 8 each; a deal then voided.
    services.record_deal(t2, doc(t2, "Fanny", "Hana", 20), organizer)
    void = services.record_deal(t2, doc(t2, "Gustav", "Ivan", 60), organizer)
    services.void_deal(void, organizer, "Wrong table")
    # Deal 2 at table 1 is corrected: Bill had 36, so he won.
    services.correct_deal(
        d2, doc(t1, "Bill", None, 36, bid="four", blind="second"), organizer, "Recount"
    )
    return tournament


# Table 1: Anna +8 -5, Bill -8 +15, Čada +8 -5, Dana -8 -5; table 2: Fanny -8, Hana -8,
# Gustav +8, Ivan +8, Emil 0 (sat out): equal chips share a rank.
PLAYED_EVENT_RANKS = [
    (1, "Gustav"),
    (1, "Ivan"),
    (3, "Bill"),
    (4, "Anna"),
    (4, "Čada"),
    (6, "Emil"),
    (7, "Fanny"),
    (7, "Hana"),
    (9, "Dana"),
]


def test_standings_exact_figures_and_shared_ranks(played_event):
    rows = {s.player.name: s for s in standings(played_event)}
    # Table 1: Anna +8 -5, Bill -8 +15, Čada +8 -5, Dana -8 -5.
    # Table 2: Fanny -8, Hana -8, Gustav +8, Ivan +8, Emil 0 (sat out).
    assert {n: s.chips for n, s in rows.items()} == {
        "Anna": 3,
        "Bill": 7,
        "Čada": 3,
        "Dana": -13,
        "Emil": 0,
        "Fanny": -8,
        "Gustav": 8,
        "Hana": -8,
        "Ivan": 8,
    }
    assert [(s.rank, s.player.name) for s in standings(played_event)] == PLAYED_EVENT_RANKS
    assert (rows["Bill"].deals_played, rows["Bill"].deals_as_bidder, rows["Bill"].bidder_wins) == (
        2,
        1,
        1,
    )
    assert (rows["Bill"].best_deal, rows["Bill"].worst_deal) == (15, -8)
    assert (rows["Emil"].deals_played, rows["Emil"].best_deal) == (0, None)
    assert rows["Fanny"].deals_played == 1  # the voided deal does not count


def test_a_player_who_never_came_ranks_after_all_who_came_and_the_season_agrees(
    played_event, organizer, client
):
    """Jana registered but was never seated: she ranks after Dana's -13, not above
    Fanny's -8 with her 0; Emil, seated but only ever the dealer who sat out, is placed.
    A season counts the event's own places, among those who came."""
    services.register_player(played_event, organizer, name="Jana", club="Clarkson")
    ranked = [(s.rank, s.player.name) for s in standings(played_event)]
    assert ranked == [*PLAYED_EVENT_RANKS, (10, "Jana")]
    players, placings = event_placings([played_event])
    places = placings[played_event.pk]
    assert sorted((p.rank, players[pid].name) for pid, p in places.items()) == PLAYED_EVENT_RANKS
    # The standings page says so under the table.
    page = client.get(reverse("standings", args=[played_event.pk])).content.decode()
    assert (
        "Ties share a rank; a player registered who did not come (never seated, no bye) "
        "ranks after all who came. Net chips" in page
    )
    assert {p.players for p in places.values()} == {9}


def test_standings_per_round_and_after_a_round(played_event, organizer):
    r2 = services.create_round(played_event, organizer)
    t = services.create_table(r2, organizer, players("Anna", "Emil", "Dana", "Ivan"))
    services.record_deal(t, doc(t, "Emil", "Ivan", 50, bid="five_over"), organizer)
    only2 = {s.player.name: s.chips for s in standings(played_event, only_round=2)}
    assert only2 == {
        "Anna": -16,
        "Emil": 16,
        "Dana": -16,
        "Ivan": 16,
        "Bill": 0,
        "Čada": 0,
        "Fanny": 0,
        "Gustav": 0,
        "Hana": 0,
    }
    after1 = {s.player.name: s.chips for s in standings(played_event, after_round=1)}
    assert after1["Ivan"] == 8
    assert {s.player.name: s.chips for s in standings(played_event)}["Ivan"] == 24


def test_bye_chips_count_when_the_event_says_so(tournament, organizer):
    services.update_event(tournament, organizer, bye_chips=3)
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, players(*NAMES[:6]))
    services.draw_seating(rnd, organizer, seed=1)
    bye = rnd.byes.get()
    tournament.refresh_from_db()
    rows = {s.player: s for s in standings(tournament)}
    assert (rows[bye].byes, rows[bye].net, rows[bye].chips) == (1, 0, 3)


@pytest.mark.parametrize("deals", [2, 24])
def test_standings_page_queries_are_flat(
    client, tournament, organizer, deals, django_assert_max_num_queries
):
    rnd = services.create_round(tournament, organizer)
    services.update_event(tournament, organizer, deals_per_session=30)
    table = services.create_table(rnd, organizer, players("Anna", "Bill", "Čada", "Dana"))
    for i in range(deals):
        services.record_deal(table, doc(table, "Anna", "Čada", 30 + i), organizer)
    # Constant however many deals: the event, its rounds, one GROUP BY player over the
    # deal nets, byes, registrations, the event's categories for the chooser (and the
    # session, the user when signed in).
    with django_assert_max_num_queries(7):
        response = client.get(reverse("standings", args=[tournament.pk]) + "?sort=-chips")
    assert response.status_code == 200
    assert "Anna" in response.content.decode()


def test_statement_shows_corrections_and_voids(played_event):
    bill = players("Bill")[0]
    lines = statement(played_event, bill)
    # The running figures stand on a deal's last row only (issue 16: a balance after
    # each ledger row matched no moment of play): net so far, chips at the table.
    assert [(line.change, line.balance, line.chips, line.kind) for line in lines] == [
        (-8, -8, 12, ""),  # deal 1: the Five lost to Anna
        (-5, None, None, ""),  # deal 2 as first entered: Bill alone lost 5 to Čada
        (-5, None, None, ""),  # ... to Dana
        (-5, None, None, ""),  # ... to Anna
        (5, None, None, "reversal"),  # the correction reverses those three
        (5, None, None, "reversal"),
        (5, None, None, "reversal"),
        (5, None, None, "correction"),  # and posts the new result: Bill won 5 from each
        (5, None, None, "correction"),
        (5, 7, 27, "correction"),
    ]
    gustav = statement(played_event, players("Gustav")[0])
    assert [(line.change, line.kind, line.entry.deal.voided) for line in gustav] == [
        (8, "", False),
        (8, "", True),
        (-8, "reversal", True),
    ]


def test_statement_is_in_the_order_of_play_with_figures_the_sheet_shows(
    client, played_event, organizer
):
    """A correction of an earlier deal stands under that deal, not after the later
    ones, and the running figures after each deal are the sheet's."""
    t1 = played_event.rounds.get().tables.get(number=1)
    d1 = t1.deals.get(number=1)
    services.correct_deal(d1, doc(t1, "Anna", "Čada", 30), organizer, "Recount")  # lost
    bill = players("Bill")[0]
    lines = statement(played_event, bill)
    assert [(line.entry.deal.number, line.change, line.kind) for line in lines] == [
        (1, -8, ""),
        (1, 8, "reversal"),
        (1, 8, "correction"),
        (2, -5, ""),
        (2, -5, ""),
        (2, -5, ""),
        (2, 5, "reversal"),
        (2, 5, "reversal"),
        (2, 5, "reversal"),
        (2, 5, "correction"),
        (2, 5, "correction"),
        (2, 5, "correction"),
    ]
    ends = [(line.entry.deal.number, line.balance, line.chips) for line in lines if line.chips]
    assert ends == [(1, 8, 28), (2, 23, 43)]
    sheet = client.get(reverse("table-sheet", args=[t1.pk])).content.decode()
    bill_chips = [
        row.split('class="num chips">')[2].split("<")[0]  # Anna, then Bill
        for row in sheet.split('data-deal="')[1:]
    ]
    assert bill_chips == ["28", "43"]
    page = client.get(reverse("player-statement", args=[played_event.pk, bill.pk]))
    html = page.content.decode()
    assert 'id="balance">+23<' in html
    assert "Net so far" in html and "Chips at the table" in html


def test_statement_page(client, played_event):
    bill = players("Bill")[0]
    page = client.get(reverse("player-statement", args=[played_event.pk, bill.pk]))
    assert 'id="balance">+7<' in page.content.decode()


def test_chip_reconciliation_keeps_the_record(client, played_event, organizer):
    table = played_event.rounds.get().tables.get(number=1)
    anna, bill, cada, dana = players("Anna", "Bill", "Čada", "Dana")
    rows = services.record_chip_count(table, organizer, {anna: 23, bill: 27, cada: 22, dana: 7})
    assert [(r.player.name, r.counted, r.expected, r.difference) for r in rows] == [
        ("Anna", 23, 23, 0),
        ("Bill", 27, 27, 0),
        ("Čada", 22, 23, -1),
        ("Dana", 7, 7, 0),
    ]
    client.force_login(organizer)
    response = client.post(
        reverse("chip-count", args=[table.pk]),
        {
            f"player_{anna.pk}": 23,
            f"player_{bill.pk}": 28,
            f"player_{cada.pk}": 23,
            f"player_{dana.pk}": 7,
        },
        follow=True,
    )
    assert "Off: Bill +1" in response.content.decode()
    assert table.chip_counts.count() == 8


def test_a_chip_count_reads_the_ledgers_sums_not_the_tables_deals(played_event, organizer):
    """Under the table's lock a count needs each player's chips: the seats and the
    ledger's sums, not the sheet of every deal."""
    table = played_event.rounds.get().tables.get(number=1)
    anna, bill, cada, dana = players("Anna", "Bill", "Čada", "Dana")
    with CaptureQueriesContext(connection) as done:
        rows = services.record_chip_count(table, organizer, {anna: 23, bill: 27, cada: 22, dana: 7})
    assert [(r.player.name, r.expected) for r in rows] == [
        ("Anna", 23),
        ("Bill", 27),
        ("Čada", 23),
        ("Dana", 7),
    ]
    read = " ".join(q["sql"] for q in done.captured_queries)
    assert not re.search(r'"tournaments_deal(version)?"', read), read


def ledger_signature(event):
    return [
        (
            e.deal.table.round.number,
            e.deal.table.number,
            e.deal.number,
            e.deal_version.number,
            e.payer.name,
            e.payee.name,
            e.chips,
            e.reason,
            e.explanation,
            e.reverses_id is not None,
        )
        for e in LedgerEntry.objects.filter(event=event)
        .select_related("deal__table__round", "deal_version", "payer", "payee")
        .order_by("id")
    ]


def test_export_then_import_gives_the_same_ledger_and_standings(played_event, organizer):
    document = json.loads(json.dumps(exchange.export_event(played_event)))
    copy = exchange.import_event(document, organizer)
    assert copy.pk != played_event.pk
    assert ledger_signature(copy) == ledger_signature(played_event)

    def summary(e):
        return [(s.rank, s.player.name, s.chips, s.deals_played, s.best_deal) for s in standings(e)]

    assert summary(copy) == summary(played_event)


def test_export_import_round_trip_into_an_empty_database(played_event, organizer, tmp_path):
    """The management commands, with the import in a fresh SQLite database."""
    from django.core.management import call_command

    exported = tmp_path / "event.json"
    call_command("export_event", str(played_event.pk), output=str(exported))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]

    def run(*args):
        result = subprocess.run(
            manage + list(args), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    run("migrate", "-v0")
    run(
        "shell",
        "-v0",
        "-c",
        "from django.contrib.auth.models import User; "
        "User.objects.create_user('org', is_staff=True)",
    )
    assert "Imported" in run("import_event", str(exported), "--user", "org")
    out = run(
        "shell",
        "-v0",
        "-c",
        "import json; from tournaments.models import Event; "
        "from tournaments.standings import standings; "
        "print(json.dumps([(s.rank, s.player.name, s.chips) for s in "
        "standings(Event.objects.get())]))",
    )
    expected = [[s.rank, s.player.name, s.chips] for s in standings(played_event)]
    assert json.loads(out) == expected


def test_import_players_csv(tournament, organizer, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "players.csv"
    path.write_text("name,club\nJan Šťastný,Dodge\nAnna,Clarkson\n,\n", encoding="utf-8")
    call_command("import_players", str(path), event=tournament.pk, user="org")
    assert Player.objects.get(name="Jan Šťastný").club == "Dodge"
    assert Registration.objects.filter(event=tournament, player__name="Jan Šťastný").exists()
    assert Player.objects.filter(name="Anna").count() == 1


def test_csv_downloads(client, played_event, organizer):
    client.force_login(organizer)
    for what in ("deals.csv", "ledger.csv", "event.json"):
        response = client.get(reverse("event-download", args=[played_event.pk, what]))
        assert response.status_code == 200
        assert "clarkson-open-2026-11-21" in response["Content-Disposition"]
    ledger = client.get(reverse("event-download", args=[played_event.pk, "ledger.csv"]))
    # CSV downloads start with a byte-order mark for Excel (issue 16): read as utf-8-sig.
    lines = ledger.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("id,round,table,deal,version,from,to,chips,reason")
    assert len(lines) == 1 + LedgerEntry.objects.filter(event=played_event).count()
    standings_csv = client.get(reverse("standings-csv", args=[played_event.pk]))
    # Gustav's own bid was voided: one deal played, none as bidder.
    assert (
        standings_csv.content.decode("utf-8-sig").splitlines()[1]
        == "1,Gustav,Clarkson,8,1,0,0,8,8,0"
    )
