"""Rounds on the clock: a round's bell and each table's, read from what the database
holds (the round's start and length, a table's own bell or its end), and the server's
time. Never a timer in a process: every process, every phone, after a restart too,
reads the same bell.

A phone counts down in its script (clock.js) from the offset between the server's
time (``/now.json``, or the page's ``data-now``) and its own, never from its own clock;
the pages say the bell's time in words, the same until the bell moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

import taroky_scoring as core

from .models import Event, Round, Table
from .words import time_of_day


def is_timed(event: Event) -> bool:
    """Whether the event's tables play until the bell (rounds on the clock)."""
    return event.session_end == Event.SessionEnd.TIMED


def round_bell(rnd: Round) -> datetime | None:
    """When the round's bell rings: its start plus its length (None: not started)."""
    if rnd.clock_started_at is None or not rnd.minutes:
        return None
    return rnd.clock_started_at + timedelta(minutes=rnd.minutes)


def table_bell(table: Table) -> datetime | None:
    """The table's bell: its own when the director gave it more time, else the round's."""
    return table.bell_at or round_bell(table.round)


def core_clock(table: Table, deal_times, now: datetime | None = None) -> core.Clock:
    """The core's clock of ``table``: ``deal_times`` the times its live deals were
    entered (a deal entered by the bell was played before it)."""
    now = now or timezone.now()
    bell = table_bell(table)
    at_bell = None
    if bell is not None and now >= bell:
        at_bell = sum(1 for at in deal_times if at <= bell)
    return core.Clock(deals_at_bell=at_bell, stopped=table.clock_stopped_at is not None)


def time_up_words(table: Table) -> str:
    """Why a table's link takes no more deals (the bell rang and its deal in progress is
    in, or the director ended it), in the words every path says it."""
    if table.clock_stopped_at is not None:
        why = f"the director ended this table at {time_of_day(table.clock_stopped_at)}"
    elif table.bell_at is not None:
        why = f"this table's bell rang at {time_of_day(table.bell_at)}"
    else:
        why = f"the round's bell rang at {time_of_day(round_bell(table.round))}"
    return f"Time is up: {why}; the director enters any further deal."


@dataclass(frozen=True)
class Shown:
    """A clock as a page shows it: the bell (its time in words and in milliseconds for
    the script), the server's time when the page was made, the length."""

    bell: datetime
    now: datetime
    minutes: int
    label: str  # "Round 2" or "Table 3"
    extended: bool = False
    stopped_at: datetime | None = None

    @property
    def bell_words(self) -> str:
        return time_of_day(self.bell)

    @property
    def bell_ms(self) -> int:
        return int(self.bell.timestamp() * 1000)

    @property
    def now_ms(self) -> int:
        return int(self.now.timestamp() * 1000)

    @property
    def rung(self) -> bool:
        return self.now >= self.bell

    @property
    def left_words(self) -> str:
        """The time left when the page was made, m:ss (the script counts on from it)."""
        seconds = max(0, int((self.bell - self.now).total_seconds()))
        return f"{seconds // 60}:{seconds % 60:02d}"


def shown_for_round(rnd: Round, now: datetime | None = None) -> Shown | None:
    """The round's clock for the wall and the round's page (None: none running)."""
    if not is_timed(rnd.event):
        return None
    bell = round_bell(rnd)
    if bell is None:
        return None
    return Shown(bell, now or timezone.now(), rnd.minutes, f"Round {rnd.number}")


def shown_for_table(table: Table, now: datetime | None = None) -> Shown | None:
    """A table's clock for its sheet and deal page (its own bell when given more time)."""
    rnd = table.round
    if not is_timed(rnd.event):
        return None
    bell = table_bell(table)
    if bell is None:
        return None
    return Shown(
        bell,
        now or timezone.now(),
        rnd.minutes,
        f"Table {table.number}",
        extended=table.bell_at is not None,
        stopped_at=table.clock_stopped_at,
    )
