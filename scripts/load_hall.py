"""Load test of the hall: N tables enter deals through their table links at once.

Starts the server as `make run` does (`manage.py serve`: waitress, 8 threads, DEBUG
off) on 127.0.0.1 with a new tournament of N tables with table links, then runs
N simulated phones, one a table, while a wall polls the standings every 2 s:

  phase 1: ten times a real hall's pace: each table a deal every 10 s on average,
           at random moments (exponential pauses);
  phase 2: flat out: each phone enters its next deal as soon as the last is saved.

Each deal is what a phone does: open the deal form (GET), save it (POST, redirect),
and the table's sheet (GET). Prints, per phase, the latency of the deal's save and of
the whole three requests (p50/p95/max), errors, deals per second, and the wall's.

Run: .venv/bin/python scripts/load_hall.py [--tables 40] [--phase1 60] [--phase2 30]
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/hall_load .venv/bin/python scripts/load_hall.py
Without DATABASE_URL it uses a new SQLite file under var/load_hall/ (WAL mode, as
settings.py sets it). A PostgreSQL database gets one more event each run.

It only ever talks to 127.0.0.1 (the server it started), and it is bounded: at most
200 tables, 600 s a phase, 60 s for a single request.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_TABLES = 200
MAX_PHASE_SECONDS = 600
REQUEST_TIMEOUT = 60
HOST = "127.0.0.1"  # loopback only, always


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def prepare_database(tables: int) -> tuple[int, list[str], list[list[str]]]:
    """Migrate, then a tournament with ``tables`` tables of four and their links."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings")
    import datetime

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")  # kept in the file: the server's too

    from tournaments import services
    from tournaments.models import Event, Player, Seat, TableLink

    user, _ = get_user_model().objects.get_or_create(
        username="load-organizer", defaults={"is_staff": True}
    )
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    event = services.create_event(
        user,
        name=f"Hall load test {stamp}",
        date=datetime.date.today(),
        kind=Event.Kind.TOURNAMENT,
        ruleset="la-vista",
        house_rules={},
        starting_chips=1000,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=100_000,
        published=True,
        table_deals_need_confirmation=True,
    )
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


class Phone:
    """One keep-alive connection with its own cookies, like a phone's browser."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = None

    def request(self, method: str, path: str, body: dict | None = None):
        headers = {"Host": f"{HOST}:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://{HOST}:{self.port}{path}"
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # waitress closed an idle keep-alive connection: open a new one once.
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, response.getheader("Location"), text


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NUMBER = re.compile(r'name="number" value="(\d+)"')


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.save: list[float] = []
        self.deal: list[float] = []
        self.wall: list[float] = []
        self.errors: list[str] = []

    def error(self, message: str):
        with self.lock:
            self.errors.append(message)


def enter_deal(phone: Phone, token: str, seats: list[str], rng: random.Random, results):
    start = time.perf_counter()
    status, _, form = phone.request("GET", f"/t/{token}/deal/")
    csrf, number = CSRF.search(form), NUMBER.search(form)
    if status != 200 or not csrf or not number:
        results.error(f"deal form: HTTP {status}")
        return
    body = {
        "csrfmiddlewaretoken": csrf.group(1),
        "number": number.group(1),
        "kind": "played",
        "dealer": seats[3],
        "bidder": seats[0],
        "bid": "four",
        "blind": "second",
        "partner": seats[2],
        "kontra": "none",
        "bidder_points": str(rng.randint(10, 60)),
        "save": "1",
    }
    saving = time.perf_counter()
    status, location, text = phone.request("POST", f"/t/{token}/deal/", body)
    saved = time.perf_counter()
    if status != 302 or location != f"/t/{token}/":
        results.error(f"save: HTTP {status} {re.findall(r'errorlist[^>]*><li>([^<]+)', text)[:1]}")
        return
    status, _, _ = phone.request("GET", location)
    if status != 200:
        results.error(f"sheet: HTTP {status}")
        return
    with results.lock:
        results.save.append(saved - saving)
        results.deal.append(time.perf_counter() - start)


def run_phase(port, event, tokens, seats, seconds, mean_pause, seed):
    results = Results()
    stop = time.monotonic() + seconds

    def table(i):
        rng = random.Random(seed * 1000 + i)
        phone = Phone(port)
        while True:
            if mean_pause:
                pause = rng.expovariate(1 / mean_pause)
                if time.monotonic() + pause >= stop:
                    return
                time.sleep(pause)
            if time.monotonic() >= stop:
                return
            try:
                enter_deal(phone, tokens[i], seats[i], rng, results)
            except Exception as e:  # noqa: BLE001 - counted and shown
                results.error(f"{type(e).__name__}: {e}")

    def wall():
        phone = Phone(port)
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                status, _, _ = phone.request("GET", f"/events/{event}/wall/live/")
                if status != 200:
                    results.error(f"wall: HTTP {status}")
            except Exception as e:  # noqa: BLE001
                results.error(f"wall: {type(e).__name__}: {e}")
            with results.lock:
                results.wall.append(time.perf_counter() - start)
            time.sleep(2)

    threads = [threading.Thread(target=table, args=(i,)) for i in range(len(tokens))]
    threads.append(threading.Thread(target=wall))
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


def cpu_seconds(pid: int) -> float | None:
    """The server's CPU time so far (Linux), to say what a deal costs it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(name, results: Results, elapsed: float, cpu: float | None):
    deals = len(results.save)
    print(
        f"{name}: {deals} deals in {elapsed:.0f} s = {deals / elapsed:.1f} deals/s, "
        f"{len(results.errors)} errors"
    )
    if cpu is not None and deals:
        print(
            f"  server CPU: {cpu / elapsed * 100:.0f}% of a core, "
            f"{cpu / deals * 1000:.0f} ms a deal (with the wall's polls)"
        )
    print(f"  save (POST to redirect): {ms(results.save)}")
    print(f"  deal (form, save, sheet): {ms(results.deal)}")
    print(f"  wall ({len(results.wall)} polls): {ms(results.wall)}")
    for message in sorted(set(results.errors))[:5]:
        print(f"  error: {message} (x{results.errors.count(message)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--phase1", type=float, default=60, help="seconds (default 60)")
    parser.add_argument("--phase2", type=float, default=30, help="seconds (default 30)")
    parser.add_argument("--pause", type=float, default=10, help="phase 1's mean pause, s")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1 to {MAX_TABLES}")
    if not (0 < args.phase1 <= MAX_PHASE_SECONDS and 0 < args.phase2 <= MAX_PHASE_SECONDS):
        parser.error(f"phases last 1 to {MAX_PHASE_SECONDS} seconds")

    if "DATABASE_URL" not in os.environ:
        folder = ROOT / "var" / "load_hall"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("db.sqlite3*"):
            old.unlink()
        os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
    os.environ.pop("DEBUG", None)  # DEBUG off, as `make run` serves
    event, tokens, seats = prepare_database(args.tables)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"{HOST}:{port}", "--no-demo"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if Phone(port).request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"The server did not start:\n{server.stderr.read()}")
            time.sleep(0.3)
        database = os.environ["DATABASE_URL"].split(":", 1)[0]
        print(
            f"{args.tables} tables against manage.py serve (waitress, 8 threads) on "
            f"{HOST}:{port}, {database}, DEBUG off; the wall polls every 2 s"
        )
        for name, seconds, pause, seed in [
            (f"phase 1 (a deal every {args.pause:g} s a table)", args.phase1, args.pause, 1),
            ("phase 2 (flat out)", args.phase2, 0, 2),
        ]:
            before = cpu_seconds(server.pid)
            results, elapsed = run_phase(port, event, tokens, seats, seconds, pause, seed)
            after = cpu_seconds(server.pid)
            cpu = after - before if before is not None and after is not None else None
            report(name, results, elapsed, cpu)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
