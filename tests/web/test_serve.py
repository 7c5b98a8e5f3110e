"""`manage.py serve`, the command behind `make run` and the Windows instructions."""

import io
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tournaments.management.commands import serve
from tournaments.models import Event

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "value, expected",
    [
        ("127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("0.0.0.0:8080", ("0.0.0.0", 8080)),
        ("8001", ("127.0.0.1", 8001)),
        ("[::1]:8000", ("::1", 8000)),
    ],
)
def test_host_and_port(value, expected):
    assert serve.parse_host(value) == expected


@pytest.mark.parametrize("value", ["", "localhost:http", "1.2.3.4:99999"])
def test_a_bad_host_is_refused_in_words(value):
    with pytest.raises(CommandError, match="HOST must look like 127.0.0.1:8000"):
        serve.parse_host(value)


@pytest.fixture
def served(monkeypatch):
    calls = []
    monkeypatch.setattr("waitress.serve", lambda app, **kw: calls.append((app, kw)))
    return calls


@pytest.mark.django_db
def test_serve_migrates_loads_the_demo_once_and_serves_with_waitress(served):
    out = io.StringIO()
    call_command("serve", "127.0.0.1:8123", stdout=out)
    text = out.getvalue()
    assert "Demo organizer: user name 'organizer', password 'taroky-demo'" in text
    assert "Serving on http://127.0.0.1:8123/" in text
    events = Event.objects.count()
    assert events == 5  # two Nebraska events, two Texas nights, a Petrtyl night
    ((app, options),) = served
    assert options == {"host": "127.0.0.1", "port": 8123, "threads": 8, "ident": "taroky"}
    from taroky_site.wsgi import application

    assert app is application
    again = io.StringIO()
    call_command("serve", "127.0.0.1:8123", stdout=again)
    assert Event.objects.count() == events  # the demo once
    assert "Loaded demo event" not in again.getvalue()
    assert "password 'taroky-demo'" in again.getvalue()


@pytest.mark.django_db
def test_serve_leaves_an_organizers_own_database_alone(served, organizer):
    call_command("serve", "--no-demo", stdout=io.StringIO())
    call_command("serve", stdout=io.StringIO())
    assert Event.objects.count() == 0
    assert not get_user_model().objects.filter(username="organizer").exists()


@pytest.mark.django_db
def test_serving_the_halls_wifi_gives_the_hall_url_and_warns_about_allowed_hosts(
    served, monkeypatch
):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(settings, "HALL_URL", "")
    out, err = io.StringIO(), io.StringIO()
    call_command("serve", "0.0.0.0:8000", "--no-demo", stdout=out, stderr=err)
    assert "http://127.0.0.1:8000/ and http://192.168.1.20:8000/" in out.getvalue()
    assert settings.HALL_URL == "http://192.168.1.20:8000/"
    assert "ALLOWED_HOSTS=localhost,127.0.0.1,192.168.1.20" in err.getvalue()
    assert served[0][1]["host"] == "0.0.0.0"


REFUSED = (
    "Not serving on 0.0.0.0: the account organizer still has the demo password, which "
    "anyone on the network could use to sign in as an organizer. Change it first: "
    "manage.py changepassword organizer"
)


@pytest.mark.django_db
def test_the_halls_wifi_is_not_served_while_the_demo_password_works(served, monkeypatch):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(settings, "HALL_URL", "")
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("serve", "0.0.0.0:8000", stdout=out, stderr=io.StringIO())
    assert (str(refused.value), refused.value.returncode) == (REFUSED, 1)
    assert served == []
    assert Event.objects.count() == 5  # the demo was loaded, its password not printed
    assert "Loaded demo event" in out.getvalue()
    assert "taroky-demo" not in out.getvalue()
    # Once the password is changed, the hall is served, still without printing it.
    demo = get_user_model().objects.get(username="organizer")
    demo.set_password("a-password-of-the-club")
    demo.save()
    out = io.StringIO()
    call_command("serve", "0.0.0.0:8000", stdout=out, stderr=io.StringIO())
    assert "http://127.0.0.1:8000/ and http://192.168.1.20:8000/" in out.getvalue()
    assert "taroky-demo" not in out.getvalue()
    assert served[0][1]["host"] == "0.0.0.0"


@pytest.mark.django_db
def test_any_account_with_the_demo_password_stops_serving_a_network_address(served):
    get_user_model().objects.create_user("zdena", password="taroky-demo", is_staff=True)
    with pytest.raises(CommandError) as refused:
        call_command("serve", "192.168.1.20:8000", "--no-demo", stdout=io.StringIO())
    assert str(refused.value) == (
        "Not serving on 192.168.1.20: the account zdena still has the demo password, which "
        "anyone on the network could use to sign in as an organizer. Change it first: "
        "manage.py changepassword zdena"
    )
    assert served == []
    # This laptop alone (loopback) may be served with it, as `make run` does by default.
    for host in ["127.0.0.1:8000", "[::1]:8000", "localhost:8000"]:
        call_command("serve", host, "--no-demo", stdout=io.StringIO())
    assert [kw["host"] for _, kw in served] == ["127.0.0.1", "::1", "localhost"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_command_serves_the_app_with_debug_off(tmp_path):
    """The third Windows command, run for real: a fresh SQLite file, no SECRET_KEY."""
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'data' / 'db.sqlite3'}",  # data/ made by serve
        SECRET_KEY_FILE=str(tmp_path / "var" / "secret_key"),
    )
    process = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    home = r.read().decode()
                    server = r.headers["Server"]
                break
            except OSError:
                assert process.poll() is None, process.stdout.read()
                assert time.monotonic() < deadline, "the server did not answer in 120 s"
                time.sleep(0.5)
        assert "Clarkson" in home  # the demo events
        assert server == "taroky"  # waitress, not runserver
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/tournaments/site.css") as r:
            assert b"--accent" in r.read()  # WhiteNoise serves static files with DEBUG off
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/no-such-page")
        except urllib.error.HTTPError as e:
            assert e.code == 404
            assert b"Traceback" not in e.read()  # DEBUG is off
        assert len((tmp_path / "var" / "secret_key").read_text()) == 50
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=30)
    assert "Demo organizer: user name 'organizer', password 'taroky-demo'" in output
    assert f"Serving on http://127.0.0.1:{port}/ (DEBUG off)" in output
