"""Benchmark: one table's score sheet PDF and a 16-table round pack.

Builds a throwaway SQLite database with one round of 16 tables of four, 20 deals each,
then prints the median time of each printout. Run: .venv/bin/python scripts/bench_pdf.py
"""

import statistics
import time

import _django  # noqa: F401  (sets up Django in a throwaway database)
from django.contrib.auth import get_user_model

from tournaments import printouts, services
from tournaments.models import Player


def median_time(fn, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    user = get_user_model().objects.create_user("bench", is_staff=True)
    event = services.create_event(
        user,
        name="Benchmark open",
        date="2026-11-22",
        kind="tournament",
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=20,
    )
    rnd = services.create_round(event, user)
    for t in range(16):
        names = [f"Hráč {t * 4 + i}" for i in range(4)]
        players = [Player.objects.create(name=n) for n in names]
        table = services.create_table(rnd, user, players)
        for d in range(20):
            seats = names[d % 4 :] + names[: d % 4]
            services.record_deal(
                table,
                {
                    "ruleset": "la-vista",
                    "players": seats,
                    "dealer": seats[3],
                    "kind": "played",
                    "bidder": seats[0],
                    "bid": "four",
                    "blind": "second",
                    "partner": seats[2],
                    "bidder_points": 30 + d,
                },
                user,
            )
    table = rnd.tables.first()
    one = median_time(lambda: printouts.score_sheet_pdf(table))
    pack = median_time(lambda: printouts.round_pack_pdf(rnd), runs=3)
    print(f"score sheet PDF, one table of 20 deals: {one * 1000:.0f} ms (target 200 ms)")
    print(f"round pack PDF, 16 tables:             {pack * 1000:.0f} ms (target 2,000 ms)")


if __name__ == "__main__":
    main()
