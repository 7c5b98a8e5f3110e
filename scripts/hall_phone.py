"""A table's phone in the load tests (load_hall.py, load_circuit.py): one keep-alive
connection with its cookies, the deal it enters (form, save, sheet) and the polls of the
live pages, timed into ``Results``. It only talks to 127.0.0.1."""

from __future__ import annotations

import http.client
import random
import re
import threading
import time
import urllib.parse

HOST = "127.0.0.1"  # loopback only, always
REQUEST_TIMEOUT = 60


class Phone:
    """One keep-alive connection with its own cookies, like a phone's browser."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = None
        self.etag = None
        self.retry_after = None

    def close(self) -> None:
        """Hang up: a phone done with its phase frees its connection at once (a server
        holds only so many: waitress 100, and idle ones linger for 120 s)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def sign_in(self, username: str, password: str) -> None:
        status, _, page = self.request("GET", "/accounts/login/")
        token = CSRF.search(page).group(1)
        body = {"csrfmiddlewaretoken": token, "username": username, "password": password}
        status, _, _ = self.request("POST", "/accounts/login/", body)
        if status != 302:
            raise RuntimeError(f"the organizer could not sign in (HTTP {status})")

    def request(self, method: str, path: str, body: dict | None = None, etag: str | None = None):
        headers = {"Host": f"{HOST}:{self.port}"}
        if etag:
            headers["If-None-Match"] = etag
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
        self.etag = response.getheader("ETag")
        self.retry_after = response.getheader("Retry-After")
        return response.status, response.getheader("Location"), text


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
REFRESH = re.compile(r'<meta http-equiv="refresh" content="\d+; url=([^"]+)">')
NUMBER = re.compile(r'name="number" value="(\d+)"')


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.save: list[float] = []
        self.deal: list[float] = []
        self.wall: list[float] = []
        self.inbox: list[float] = []
        self.unchanged = 0  # polls answered 304
        self.numbers: list[tuple[int, int]] = []  # (table, deal number) seen saved
        self.errors: list[str] = []
        self.zips: list[float] = []  # the zips downloaded (200): the time each took
        self.zip_answers: dict[int, int] = {}  # HTTP status: how many

    def error(self, message: str):
        with self.lock:
            self.errors.append(message)


def four_fields(seats: list[str], points: int) -> dict:
    """The deal form's fields of the deal every simulated phone enters: a played Four,
    forehand the bidder with the second half of the blind and the player opposite their
    partner, the bidder's team's ``points``."""
    return {
        "kind": "played",
        "dealer": seats[3],
        "bidder": seats[0],
        "bid": "four",
        "blind": "second",
        "partner": seats[2],
        "kontra": "none",
        "bidder_points": str(points),
    }


def enter_deal(phone: Phone, token: str, seats: list[str], rng: random.Random, results, i=0):
    start = time.perf_counter()
    status, _, form = phone.request("GET", f"/t/{token}/deal/")
    csrf, number = CSRF.search(form), NUMBER.search(form)
    if status != 200 or not csrf or not number:
        results.error(f"deal form: HTTP {status}")
        return
    body = {
        "csrfmiddlewaretoken": csrf.group(1),
        "number": number.group(1),
        **four_fields(seats, rng.randint(10, 60)),
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
        results.numbers.append((i, int(number.group(1))))


def poll_once(phone: Phone, path: str, results: Results, into: list[float]) -> None:
    """One conditional GET of a polled page, as the wall's script sends it: a 304 counted,
    anything but 200 an error, its time kept in ``into``."""
    start = time.perf_counter()
    try:
        status, _, _ = phone.request("GET", path, etag=phone.etag)
        if status == 304:
            with results.lock:
                results.unchanged += 1
        elif status != 200:
            results.error(f"{path}: HTTP {status}")
    except Exception as e:  # noqa: BLE001
        results.error(f"{path}: {type(e).__name__}: {e}")
    with results.lock:
        into.append(time.perf_counter() - start)
