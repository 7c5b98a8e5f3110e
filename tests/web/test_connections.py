"""The database settings under a hall's load: SQLite waits for the writer instead of
failing, PostgreSQL never opens more connections than the server has threads."""

import threading
import time

import pytest
from django.conf import settings
from django.db import close_old_connections, connection, connections, transaction
from django_scopes import scopes_disabled

from tournaments import services
from tournaments.models import Deal

from ..conftest import played_doc

pytestmark = pytest.mark.django_db(transaction=True)

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite's locking and journal"
)
postgres_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's pool")


def run_at_once(jobs):
    """Run the callables in threads started together; their results or exceptions."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait()
            results[i] = job()
        except Exception as e:  # pragma: no cover - shown in the assertion
            results[i] = e
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=scopes_disabled()(run), args=(i, job)) for i, job in enumerate(jobs)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@sqlite_only
def test_sqlite_runs_in_wal_mode_with_a_busy_timeout():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        # A writer waits LOCK_WAIT_SECONDS for the lock, then is told to try again.
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 5_000


@sqlite_only
def test_a_deal_entered_while_another_writer_holds_the_lock_waits_and_is_saved(table, organizer):
    """A long write (a big import) holds SQLite's lock for 2 s; a deal entered meanwhile
    waits for it instead of failing with "database is locked", and reads go on."""
    locked = threading.Event()

    def long_write():
        with transaction.atomic():
            services.update_event(table.round.event, organizer, venue="Heun hall")
            locked.set()
            time.sleep(2)
        return "written"

    def deal_entry():
        locked.wait(5)
        started = time.monotonic()
        deal = services.record_deal(table, played_doc(), organizer)
        return deal.number, time.monotonic() - started

    def reader():
        locked.wait(5)
        started = time.monotonic()
        count = Deal.objects.count()
        return count, time.monotonic() - started

    written, (number, waited), (count, read_in) = run_at_once([long_write, deal_entry, reader])
    assert written == "written"
    assert number == 1
    assert waited > 1.0  # it waited for the writer ...
    assert (count, read_in < 1.0) == (0, True)  # ... while a reader did not
    assert Deal.objects.count() == 1


@postgres_only
def test_postgres_connections_come_from_a_pool_sized_to_the_server_threads():
    """Three times as many requests at once as the server has threads: at no moment
    are more connections open than threads (+ the test's own)."""
    name = connection.settings_dict["NAME"]
    barrier = threading.Barrier(3 * settings.SERVER_THREADS)
    seen = []

    def request():
        barrier.wait()
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_sleep(0.3), (SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = %s)",
                    [name],
                )
                seen.append(cursor.fetchone()[1])
        finally:
            close_old_connections()  # what the end of a request does

    threads = [threading.Thread(target=request) for _ in range(3 * settings.SERVER_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 24
    assert max(seen) <= settings.SERVER_THREADS + 1
    db = settings.DATABASES["default"]
    assert db["CONN_MAX_AGE"] == 0
    assert db["OPTIONS"]["pool"]["max_size"] == settings.SERVER_THREADS == 8


def test_a_deal_that_cannot_have_the_tables_lock_in_time_is_told_to_try_again(table, organizer):
    """Somebody holds the table's lock (on SQLite, the write lock) past LOCK_WAIT_SECONDS:
    a deal entered meanwhile is answered within a few seconds with the "try again"
    message, nothing saved, instead of queueing without end; once the lock is free the
    same deal saves. Both databases."""
    from tournaments.services.locking import lock_table

    bound = settings.LOCK_WAIT_SECONDS
    locked = threading.Event()

    def holder():
        with transaction.atomic():
            lock_table(table.pk)
            locked.set()
            time.sleep(bound + 4)
        return "released"

    def deal_entry():
        assert locked.wait(5), "the holder never took the lock"
        started = time.monotonic()
        try:
            services.record_deal(table, played_doc(), organizer, number=1)
        except services.BusyError as e:
            return e.message, time.monotonic() - started
        return "saved", time.monotonic() - started

    released, (said, waited) = run_at_once([holder, deal_entry])
    assert released == "released"
    assert said == (
        "The app was busy saving another change and could not save this one in time; "
        "nothing was saved. Try again in a moment."
    )
    assert bound - 0.5 < waited < bound + 2.5, f"answered after {waited:.1f} s"
    assert Deal.objects.count() == 0
    assert services.record_deal(table, played_doc(), organizer, number=1).number == 1
