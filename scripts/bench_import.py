"""Measure the imports and the players page against a big registry.

Builds a registry of --registry players (default 150,000), a season of four club nights
of 24 players (six tables of four, 10 deals a table) and prints how long importing the
season's export takes (``import_season``, as the command runs it), how long the
event's players page takes and how big it is, and how long the players page's search
takes. A club never has such a registry: the figures say the imports and the page do not
grow with it.

Run: .venv/bin/python scripts/bench_import.py [--registry 150000]
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python scripts/bench_import.py
(without DATABASE_URL a fresh temporary SQLite file; a PostgreSQL database is emptied)
"""

import argparse
import datetime
import json
import time

from _django import bench_user  # Django set up first
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments import exchange
from tournaments.models import Player, Season
from tournaments.services import seasons
from tournaments.synthetic import Size, add_synthetic_nights

MAX_REGISTRY = 1_000_000  # the script is bounded


def timed(what, work):
    start = time.perf_counter()
    result = work()
    print(f"{what}: {time.perf_counter() - start:.2f} s")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", type=int, default=150_000)
    args = parser.parse_args()
    registry = max(0, min(args.registry, MAX_REGISTRY))
    user = bench_user()
    season = seasons.create_season(
        user,
        name="Bench season",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.CHIPS,
    )
    nights = add_synthetic_nights(season, user, 4, Size(players=24, rounds=1, deals_per_table=10))
    document = json.loads(json.dumps(exchange.export_season(season)))
    Player.objects.bulk_create(
        (Player(name=f"Registry player {i:07d}", club="Heun") for i in range(registry)),
        batch_size=5_000,
    )
    print(f"import on {connection.vendor}, a registry of {Player.objects.count():,} players")
    timed("import_season of 4 nights of 24 players", lambda: exchange.import_season(document, user))
    client = Client()
    client.force_login(user)
    url = reverse("event-players", args=[nights[0].pk])
    response = timed("the event's players page", lambda: client.get(url))
    print(f"the event's players page: {len(response.content):,} bytes")
    timed("the players page's search", lambda: client.get(url, {"q": "player 0149"}))


if __name__ == "__main__":
    main()
