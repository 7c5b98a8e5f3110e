"""Where a deal's time goes: the three requests of a phone's deal cycle, in one process.

The load test's database (scripts/load_hall.py: a tournament of tables of four with
table links, La Vista), DEBUG off, Django's test client through the whole middleware:
each cycle is what a phone does at its table: open the deal form (GET), save it (POST,
redirect), see the table's sheet (GET). Prints, per request, the median server CPU
time (this process's thread CPU, so other work on the machine weighs less than on a
wall clock) and its query count, over --repeats cycles spread over the tables after
--warm deals a table (a sheet of that many deals).

--against-bare runs this cycle and the floor under it (scripts/bench_bare_cycle.py: the
same three requests in a bare Django project) side by side: two processes answering
batches of cycles in turn (--rounds of --batch cycles each, the order swapped every
round), so a machine shared with other work weighs on both alike. It prints both
medians, per request and a whole cycle, their ratio and the spread of the rounds'
ratios; with --max-ratio R it exits 1 when the cycle is more than R times the floor's.

Run: .venv/bin/python scripts/bench_deal_cycle.py [--tables 10] [--warm 10] [--repeats 60]
     .venv/bin/python scripts/bench_deal_cycle.py --profile      # and cProfile's top
     .venv/bin/python scripts/bench_deal_cycle.py --against-bare --max-ratio 2
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_cycle .venv/bin/python ...
Without DATABASE_URL it uses a new SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

REQUESTS = {"form GET": "form", "save POST": "save", "sheet GET": "sheet"}


class Counter:
    """Counts the queries of a request (cheaper than Django's debug cursor)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


class Bench:
    """The load test's database and a phone's client: ``cycle`` enters one deal."""

    def __init__(self, tables: int, profile: str | None = None):
        if "DATABASE_URL" not in os.environ:
            os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/cycle.sqlite3"
        os.environ.pop("DEBUG", None)  # DEBUG off, as the hall's server runs
        os.environ.setdefault("SECRET_KEY", "bench-deal-cycle-" + "x" * 40)

        from hall_phone import CSRF, NUMBER, four_fields
        from load_hall import prepare_database

        self.csrf, self.number, self.four_fields = CSRF, NUMBER, four_fields
        _, self.tokens, self.seats = prepare_database(tables)

        from django.conf import settings
        from django.db import connection
        from django.test import Client

        settings.ALLOWED_HOSTS.append("testserver")
        self.connection = connection
        self.client = Client()
        self.rng = random.Random(1)
        self.profile_what = profile
        self.profile = cProfile.Profile() if profile else None
        self.done = 0

    def cycle(self, measured: bool = True) -> dict[str, tuple[float, int]]:
        """One deal at the next table: each request's (thread CPU ms, queries)."""
        i = self.done % len(self.tokens)
        self.done += 1
        token, names = self.tokens[i], self.seats[i]
        marks = {}

        def timed(name, fn):
            counter = Counter()
            profiled = measured and self.profile and self.profile_what in ("all", REQUESTS[name])
            with self.connection.execute_wrapper(counter):
                if profiled:
                    self.profile.enable()
                start = time.thread_time()
                response = fn()
                spent = time.thread_time() - start
                if profiled:
                    self.profile.disable()
            marks[name] = (spent * 1000, counter.count)
            return response

        client = self.client
        form = timed("form GET", lambda: client.get(f"/t/{token}/deal/"))
        text = form.content.decode()
        assert form.status_code == 200, form.status_code
        body = {
            "csrfmiddlewaretoken": self.csrf.search(text).group(1),
            "number": self.number.search(text).group(1),
            **self.four_fields(names, self.rng.randint(10, 60)),
            "save": "1",
        }
        saved = timed("save POST", lambda: client.post(f"/t/{token}/deal/", body))
        assert saved.status_code == 302, saved.content.decode()[:2000]
        sheet = timed("sheet GET", lambda: client.get(saved["Location"]))
        assert sheet.status_code == 200
        return marks

    def warm(self, deals: int) -> None:
        for _ in range(deals * len(self.tokens)):
            self.cycle(measured=False)


def medians(timings: dict[str, list]) -> dict[str, float]:
    """Each request's median (ms) and, under "cycle", their sum."""
    said = {name: statistics.median(values) for name, values in timings.items()}
    said["cycle"] = sum(said.values())
    return said


# -- one process: ours alone -------------------------------------------------------------


def alone(args) -> None:
    bench = Bench(args.tables, args.profile)
    bench.warm(args.warm)
    timings: dict[str, list] = {}
    for _ in range(args.repeats):
        for name, value in bench.cycle().items():
            timings.setdefault(name, []).append(value)
    print(
        f"deal cycle on {bench.connection.vendor}, DEBUG off, table links, {args.tables} tables, "
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
    if bench.profile:
        for order, top in (("cumulative", 40), ("tottime", 25)):
            out = io.StringIO()
            pstats.Stats(bench.profile, stream=out).sort_stats(order).print_stats(top)
            print(out.getvalue())


# -- side by side with the floor ---------------------------------------------------------


def serve(args) -> None:
    """Answer --against-bare's batches: a line "N" runs N measured cycles and answers
    their times and queries ("@@ {json}"); an empty line or the end of input stops."""
    bench = Bench(args.tables)
    bench.warm(args.warm)
    print(f"@@ ready {bench.connection.vendor}", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        marks = [bench.cycle() for _ in range(int(line))]
        said = {REQUESTS[name]: [m[name][0] for m in marks] for name in REQUESTS}
        said["queries"] = {REQUESTS[n]: max(m[n][1] for m in marks) for n in REQUESTS}
        print("@@ " + json.dumps(said), flush=True)


class Worker:
    """A benchmark in a process of its own, answering batches (its ``--serve``)."""

    def __init__(self, command: list[str]):
        self.process = subprocess.Popen(
            [sys.executable, *command],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.said = self._answer()  # "ready ...": set up and warmed

    def _answer(self) -> str:
        for line in self.process.stdout:
            if line.startswith("@@ "):
                return line[3:].strip()
        raise SystemExit(f"{self.process.args[1]} stopped (exit {self.process.wait()})")

    def batch(self, cycles: int) -> dict:
        self.process.stdin.write(f"{cycles}\n")
        self.process.stdin.flush()
        return json.loads(self._answer())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.close()
            self.process.wait(timeout=60)


def against_bare(args) -> int:
    """Ours and the floor in turn; 1 if the cycle is more than --max-ratio the floor's."""
    load_before = os.getloadavg()
    ours_command = [
        "scripts/bench_deal_cycle.py",
        "--serve",
        f"--tables={args.tables}",
        f"--warm={args.warm}",
    ]
    ours = Worker(ours_command)
    bare = Worker(["scripts/bench_bare_cycle.py", "--serve", f"--tables={args.tables}"])
    workers = {"ours": ours, "bare": bare}
    timings = {who: {"form": [], "save": [], "sheet": []} for who in workers}
    queries: dict[str, int] = {}
    ratios = []
    try:
        for r in range(args.rounds):
            order = ("ours", "bare") if r % 2 == 0 else ("bare", "ours")
            round_cycle = {}
            for who in order:
                said = workers[who].batch(args.batch)
                for name in ("form", "save", "sheet"):
                    timings[who][name] += said[name]
                if who == "ours":
                    for name, n in said["queries"].items():
                        queries[name] = max(queries.get(name, 0), n)
                round_cycle[who] = medians({n: said[n] for n in ("form", "save", "sheet")})
            ratios.append(round_cycle["ours"]["cycle"] / round_cycle["bare"]["cycle"])
    finally:
        for worker in workers.values():
            worker.stop()
    load_after = os.getloadavg()
    ours_m, bare_m = medians(timings["ours"]), medians(timings["bare"])
    ratio = ours_m["cycle"] / bare_m["cycle"]
    cycles = args.rounds * args.batch
    print(
        f"deal cycle on {ours.said.split()[-1]} against a bare Django cycle, side by side: "
        f"{args.rounds} rounds of {args.batch} cycles each, alternated; {args.tables} tables, "
        f"sheets of {args.warm} to {args.warm + -(-cycles // args.tables)} deals "
        f"(the floor's: 16 rows); load average {load_before[0]:.1f} before, "
        f"{load_after[0]:.1f} after"
    )
    print(f"  {'median CPU ms':14s} {'ours':>7s} {'bare':>7s} {'ratio':>6s}  queries (ours)")
    for name in ("form", "save", "sheet"):
        print(
            f"  {name:14s} {ours_m[name]:7.1f} {bare_m[name]:7.1f} "
            f"{ours_m[name] / bare_m[name]:5.1f}x  {queries[name]}"
        )
    print(
        f"  {'a whole cycle':14s} {ours_m['cycle']:7.1f} {bare_m['cycle']:7.1f} {ratio:5.2f}x"
        f"  {sum(queries.values())}"
    )
    ratios.sort()
    print(
        f"  the rounds' ratios: {ratios[0]:.2f}x to {ratios[-1]:.2f}x, "
        f"median {statistics.median(ratios):.2f}x"
    )
    if args.max_ratio is not None:
        ok = ratio <= args.max_ratio
        print(
            f"{'within' if ok else 'OVER'} the bound: {ratio:.2f}x the floor "
            f"{'<=' if ok else '>'} {args.max_ratio:g}x"
        )
        return 0 if ok else 1
    return 0


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
    parser.add_argument(
        "--against-bare",
        action="store_true",
        help="side by side with the bare Django floor (scripts/bench_bare_cycle.py)",
    )
    parser.add_argument("--rounds", type=int, default=10, help="--against-bare: rounds")
    parser.add_argument("--batch", type=int, default=6, help="--against-bare: cycles a round")
    parser.add_argument(
        "--max-ratio",
        type=float,
        help="--against-bare: exit 1 when a cycle costs more than this times the floor's",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args)
    elif args.against_bare:
        sys.exit(against_bare(args))
    else:
        alone(args)


if __name__ == "__main__":
    main()
