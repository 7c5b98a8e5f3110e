"""The circuit's ranking list from the database: an officer approves an event (or takes
the approval back), the list is computed from the approved events' standings for a date,
and an officer publishes it (kept for good, with who moved since the list before).

Places come from the one ranking engine (``standings.event_standings``: a few queries
for all the events together); each event's version is a checksum of its deals' current
versions, so a correction is seen by the list's history.
"""

from __future__ import annotations

import datetime
import hashlib

from django.db import transaction
from django.utils import timezone

from ..circuit.list_changes import diff
from ..circuit.ranking_list import (
    CountedEvent,
    EventClass,
    Placing,
    RankingList,
    compute_list,
    placings,
    render_csv,
)
from ..circuit_ratings import circuit_ratings
from ..models import Deal, Event, EventApproval, PublishedList
from ..standings import event_standings
from .activity import log_activity
from .errors import ServiceError
from .permissions import require_circuit_officer


def event_key(event_id: int) -> str:
    """An event's key on the list (the CSV's and the history's): stable, never reused."""
    return f"E-{event_id:05d}"


@transaction.atomic
def approve_event(event: Event, user, klass: int) -> EventApproval:
    """Approve ``event`` for the list in class ``klass`` (1, 2 or 3); approving it again
    changes its class (and brings back an approval withdrawn)."""
    require_circuit_officer(user)
    try:
        klass = EventApproval.Klass(int(klass))
    except (TypeError, ValueError):
        message = "Choose the event's class: club night, tournament or championship."
        raise ServiceError(message) from None
    event = Event.objects.select_for_update().get(pk=event.pk)
    # The list is public: an event's places on it are known once the event is.
    if not event.published:
        raise ServiceError(f"{event.name} is not published: its club publishes it first.")
    if not Deal.objects.filter(table__round__event=event).exists():
        raise ServiceError(f"{event.name} has no deals yet: an event is approved once played.")
    approval, _ = EventApproval.objects.update_or_create(
        event=event,
        defaults={
            "klass": klass,
            "approved_by": user,
            "approved_at": timezone.now(),
            "withdrawn_at": None,
        },
    )
    log_activity(event, user, "approve_for_list", klass=klass.label.lower())
    return approval


@transaction.atomic
def withdraw_approval(event: Event, user) -> EventApproval:
    """Take back the event's approval: the next list leaves it out."""
    require_circuit_officer(user)
    approval = EventApproval.objects.select_for_update().filter(event=event).first()
    if approval is None or not approval.counts:
        raise ServiceError(f"{event.name} is not approved for the list.")
    approval.withdrawn_at = timezone.now()
    approval.save(update_fields=["withdrawn_at"])
    log_activity(event, user, "withdraw_from_list")
    return approval


def _versions(event_ids: list[int]) -> dict[int, str]:
    """Each event's checksum of its deals' current versions (one query)."""
    rows: dict[int, list[str]] = {pk: [] for pk in event_ids}
    deals = (
        Deal.objects.filter(table__round__event_id__in=event_ids)
        .values_list("table__round__event_id", "pk", "version", "voided")
        .order_by("pk")
    )
    for event_id, pk, version, voided in deals:
        rows[event_id].append(f"{pk}:{version}:{int(voided)}")
    return {
        pk: hashlib.sha256(",".join(parts).encode()).hexdigest()[:12] for pk, parts in rows.items()
    }


def _places(rows) -> list[tuple[str, int]]:
    """Competition places of the players who took part (a withdrawn player who never
    sat is not ranked): 1 + how many of them ranked strictly better."""
    taking_part = [s for s in rows if s.took_part]
    ranks = [s.rank for s in taking_part]
    return [(s.player.circuit_number, 1 + sum(r < s.rank for r in ranks)) for s in taking_part]


def approved_events() -> list[Event]:
    """The events approved for the list (not withdrawn) and still published, by date."""
    return list(
        Event.objects.filter(
            approval__withdrawn_at__isnull=True, approval__isnull=False, published=True
        )
        .select_related("approval", "club")
        .order_by("date", "pk")
    )


def counted_events(events: list[Event] | None = None) -> tuple[list[CountedEvent], dict[str, str]]:
    """Every approved event as the pure list reads it, and the listed players' names
    (by circuit number): a constant number of queries whatever the number of events."""
    events = approved_events() if events is None else events
    standings = event_standings(events)
    versions = _versions([e.pk for e in events])
    counted, names = [], {}
    for event in events:
        rows = standings[event.pk]
        for s in rows:
            names[s.player.circuit_number] = s.player.name
        counted.append(
            CountedEvent(
                event_key(event.pk),
                event.date,
                EventClass(event.approval.klass),
                placings(_places(rows)),
                versions[event.pk],
            )
        )
    return counted, names


def compute(list_date: datetime.date) -> tuple[RankingList, list[CountedEvent], dict]:
    """The list for ``list_date`` (not kept), the counted events and the names."""
    events, names = counted_events()
    return compute_list(events, list_date, names), events, names


def events_json(events: list[CountedEvent]) -> list[dict]:
    return [
        {
            "key": e.key,
            "date": e.date.isoformat(),
            "class": int(e.klass),
            "version": e.version,
            "placings": [[p.player, p.first, p.last] for p in e.placings],
        }
        for e in sorted(events, key=lambda e: (e.date, e.key))
    ]


def events_from_json(rows: list[dict]) -> list[CountedEvent]:
    return [
        CountedEvent(
            r["key"],
            datetime.date.fromisoformat(r["date"]),
            EventClass(r["class"]),
            tuple(Placing(p, first, last) for p, first, last in r["placings"]),
            r["version"],
        )
        for r in rows
    ]


def ranking_of(published: PublishedList) -> RankingList:
    """A published list as it was computed (recomputed from what it kept)."""
    return compute_list(events_from_json(published.events), published.date, published.names)


def latest_published() -> PublishedList | None:
    return PublishedList.objects.order_by("-date", "-pk").first()


@transaction.atomic
def publish(list_date: datetime.date, user=None) -> PublishedList:
    """Compute the list for ``list_date`` and keep it, with who moved since the latest
    published list. ``user`` None: the nightly command (no one signed in)."""
    if user is not None:
        require_circuit_officer(user)
    approved = approved_events()
    events, names = counted_events(approved)
    ranking = compute_list(events, list_date, names)
    # The rating of the events held by the list's date (a list dated back leaves later
    # events out, as the list does).
    ratings = circuit_ratings([e for e in approved if e.date <= list_date])
    previous = latest_published()
    moves = []
    if previous is not None:
        moves = [
            {
                "player": m.player,
                "name": names.get(m.player) or previous.names.get(m.player, ""),
                "before": m.before,
                "after": m.after,
                "score_before": m.score_before,
                "score_after": m.score_after,
                "reasons": list(m.reasons),
            }
            for m in diff(ranking_of(previous), ranking)
        ]
    return PublishedList.objects.create(
        date=list_date,
        computed_at=timezone.now(),
        published_by=user,
        events=events_json(events),
        names=dict(sorted(names.items())),
        csv=render_csv(ranking, names),
        moves=moves,
        ratings=ratings,
    )


def player_ids(ranking: RankingList) -> dict[str, int]:
    """Circuit number -> the player's id (the number is the id, written T-00042)."""
    return {line.player: int(line.player.split("-")[1]) for line in ranking.lines}
