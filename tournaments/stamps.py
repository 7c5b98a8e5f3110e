"""Each event's count of changes, for the live pages' conditional requests.

A service marks the events it changes (``mark``); the services' ``atomic`` wrapper
(``services.locking``) counts them (``flush``) as the last statement of the outermost
service's transaction, so the count commits with the change, and the stamp's row lock
is the last lock taken (never one held while waiting for another). Edits made outside
the services (the admin renaming a player or editing an event) count at once
(``apps.py`` connects ``saved``). The count lives in the database: every server
process answers the same ETag.

A page reads the count before it reads anything else (``etag``), so what it shows is
never older than the ETag it carries.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from django.db.models import Count, F, Sum
from django.utils import timezone

from .models import ActivityEntry, EventStamp, Player, Registration, Seat

_local = threading.local()


def _pending() -> set:
    if not hasattr(_local, "events"):
        _local.events = set()
        _local.depth = 0
    return _local.events


def mark(event_id: int | None) -> None:
    """This transaction changes what ``event_id``'s live pages show."""
    if event_id is None:
        return
    _pending().add(event_id)
    if getattr(_local, "depth", 0) == 0:
        flush()  # not inside a service: count it now


def enter() -> None:
    _pending()
    _local.depth += 1


def outermost() -> bool:
    return getattr(_local, "depth", 0) == 1


def leave(committed: bool) -> None:
    """End of a service: the outermost one counts what was marked (or forgets it, when
    its transaction rolls back)."""
    _local.depth -= 1
    if _local.depth == 0 and not committed:
        _local.events.clear()


def flush() -> None:
    events = sorted(_pending())
    _local.events = set()
    for event_id in events:  # in one order, so two services never wait on each other
        touch(event_id)


def touch(event_id: int) -> None:
    rows = EventStamp.objects.filter(event_id=event_id)
    now = timezone.now()
    if not rows.update(changes=F("changes") + 1, changed_at=now):
        EventStamp.objects.bulk_create([EventStamp(event_id=event_id)], ignore_conflicts=True)
        rows.update(changes=F("changes") + 1, changed_at=now)


def changes(event_id: int) -> int:
    """How many changes the event has had (0 before its first)."""
    rows = EventStamp.objects.filter(event_id=event_id)
    return rows.values_list("changes", flat=True).first() or 0


def _code_version() -> str:
    """The app's templates, code and static files as installed: a new version of the app
    writes other pages for the same data. The same in every process of one install."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha1()
    for folder in (root / "templates", root / "tournaments", root / "taroky_scoring"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in {".py", ".html", ".js", ".css"} and path.is_file():
                stat = path.stat()
                digest.update(
                    f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns};".encode()
                )
    return digest.hexdigest()[:12]


CODE_VERSION = _code_version()


def etag(request, event_id: int) -> str:
    """The ETag of a live page of the event as this person sees it: the event's count of
    changes, the page (path and query), who asks (the user, the CSRF cookie its forms
    carry a token of) and the app's version."""
    return _tag(request, [str(event_id), str(changes(event_id))])


def season_etag(request, season_id: int) -> str:
    """The ETag of a season's live page: the counts of changes of all its events and of
    the season itself (its settings and events, from its audit): two queries."""
    counts = EventStamp.objects.filter(event__season_id=season_id).aggregate(
        events=Count("event_id"), changes=Sum("changes")
    )
    own = ActivityEntry.objects.filter(season_id=season_id).count()
    return _tag(request, [f"season {season_id}", str(counts), str(own)])


def _tag(request, parts: list[str]) -> str:
    user = getattr(request, "user", None)
    who = user.pk if user is not None and user.is_authenticated else "-"
    parts = [
        CODE_VERSION,
        *parts,
        request.get_full_path(),
        str(who),
        request.COOKIES.get("csrftoken", ""),
    ]
    return '"' + hashlib.sha1("|".join(parts).encode()).hexdigest()[:24] + '"'


def player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    """A renamed player: every event that shows the name."""
    if created or kwargs.get("raw"):
        return
    events = set(Registration.objects.filter(player=instance).values_list("event_id", flat=True))
    events |= set(
        Seat.objects.filter(player=instance).values_list("table__round__event_id", flat=True)
    )
    for event_id in events:
        mark(event_id)


def event_saved(sender, instance, created: bool, **kwargs) -> None:
    if not created and not kwargs.get("raw"):
        mark(instance.pk)
