"""Nothing relies on one server process's memory: two server processes on one database
share the sign-in lock, the deals' numbers (a deal sent to one and again to the other
is "already saved") and the live pages' ETags. And `manage.py serve --processes 2`
(gunicorn) serves with two worker processes.

The servers are real processes (`manage.py serve`, DEBUG off) on 127.0.0.1 against the
test database; the test talks HTTP to them."""

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection

from tournaments import services

from ..conftest import played_doc
from .deal_forms import form_data

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
SECRET = "two-processes-test-secret-" + "k" * 40


def database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    user = urllib.parse.quote(s["USER"] or "")
    password = f":{urllib.parse.quote(s['PASSWORD'])}" if s["PASSWORD"] else ""
    return f"postgres://{user}{password}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`manage.py serve` in a process of its own."""

    def __init__(self, *args):
        self.port = free_port()
        env = {
            **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)},
            "DATABASE_URL": database_url(),
            "SECRET_KEY": SECRET,
            "DEBUG": "",
        }
        # What the server logs goes to a file: a pipe nobody reads could fill and stop it.
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", f"127.0.0.1:{self.port}", "--no-demo", *args],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if Phone(self).get("/healthz")[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                self.log.seek(0)
                raise AssertionError(f"the server did not start: {self.log.read()}")
            time.sleep(0.2)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.process.kill()
                self.process.wait()
        self.log.close()


class Phone:
    """A browser: cookies kept, a new connection for every request (so a process pool
    may hand each one to another worker)."""

    def __init__(self, server, cookies=None):
        self.server = server
        self.cookies = cookies if cookies is not None else {}

    def request(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {**(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.server.port}{path}"
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def get(self, path, **headers):
        return self.request("GET", path, headers=headers)

    def post_form(self, path, fields, **headers):
        """GET the page for its CSRF token, then POST ``fields`` with it."""
        _, _, page = self.get(path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self.request("POST", path, {"csrfmiddlewaretoken": token, **fields}, headers)


@pytest.fixture
def two_servers():
    first = Server()
    try:
        second = Server()
    except Exception:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


def test_two_processes_share_the_sign_in_lock_the_deals_and_the_etags(
    two_servers, table, organizer
):
    a, b = two_servers
    link = services.issue_link(table, organizer)

    # The sign-in lock: three failures at one process, two at the other: locked at both.
    for server in (a, a, a, b):
        status, _, page = Phone(server).post_form(
            "/accounts/login/", {"username": "org", "password": "wrong"}
        )
        assert status == 200 and "Too many failed" not in page
    status, _, page = Phone(b).post_form(
        "/accounts/login/", {"username": "org", "password": "wrong"}
    )
    assert status == 429
    assert "Too many failed sign-ins for this user name. Try again in 15 minutes." in page
    status, _, page = Phone(a).post_form(
        "/accounts/login/", {"username": "org", "password": "secret-org-pw"}
    )
    assert status == 429

    # The live pages' ETag is the database's: the same at both, and new at both after
    # a deal saved through one of them.
    wall = f"/events/{table.round.event_id}/wall/live/"
    services.update_event(table.round.event, organizer, published=True)
    tag_a = Phone(a).get(wall)[1]["etag"]
    tag_b = Phone(b).get(wall)[1]["etag"]
    assert tag_a == tag_b
    assert Phone(b).get(wall, **{"If-None-Match": tag_a})[0] == 304
    phone = Phone(a)
    status, headers, said = phone.post_form(
        f"/t/{link.token}/deal/", {**form_data(), "save": "1"}, Accept="application/json"
    )
    assert status == 200 and '"result": "saved"' in said
    assert Phone(b).get(wall, **{"If-None-Match": tag_a})[0] == 200
    assert Phone(a).get(wall, **{"If-None-Match": tag_a})[0] == 200
    tag = Phone(b).get(wall)[1]["etag"]
    assert Phone(a).get(wall, **{"If-None-Match": tag})[0] == 304

    # The same deal sent again, to the other process: already saved, counted once.
    status, _, said = Phone(b, phone.cookies).post_form(
        f"/t/{link.token}/deal/", {**form_data(), "save": "1"}, Accept="application/json"
    )
    assert '"result": "already_saved"' in said
    assert table.deals.count() == 1
    services.record_deal(table, played_doc(dealer="Anna"), organizer, number=2)
    assert table.deals.count() == 2


@pytest.mark.skipif(os.name == "nt", reason="gunicorn runs on Linux and macOS")
def test_serve_with_two_processes_runs_two_gunicorn_workers(table, organizer):
    server = Server("--processes", "2", "--threads", "2")
    try:
        master = server.process.pid
        children = Path(f"/proc/{master}/task/{master}/children")
        deadline = time.monotonic() + 30
        workers = []
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = children.read_text().split() if children.exists() else ["?", "?"]
            time.sleep(0.2)
        assert len(workers) == 2
        link = services.issue_link(table, organizer)
        # Every request on a new connection: both workers answer, and the sign-in lock
        # counts failures whichever worker took them.
        for _ in range(4):
            status, _, _ = Phone(server).post_form(
                "/accounts/login/", {"username": "org", "password": "wrong"}
            )
            assert status == 200
        status, _, _ = Phone(server).post_form(
            "/accounts/login/", {"username": "org", "password": "wrong"}
        )
        assert status == 429
        status, _, said = Phone(server).post_form(
            f"/t/{link.token}/deal/", {**form_data(), "save": "1"}, Accept="application/json"
        )
        assert '"result": "saved"' in said
        assert table.deals.count() == 1
    finally:
        server.stop()


def test_the_clock_is_the_database_s_across_a_restart_and_at_the_bell(table, organizer):
    """Rounds on the clock in real server processes, their time the server's own: round
    1 started 56 minutes ago (55 long: its bell rang a minute ago), round 2 40 minutes
    ago (50 long: 10 minutes left). One process says so and takes round 1's deal in
    progress; it stops; a new process (a restart: nothing kept in memory) shows the same
    bells and time left, and refuses a further deal through the link."""
    from unittest import mock

    from django.urls import reverse
    from django.utils import timezone

    from tournaments.models import Player

    event = services.update_event(table.round.event, organizer, session_end="timed")
    round2 = services.create_round(event, organizer)
    other = [Player.objects.create(name=n) for n in ("Emil", "Fanny", "Gustav", "Hana")]
    table2 = services.create_table(round2, organizer, other, first_forehand=other[0])
    now = timezone.now()
    for rnd, minutes, ago in ((table.round, 55, 56), (round2, 50, 40)):
        services.set_round_length(rnd, organizer, minutes)
        with mock.patch("django.utils.timezone.now", return_value=now - timedelta(minutes=ago)):
            services.start_round(rnd, organizer)
    bells = {
        "rung": now + timedelta(minutes=-1),
        "running": now + timedelta(minutes=10),
    }
    links = {
        "rung": services.issue_link(table, organizer),
        "running": services.issue_link(table2, organizer),
    }
    rang_at = timezone.localtime(bells["rung"]).strftime("%H:%M")
    time_up = f"Time is up: the round's bell rang at {rang_at}; the director enters any further"

    def clock_of(server, which):
        """The page's bell, and its time left: the time to the bell from when the
        server answered (the seconds it showed, against the test's clock before and
        after asking), or its words at the bell."""
        before = timezone.now()
        status, _, page = Phone(server).get(reverse("link-sheet", args=[links[which].token]))
        after = timezone.now()
        assert status == 200
        bell = int(re.search(r'data-bell="(\d+)"', page).group(1))
        left = re.search(r"data-clock-left>([^<]*)<", page).group(1)
        if ":" in left:
            minutes, seconds = left.split(":")
            shown = int(minutes) * 60 + int(seconds)
            due = bells[which]
            assert (due - after).total_seconds() - 1 <= shown <= (due - before).total_seconds() + 1
            left = "on time"
        return bell, left, page

    def ms(moment) -> int:
        return int(moment.timestamp() * 1000)

    deal = f"/t/{links['rung'].token}/deal/"
    first = Server()
    try:
        bell, left, _ = clock_of(first, "running")
        assert (bell, left) == (ms(bells["running"]), "on time")
        bell, left, page = clock_of(first, "rung")
        assert (bell, left) == (ms(bells["rung"]), "Time is up")
        # The deal in progress at the bell: one more through the link.
        phone = Phone(first)
        status, _, said = phone.post_form(
            deal, {**form_data(), "save": "1"}, Accept="application/json"
        )
        assert status == 200 and '"result": "saved"' in said
    finally:
        first.stop()
    assert table.deals.count() == 1
    again = Server()  # the restart
    try:
        bell, left, _ = clock_of(again, "running")
        assert (bell, left) == (ms(bells["running"]), "on time")
        bell, left, page = clock_of(again, "rung")
        assert (bell, left) == (ms(bells["rung"]), "Time is up")
        assert time_up in page.replace("&#x27;", "'") and 'id="enter-deal"' not in page
        token = phone.cookies["csrftoken"]
        status, _, said = Phone(again, phone.cookies).request(
            "POST",
            deal,
            {"csrfmiddlewaretoken": token, **form_data(number="2"), "save": "1"},
            {"Accept": "application/json"},
        )
        assert status == 400 and '"result": "refused"' in said and time_up in said
    finally:
        again.stop()
    assert table.deals.count() == 1
