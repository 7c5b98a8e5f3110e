"""Small chained fixtures shared by the web and browser tests."""

import datetime
import os
import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import Permission
from hypothesis import HealthCheck, settings

from tournaments import services
from tournaments.models import Club, Event, Player

ROOT = Path(__file__).resolve().parents[1]

# One hypothesis profile for the whole suite: 300 examples, no per-example deadline and
# no "too slow" check (a shared machine's load is not a failure of the code). Under CI
# the examples are derandomized, so a green run here is the run CI makes.
settings.register_profile(
    "suite", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", parent=settings.get_profile("suite"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "suite")


# Tests that run the app's scripts and commands in processes of their own, each for
# seconds to a minute, much of it waiting on a server. pytest-django puts every test
# without the database last; these go first instead, so that with a process per core
# (``make test``) they wait beside the other tests' work rather than alone at the end.
SUBPROCESS_FILES = (
    "tests/test_docs.py",
    "tests/web/test_scripts.py",
    "tests/web/test_upgrade_from_145978d.py",
)
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_setup"}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    def waits_in_processes(item) -> bool:
        return (
            item.nodeid.startswith(SUBPROCESS_FILES)
            and item.get_closest_marker("django_db") is None
            and not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )

    items.sort(key=lambda item: not waits_in_processes(item))  # stable: else as before


@pytest.fixture(autouse=True)
def scopes_off_in_tests():
    """A test's own queries (its fixtures, its checks, the commands it calls) read every
    club's rows, as a command does; the requests it makes run scoped, as in production
    (tournaments.scoping's middleware opens each request's scope afresh). A test checks
    the scopes themselves inside ``scope(...)``: tests/web/test_club_scopes.py."""
    from django_scopes import scopes_disabled

    with scopes_disabled():
        yield


@pytest.fixture(autouse=True)
def site_zips_apart(tmp_path_factory):
    """Each test's results-website zips in a folder of its own: a zip is kept by its
    event's id and count of changes, which another test's database repeats."""
    from django.test import override_settings

    with override_settings(SITE_ZIP_DIR=tmp_path_factory.mktemp("site-zips")):
        yield


SEATS4 = ["Anna", "Bill", "Čada", "Dana"]
SEATS5 = ["Emil", "Fanny", "Gustav", "Hana", "Ivan"]


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org", password="secret-org-pw", is_staff=True)


@pytest.fixture
def stranger(django_user_model):
    """Signed in, but organizes nothing."""
    return django_user_model.objects.create_user("stranger", password="secret-stranger-pw")


@pytest.fixture
def other_organizer(django_user_model):
    return django_user_model.objects.create_user(
        "other-org", password="secret-other-pw", is_staff=True
    )


@pytest.fixture
def officer(django_user_model):
    """Vera, a circuit officer (the ``circuit_officer`` permission), read again so her
    permissions are not cached from before."""
    user = django_user_model.objects.create_user("vera", password="vera-pw-long")
    user.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    return django_user_model.objects.get(pk=user.pk)


@pytest.fixture
def heun(organizer):
    """A club of a circuit, the organizer one of its organizers."""
    club = Club.objects.create(name="Heun parish club", slug="heun")
    club.organizers.add(organizer)
    return club


@pytest.fixture
def taylor(other_organizer):
    """Another club, the other organizer's."""
    club = Club.objects.create(name="Taylor Sokol", slug="taylor")
    club.organizers.add(other_organizer)
    return club


@pytest.fixture
def event(organizer):
    return services.create_event(
        organizer,
        name="Heun parish night",
        date=datetime.date(2026, 11, 20),
        venue="Holy Trinity, Heun",
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=False,
    )


@pytest.fixture
def round1(event, organizer):
    return services.create_round(event, organizer)


@pytest.fixture
def table(round1, organizer):
    players = [Player.objects.create(name=n) for n in SEATS4]
    return services.create_table(round1, organizer, players, first_forehand=players[0])


@pytest.fixture
def table5(round1, organizer):
    players = [Player.objects.create(name=n) for n in SEATS5]
    return services.create_table(round1, organizer, players, first_forehand=players[0])


def played_doc(**fields):
    """Anna bids a Four (second half) with Čada and wins with 41 points."""
    doc = {
        "ruleset": "la-vista",
        "players": list(SEATS4),
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Čada",
        "blind": "second",
        "bidder_points": 41,
    }
    doc.update(fields)
    return {k: v for k, v in doc.items() if v is not None}


@pytest.fixture
def make_played_doc():
    return played_doc


def club_night(organizer, ruleset, **fields):
    """A club night of ``ruleset`` through the service: no house rules, 100 starting
    chips, sessions of 20 deals; ``fields`` change any setting."""
    defaults = {
        "name": f"{ruleset} night",
        "date": datetime.date(2026, 11, 20),
        "kind": Event.Kind.CLUB_NIGHT,
        "house_rules": {},
        "starting_chips": 100,
        "session_end": Event.SessionEnd.FIXED_DEALS,
        "deals_per_session": 20,
    }
    return services.create_event(organizer, ruleset=ruleset, **{**defaults, **fields})


def game_table(organizer, ruleset, names, first_forehand=0, **event_fields):
    """A table of the players ``names`` (the registry's, or new), ``names[first_forehand]``
    the first forehand, in the first round of a new ``club_night`` of ``ruleset`` with
    ``event_fields``."""
    event = club_night(organizer, ruleset, **event_fields)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.get_or_create(name=name)[0] for name in names]
    return services.create_table(rnd, organizer, players, first_forehand=players[first_forehand])


TOURNAMENT_PLAYERS = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana", "Ivan"]


def clarkson_open(organizer, players=TOURNAMENT_PLAYERS, club="Clarkson", **fields):
    """A Clarkson tournament through the service: 20 starting chips, 10 deals a table,
    ``players`` registered with ``club``; ``fields`` change any setting."""
    defaults = {
        "name": "Clarkson open",
        "date": datetime.date(2026, 11, 21),
        "kind": Event.Kind.TOURNAMENT,
        "ruleset": "clarkson",
        "house_rules": {},
        "starting_chips": 20,
        "session_end": Event.SessionEnd.FIXED_DEALS,
        "deals_per_session": 10,
    }
    event = services.create_event(organizer, **{**defaults, **fields})
    for name in players:
        services.register_player(event, organizer, name=name, club=club)
    return event


@pytest.fixture
def tournament(organizer):
    """A published Clarkson tournament with nine registered players, 10 deals a table."""
    return clarkson_open(organizer, published=True)


def copy_sqlite(source: Path, path: Path) -> Path:
    """``source`` copied to ``path`` through SQLite's backup: whole, whatever its
    journal holds."""
    with sqlite3.connect(source) as original, sqlite3.connect(path) as copy:
        original.backup(copy)
    original.close()
    copy.close()
    return path


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """An SQLite file migrated from the shell (`manage.py migrate`), once a process:
    migrating takes seconds, a copy none."""
    path = tmp_path_factory.mktemp("migrated") / "migrated.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{path}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    return path


def _scratch(request, tmp_path, migrated: bool):
    if request.param == "sqlite":
        path = tmp_path / "scratch.sqlite3"
        if migrated:
            copy_sqlite(request.getfixturevalue("migrated_sqlite"), path)
        yield f"sqlite:///{path}"
        return
    suite = os.environ.get("DATABASE_URL", "")
    if not suite.startswith(("postgres://", "postgresql://")):
        pytest.skip("the suite runs on SQLite; CI's PostgreSQL run takes this")
    import psycopg

    name = f"taroky_docs_{os.getpid()}_{secrets.token_hex(4)}"
    server = urlsplit(suite)
    admin = server._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def scratch_database(request, tmp_path):
    """A new empty database: an SQLite file, or, when the suite runs on PostgreSQL (CI's
    second run), a database of its own on that server, dropped afterwards."""
    yield from _scratch(request, tmp_path, migrated=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def migrated_scratch_database(request, tmp_path):
    """``scratch_database`` for a script that migrates it first itself: on SQLite a copy
    of the file migrated once a process (the script's migrate then finds nothing to do);
    on PostgreSQL a new empty database, as ``scratch_database``."""
    yield from _scratch(request, tmp_path, migrated=True)
