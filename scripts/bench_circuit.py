"""Benchmark the circuit's ranking list and rating (issue 38): a seeded circuit built in
memory, then a full computation of both, timed.

Run: .venv/bin/python scripts/bench_circuit.py [--players 1000] [--events 200]
Defaults: 1,000 players, 200 events of 5 rounds over three years, tables of 4 and 5
(club nights of 12-24 players, tournaments of 24-64, championships of 40-80); some
players regulars, most occasional. Times are the process's CPU time (one core), so
other work on the machine does not count against the figure. Target: both under 60 s.
"""

import argparse
import datetime
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.circuit.list_changes import diff  # noqa: E402
from tournaments.circuit.ranking_list import (  # noqa: E402
    CountedEvent,
    EventClass,
    approved_events,
    compute_list,
    placings,
    render_csv,
)
from tournaments.circuit.rating import TableRound, compute_ratings, rating_list  # noqa: E402

ROUNDS = 5
LIST_DATE = datetime.date(2026, 11, 30)
SIZES = {
    EventClass.CLUB_NIGHT: (12, 24),
    EventClass.TOURNAMENT: (24, 64),
    EventClass.CHAMPIONSHIP: (40, 80),
}


def table_sizes(n: int) -> list[int]:
    """Tables of 5 and 4 seating exactly ``n`` (n >= 12)."""
    fives = (-n) % 4  # n = 4a + 5b with b = -n mod 4
    return [5] * fives + [4] * ((n - 5 * fives) // 4)


def chosen(rng: random.Random, activity: list[float], n: int) -> list[int]:
    """``n`` distinct players, the more active more likely (weighted without replacement)."""
    keys = sorted(range(len(activity)), key=lambda i: rng.random() ** (1 / activity[i]))
    return keys[-n:]


def build(players: int, events: int, seed: int = 38):
    """The events (for the list) and their table-rounds (for the rating)."""
    rng = random.Random(seed)
    activity = [0.05 + rng.random() ** 3 for _ in range(players)]
    keys = [f"T-{i + 1:05d}" for i in range(players)]
    counted, table_rounds = [], []
    days = sorted(rng.randrange(3 * 365) for _ in range(events))
    for index, day in enumerate(days):
        date = LIST_DATE - datetime.timedelta(days=day)
        klass = rng.choices(list(EventClass), weights=(60, 35, 5))[0]
        low, high = SIZES[klass]
        field = chosen(rng, activity, min(players, rng.randint(low, high)))
        totals = dict.fromkeys(field, 0)
        for rnd in range(1, ROUNDS + 1):
            rng.shuffle(field)
            start = 0
            for table, size in enumerate(table_sizes(len(field)), start=1):
                seated = field[start : start + size]
                start += size
                chips = [rng.randrange(-40, 41, 2) for _ in seated]
                for player, won in zip(seated, chips, strict=True):
                    totals[player] += won
                swapped = frozenset({keys[seated[0]]}) if rng.random() < 0.01 else frozenset()
                table_rounds.append(
                    TableRound(
                        date,
                        index,
                        f"E{index:03d}",
                        rnd,
                        table,
                        tuple((keys[p], c) for p, c in zip(seated, chips, strict=True)),
                        swapped,
                    )
                )
        places = [(keys[p], 1 + sum(t > totals[p] for t in totals.values())) for p in sorted(field)]
        counted.append(
            CountedEvent(f"E{index:03d}", date, klass, placings(places), "v1", rng.random() > 0.03)
        )
    return counted, table_rounds


def timed(work):
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--events", type=int, default=200)
    args = parser.parse_args()
    if args.players < 12 or args.events < 1:
        parser.error("at least 12 players and 1 event")
    events, table_rounds = build(args.players, args.events)
    approved = approved_events(events)
    month_before = LIST_DATE - datetime.timedelta(days=30)

    def the_list():
        ranking = compute_list(approved, LIST_DATE)
        return ranking, render_csv(ranking), diff(compute_list(approved, month_before), ranking)

    (ranking, csv_bytes, moves), list_time = timed(the_list)
    again = render_csv(compute_list(approved, LIST_DATE))
    ratings, rating_time = timed(lambda: compute_ratings(table_rounds))
    rows = rating_list(ratings)
    ranked = sum(line.rank is not None for line in ranking.lines)
    print(
        f"{args.players} players, {len(events)} events ({len(approved)} approved) of "
        f"{ROUNDS} rounds, {len(table_rounds)} table-rounds"
    )
    print(
        f"ranking list: {list_time:.2f} s CPU ({ranked} ranked, "
        f"{len(ranking.lines) - ranked} unranked, {len(csv_bytes):,} bytes of CSV, "
        f"{len(moves)} moved in a month; the same bytes again: {again == csv_bytes})"
    )
    print(f"rating: {rating_time:.2f} s CPU ({len(ratings)} players, {len(rows)} established)")
    print(f"both: {list_time + rating_time:.2f} s CPU (target 60 s)")


if __name__ == "__main__":
    main()
