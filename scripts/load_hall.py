"""Load test of the hall: N tables enter deals through their table links at once.

Starts the server as `make run` does (`manage.py serve`: waitress, 8 threads, DEBUG
off; with --processes N>1 `serve --processes N`: gunicorn, N worker processes) on
127.0.0.1 with a new tournament of N tables with table links, then runs N simulated
phones, one a table, while the wall polls its live part every 2 s and an organizer
polls the inbox every 5 s, both with conditional requests (If-None-Match):

  phase 1: ten times a real hall's pace: each table a deal every 10 s on average,
           at random moments (exponential pauses);
  phase 2: flat out: each phone enters its next deal as soon as the last is saved.
  polls:   (--polls S) the live pages alone, flat out for S seconds: every table's
           sheet, the wall and the inbox, first as plain GETs (every poll rendered, as
           before conditional requests), then conditional (304 while nothing changed).
  zips:    (--zips N) each phase again, with N visitors asking for the results
           website's zip at once all along (each asks again as soon as it has its
           answer; told "being built" (202), it asks again after the Retry-After), and
           the deal's save side by side without and with them. The zip is built once
           per change of the event, one build at a time (tournaments/site_store.py):
           no answer may be a 5xx.

Each deal is what a phone does: open the deal form (GET), save it (POST, redirect),
and the table's sheet (GET). Prints, per phase, the latency of the deal's save and of
the whole three requests (p50/p95/max), errors, deals per second, the server's CPU (its
processes together) a deal, and the polls'. After each run, every deal a phone saw saved
is in the database once (no deal lost, none twice) and the ledger audit is clean.

Run: .venv/bin/python scripts/load_hall.py [--tables 40] [--phase1 60] [--phase2 30]
     .venv/bin/python scripts/load_hall.py --processes 1,4 --polls 10
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/hall_load .venv/bin/python scripts/load_hall.py
     .venv/bin/python scripts/load_hall.py --zips 8
--processes 1,4 runs everything once with each number of server processes, a new
tournament each, and prints their phase 2 side by side. Without DATABASE_URL it uses a
new SQLite file under var/load_hall/ (WAL mode, as settings.py sets it). A PostgreSQL
database gets one more event each run.

--clubs N runs the circuit's load instead (scripts/load_circuit.py): N clubs with
--events events (2) of --tables tables (10) each, every table entering --deals deals
(3) at a hall's pace (--pause 100 s), all at once against one server.

It only ever talks to 127.0.0.1 (the server it started), and it is bounded: at most
200 tables, 600 s a phase, 60 s for a single request.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

from hall_phone import HOST, REFRESH, Phone, Results, enter_deal, poll_once
from hall_server import cpu_seconds, cpu_spent, free_port, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
MAX_TABLES = 200
MAX_PHASE_SECONDS = 600
MAX_ZIPS = 32
ORGANIZER_PASSWORD = "load-test-organizer-pw"


def setup_django() -> None:
    """Django set up on the run's database, migrated (SQLite: in WAL mode)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings")
    from _database import ensure_database

    ensure_database()

    import django

    django.setup()
    from tournaments.scoping import unscoped_script

    unscoped_script()  # this script reads every club's rows, as a command does
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")  # kept in the file: the server's too


def hall_event() -> dict:
    """How a load test's event is set up (the hall's and the circuit's alike): a La Vista
    tournament of 1,000 chips, published, its link's deals confirmed by the organizer."""
    import datetime

    from tournaments.models import Event

    return {
        "date": datetime.date.today(),
        "kind": Event.Kind.TOURNAMENT,
        "ruleset": "la-vista",
        "house_rules": {},
        "starting_chips": 1000,
        "session_end": Event.SessionEnd.FIXED_DEALS,
        # More deals than any phase plays at a table, and a round pack (blank sheets of
        # as many rows, in the results website) of a size a real event could have.
        "deals_per_session": 200,
        "published": True,
        "table_deals_need_confirmation": True,
    }


def prepare_database(tables: int) -> tuple[int, list[str], list[list[str]]]:
    """Migrate, then a tournament with ``tables`` tables of four and their links."""

    setup_django()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournaments import services
    from tournaments.models import Player, Seat, TableLink

    user, _ = get_user_model().objects.get_or_create(
        username="load-organizer", defaults={"is_staff": True}
    )
    user.set_password(ORGANIZER_PASSWORD)  # the inbox's poller signs in
    user.save()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    event = services.create_event(user, name=f"Hall load test {stamp}", **hall_event())
    players = [
        Player.objects.get_or_create(name=f"Load player {i:03d}")[0] for i in range(4 * tables)
    ]
    for p in players:
        services.register_player(event, user, player=p)
    rnd = services.create_round(event, user)
    services.set_roll_call(rnd, user, players)
    services.draw_seating(rnd, user, 1)
    services.issue_round_links(rnd, user)
    tokens, seats = [], []
    for link in TableLink.objects.filter(table__round=rnd).order_by("table__number"):
        tokens.append(link.token)
        seats.append(
            list(
                Seat.objects.filter(table=link.table)
                .order_by("position")
                .values_list("player__name", flat=True)
            )
        )
    connection.close()
    return event.pk, tokens, seats


def zip_downloader(port, event, stop, results):
    """A visitor asking for the results website's zip over and over: again as soon as
    it has it, or after the Retry-After of a "being built" answer."""

    def download():
        phone = Phone(port)
        first = path = f"/events/{event}/site.zip"
        start = time.perf_counter()
        while time.monotonic() < stop:
            try:
                status, _, text = phone.request("GET", path)
            except Exception as e:  # noqa: BLE001 - counted and shown
                results.error(f"zip: {type(e).__name__}: {e}")
                continue
            with results.lock:
                results.zip_answers[status] = results.zip_answers.get(status, 0) + 1
                if status == 200:  # from the first request to the zip
                    results.zips.append(time.perf_counter() - start)
            if status == 202:  # as a browser does: the page's refresh, after its pause
                again = REFRESH.search(text)
                path = html.unescape(again.group(1)) if again else first
                wait = float(phone.retry_after or 5)
                time.sleep(max(0.0, min(wait, stop - time.monotonic())))
                continue
            if status != 200:
                results.error(f"zip: HTTP {status}")
            path, start = first, time.perf_counter()
        phone.close()

    return download


def run_phase(port, event, tokens, seats, seconds, mean_pause, seed, zips=0):
    results = Results()
    stop = time.monotonic() + seconds

    def table(i):
        rng = random.Random(seed * 1000 + i)
        phone = Phone(port)
        try:
            while True:
                if mean_pause:
                    pause = rng.expovariate(1 / mean_pause)
                    if time.monotonic() + pause >= stop:
                        return
                    time.sleep(pause)
                if time.monotonic() >= stop:
                    return
                try:
                    enter_deal(phone, tokens[i], seats[i], rng, results, i)
                except Exception as e:  # noqa: BLE001 - counted and shown
                    results.error(f"{type(e).__name__}: {e}")
        finally:
            phone.close()

    def poller(path, every, into, organizer=False):
        """A page polled with conditional requests, as the wall's script does."""

        def poll():
            phone = Phone(port)
            if organizer:
                phone.sign_in("load-organizer", ORGANIZER_PASSWORD)
            while time.monotonic() < stop:
                poll_once(phone, path, results, into)
                # No later than the phase's end: a phase lasts the seconds it was given.
                time.sleep(max(0.0, min(every, stop - time.monotonic())))
            phone.close()

        return poll

    threads = [threading.Thread(target=table, args=(i,)) for i in range(len(tokens))]
    threads.append(threading.Thread(target=poller(f"/events/{event}/wall/live/", 2, results.wall)))
    inbox = poller(f"/events/{event}/inbox/", 5, results.inbox, organizer=True)
    threads.append(threading.Thread(target=inbox))
    for _ in range(zips):
        threads.append(threading.Thread(target=zip_downloader(port, event, stop, results)))
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, time.monotonic() - began


def ms(values: list[float]) -> str:
    if not values:
        return "no requests"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"p50 {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {values[-1] * 1000:.0f} ms"
    )


def report(name, results: Results, elapsed: float, cpu: float | None):
    deals = len(results.save)
    print(
        f"{name}: {deals} deals in {elapsed:.0f} s = {deals / elapsed:.1f} deals/s, "
        f"{len(results.errors)} errors"
    )
    if cpu is not None and deals:
        print(
            f"  server CPU: {cpu / elapsed * 100:.0f}% of a core, "
            f"{cpu / deals * 1000:.0f} ms a deal (with the polls)"
        )
    print(f"  save (POST to redirect): {ms(results.save)}")
    print(f"  deal (form, save, sheet): {ms(results.deal)}")
    print(f"  wall ({len(results.wall)} polls): {ms(results.wall)}")
    print(f"  inbox ({len(results.inbox)} polls): {ms(results.inbox)}")
    polls = len(results.wall) + len(results.inbox)
    if polls:
        print(f"  polls answered 304 (nothing changed): {results.unchanged} of {polls}")
    if results.zip_answers:
        answers = ", ".join(f"{n} x {s}" for s, n in sorted(results.zip_answers.items()))
        print(f"  zip: answers {answers}; from asking to the zip: {ms(results.zips)}")
    for message in sorted(set(results.errors))[:5]:
        print(f"  error: {message} (x{results.errors.count(message)})")


def poll_bench(port, event, tokens, seconds: float, conditional: bool):
    """The live pages alone, flat out: each table's sheet (its link), the wall's live
    part and the inbox, by as many pollers as tables + 2; requests a second."""
    stop = time.monotonic() + seconds
    counts = []
    errors = []
    paths = [f"/t/{t}/" for t in tokens] + [
        f"/events/{event}/wall/live/",
        f"/events/{event}/inbox/",
    ]

    def poll(path):
        phone = Phone(port)
        if "/inbox/" in path:
            phone.sign_in("load-organizer", ORGANIZER_PASSWORD)
        n = unchanged = 0
        while time.monotonic() < stop:
            try:
                status, _, _ = phone.request("GET", path, etag=phone.etag if conditional else None)
            except Exception as e:  # noqa: BLE001
                errors.append(f"{type(e).__name__}")
                continue
            if status not in (200, 304):
                errors.append(f"HTTP {status}")
            n += 1
            unchanged += status == 304
        phone.close()
        counts.append((n, unchanged))

    threads = [threading.Thread(target=poll, args=(p,)) for p in paths]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - began
    total = sum(n for n, _ in counts)
    return total / elapsed, sum(u for _, u in counts), total, len(errors)


def check_ledger(event: int, results_list) -> str:
    """Every deal a phone saw saved is in the database once, and the audit is clean."""
    from tournaments.ledger_audit import audit_ledger
    from tournaments.models import Deal

    seen = [pair for r in results_list for pair in r.numbers]
    deals = list(
        Deal.objects.filter(table__round__event=event).values_list("table__number", "number")
    )
    lost = {(t + 1, n) for t, n in seen} - set(deals)
    twice = len(deals) - len(set(deals))
    problems = audit_ledger([event]).problems
    return (
        f"ledger: {len(deals)} deals in the database, {len(seen)} seen saved by the phones, "
        f"{len(lost)} lost, {twice} twice; audit_ledger: "
        f"{'clean' if not problems else f'{len(problems)} problems'}"
    )


def check_hall_arguments(parser, args) -> list[int]:
    """The hall's options, bounded; the server processes to run with, one after the
    other."""
    for name, default in (("tables", 40), ("phase1", 60), ("phase2", 30), ("pause", 10)):
        if getattr(args, name) is None:
            setattr(args, name, default)
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1 to {MAX_TABLES}")
    if not (0 <= args.phase1 <= MAX_PHASE_SECONDS and 0 < args.phase2 <= MAX_PHASE_SECONDS):
        parser.error(f"phases last 1 to {MAX_PHASE_SECONDS} seconds")
    if not 0 <= args.polls <= MAX_PHASE_SECONDS:
        parser.error(f"--polls is 0 to {MAX_PHASE_SECONDS} seconds")
    if not 0 <= args.zips <= MAX_ZIPS:
        parser.error(f"--zips is 0 to {MAX_ZIPS}")
    try:
        counts = [int(n) for n in args.processes.split(",")]
    except ValueError:
        parser.error("--processes is a number or a list like 1,4")
    if not all(1 <= n <= 16 for n in counts):
        parser.error("--processes: 1 to 16 each")
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, help="default 40 (--clubs: 10 an event)")
    parser.add_argument("--phase1", type=float, help="seconds (default 60; 0: none)")
    parser.add_argument("--phase2", type=float, help="seconds (default 30)")
    parser.add_argument(
        "--pause", type=float, help="phase 1's mean pause, s (default 10; --clubs: 100)"
    )
    parser.add_argument(
        "--processes", default="1", help="server processes, or a list to compare: 1,4"
    )
    parser.add_argument("--clubs", type=int, default=0, help="the circuit's load: N clubs")
    parser.add_argument("--events", type=int, default=2, help="--clubs: events a club")
    parser.add_argument("--deals", type=int, default=3, help="--clubs: deals a table")
    parser.add_argument(
        "--polls", type=float, default=0, help="seconds of the polls alone, each way (0: none)"
    )
    parser.add_argument(
        "--zips",
        type=int,
        default=0,
        help="each phase again with this many visitors asking for the zip at once (0: none)",
    )
    args = parser.parse_args()
    if args.clubs:  # the circuit's load (scripts/load_circuit.py)
        import load_circuit

        args.tables = 10 if args.tables is None else args.tables
        args.pause = load_circuit.HALL_PACE if args.pause is None else args.pause
        load_circuit.check_arguments(parser, args)
        counts = []
    else:
        counts = check_hall_arguments(parser, args)

    if "DATABASE_URL" not in os.environ:
        folder = ROOT / "var" / "load_hall"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("db.sqlite3*"):
            old.unlink()
        os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
    os.environ.pop("DEBUG", None)  # DEBUG off, as `make run` serves
    database = os.environ["DATABASE_URL"].split(":", 1)[0]
    print(
        f"load_hall {time.strftime('%Y-%m-%d %H:%M:%S')}, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores, {database}"
    )
    if args.clubs:
        load_circuit.main(args, database)
        return
    side_by_side = []
    for processes in counts:
        event, tokens, seats = prepare_database(args.tables)
        port = free_port()
        server = start_server(port, processes)
        how = (
            "waitress, 8 threads"
            if processes == 1
            else f"gunicorn, {processes} processes of 8 threads"
        )
        print(
            f"\n{args.tables} tables against manage.py serve ({how}) on {HOST}:{port}, "
            f"{database}, DEBUG off; the wall polls every 2 s, the inbox every 5 s"
        )
        phases = [("phase 2 (flat out)", args.phase2, 0, 2)]
        if args.phase1:
            phases.insert(
                0, (f"phase 1 (a deal every {args.pause:g} s a table)", args.phase1, args.pause, 1)
            )
        done = []
        with_zips = []
        try:
            for name, seconds, pause, seed in phases:
                # With --zips: the phase, then the phase again with the downloads.
                for zips in (0, args.zips) if args.zips else (0,):
                    said = f"{name} with {zips} zip downloads at once" if zips else name
                    before = cpu_seconds(server.pid)
                    results, elapsed = run_phase(
                        port, event, tokens, seats, seconds, pause, seed, zips
                    )
                    cpu = cpu_spent(before, cpu_seconds(server.pid))
                    report(said, results, elapsed, cpu)
                    done.append(results)
                    if args.zips:
                        with_zips.append((name, zips, results))
                    if pause == 0 and not zips:
                        side_by_side.append((processes, results, elapsed, cpu))
            if with_zips:
                print(f"\nthe deal's save without and with {args.zips} zip downloads at once:")
                for name, zips, results in with_zips:
                    fives = sum(n for s, n in results.zip_answers.items() if s >= 500)
                    print(
                        f"  {name}, {zips} zips: save {ms(results.save)}"
                        + (f"; {fives} zip answers 5xx" if zips else "")
                    )
            if args.polls:
                for conditional in (False, True):
                    rate, unchanged, total, errors = poll_bench(
                        port, event, tokens, args.polls, conditional
                    )
                    kind = "conditional (If-None-Match)" if conditional else "plain GET"
                    print(
                        f"polls alone, {kind}: {rate:.0f} requests/s ({total} in "
                        f"{args.polls:g} s, {unchanged} answered 304, {errors} errors)"
                    )
        finally:
            stop_server(server)
        print(check_ledger(event, done))
    if len(side_by_side) > 1:
        print("\nphase 2 (flat out) side by side:")
        for processes, results, elapsed, cpu in side_by_side:
            deals = len(results.save)
            cpu_ms = f", {cpu / deals * 1000:.0f} ms CPU a deal" if cpu and deals else ""
            print(
                f"  {processes} process{'es' if processes > 1 else ''}: "
                f"{deals / elapsed:.1f} deals/s, save {ms(results.save).split(', ')[1]}"
                f", {len(results.errors)} errors{cpu_ms}"
            )


if __name__ == "__main__":
    main()
