"""Where a deal's time goes: the three requests of a phone's deal cycle, in one process.

The load test's database (scripts/load_hall.py: a tournament of tables of four with
table links, La Vista), DEBUG off, Django's test client through the whole middleware:
each cycle is what a phone does at its table: open the deal form (GET), save it (POST,
redirect), see the table's sheet (GET). Prints, per request, the median server CPU
time (this process's thread CPU, so other work on the machine weighs less than on a
wall clock) and its query count, over --repeats cycles spread over the tables after
--warm deals a table (a sheet of that many deals).

Run: .venv/bin/python scripts/bench_deal_cycle.py [--tables 10] [--warm 10] [--repeats 60]
     .venv/bin/python scripts/bench_deal_cycle.py --profile      # and cProfile's top
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_cycle .venv/bin/python ...
Without DATABASE_URL it uses a new SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))


class Counter:
    """Counts the queries of a request (cheaper than Django's debug cursor)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--warm", type=int, default=10, help="deals a table before measuring")
    parser.add_argument("--repeats", type=int, default=60, help="measured cycles")
    parser.add_argument(
        "--profile",
        nargs="?",
        const="all",
        choices=["all", "form", "save", "sheet"],
        help="print cProfile's top functions (of one request: form, save or sheet)",
    )
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/cycle.sqlite3"
    os.environ.pop("DEBUG", None)  # DEBUG off, as the hall's server runs
    os.environ.setdefault("SECRET_KEY", "bench-deal-cycle-" + "x" * 40)

    from load_hall import CSRF, NUMBER, four_fields, prepare_database

    event, tokens, seats = prepare_database(args.tables)

    from django.conf import settings
    from django.db import connection
    from django.test import Client

    settings.ALLOWED_HOSTS.append("testserver")
    client = Client()
    rng = random.Random(1)

    profile = cProfile.Profile() if args.profile else None

    def cycle(i, timings=None):
        token, names = tokens[i], seats[i]
        marks = {}

        def timed(name, fn):
            counter = Counter()
            profiled = timings is not None and profile and args.profile in ("all", name.split()[0])
            with connection.execute_wrapper(counter):
                if profiled:
                    profile.enable()
                start = time.thread_time()
                response = fn()
                spent = time.thread_time() - start
                if profiled:
                    profile.disable()
            marks[name] = (spent * 1000, counter.count)
            return response

        form = timed("form GET", lambda: client.get(f"/t/{token}/deal/"))
        text = form.content.decode()
        assert form.status_code == 200, form.status_code
        body = {
            "csrfmiddlewaretoken": CSRF.search(text).group(1),
            "number": NUMBER.search(text).group(1),
            **four_fields(names, rng.randint(10, 60)),
            "save": "1",
        }
        saved = timed("save POST", lambda: client.post(f"/t/{token}/deal/", body))
        assert saved.status_code == 302, saved.content.decode()[:2000]
        sheet = timed("sheet GET", lambda: client.get(saved["Location"]))
        assert sheet.status_code == 200
        if timings is not None:
            for name, value in marks.items():
                timings.setdefault(name, []).append(value)

    for _ in range(args.warm):
        for i in range(len(tokens)):
            cycle(i)
    timings: dict[str, list] = {}
    for n in range(args.repeats):
        cycle(n % len(tokens), timings)
    print(
        f"deal cycle on {connection.vendor}, DEBUG off, table links, {args.tables} tables, "
        f"sheets of {args.warm} to {args.warm + -(-args.repeats // args.tables)} deals; "
        f"median of {args.repeats} cycles (server CPU ms, queries)"
    )
    total_ms = total_q = 0
    for name, values in timings.items():
        cpu = statistics.median(v[0] for v in values)
        queries = max(v[1] for v in values)
        total_ms += cpu
        total_q += queries
        print(f"  {name:18s} {cpu:7.1f} ms  {queries:3d} queries")
    print(f"  {'a whole cycle':18s} {total_ms:7.1f} ms  {total_q:3d} queries")
    if profile:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("cumulative").print_stats(40)
        print(out.getvalue())
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("tottime").print_stats(25)
        print(out.getvalue())


if __name__ == "__main__":
    main()
