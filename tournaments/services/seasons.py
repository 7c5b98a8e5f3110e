"""Seasons: creating and editing one, and adding or removing its events.

Who may change a season: its organizers (and superusers). Adding an event also needs
the event's organizer: a season does not take over somebody else's club night. An
event belongs to at most one season (``Event.season``). The scoring is fixed once the
season is published; every change of a season is in the audit, with who and when.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from ..models import ActivityEntry, Event, Season
from ..words import counted, listed
from .activity import Action, log_activity
from .errors import FormError
from .organized import create_organized
from .permissions import (
    can_view_season,
    require_organizer,
    require_season_organizer,
)


def _audit(season, user, action: str, **detail) -> None:
    ActivityEntry.objects.create(season=season, user=user, action=action, detail=detail)


class SeasonError(FormError):
    """A season's form or request is wrong: ``fields`` name the fields and say why."""


def _full_clean(season: Season) -> None:
    try:
        season.full_clean(exclude=["organizers"])
    except ValidationError as e:
        raise SeasonError("The season was not saved: see the marked fields.", e.message_dict) from e


@transaction.atomic
def create_season(user, **fields) -> Season:
    """A new season; its creator becomes its first organizer. ``owner_club``: the club
    whose season it is (by default the server's only club; ``club`` is the text its
    pages show)."""
    season = create_organized(user, Season, fields, _full_clean, "seasons")
    _audit(season, user, Action.CREATE_SEASON, **_scoring(season))
    return season


def _scoring(season: Season) -> dict:
    return {name: getattr(season, name) for name in Season.SCORING}


@transaction.atomic
def update_season(season: Season, user, **fields) -> Season:
    """Change a season's settings. Its scoring (``Season.SCORING``) is fixed while it is
    published: unpublish it first, and the change is on record."""
    season = Season.objects.select_for_update().prefetch_related("organizers").get(pk=season.pk)
    require_season_organizer(user, season)
    before = _scoring(season)
    changed = {
        name: [before[name], fields[name]]
        for name in Season.SCORING
        if name in fields and fields[name] != before[name]
    }
    if changed and season.published:
        raise SeasonError(
            "The scoring of a published season is fixed: unpublish it to change how it "
            "ranks (the change is recorded).",
            {name: ["Fixed while the season is published."] for name in changed},
        )
    if fields.get("published") and not season.published:
        # The events locked: none is unpublished meanwhile (update_event locks its event
        # first, then reads its season).
        events = season.events.select_for_update(of=("self",)).order_by("date")
        hidden = [e for e in events if not e.published]
        if hidden:
            names = ", ".join(str(e) for e in hidden)
            raise SeasonError(
                "A published season shows every one of its events' results.",
                {"published": [f"Publish its events first: {names}."]},
            )
    # What else changed, for the season's history (the form sends every field).
    was_published = season.published
    others = sorted(
        name
        for name, value in fields.items()
        if name not in Season.SCORING and name != "published" and getattr(season, name) != value
    )
    days = (season.start_date, season.end_date)
    for name, value in fields.items():
        setattr(season, name, value)
    _full_clean(season)
    if (season.start_date, season.end_date) != days:
        _check_days_keep_events(season)
    if season.planned_events is not None and season.events.count() > season.planned_events:
        raise SeasonError(
            "The season has more events than that.",
            {
                "planned_events": [
                    f"The season has {counted(season.events.count(), 'event')} already: M "
                    "cannot be fewer."
                ]
            },
        )
    season.save()
    detail = {"fields": sorted(fields), "changed": others}
    if season.published != was_published:
        detail["published"] = season.published
    if changed:
        detail["scoring"] = changed  # from -> to, for the season's page
    _audit(season, user, Action.UPDATE_SEASON, **detail)
    return season


@transaction.atomic
def add_event(season: Season, event: Event, user) -> Event:
    """Count ``event`` in ``season``: an organizer of both; an event in at most one season."""
    season = Season.objects.select_for_update().prefetch_related("organizers").get(pk=season.pk)
    require_season_organizer(user, season)
    event = Event.objects.select_for_update().prefetch_related("organizers").get(pk=event.pk)
    require_organizer(user, event)
    if event.season_id == season.pk:
        raise SeasonError(
            f"{event} is in this season already.",
            {"event": [f"{event} is in this season already."]},
        )
    if event.season_id is not None:
        # Unscoped: the event's season may be another club's (named only if readable).
        seasons = Season.objects.with_scopes_disabled()
        other = seasons.prefetch_related("organizers").get(pk=event.season_id)
        # Its name, where the organizer may read that season.
        named = other.name if can_view_season(user, other) else "another season"
        raise SeasonError(
            f"{event} counts in {named} already: an event belongs to one season.",
            {"event": [f"{event} counts in {named} already; remove it there first."]},
        )
    _check_within(season, event)
    check_not_twice(season, event)
    if season.published and not event.published:
        message = (
            f"{event} is not published, and the season is: publish the event first (a "
            "published season shows its events' results to everybody)."
        )
        raise SeasonError(message, {"event": [message]})
    if season.planned_events is not None and season.events.count() >= season.planned_events:
        message = (
            f"The season has its {counted(season.planned_events, 'event')} (M) already: raise "
            "M on the "
            "season's form to add more."
        )
        raise SeasonError(message, {"event": [message]})
    _count_in(event, season, user, counted=True)
    return event


def _count_in(event: Event, season: Season, user, counted: bool) -> None:
    """Count ``event`` in ``season``, or stop counting it there; the season's log and the
    event's each say so."""
    event.season = season if counted else None
    event.save(update_fields=["season"])
    in_season, in_event = (
        (Action.ADD_EVENT, Action.ADD_TO_SEASON)
        if counted
        else (Action.REMOVE_EVENT, Action.REMOVE_FROM_SEASON)
    )
    _audit(season, user, in_season, event=event.pk, name=str(event))
    log_activity(event, user, in_event, season=season.pk, name=season.name)


def _day(date) -> str:
    return f"{date:%B} {date.day}, {date:%Y}"


def _check_within(season: Season, event: Event) -> None:
    """An event counts in a season only on one of its days."""
    if event.date < season.start_date:
        said = f"{event} is before the season's first day ({_day(season.start_date)})"
    elif event.date > season.end_date:
        said = f"{event} is after the season's last day ({_day(season.end_date)})"
    else:
        return
    message = f"{said}: change the season's days to count it."
    raise SeasonError(message, {"event": [message]})


def check_not_twice(season: Season, event: Event, fields=("event",)) -> None:
    """Another event of the season of the same name on the same day is the same night
    entered (or imported) twice: it would count twice. Said at ``fields``: the event
    added, or the name or day an event of the season was given."""
    same = (
        season.events.filter(date=event.date, name__iexact=event.name).exclude(pk=event.pk).first()
    )
    if same is not None:
        message = (
            f"{same} is in this season already: {event}, of the same name on the same day, "
            "would count that night twice."
        )
        raise SeasonError(message, {field: [message] for field in fields})


def _check_days_keep_events(season: Season) -> None:
    """New first or last days of a season may not leave out one of its events (the
    events locked: none is moved meanwhile; update_event locks its event, then reads
    its season)."""
    events = list(season.events.select_for_update(of=("self",)).order_by("date", "name"))
    errors = {}
    early = [e for e in events if e.date < season.start_date]
    if early:
        errors["start_date"] = [
            f"{_count(early)} in the season, before that day: remove {_it(early)} first, or "
            f"start the season on {_day(early[0].date)} or earlier."
        ]
    late = [e for e in events if e.date > season.end_date]
    if late:
        errors["end_date"] = [
            f"{_count(late)} in the season, after that day: remove {_it(late)} first, or "
            f"end the season on {_day(late[-1].date)} or later."
        ]
    if errors:
        raise SeasonError("The season's days leave out some of its events.", errors)


def _count(events) -> str:
    return listed([str(e) for e in events]) + (" counts" if len(events) == 1 else " count")


def _it(events) -> str:
    return "it" if len(events) == 1 else "them"


@transaction.atomic
def remove_event(season: Season, event: Event, user) -> Event:
    season = Season.objects.select_for_update().prefetch_related("organizers").get(pk=season.pk)
    require_season_organizer(user, season)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.season_id != season.pk:
        raise SeasonError(f"{event} is not in this season.")
    _count_in(event, season, user, counted=False)
    return event
