"""Rounds on the clock: a round's length, starting its clock, and a table given more
time or ended by the director. The start is stored in the database (``Round``), never
a timer in a process; what it means for a table is ``tournaments.clock``."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from .. import clock
from ..models import Round, Table
from ..words import time_of_day
from .activity import Action, log_activity, log_table_activity
from .errors import FormError, ServiceError
from .locking import atomic, lock_round, lock_table
from .permissions import require_organizer

# More time for one table: a few minutes to finish, up to an hour.
MIN_EXTRA, MAX_EXTRA = 1, 60


def _round_for_update(rnd: Round, user) -> Round:
    rnd = lock_round(rnd.pk)
    require_organizer(user, rnd.event)
    return rnd


def _require_timed(rnd: Round, field: str) -> None:
    if not clock.is_timed(rnd.event):
        message = (
            "Rounds on the clock are for events whose sessions end at the round's bell: "
            "choose that session end in the event's settings first."
        )
        raise FormError(message, {field: [message]})


def check_minutes(minutes) -> int:
    """A round's length, bounded; FormError at the field ``minutes`` otherwise."""
    low, high = Round.MIN_MINUTES, Round.MAX_MINUTES
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not low <= minutes <= high:
        message = f"A round on the clock lasts from {low} to {high} minutes: give a whole number."
        raise FormError(message, {"minutes": [message]})
    return minutes


@atomic
def set_round_length(rnd: Round, user, minutes: int | None) -> Round:
    """Set (or, with None, clear) the round's length, before its clock starts and
    before it has deals."""
    rnd = _round_for_update(rnd, user)
    if minutes is not None:
        _require_timed(rnd, "minutes")
        check_minutes(minutes)
    if rnd.clock_started_at is not None:
        message = f"Round {rnd.number}'s clock has started: its length is fixed."
        raise FormError(message, {"minutes": [message]})
    if rnd.tables.filter(deals__isnull=False).exists():
        message = (
            f"Round {rnd.number} has deals already: a clock is set before the round's first deal."
        )
        raise FormError(message, {"minutes": [message]})
    rnd.minutes = minutes
    rnd.save(update_fields=["minutes"])
    log_activity(rnd.event, user, Action.SET_ROUND_LENGTH, round=rnd.number, minutes=minutes)
    return rnd


@atomic
def start_round(rnd: Round, user) -> Round:
    """Start the round's clock: its bell rings ``minutes`` from now (the server's)."""
    rnd = _round_for_update(rnd, user)
    _require_timed(rnd, "start")
    if not rnd.minutes:
        raise ServiceError(f"Give round {rnd.number} a length first.")
    if rnd.clock_started_at is not None:
        raise ServiceError(
            f"Round {rnd.number}'s clock started at {time_of_day(rnd.clock_started_at)} "
            "already; it is not started twice."
        )
    if not rnd.tables.exists():
        raise ServiceError(f"Round {rnd.number} has no tables yet: draw it first.")
    if rnd.closed_at is not None:
        raise ServiceError(f"Round {rnd.number} is closed.")
    rnd.clock_started_at = timezone.now()
    rnd.save(update_fields=["clock_started_at"])
    log_activity(rnd.event, user, Action.START_ROUND_CLOCK, round=rnd.number)
    return rnd


def _table_on_the_clock(table: Table, user) -> Table:
    table = lock_table(table.pk)
    require_organizer(user, table.round.event)
    if clock.round_bell(table.round) is None:
        raise ServiceError(f"Round {table.round.number}'s clock has not started.")
    return table


@atomic
def extend_table(table: Table, user, minutes: int) -> Table:
    """Give one table ``minutes`` more: its own bell, that many minutes after its bell
    or after now if the bell rang already; a table the director ended plays on."""
    if not isinstance(minutes, int) or not MIN_EXTRA <= minutes <= MAX_EXTRA:
        message = f"Give a table from {MIN_EXTRA} to {MAX_EXTRA} minutes more."
        raise FormError(message, {"extra": [message]})
    table = _table_on_the_clock(table, user)
    now = timezone.now()
    table.bell_at = max(now, clock.table_bell(table)) + timedelta(minutes=minutes)
    table.clock_stopped_at = None
    table.save(update_fields=["bell_at", "clock_stopped_at"])
    log_table_activity(
        table, user, Action.EXTEND_TABLE, minutes=minutes, bell=time_of_day(table.bell_at)
    )
    return table


@atomic
def end_table(table: Table, user) -> Table:
    """End a table's session now (a table behind the clock): its link takes no more
    deals, not even the one in progress; the director enters any further deal."""
    table = _table_on_the_clock(table, user)
    if table.clock_stopped_at is not None:
        raise ServiceError(
            f"Table {table.number} was ended at {time_of_day(table.clock_stopped_at)} already."
        )
    table.clock_stopped_at = timezone.now()
    table.save(update_fields=["clock_stopped_at"])
    log_table_activity(table, user, Action.END_TABLE)
    return table
