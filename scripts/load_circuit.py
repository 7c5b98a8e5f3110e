"""The circuit's load (load_hall.py --clubs N): many clubs' halls entering deals at once.

N clubs, each with its organizer (one of the club's organizers) and --events events of
--tables tables of four with table links, all on one server (``manage.py serve``, as
load_hall.py starts it). Every table's phone enters --deals deals at a hall's pace: one
deal in each span of --pause seconds (100 s: a real hall), at a random moment in it;
every event's wall polls its live part every 2 s and the club's organizer polls the
event's inbox every 5 s, both conditionally, as in the hall's load. Prints the errors,
the save's latency (p50/p95/max), and whether every deal a phone saw saved is in the
database once, with the ledger's audit of every event.

Bounded: at most 50 clubs, 4 events a club, 1,000 tables in all, 50 deals a table and
an hour in all.
"""

from __future__ import annotations

import os
import random
import threading
import time

import hall_server
import load_hall
from hall_phone import HOST, Phone, Results, enter_deal, poll_once

MAX_CLUBS = 50
MAX_EVENTS = 4
MAX_ALL_TABLES = 1000
MAX_DEALS = 50
MAX_SECONDS = 3600
HALL_PACE = 100  # seconds between two deals at a real hall's table
WALL_EVERY, INBOX_EVERY = 2, 5


def check_arguments(parser, args) -> None:
    """The circuit's options, bounded; the hall's own (phases, polls, zips) refused."""
    if args.phase1 is not None or args.phase2 is not None or args.polls or args.zips:
        parser.error("--clubs runs the circuit's load: no --phase1, --phase2, --polls, --zips")
    if not 1 <= args.clubs <= MAX_CLUBS:
        parser.error(f"--clubs must be 1 to {MAX_CLUBS}")
    if not 1 <= args.events <= MAX_EVENTS:
        parser.error(f"--events must be 1 to {MAX_EVENTS}")
    if not 1 <= args.clubs * args.events * args.tables <= MAX_ALL_TABLES:
        parser.error(f"clubs x events x tables must be 1 to {MAX_ALL_TABLES}")
    if not 1 <= args.deals <= MAX_DEALS:
        parser.error(f"--deals must be 1 to {MAX_DEALS}")
    if not (0 < args.pause and args.deals * args.pause <= MAX_SECONDS):
        parser.error(f"--pause is above 0 and deals x pause at most {MAX_SECONDS} s")
    if not args.processes.isdigit() or not 1 <= int(args.processes) <= 16:
        parser.error("--processes with --clubs: one number, 1 to 16")


def prepare_circuit(clubs: int, events: int, tables: int):
    """Migrate, then ``clubs`` clubs with an organizer each and ``events`` events of
    ``tables`` tables each, seated, with table links. A database used before keeps its
    clubs (found by their slugs) and gets new events."""
    load_hall.setup_django()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournaments import services
    from tournaments.models import Club, Player, Seat, TableLink

    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    organizers, halls, phones = [], [], []
    for c in range(1, clubs + 1):
        club, _ = Club.objects.get_or_create(
            slug=f"load-club-{c:02d}", defaults={"name": f"Load club {c:02d}"}
        )
        user, _ = get_user_model().objects.get_or_create(
            username=f"load-club-{c:02d}-organizer", defaults={"is_staff": True}
        )
        user.set_password(load_hall.ORGANIZER_PASSWORD)  # the inbox's poller signs in
        user.save()
        club.organizers.add(user)
        organizers.append(user.username)
        for e in range(1, events + 1):
            event = services.create_event(
                user, club=club, name=f"{club.name} hall {e} {stamp}", **load_hall.hall_event()
            )
            players = [
                Player.objects.get_or_create(name=f"{club.name} hall {e} player {i:03d}")[0]
                for i in range(4 * tables)
            ]
            for p in players:
                services.register_player(event, user, player=p)
            rnd = services.create_round(event, user)
            services.set_roll_call(rnd, user, players)
            services.draw_seating(rnd, user, 1)
            services.issue_round_links(rnd, user)
            halls.append((event.pk, len(organizers) - 1))
            links = TableLink.objects.filter(table__round=rnd).order_by("table__number")
            for link in links.select_related("table"):
                seats = Seat.objects.filter(table=link.table).order_by("position")
                names = list(seats.values_list("player__name", flat=True))
                phones.append((event.pk, link.table.number, link.token, names))
    connection.close()
    return organizers, halls, phones


def sign_in_all(port: int, organizers: list[str]) -> list[dict]:
    """Each club's organizer signs in once (a password's hash is slow on purpose): the
    cookies their inbox pollers share. Before the clock starts."""
    cookies = [None] * len(organizers)

    def sign_in(i):
        phone = Phone(port)
        phone.sign_in(organizers[i], load_hall.ORGANIZER_PASSWORD)
        phone.close()
        cookies[i] = phone.cookies

    threads = [threading.Thread(target=sign_in, args=(i,)) for i in range(len(organizers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if None in cookies:
        raise SystemExit("an organizer could not sign in")
    return cookies


def run_circuit(port, halls, phones, cookies, deals: int, pause: float, seed: int = 1):
    """Every table's phone enters ``deals`` deals, one in each span of ``pause`` s at a
    random moment in it, while the walls and inboxes poll until the last deal."""
    results = Results()
    results.entered = 0  # deals a phone set out to enter (form asked for)
    done = threading.Event()
    began = time.monotonic()

    def table(i):
        rng = random.Random(seed * 100_000 + i)
        _, _, token, seats = phones[i]
        phone = Phone(port)
        for k in range(deals):
            wait = began + (k + rng.random()) * pause - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            with results.lock:
                results.entered += 1
            try:
                enter_deal(phone, token, seats, rng, results, i)
            except Exception as e:  # noqa: BLE001 - counted and shown
                results.error(f"{type(e).__name__}: {e}")
            # A phone put down between deals: its connection is not held for a minute.
            phone.close()

    def poller(path, every, into, cookie=None):
        def poll():
            phone = Phone(port)
            phone.cookies = dict(cookie or {})
            while not done.is_set():
                poll_once(phone, path, results, into)
                done.wait(every)
            phone.close()

        return poll

    tables = [threading.Thread(target=table, args=(i,)) for i in range(len(phones))]
    polls = []
    for event, organizer in halls:
        wall = poller(f"/events/{event}/wall/live/", WALL_EVERY, results.wall)
        inbox = poller(f"/events/{event}/inbox/", INBOX_EVERY, results.inbox, cookies[organizer])
        polls += [threading.Thread(target=wall), threading.Thread(target=inbox)]
    for t in polls + tables:
        t.start()
    for t in tables:
        t.join()
    elapsed = time.monotonic() - began
    done.set()
    for t in polls:
        t.join()
    return results, elapsed


def check_circuit(halls, phones, results) -> str:
    """Deals entered, seen saved, in the database (none lost, none twice), and the
    audit of every event's ledger."""
    from tournaments.ledger_audit import audit_ledger
    from tournaments.models import Deal

    events = [event for event, _ in halls]
    seen = {(phones[i][0], phones[i][1], n) for i, n in results.numbers}
    rows = list(
        Deal.objects.filter(table__round__event__in=events).values_list(
            "table__round__event", "table__number", "number"
        )
    )
    lost = seen - set(rows)
    twice = len(rows) - len(set(rows))
    problems = audit_ledger(events).problems
    return (
        f"ledger: {results.entered} deals entered, {len(results.numbers)} seen saved by the "
        f"phones, {len(rows)} in the database, {len(lost)} lost, {twice} twice; "
        f"audit_ledger of {len(events)} events: "
        f"{'clean' if not problems else f'{len(problems)} problems'}"
    )


def main(args, database: str) -> None:
    processes = int(args.processes)
    began = time.monotonic()
    organizers, halls, phones = prepare_circuit(args.clubs, args.events, args.tables)
    set_up = time.monotonic() - began
    port = hall_server.free_port()
    server = hall_server.start_server(port, processes)
    how = (
        "waitress, 8 threads" if processes == 1 else f"gunicorn, {processes} processes of 8 threads"
    )
    print(
        f"\ncircuit: {args.clubs} clubs of {args.events} event{'s' if args.events > 1 else ''} "
        f"of {args.tables} tables "
        f"({len(phones)} tables, {len(phones) * 4} players; set up in {set_up:.0f} s) against "
        f"manage.py serve ({how}) on {HOST}:{port}, {database}, DEBUG off; each event's wall "
        f"polls every {WALL_EVERY} s, its inbox every {INBOX_EVERY} s"
    )
    try:
        cookies = sign_in_all(port, organizers)
        before = hall_server.cpu_seconds(server.pid)
        results, elapsed = run_circuit(port, halls, phones, cookies, args.deals, args.pause)
        cpu = hall_server.cpu_spent(before, hall_server.cpu_seconds(server.pid))
        pace = f"{args.deals} deals a table, one every {args.pause:g} s"
        load_hall.report(f"deals ({pace})", results, elapsed, cpu)
    finally:
        hall_server.stop_server(server)
    print(check_circuit(halls, phones, results))
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
