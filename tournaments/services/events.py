"""Creating events, registering players, setting up rounds and tables."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

import taroky_scoring as core

from ..models import Event, Player, Registration, Round, Season, Table
from . import seats
from .activity import Action, log_activity, log_table_activity
from .errors import FormError, ServiceError
from .locking import lock_round
from .organized import create_organized
from .permissions import require_organizer
from .prizes import set_prizes
from .seasons import check_not_twice


def _full_clean(instance) -> None:
    try:
        instance.full_clean()
    except ValidationError as e:
        raise ServiceError("; ".join(e.messages)) from e


def fixed_settings(event: Event) -> dict:
    """What the event's deals are scored under and how it ranks (``FIXED_ONCE_DEALT``),
    as its activity log records it at every change: the ledger audit checks them, the
    starting chips and the ranking settings (which no deal document holds) against the
    log's last record."""
    return {name: getattr(event, name) for name in Event.FIXED_ONCE_DEALT}


def prize_settings(event: Event) -> dict:
    """The event's prize settings as its activity log records them where they may
    change (``set_prizes`` records its own): the ledger audit compares the last."""
    return {name: getattr(event, name) for name in Event.PRIZE_SETTINGS}


@transaction.atomic
def create_event(user, prizes: dict | None = None, **fields) -> Event:
    """A new event; its creator becomes its first organizer. ``prizes``: its entry fee
    and prizes, as ``services.prizes.set_prizes`` takes and checks them. ``club``: the
    club whose event it is (by default the server's only club)."""
    event = create_organized(user, Event, fields, _full_clean, "events")
    log_activity(
        event,
        user,
        Action.CREATE_EVENT,
        name=event.name,
        fixed=fixed_settings(event),
        prizes=prize_settings(event),
    )
    if prizes:
        event = set_prizes(event, user, **prizes)
    return event


@transaction.atomic
def update_event(event: Event, user, **fields) -> Event:
    night = [name for name in ("name", "date") if name in fields]
    if night:
        # Its season locked first (the order add_event and update_season take): another
        # of its events given this name and day meanwhile is seen.
        Season.objects.select_for_update(of=("self",)).filter(events=event.pk).first()
    event = Event.objects.select_for_update().get(pk=event.pk)
    require_organizer(user, event)
    changed = [
        name
        for name in Event.FIXED_ONCE_DEALT
        if name in fields and (fields[name] or None) != (getattr(event, name) or None)
    ]
    # A deal being recorded holds the event row FOR SHARE (locking.lock_table): this
    # lock waits for it to commit, so the check below sees it.
    if changed and event.has_deals():
        raise ServiceError(
            "The ruleset, house rules and starting chips cannot change once a deal is "
            f"recorded: this event's deals were scored under them ({', '.join(changed)} "
            "not changed)."
            if set(changed) & set(Event.SCORED_UNDER)
            else "How the event ranks cannot change once a deal is recorded: its "
            f"standings are read from its deals ({', '.join(changed)} not changed)."
        )
    if fields.get("published") is False and event.published and event.season_id:
        season = event.season
        if season.published:
            raise ServiceError(
                f"This event counts in the published season {season.name}, which shows its "
                "results to everybody: unpublish the season first, or remove the event "
                "from it."
            )
    changed = [name for name in night if fields[name] != getattr(event, name)]
    for name, value in fields.items():
        setattr(event, name, value)
    _full_clean(event)
    if "date" in fields and event.season_id:
        _check_within_season(event)
    if changed and event.season_id:
        check_not_twice(event.season, event, fields=changed)
    event.save()
    recorded = {"prizes": prize_settings(event)} if set(fields) & set(Event.PRIZE_SETTINGS) else {}
    log_activity(
        event,
        user,
        Action.UPDATE_EVENT,
        fields=sorted(fields),
        fixed=fixed_settings(event),
        **recorded,
    )
    return event


def _check_within_season(event: Event) -> None:
    """An event of a season stays on one of its days (the season read after the event
    is locked: update_season locks the season's events before it moves its days)."""
    season = event.season
    if not season.start_date <= event.date <= season.end_date:
        message = (
            f"This event counts in the season {season.name}, from {season.start_date:%B} "
            f"{season.start_date.day}, {season.start_date:%Y} to {season.end_date:%B} "
            f"{season.end_date.day}, {season.end_date:%Y}: give it a day within the season, "
            "or remove it from the season first."
        )
        raise FormError(message, {"date": [message]})


@transaction.atomic
def create_round(event: Event, user) -> Round:
    event = Event.objects.select_for_update().get(pk=event.pk)
    require_organizer(user, event)
    last = event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    rnd = Round.objects.create(event=event, number=last + 1)
    # A new round starts with everyone registered and not withdrawn present, as its
    # roll call shows them; the organizer unticks who is absent.
    rnd.present.set(
        Player.objects.filter(registrations__event=event, registrations__withdrawn=False)
    )
    log_activity(event, user, Action.CREATE_ROUND, number=rnd.number)
    return rnd


@transaction.atomic
def create_table(
    rnd: Round, user, players: Sequence[Player], first_forehand: Player | None = None
) -> Table:
    """A table of the players in the given order, the order of play of the event's
    game; how many may sit is the game's (the core's ``table_sizes``)."""
    rnd = lock_round(rnd.pk)
    event = rnd.event
    require_organizer(user, event)
    players = list(players)
    if len({p.pk for p in players}) != len(players):
        raise ServiceError("A player can have only one seat at a table.")
    sizes = core.game_for(event.ruleset).table_sizes
    try:
        core.rotation.check_seats([p.pk for p in players], sizes)
    except core.OutcomeError as e:
        raise ServiceError(f"{e.errors[0].message[:-1]} under {event.ruleset}.") from e
    if first_forehand is not None and first_forehand not in players:
        raise ServiceError("The first forehand must sit at the table.")
    # A player sits at one table of a round: not one seated, a substitute or on a bye.
    table = seats.add_table(rnd, players, first_forehand)
    for p in players:
        Registration.objects.get_or_create(event=event, player=p)
    log_table_activity(table, user, Action.CREATE_TABLE, players=[p.name for p in players])
    return table
