"""Serve the app for the hall: migrate, load the demo into a new database, serve.

`make run` is this command; on a laptop without make it is the third of three commands
(see the README). waitress is a production WSGI server in pure Python, so the same
command serves on Linux, macOS and Windows; WhiteNoise (in the middleware) serves the
static files.
"""

from __future__ import annotations

import io
import ipaddress
import os
import socket
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Event

from .load_demo import DEMO_PASSWORD, DEMO_USERNAME

# Matches the database connections PostgreSQL is configured for (one per thread).
THREADS = 8


def parse_host(value: str) -> tuple[str, int]:
    """'0.0.0.0:8000' -> ('0.0.0.0', 8000); a bare port means 127.0.0.1."""
    value = (value or "").strip()
    if value.isdigit():
        host, port = "127.0.0.1", value
    else:
        host, _, port = value.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) <= 65535:
        raise CommandError(f"HOST must look like 127.0.0.1:8000 or 0.0.0.0:8000, not {value!r}.")
    return host, int(port)


def is_loopback(address: str) -> bool:
    """Served on this laptop only (nobody else on the network can reach it)."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def demo_password_accounts() -> list[str]:
    """Accounts that can sign in with the published demo password."""
    accounts = get_user_model().objects.filter(is_active=True).order_by("username")
    return [u.get_username() for u in accounts if u.check_password(DEMO_PASSWORD)]


def lan_address() -> str | None:
    """This laptop's address on the hall's network (a UDP connect sends no packet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return None


class Command(BaseCommand):
    help = (
        "Migrate the database, load the demo into a new one, and serve the app with "
        "waitress (8 threads). HOST=0.0.0.0:8000 serves the hall's Wi-Fi."
    )

    def add_arguments(self, parser):
        parser.add_argument("host", nargs="?", default="127.0.0.1:8000", help="address:port")
        parser.add_argument(
            "--no-demo", action="store_true", help="Do not load the demo into a new database."
        )
        parser.add_argument("--threads", type=int, default=THREADS)
        parser.add_argument(
            "--processes",
            type=int,
            default=1,
            help="Serve with this many processes (gunicorn, Linux and macOS; for "
            "PostgreSQL). 1: one waitress process, as on a laptop.",
        )

    def handle(self, *args, host, no_demo, threads, processes=1, **options):
        address, port = parse_host(host)
        local = is_loopback(address)
        self.prepare(load_demo=not no_demo, show_password=local)
        if not local:
            # Every phone on the hall's Wi-Fi could sign in as an organizer.
            accounts = demo_password_accounts()
            if accounts:
                which = (
                    f"the account {accounts[0]} still has"
                    if len(accounts) == 1
                    else f"the accounts {', '.join(accounts)} still have"
                )
                raise CommandError(
                    f"Not serving on {address}: {which} the demo "
                    "password, which anyone on the network could use to sign in as an "
                    f"organizer. Change it first: manage.py changepassword {accounts[0]}",
                    returncode=1,
                )
        if processes > 1:
            self.serve_processes(address, port, processes, threads)
            return
        self.announce(address, port)
        from waitress import serve

        from taroky_site.wsgi import application

        serve(application, host=address, port=port, threads=threads, ident="taroky")

    def serve_processes(self, address: str, port: int, processes: int, threads: int) -> None:
        """Become gunicorn's master with ``processes`` workers of ``threads`` threads
        (taroky_site/gunicorn.conf.py), after this process migrated the database."""
        if os.name == "nt":
            raise CommandError(
                "Several processes need gunicorn, which runs on Linux and macOS; on Windows "
                "serve with one process (leave out --processes).",
                returncode=1,
            )
        try:
            import gunicorn  # noqa: F401
        except ImportError:
            raise CommandError(
                "Several processes need gunicorn: .venv/bin/python -m pip install -e "
                '".[processes]"',
                returncode=1,
            ) from None
        if not 1 < processes <= 64:
            raise CommandError("--processes must be 2 to 64.", returncode=1)
        from django.db import connections

        connections.close_all()  # nothing of this process's database is kept by a worker
        host = f"[{address}]" if ":" in address else address
        env = {
            **os.environ,
            "GUNICORN_BIND": f"{host}:{port}",
            "WEB_PROCESSES": str(processes),
            "SERVER_THREADS": str(threads),
            "HALL_URL": settings.HALL_URL,
        }
        self.announce(address, port, f"gunicorn, {processes} processes of {threads} threads")
        self.stdout.flush()
        config = Path(settings.BASE_DIR) / "taroky_site" / "gunicorn.conf.py"
        command = [sys.executable, "-m", "gunicorn", "-c", str(config)]
        os.execvpe(sys.executable, [*command, "taroky_site.wsgi:application"], env)

    def prepare(self, load_demo: bool = True, show_password: bool = True) -> None:
        database = settings.DATABASES["default"]
        if database["ENGINE"].endswith("sqlite3"):
            # A fresh checkout has no var/ yet for the SQLite file.
            Path(database["NAME"]).parent.mkdir(parents=True, exist_ok=True)
        call_command("migrate", interactive=False, verbosity=0)
        # The demo goes into a new database only: once organizers have their own
        # accounts or events, a restart leaves their data alone.
        fresh = not Event.objects.exists() and not get_user_model().objects.exists()
        if load_demo and fresh:
            printed = io.StringIO()
            call_command("load_demo", stdout=printed)  # prints the demo login
            for line in printed.getvalue().splitlines():
                if show_password or DEMO_PASSWORD not in line:
                    self.stdout.write(line)
        elif show_password and get_user_model().objects.filter(username=DEMO_USERNAME).exists():
            self.stdout.write(
                f"Demo organizer: user name '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
            )

    def announce(self, address: str, port: int, server: str = "") -> list[str]:
        urls = [f"http://127.0.0.1:{port}/"]
        if address in ("0.0.0.0", "::"):
            lan = lan_address()
            if lan:
                hall = f"http://{lan}:{port}/"
                urls.append(hall)
                settings.HALL_URL = settings.HALL_URL or hall
                if lan not in settings.ALLOWED_HOSTS and "*" not in settings.ALLOWED_HOSTS:
                    self.stderr.write(
                        f"Phones will be refused until ALLOWED_HOSTS includes {lan}: "
                        f"ALLOWED_HOSTS=localhost,127.0.0.1,{lan}"
                    )
        elif address not in ("127.0.0.1", "localhost"):
            urls = [f"http://{address}:{port}/"]
        how = f"{server}, " if server else ""
        self.stdout.write(
            f"Serving on {' and '.join(urls)} ({how}DEBUG {'on' if settings.DEBUG else 'off'}); "
            "Ctrl+C stops."
        )
        return urls
