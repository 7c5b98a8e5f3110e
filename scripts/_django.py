"""Django in a throwaway database for the scripts (benchmarks, fuzzing), and what the
page benchmarks share.

Import this first: it points DATABASE_URL at a temporary SQLite file unless
DATABASE_URL is set already, sets up Django and migrates.
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/scratch.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings_test")
sys.path.insert(0, str(ROOT / "scripts"))

from _database import ensure_database  # noqa: E402

ensure_database()

import django  # noqa: E402

django.setup()
from tournaments.scoping import unscoped_script  # noqa: E402

unscoped_script()  # this script reads every club's rows, as a command does

from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)


# -- what the page benchmarks share --------------------------------------------------

import statistics  # noqa: E402
import time  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402


def bench_user():
    """The superuser a page benchmark acts as, in an empty database: a PostgreSQL one is
    emptied first (a new SQLite file is empty already)."""
    # Not setup_test_environment(): its template instrumentation would slow every page.
    settings.ALLOWED_HOSTS.append("testserver")
    if connection.vendor == "postgresql":
        call_command("flush", interactive=False, verbosity=0)
    return get_user_model().objects.create_user("bench", is_staff=True, is_superuser=True)


def settle_postgresql() -> None:
    """What autovacuum does on a live database after a bulk load (statistics, the
    visibility map), done now rather than in the middle of the measurements."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            cursor.execute("CHECKPOINT")  # the load's writes flushed before, not during


def page(client, url):
    """A page fetcher for ``measure``: the page at ``url``, which must answer 200."""

    def fetch():
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)

    return fetch


def measure(fn, runs: int) -> tuple[float, int]:
    """The median milliseconds of ``runs`` calls of ``fn`` and the most queries one made."""
    times, queries = [], 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        queries = max(queries, len(captured))
    return statistics.median(times) * 1000, queries
