"""The screenshots' server (scripts/screenshots.py): the app started as `make run`
starts it, on a new SQLite database in a temporary folder, the demo's pages to show
found by what they are, and the server's manage.py run for rows the pictures add.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
HALL_URL = "http://192.168.1.20:8000/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(folder: Path, port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG")}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        SECRET_KEY="screenshots-" + secrets.token_urlsafe(40),
        HALL_URL=HALL_URL,
        PUBLIC_URL="https://taroky.example.org/",
    )
    os.environ.update(DATABASE_URL=env["DATABASE_URL"], SECRET_KEY=env["SECRET_KEY"])
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"{HOST}:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=5):
                return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                sys.exit(f"The server did not start:\n{server.stderr.read()}")
            time.sleep(0.5)


def demo_ids() -> dict[str, int]:
    """The pages to show, found in the demo by what they are, not by their numbers."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings")
    import django

    django.setup()
    from tournaments.scoping import unscoped_script

    unscoped_script()  # this script reads every club's rows, as a command does
    from tournaments.models import Deal, Event, Player, Season

    thursday = Event.objects.get(name="Thursday club night")
    clarkson = Event.objects.get(name="Clarkson Taroky Tournament")
    texas = Event.objects.get(name="Texas XIX club night")
    last_round = clarkson.rounds.order_by("-number").first()
    corrected = (
        Deal.objects.filter(table__round__event=texas, versions__action="corrected")
        .order_by("number")
        .first()
    )
    tables = last_round.tables.order_by("number")
    petrtyl = Event.objects.get(name="Petrtyl four-handed club night")
    # The pot's last misdeal: deals after it play for the chips it paid in.
    misdeal = (
        Deal.objects.filter(table__round__event=petrtyl, kind="misdeal", voided=False)
        .order_by("-number")
        .first()
    )
    return {
        "misdeal": misdeal.pk,
        "season": Season.objects.get(name="Fall club season 2026").pk,
        # The season's leader, who played Texas and Petrtyl nights.
        "player": Player.objects.get(name="Pete Vlasák").pk,
        "clarkson": clarkson.pk,
        "clarkson_rounds": clarkson.rounds.count(),
        "round": last_round.pk,
        "entry_table": tables.last().pk,
        "sheet_table": thursday.rounds.get(number=1).tables.get(number=1).pk,
        "corrected_deal": corrected.pk,
    }


def manage_shell(code: str) -> str:
    """``code`` run by the server's ``manage.py shell`` (in the temporary database: the
    ORM is not called from Playwright's loop); the last word it prints, an id."""
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[-1]
