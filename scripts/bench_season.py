"""Benchmark a club's season: 52 weekly club nights of 16 players (4 tables of four),
40 deals a table, every deal through the deal services (2% corrected, 0.5% voided), in
one season counting each player's best 40 nights by placement points.

Prints how long the season's pages take on the server (median of repeated requests
through Django's test client, DEBUG off) and how many queries each costs: the season's
standings, a player's season, the wall's refresh, the CSV, the PDF and a player's page.
Target: the standings under 300 ms on SQLite.

Run: .venv/bin/python scripts/bench_season.py [--nights 52] [--runs 15]
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python scripts/bench_season.py
(without DATABASE_URL a fresh temporary SQLite file; a PostgreSQL database is emptied)
"""

import argparse
import datetime
import time

from _django import bench_user, measure, page, settle_postgresql  # Django set up first
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.models import Deal, Player, Season
from tournaments.services import seasons
from tournaments.synthetic import Size, add_synthetic_nights

MAX_NIGHTS = 520  # ten years of Thursdays: the script is bounded


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    nights = max(1, min(args.nights, MAX_NIGHTS))
    user = bench_user()
    start = time.perf_counter()
    season = seasons.create_season(
        user,
        name="Bench season",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.PLACEMENT,
        planned_events=nights,
        best_of=max(1, nights - 12),
    )
    add_synthetic_nights(season, user, nights, Size(players=16, rounds=1, deals_per_table=40))
    season = seasons.update_season(season, user, published=True)
    built = time.perf_counter() - start
    settle_postgresql()
    deals = Deal.objects.count()
    player = Player.objects.order_by("name").first()
    client = Client()
    client.force_login(user)
    pages = {
        "season standings": reverse("season-detail", args=[season.pk]),
        "a player's season": reverse("season-statement", args=[season.pk, player.pk]),
        "the wall's refresh": reverse("season-wall-live", args=[season.pk]),
        "standings CSV": reverse("season-csv", args=[season.pk]),
        "standings PDF": reverse("season-pdf", args=[season.pk]),
        "a player's page": reverse("player-detail", args=[player.pk]),
    }
    print(
        f"{connection.vendor}: {nights} nights, 16 players, {deals:,} deals "
        f"(built in {built:.0f} s); median of {args.runs} requests"
    )
    for name, url in pages.items():
        ms, queries = measure(page(client, url), args.runs)
        print(f"  {name:<20} {ms:7.1f} ms  {queries:3d} queries")


if __name__ == "__main__":
    main()
