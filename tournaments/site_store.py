"""The results website's zip, built once per change of the event and kept on disk.

A published event's (or season's) zip is asked for by anyone, as often as they like,
while the tables enter deals. So it is built at most once for each state of the event,
one build at a time in the whole install, never inside a transaction that writes:

- its key is the event's count of changes (``stamps``: every service's change counts
  one, in the same transaction), the app's version and the database's: a zip stored
  under the key of the event as it is now is served as it is (one query, then a file);
- otherwise one request builds it, holding the build lock (``one_build``: a lock on a
  file, taken without waiting, which the operating system lets go of if the process
  dies; with a thread lock for the server's threads). Any other request meanwhile is
  answered at once that it is being built (``Busy``): it holds no thread, no database
  connection and no lock while the build runs, and asks again later saying since when
  it waits (``since``): a zip whose build began after that moment is what it asked
  for, though the tables entered deals meanwhile (else, while a hall plays on, a zip
  would be out of date before it is built, and nobody but its builder would get one);
- the build runs in a thread of its own (``SITE_BUILD_IN_BACKGROUND``, on but in the
  tests): the request that starts it is told "being built" too and asks again, so no
  request waits for a build (a browser would give up on a long one) and no server
  thread is kept from the tables;
- the build reads one snapshot of the database (``snapshot``: a read-only transaction,
  so its pages agree with each other and with the key it is stored under) and takes no
  write lock: a deal's save never waits for it. Between two pages it lets the server's
  other requests run (``PACE``): a build takes longer, a deal does not.

The zips live in ``settings.SITE_ZIP_DIR`` (var/site-zips by default), one per event or
season: a new one replaces the last.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, Sum
from django_scopes import scopes_disabled

from . import site_export, stamps
from .models import ActivityEntry, Event, EventStamp, Season

logger = logging.getLogger(__name__)

# After each file the build has made, it rests as long as the file took to make times
# this: the server's other threads (a deal's save) run meanwhile, Python running one
# thread at a time.
PACE = 1.0


class Busy(Exception):
    """Another request is building a results website right now: ask again, saying
    ``since`` (the moment this request first asked)."""

    def __init__(self, since: float):
        super().__init__(since)
        self.since = since


def folder() -> Path:
    return Path(settings.SITE_ZIP_DIR)


def _database() -> str:
    db = connection.settings_dict
    return f"{connection.vendor}:{db.get('HOST')}:{db.get('PORT')}:{db.get('NAME')}"


def site_key(what: Event | Season) -> str:
    """What the site is built from: the event's changes (a season's, its events' and its
    own), the app's version and the database. One or two queries."""
    if isinstance(what, Season):
        counts = EventStamp.objects.filter(event__season=what).aggregate(
            events=Count("event_id"), changes=Sum("changes")
        )
        own = ActivityEntry.objects.filter(season=what).count()
        state = f"season {what.pk} {counts} {own}"
    else:
        stamp = EventStamp.objects.filter(event=what).values_list("changes", "changed_at").first()
        state = f"event {what.pk} {stamp}"
    parts = (stamps.CODE_VERSION, _database(), state)
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:20]


def _stem(what: Event | Season) -> str:
    return f"{'season' if isinstance(what, Season) else 'event'}-{what.pk}"


def zip_path(what: Event | Season, key: str, began: float) -> Path:
    """Where the zip of ``what`` under ``key`` is kept: its name says the key and when
    its build began (in milliseconds of the clock the server's processes share)."""
    return folder() / f"{_stem(what)}-{int(began * 1000)}-{key}.zip"


def _kept(what: Event | Season) -> tuple[Path, str, float] | None:
    """The zip kept of ``what`` (the newest, should there be two): (path, key, began)."""
    kept = []
    for path in folder().glob(f"{_stem(what)}-*-*.zip"):
        began, _, key = path.stem.removeprefix(f"{_stem(what)}-").partition("-")
        if began.isdigit():
            kept.append((int(began) / 1000, path, key))
    if not kept:
        return None
    began, path, key = max(kept)
    return path, key, began


def stored_zip(what: Event | Season, since: float | None = None) -> Path:
    """The zip of the site of ``what`` as it is now, or, for a request that has waited
    ``since`` that moment, of a build that began after it: the kept one, or one built
    now. Raises ``Busy`` while another build runs, ``site_export.SiteRefused`` for an
    unpublished event or season."""
    if isinstance(what, Season):
        site_export.check_season(what)
    else:
        site_export.check_event(what)
    asked = time.time()
    kept = _kept(what)
    if kept is not None:
        path, key, began = kept
        if (since is not None and began >= since) or key == site_key(what):
            return path
    waiting = asked if since is None else since
    if settings.SITE_BUILD_IN_BACKGROUND:
        # The request waits for no lock and no build: a thread builds, if none does.
        if not one_build_running():
            threading.Thread(
                target=_build_in_background, args=(type(what), what.pk), daemon=True
            ).start()
        raise Busy(waiting)
    with one_build() as building:
        if not building:
            raise Busy(waiting)
        return _build(what)


def _build_in_background(model, pk: int) -> None:
    """Build the site of ``model`` ``pk`` unless another build runs (in this process or
    another); on a connection of its own, closed when done."""
    try:
        # A thread of its own starts with no club scope: the site of a published event
        # or season (checked by the request that started it) is read unscoped.
        with scopes_disabled(), one_build() as building:
            if building:
                _build(model.objects.get(pk=pk))
    except Exception:
        logger.exception("The results website of %s %s could not be built", model.__name__, pk)
    finally:
        connection.close()


def _build(what: Event | Season) -> Path:
    build = site_export.build_season if isinstance(what, Season) else site_export.build_event
    began = time.time()
    with snapshot():
        key = site_key(what)  # the key of the state the build reads
        kept = _kept(what)
        if kept is not None and kept[1] == key:  # built by another process meanwhile
            return kept[0]
        files = build(what, pace=paced())
    path = zip_path(what, key, began)
    folder().mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.part")
    with open(partial, "wb") as out:
        site_export.write_zip(files, site_export.site_name(what), out)
    os.replace(partial, path)
    for old in folder().glob(f"{_stem(what)}-*.zip"):
        if old != path:
            with contextlib.suppress(OSError):  # being sent (Windows): removed next time
                old.unlink()
    return path


def paced():
    """The build's rest after each file (see PACE)."""
    last = [time.perf_counter()]

    def rest():
        took = time.perf_counter() - last[0]
        if PACE:
            time.sleep(took * PACE)
        last[0] = time.perf_counter()

    return rest


@contextlib.contextmanager
def snapshot():
    """One read-only view of the database for the build: a transaction that takes no
    write lock (SQLite: a deferred one, which WAL lets writers pass; PostgreSQL:
    repeatable read, read only). Inside a transaction already (the tests'), that one."""
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        mode = connection.transaction_mode
        connection.transaction_mode = "DEFERRED"  # the app's writers BEGIN IMMEDIATE
        try:
            with transaction.atomic():
                yield
        finally:
            connection.transaction_mode = mode
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


_one_thread = threading.Lock()


def one_build_running() -> bool:
    """Whether a build runs in this process."""
    return _one_thread.locked()


@contextlib.contextmanager
def one_build():
    """True while this thread holds the install's build lock, False (at once) when
    another thread or process holds it."""
    if not _one_thread.acquire(blocking=False):
        yield False
        return
    try:
        folder().mkdir(parents=True, exist_ok=True)
        with open(folder() / "build.lock", "a+b") as handle:
            if not _lock(handle):
                yield False
                return
            try:
                yield True
            finally:
                _unlock(handle)
    finally:
        _one_thread.release()


if os.name == "nt":  # pragma: no cover - Windows
    import msvcrt

    def _lock(handle) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
