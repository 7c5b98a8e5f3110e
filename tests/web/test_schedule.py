"""The whole schedule drawn in advance: the search (pure), the services (draw all
rounds, a redraw after a withdrawal, players who cannot move, seat by the ranking), its
page and the players' cards in the round pack."""

import io
import itertools
import json
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services
from tournaments.models import ActivityEntry, Player, Registration, Round, Seat
from tournaments.player_cards import player_cards
from tournaments.schedule import Schedule, by_ranking, draw_schedule, repeats_of
from tournaments.services.schedule import Drawn

from .days import doc

pytestmark = pytest.mark.django_db
FOURS = (4,)  # Texas tables: four players, so 9 or 17 players leave one out


def test_nine_players_three_rounds_each_sits_out_once_before_anyone_twice():
    # Nine players at tables of four: two tables and one bye a round; three rounds,
    # three different players sit out, nobody twice.
    s = draw_schedule(list(range(1, 10)), 3, seed=4, allowed=FOURS)
    byes = [d.byes for d in s.rounds]
    assert [len(b) for b in byes] == [1, 1, 1]
    assert len({p for b in byes for p in b}) == 3
    for d in s.rounds:
        assert sorted([*itertools.chain(*d.tables), *d.byes]) == list(range(1, 10))


def test_seven_players_at_a_table_of_five_sit_out_in_turn():
    # la-vista: 7 players are one table of five and two byes a round. Seven rounds give
    # 14 byes: after every round nobody has sat out twice while someone has not at all.
    s = draw_schedule(list("ABCDEFG"), 7, seed=2)
    counts = Counter()
    for d in s.rounds:
        assert [len(t) for t in d.tables] == [5] and len(d.byes) == 2
        counts.update(d.byes)
        assert max(counts[p] for p in "ABCDEFG") - min(counts[p] for p in "ABCDEFG") <= 1
    assert all(counts[p] == 2 for p in "ABCDEFG")


def test_sixteen_players_five_rounds_meet_everyone_exactly_once():
    # 16 players at four tables of four over five rounds: an affine plane of order 4
    # exists, where every pair meets exactly once; the search finds one (0 repeats).
    s = draw_schedule(list(range(16)), 5, seed=1, allowed=FOURS)
    met = Counter(
        frozenset(pair) for d in s.rounds for t in d.tables for pair in itertools.combinations(t, 2)
    )
    assert s.repeats == 0
    assert len(met) == 120 and set(met.values()) == {1}  # C(16, 2) pairs, once each


def test_the_same_seed_the_same_schedule():
    players = list(range(1, 38))
    assert draw_schedule(players, 6, seed=9) == draw_schedule(players, 6, seed=9)
    assert draw_schedule(players, 6, seed=9) != draw_schedule(players, 6, seed=10)


def test_players_who_cannot_move_keep_their_table_and_never_sit_out():
    s = draw_schedule(list(range(1, 10)), 5, seed=3, allowed=FOURS, fixed=[2, 7])
    for d in s.rounds:
        assert 2 in d.tables[0] and 7 in d.tables[1]  # spread in turn: table 1, table 2
        assert not {2, 7} & set(d.byes)


def test_repeats_count_each_meeting_after_the_first():
    # A and B meet three times (2 repeats), A-C and B-C twice (1 each): 4.
    assert repeats_of([[["A", "B", "C"]], [["A", "B", "D"]], [["A", "B", "C"]]]) == 4


def test_by_ranking_top_with_top_and_one_from_each_band():
    ranked = list(range(1, 14))  # 13 players: tables of 5, 4, 4
    assert by_ranking(ranked, spread=False).tables == (
        (1, 2, 3, 4, 5),
        (6, 7, 8, 9),
        (10, 11, 12, 13),
    )
    assert by_ranking(ranked, spread=True).tables == (
        (1, 4, 7, 10, 13),
        (2, 5, 8, 11),
        (3, 6, 9, 12),
    )


# The services, on the tournament fixture: nine players, Clarkson (tables of 4 and 5).


def seats_of(rnd):
    return [
        list(t.seats.order_by("position").values_list("player__name", flat=True))
        for t in rnd.tables.order_by("number")
    ]


def test_draw_all_rounds_numbers_the_players_and_seats_every_round(tournament, organizer):
    drawn = services.draw_all_rounds(tournament, organizer, 3, seed=5)
    assert (drawn.first, drawn.last) == (1, 3)
    numbers = dict(
        Registration.objects.filter(event=tournament).values_list("player__name", "start_number")
    )
    # Start numbers in the order of the names, Čada between Bill and Dana.
    assert numbers == {
        "Anna": 1, "Bill": 2, "Čada": 3, "Dana": 4, "Emil": 5,
        "Fanny": 6, "Gustav": 7, "Hana": 8, "Ivan": 9,
    }  # fmt: skip
    rounds = list(tournament.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3]
    for rnd in rounds:
        assert [len(t) for t in seats_of(rnd)] == [5, 4]
        assert rnd.seed == 5 and rnd.drawn_at and rnd.present.count() == 9
    entry = ActivityEntry.objects.filter(action="draw_schedule").get()
    assert entry.detail == {"first": 1, "last": 3, "seed": 5, "repeats": drawn.schedule.repeats}
    # Nine players at a five and a four: each meets 4 or 3 of 8 a round, so 3 rounds
    # repeat some meetings; the figure is the schedule's own count.
    met = Counter(
        frozenset(p) for r in rounds for t in seats_of(r) for p in itertools.combinations(t, 2)
    )
    assert drawn.schedule.repeats == sum(c - 1 for c in met.values() if c > 1)


def test_a_withdrawal_redraws_the_rounds_not_started_and_keeps_round_one(tournament, organizer):
    services.draw_all_rounds(tournament, organizer, 3, seed=5)
    round1, round2 = tournament.rounds.order_by("number")[:2]
    before = seats_of(round1)
    table = round1.tables.get(number=2)
    seated = seats_of(round1)[1]
    services.record_deal(table, doc(table, seated[1], seated[2], 40), organizer)
    gone = Player.objects.get(name=seats_of(round2)[0][0])
    services.withdraw_player(tournament, organizer, gone)
    assert seats_of(round1) == before  # played: kept as it was
    for rnd in tournament.rounds.filter(number__gt=1):
        names = [n for t in seats_of(rnd) for n in t]
        assert gone.name not in names and len(names) == 8
        assert [len(t) for t in seats_of(rnd)] == [4, 4]
    entries = ActivityEntry.objects.filter(action="draw_schedule").order_by("pk")
    assert [(e.detail["first"], e.detail["last"]) for e in entries] == [(1, 3), (2, 3)]
    # Their start number stays theirs; a late arrival seated gets the next one (10).
    late = services.register_player(tournament, organizer, name="Jiří", seat=True)
    assert Registration.objects.get(event=tournament, player=late).start_number == 10
    assert Seat.objects.filter(table__round__number=3, player=late).exists()
    assert seats_of(round1) == before


def test_players_who_cannot_move_keep_their_table_number(tournament, organizer):
    for name in ("Dana", "Hana"):
        services.set_cannot_move(tournament, organizer, Player.objects.get(name=name), True)
    services.draw_all_rounds(tournament, organizer, 4, seed=1)
    for rnd in tournament.rounds.all():
        tables = seats_of(rnd)
        assert "Dana" in tables[0] and "Hana" in tables[1], rnd.number


def test_bad_schedules_are_refused_at_the_field_and_nothing_saved(tournament, organizer):
    for rounds, says in [(0, "Draw from 1 to 20 rounds."), (21, "Draw from 1 to 20 rounds.")]:
        with pytest.raises(services.ServiceError) as e:
            services.draw_all_rounds(tournament, organizer, rounds)
        assert e.value.fields == {"rounds": [says]}
    assert Round.objects.count() == 0
    services.draw_all_rounds(tournament, organizer, 2, seed=1)
    round2 = tournament.rounds.get(number=2)
    table = round2.tables.get(number=2)
    seated = seats_of(round2)[1]
    services.record_deal(table, doc(table, seated[1], seated[2], 40), organizer)
    before = seats_of(tournament.rounds.get(number=1))
    with pytest.raises(services.ServiceError) as e:
        services.draw_all_rounds(tournament, organizer, 4)
    assert e.value.fields["rounds"] == [
        "Round 2 has started but round 1 before it has not: the schedule draws only the "
        "rounds after those played."
    ]
    assert seats_of(tournament.rounds.get(number=1)) == before
    assert Round.objects.count() == 2


def test_more_rounds_than_the_players_allow_are_drawn_with_their_repeats(client, organizer):
    event = services.create_event(
        organizer, name="Small", date="2026-11-28", ruleset="la-vista", house_rules={},
        starting_chips=20, session_end="fixed_deals", deals_per_session=10,
    )  # fmt: skip
    for name in ("Anna", "Bill", "Čada", "Dana"):
        services.register_player(event, organizer, name=name)
    client.force_login(organizer)
    response = client.post(reverse("event-schedule", args=[event.pk]), {"rounds": 3}, follow=True)
    # Four players at one table three times: each of the 6 pairs meets 3 times.
    assert "Rounds 1 to 3 drawn with seed" in response.content.decode()
    assert (
        "12 repeat meetings over the day. That is the fewest possible for these tables."
        in response.content.decode()
    )


def test_the_draw_says_whether_its_repeats_are_the_fewest_possible():
    """16 players over 5 rounds at tables of four: every pair once, none again (the
    floor 0, reached); over 6 rounds each meets 18 others of 15: at least 24 repeats."""
    five = draw_schedule(list(range(16)), 5, seed=3, allowed=(4,))
    assert (five.repeats, five.fewest) == (0, 0)
    six = draw_schedule(list(range(16)), 6, seed=3, allowed=(4,))
    assert six.fewest == 24 and six.repeats >= 24
    said = {
        (0, 0): "That is the fewest possible for these tables.",
        (24, 24): "That is the fewest possible for these tables.",
        (3, 0): "That is the fewest the draw found; whether a day with fewer exists, it "
        "cannot tell.",
        (27, 24): "That is the fewest the draw found; no day at these tables can have fewer "
        "than 24.",
    }
    for (repeats, fewest), words in said.items():
        drawn = Drawn(1, 6, Schedule((), 3, repeats, fewest))
        assert drawn.summary.endswith(f"over the day. {words}")


def test_the_schedule_page_says_a_bad_number_at_its_field(client, tournament, organizer):
    client.force_login(organizer)
    url = reverse("event-schedule", args=[tournament.pk])
    html = client.post(url, {"rounds": 25}).content.decode()
    assert "Rounds must be from 1 to 20." in html
    assert Round.objects.count() == 0


def test_seat_by_ranking_puts_the_top_four_at_table_one(tournament, organizer):
    services.draw_all_rounds(tournament, organizer, 1, seed=3)
    round1 = tournament.rounds.get()
    # Table 2's four play one deal: its bidder and partner win 40 points.
    table = round1.tables.get(number=2)
    seated = seats_of(round1)[1]
    services.record_deal(table, doc(table, seated[0], seated[1], 40), organizer)
    round2 = services.create_round(tournament, organizer)
    services.seat_by_ranking(round2, organizer, spread=False)
    from tournaments.standings import standings

    top = [s.player.name for s in standings(tournament, after_round=1)]
    tables = seats_of(round2)
    assert [len(t) for t in tables] == [5, 4]
    assert sorted(tables[0]) == sorted(top[:5])  # table 1 is the larger: the top five
    assert set(top[:4]) <= set(tables[0])
    services.seat_by_ranking(round2, organizer, spread=True)
    tables = seats_of(round2)
    assert top[0] in tables[0] and top[1] in tables[1] and top[2] in tables[0]


def test_player_cards_in_the_round_pack(tournament, organizer):
    services.draw_all_rounds(tournament, organizer, 3, seed=5)
    rnd = tournament.rounds.get(number=1)
    cards = {c.name: c for c in player_cards(tournament)}
    gustav = cards["Gustav"]
    assert gustav.number == 7
    assert [p.round for p in gustav.places] == [1, 2, 3]
    where = {
        n: (s.table.number, s.position + 1)
        for n in (1, 2, 3)
        for s in Seat.objects.filter(table__round__number=n, player__name="Gustav")
    }
    expected = "Start number 7 · " + " · ".join(
        f"Round {n} Table {where[n][0]} seat {where[n][1]}" for n in (1, 2, 3)
    )
    assert gustav.words == expected
    pdf = PdfReader(io.BytesIO(printouts.round_pack_pdf(rnd)))
    text = pdf.pages[-1].extract_text()
    assert "Players' cards: cut along the lines" in text
    assert (
        "Start number 7\nGustav\n"
        + "\n".join(f"Round {n} Table {where[n][0]} seat {where[n][1]}" for n in (1, 2, 3))
        in text
    )


def schedule_of(organizer, n):
    event = services.create_event(
        organizer, name=f"Day of {n}", date="2026-11-28", ruleset="la-vista", house_rules={},
        starting_chips=20, session_end="fixed_deals", deals_per_session=10,
    )  # fmt: skip
    Player.objects.bulk_create(Player(name=f"Player {n}-{i}") for i in range(n))
    for p in Player.objects.filter(name__startswith=f"Player {n}-"):
        Registration.objects.create(event=event, player=p)
    services.draw_all_rounds(event, organizer, 4, seed=1)
    return event


def test_the_schedule_and_round_pages_cost_the_same_queries_at_two_sizes(client, organizer):
    client.force_login(organizer)
    counts = []
    for n in (9, 37):
        event = schedule_of(organizer, n)
        rnd = event.rounds.get(number=2)
        row = []
        for url in (
            reverse("event-schedule", args=[event.pk]),
            reverse("round-detail", args=[rnd.pk]),
            reverse("round-pack-pdf", args=[rnd.pk]),
        ):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.status_code == 200
            row.append(len(queries))
        counts.append(row)
        html = client.get(reverse("event-schedule", args=[event.pk])).content.decode()
        assert html.count('<tr id="card-') == n
    assert counts[0] == counts[1]


def test_the_round_page_seats_by_the_ranking_and_the_players_page_marks(
    client, tournament, organizer
):
    client.force_login(organizer)
    dana = Player.objects.get(name="Dana")
    players = reverse("event-players", args=[tournament.pk])
    response = client.post(
        reverse("cannot-move", args=[tournament.pk]),
        {"player": dana.pk, "cannot_move": "1"},
        follow=True,
    )
    assert "Dana keeps one table every round." in response.content.decode()
    assert Registration.objects.get(player=dana).cannot_move
    assert '<span class="tag">cannot move</span>' in client.get(players).content.decode()
    client.post(
        reverse("cannot-move", args=[tournament.pk]), {"player": dana.pk, "cannot_move": "0"}
    )
    assert not Registration.objects.get(player=dana).cannot_move
    rnd = services.create_round(tournament, organizer)
    html = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert 'form="seat-by-ranking"' in html
    response = client.post(
        reverse("seat-by-ranking", args=[rnd.pk]), {"how": "spread"}, follow=True
    )
    assert (
        "Round 1 seated by the ranking, one from each band at every table: 2 tables."
        in response.content.decode()
    )
    entry = ActivityEntry.objects.filter(action="seat_by_ranking").get()
    assert entry.detail == {"round": 1, "how": "one from each band"}
    # Nobody has played: the ranking is by name (equal chips), Anna first, Bill second.
    assert seats_of(rnd)[0][0] == "Anna" and seats_of(rnd)[1][0] == "Bill"


def test_start_numbers_and_cannot_move_survive_an_export_and_import(tournament, organizer):
    from tournaments import exchange

    services.set_cannot_move(tournament, organizer, Player.objects.get(name="Dana"), True)
    services.draw_all_rounds(tournament, organizer, 2, seed=5)
    document = json.loads(json.dumps(exchange.export_event(tournament)))
    dana = next(p for p in document["players"] if p["name"] == "Dana")
    assert (dana["start_number"], dana["cannot_move"]) == (4, True)
    anna = next(p for p in document["players"] if p["name"] == "Anna")
    assert anna["start_number"] == 1 and "cannot_move" not in anna
    copy = exchange.import_event(document, organizer)
    assert dict(
        Registration.objects.filter(event=copy).values_list("player__name", "start_number")
    ) == dict(
        Registration.objects.filter(event=tournament).values_list("player__name", "start_number")
    )
    assert [c.words for c in player_cards(copy)] == [c.words for c in player_cards(tournament)]
    assert Registration.objects.get(event=copy, player__name="Dana").cannot_move
    anna["start_number"] = 4
    with pytest.raises(exchange.ExchangeError, match="two players have the same start number"):
        exchange.import_event(document, organizer)


def test_more_players_who_cannot_move_than_their_table_seats():
    # Five who cannot move all sat at table 1 (of four seats): four keep it, the fifth
    # goes to the table with the most room and keeps that one.
    s = draw_schedule(
        list(range(1, 10)), 3, seed=1, allowed=FOURS, fixed=[1, 2, 3, 4, 5],
        fixed_tables={p: 0 for p in (1, 2, 3, 4, 5)},
    )  # fmt: skip
    for d in s.rounds:
        assert sorted(d.tables[0]) == [1, 2, 3, 4] and 5 in d.tables[1]
        assert sorted([*itertools.chain(*d.tables), *d.byes]) == list(range(1, 10))


def test_a_round_on_the_clock_without_a_deal_is_kept_by_a_redraw(tournament, organizer):
    """Round 1 played, round 2's clock started (its tables sitting down, no deal yet):
    a late arrival and a withdrawal redraw round 3 only; round 2 is not seated again,
    by the ranking either."""
    tournament = services.update_event(tournament, organizer, session_end="timed")
    services.draw_all_rounds(tournament, organizer, 3, seed=5)
    round1, round2, round3 = tournament.rounds.order_by("number")
    table = round1.tables.get(number=2)
    seated = seats_of(round1)[1]
    services.record_deal(table, doc(table, seated[1], seated[2], 40), organizer)
    services.set_round_length(round2, organizer, 50)
    services.start_round(round2, organizer)
    before = seats_of(round2)
    late = services.register_player(tournament, organizer, name="Jiří", seat=True)
    assert seats_of(round2) == before
    assert Seat.objects.filter(table__round=round3, player=late).exists()
    assert not Seat.objects.filter(table__round=round2, player=late).exists()
    gone = Player.objects.get(name=before[0][1])
    services.withdraw_player(tournament, organizer, gone)
    assert seats_of(round2) == before
    assert gone.name not in [n for t in seats_of(round3) for n in t]
    entries = ActivityEntry.objects.filter(action="draw_schedule").order_by("pk")
    assert [(e.detail["first"], e.detail["last"]) for e in entries] == [(1, 3), (3, 3), (3, 3)]
    with pytest.raises(services.ServiceError, match="Round 2 has started: it cannot be seated"):
        services.seat_by_ranking(round2, organizer, spread=False)
    assert seats_of(round2) == before


def test_one_table_seated_by_the_ranking_is_said_in_the_singular(client, organizer):
    event = services.create_event(
        organizer, name="Four", date="2026-11-28", ruleset="la-vista", house_rules={},
        starting_chips=20, session_end="fixed_deals", deals_per_session=10,
    )  # fmt: skip
    for name in ("Anna", "Bill", "Čada", "Dana"):
        services.register_player(event, organizer, name=name)
    rnd = services.create_round(event, organizer)
    client.force_login(organizer)
    response = client.post(
        reverse("seat-by-ranking", args=[rnd.pk]), {"how": "spread"}, follow=True
    )
    assert (
        "Round 1 seated by the ranking, one from each band at every table: 1 table."
        in response.content.decode()
    )
