"""The results website's zip (tournaments/site_store.py): built once per change of the
event and served from disk, one build at a time across the server's processes, other
requests told at once to come back, and a build that reads one state of the event and
holds up no deal's save."""

import io
import re
import subprocess
import sys
import threading
import time
import zipfile
from html import unescape
from unittest import mock

import pytest
from django.db import connection
from django.test import override_settings
from django.urls import reverse
from django_scopes import scopes_disabled

from tournaments import services, site_export, site_store
from tournaments.models import Player

from ..conftest import SEATS4, club_night, played_doc

pytestmark = pytest.mark.django_db


def la_vista_night(organizer):
    """A published La Vista night of the four SEATS4 players at one table: a Four won
    by Anna and Čada (+5 each, Bill and Dana -5)."""
    event = club_night(organizer, "la-vista", name="Sokol night", published=True)
    players = [Player.objects.get_or_create(name=n)[0] for n in SEATS4]
    rnd = services.create_round(event, organizer)
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    services.record_deal(table, played_doc(), organizer)
    return event, table


def misdeal(dealer):
    """Dana's misdeal: she pays 3 chips, 1 to each other player."""
    return {"ruleset": "la-vista", "players": list(SEATS4), "kind": "misdeal", "dealer": dealer}


def standings_in(response) -> list[str]:
    """The lines of the standings CSV in a zip answer."""
    body = b"".join(response.streaming_content)
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        name = next(n for n in archive.namelist() if n.endswith("/standings.csv"))
        return archive.read(name).decode("utf-8-sig").splitlines()


@pytest.fixture
def builds(monkeypatch):
    """The events whose site is built, one entry a build."""
    built = []
    build = site_export.build_event

    def counted(event, **kwargs):
        built.append(event.pk)
        return build(event, **kwargs)

    monkeypatch.setattr(site_export, "build_event", counted)
    return built


def test_the_zip_is_built_once_per_change_of_the_event(client, organizer, builds):
    event, table = la_vista_night(organizer)
    url = reverse("event-site", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 200 and first["Content-Type"] == "application/zip"
    assert first["Content-Disposition"] == (
        'attachment; filename="sokol-night-2026-11-20-site.zip"'
    )
    assert standings_in(first)[1:] == [
        "1,Anna,,5,1,1,1,5,5,0",
        "1,Čada,,5,1,0,0,5,5,0",
        "3,Bill,,-5,1,0,0,-5,-5,0",
        "3,Dana,,-5,1,0,0,-5,-5,0",
    ]
    assert builds == [event.pk]
    # Asked again (eight times): the same zip from disk, nothing built.
    for _ in range(8):
        assert client.get(url).status_code == 200
    assert builds == [event.pk]
    # A deal is a change: the next download is built again, with it, and replaces the
    # last zip on disk.
    services.record_deal(table, misdeal("Dana"), organizer)
    again = client.get(url)
    assert builds == [event.pk, event.pk]
    assert standings_in(again)[1:] == [
        "1,Anna,,6,2,1,1,5,1,0",
        "1,Čada,,6,2,0,0,5,1,0",
        "3,Bill,,-4,2,0,0,1,-5,0",
        "4,Dana,,-8,2,0,0,-3,-5,0",
    ]
    kept = [p.name for p in site_store.folder().glob("*.zip")]
    assert len(kept) == 1 and kept[0].endswith(f"-{site_store.site_key(event)}.zip")


def test_a_season_zip_is_built_again_when_one_of_its_events_changes(client, organizer):
    from tournaments.services import seasons

    event, table = la_vista_night(organizer)
    season = seasons.create_season(
        organizer,
        name="Sokol fall season",
        start_date=event.date,
        end_date=event.date,
    )
    seasons.add_event(season, event, organizer)
    seasons.update_season(season, organizer, published=True)
    before = site_store.site_key(season)
    assert client.get(reverse("season-site", args=[season.pk])).status_code == 200
    assert site_store.site_key(season) == before  # a download changes nothing
    services.record_deal(table, misdeal("Dana"), organizer)
    assert site_store.site_key(season) != before


def being_built(response) -> str:
    """The "being built" answer; the address it asks again at."""
    assert response.status_code == 202
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    page = response.content.decode()
    again = re.search(r'<meta http-equiv="refresh" content="5; url=([^"]+)">', page).group(1)
    assert "<h1>The results website is being built</h1>" in page
    assert "This page asks again in 5 seconds" in page
    assert f'<a href="{again}" id="ask-again">ask again now</a>' in page
    return unescape(again)


def test_a_request_while_another_request_builds_is_told_to_come_back(client, organizer, builds):
    event, table = la_vista_night(organizer)
    url = reverse("event-site", args=[event.pk])
    asked = time.time()
    with site_store.one_build() as building:  # another thread of the server builds
        assert building
        again = being_built(client.get(url))
    assert builds == []  # nothing built, nothing waited for
    since = float(again.removeprefix(f"{url}?since="))
    assert asked <= since <= time.time()
    # Asked again while the build still runs: the same moment it first asked.
    with site_store.one_build():
        assert being_built(client.get(again)) == again
    # The build it waited for is done (another visitor's) ...
    assert client.get(url).status_code == 200
    assert builds == [event.pk]
    # ... and though a deal came in since, it gets that zip, built after it asked: in a
    # hall that plays on, every zip is out of date before it is built.
    services.record_deal(table, misdeal("Dana"), organizer)
    assert standings_in(client.get(again))[1] == "1,Anna,,5,1,1,1,5,5,0"
    assert builds == [event.pk]
    # Whoever asks afresh gets the deal in it.
    assert standings_in(client.get(url))[1] == "1,Anna,,6,2,1,1,5,1,0"
    assert builds == [event.pk, event.pk]


@pytest.mark.parametrize("since", ["", "soon", "nan", "inf", "-5", "1e300", "9" * 5000])
def test_a_since_that_is_no_moment_is_none(client, organizer, builds, since):
    """Only a moment up to now is a "since": anything else asks for the zip as the event
    is now (here: built, as none is kept)."""
    event, _ = la_vista_night(organizer)
    url = reverse("event-site", args=[event.pk])
    assert client.get(url, {"since": since}).status_code == 200
    assert builds == [event.pk]


def test_the_build_lock_holds_across_processes(client, organizer, builds):
    """A build running in another server process (gunicorn's workers): the lock is a
    lock on a file, which the other process holds here."""
    event, _ = la_vista_night(organizer)
    lock = site_store.folder() / "build.lock"
    site_store.folder().mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, sys; f = open(sys.argv[1], 'a+b');"
            " fcntl.flock(f.fileno(), fcntl.LOCK_EX); print('held', flush=True);"
            " sys.stdin.read()",
            str(lock),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        being_built(client.get(reverse("event-site", args=[event.pk])))
        assert builds == []
    finally:
        holder.communicate("", timeout=10)  # it lets go as it exits
    assert client.get(reverse("event-site", args=[event.pk])).status_code == 200
    assert builds == [event.pk]


@pytest.mark.django_db(transaction=True)
def test_a_deal_saved_during_a_build_neither_waits_nor_gets_in(client, organizer, monkeypatch):
    """The build reads one snapshot and holds no write lock: a deal saved by another
    connection while the build is half done is saved at once, is not in that zip (whose
    pages all agree), and makes the next download a new build."""
    event, table = la_vista_night(organizer)
    saved = []

    def save_another_deal():
        try:
            services.record_deal(table, misdeal("Dana"), organizer)
            saved.append("saved")
        finally:
            connection.close()

    calls = []

    def paced():
        def rest():
            calls.append(1)
            if len(calls) == 3:  # a few files in: the index and two standings
                other = threading.Thread(target=scopes_disabled()(save_another_deal))
                other.start()
                other.join(timeout=20)
                assert saved == ["saved"], "the deal waited for the build"

        return rest

    monkeypatch.setattr(site_store, "paced", paced)
    before = site_store.site_key(event)
    url = reverse("event-site", args=[event.pk])
    built = client.get(url)
    assert saved == ["saved"] and len(calls) > 3
    body = b"".join(built.streaming_content)
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        files = {n.split("/", 1)[1]: archive.read(n) for n in archive.namelist()}
    # Every page of that zip shows the one deal it was built from.
    assert files["standings.csv"].decode("utf-8-sig").splitlines()[1] == ("1,Anna,,5,1,1,1,5,5,0")
    sheet = files["round-1-table-1.html"].decode()
    assert 'id="session-state">Running: 1 deal played<' in sheet
    assert [p.name.endswith(f"-{before}.zip") for p in site_store.folder().glob("*.zip")] == [True]
    # The deal is a change: the next download is built from it.
    assert site_store.site_key(event) != before
    after = client.get(url)
    assert standings_in(after)[1] == "1,Anna,,6,2,1,1,5,1,0"


@pytest.mark.django_db(transaction=True)
def test_the_server_builds_in_a_thread_of_its_own_and_no_request_waits(client, organizer):
    """As served (SITE_BUILD_IN_BACKGROUND): every request is answered at once, the
    first one starting the build; the page's next ask gets the zip once it is built."""
    event, _ = la_vista_night(organizer)
    url = reverse("event-site", args=[event.pk])
    gate = threading.Event()
    build = site_export.build_event

    def held(event, **kwargs):  # the build waits until the test has asked twice
        assert gate.wait(timeout=30)
        return build(event, **kwargs)

    with (
        override_settings(SITE_BUILD_IN_BACKGROUND=True),
        mock.patch.object(site_export, "build_event", held),
    ):
        again = being_built(client.get(url))
        assert being_built(client.get(again)) == again  # while it builds
        gate.set()
        deadline = time.monotonic() + 60
        while (answer := client.get(again)).status_code == 202:
            assert time.monotonic() < deadline, "the build did not finish"
            time.sleep(0.1)
    assert standings_in(answer)[1] == "1,Anna,,5,1,1,1,5,5,0"
    while site_store.one_build_running():  # the thread ends, its connection closed
        assert time.monotonic() < deadline, "the build's thread did not end"
        time.sleep(0.05)
