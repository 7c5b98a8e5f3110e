"""Benchmark the pages at size S or L on the database of DATABASE_URL.

Prints the median server time and query count of: the standings page, a table's
sheet, deal entry (POST to redirect), a table's PDF and a 16-table round pack, and
the standings page's time against a bare SUM ... GROUP BY over the same ledger.

Run: .venv/bin/python scripts/bench_web.py S
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python scripts/bench_web.py L
(a PostgreSQL database is emptied first; an SQLite one is a fresh temporary file)
"""

import statistics
import sys
import time

from _django import bench_user, measure, page, settle_postgresql  # Django set up first
from django.db import connection
from django.test import Client
from django.urls import reverse
from hall_phone import four_fields

from tournaments import services
from tournaments.models import LedgerEntry, Player
from tournaments.synthetic import SIZES, make_synthetic_event


def bare_aggregate(event):
    sql = (
        f"SELECT payee_id, SUM(chips) FROM {LedgerEntry._meta.db_table} WHERE event_id = %s "
        f"GROUP BY payee_id UNION ALL SELECT payer_id, -SUM(chips) FROM "
        f"{LedgerEntry._meta.db_table} WHERE event_id = %s GROUP BY payer_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [event.pk, event.pk])
        return cursor.fetchall()


def main():
    size = sys.argv[1] if len(sys.argv) > 1 else "S"
    user = bench_user()
    start = time.perf_counter()
    event = make_synthetic_event(user, SIZES[size])
    built = time.perf_counter() - start
    settle_postgresql()
    rows = LedgerEntry.objects.filter(event=event).count()
    last_round = event.rounds.order_by("-number").first()
    table = last_round.tables.order_by("number").first()
    # A fresh table for deal entry, so its session is open.
    spare = [Player.objects.create(name=f"Bench {i}") for i in range(4)]
    entry_table = services.create_table(last_round, user, spare, first_forehand=spare[0])
    names = [p.name for p in spare]
    client = Client()
    client.force_login(user)
    runs = 15  # medians of 15: steadier than 7 on a machine doing other work
    numbers = iter(range(1, 1_000))

    def post_deal():
        response = client.post(
            reverse("deal-create", args=[entry_table.pk]),
            {
                "number": next(numbers),  # a new deal's form carries its number
                **four_fields(names, 40),
            },
        )
        assert response.status_code == 302, response.status_code

    # The standings page and the bare aggregate in turns, so that a busy moment of the
    # machine weighs on both alike.
    standings_runs, bare_runs = [], []
    for _ in range(runs):
        standings_runs.append(measure(page(client, reverse("standings", args=[event.pk])), 1))
        bare_runs.append(measure(lambda: bare_aggregate(event), 1))
    bare_ms = statistics.median(ms for ms, _ in bare_runs)
    results = [
        (
            "standings page",
            (
                statistics.median(ms for ms, _ in standings_runs),
                max(q for _, q in standings_runs),
            ),
        ),
        ("table sheet page", measure(page(client, reverse("table-sheet", args=[table.pk])), runs)),
        ("deal entry (POST)", measure(post_deal, runs)),
        ("table PDF", measure(page(client, reverse("table-pdf", args=[table.pk])), runs)),
        (
            "round pack PDF (16 tables)",
            measure(page(client, reverse("round-pack-pdf", args=[last_round.pk])), 3),
        ),
    ]
    print(f"size {size} on {connection.vendor}: {rows:,} ledger rows, built in {built:.0f} s")
    for label, (ms, queries) in results:
        print(f"  {label:28s} {ms:8.1f} ms  {queries:3d} queries")
    print(f"  {'bare SUM ... GROUP BY':28s} {bare_ms:8.1f} ms")
    print(f"  standings / bare aggregate: {results[0][1][0] / bare_ms:.1f}x")


if __name__ == "__main__":
    main()
