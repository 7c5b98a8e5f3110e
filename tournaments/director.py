"""The director's view of a round: every table's progress at a glance, its link, its
open call, and the tables behind the round's pace. A constant number of queries
whatever the round's size (a query per kind of thing, never per table).

Pages read through here; the calls change only through services.calls.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from . import clock
from .balances import session_state
from .forms.calls import DirectorCallForm
from .models import ChipCount, Deal, DealNet, DirectorCall, Event, Round, Seat, Table, TableLink
from .words import counted, session_length_words

# The pace rule, said on the page: a table is behind when it has played this many deals
# fewer than the round's median table, or more.
BEHIND_BY = 2
# A round on the clock: a table is behind when its bell rang this many minutes ago or
# more and its session has not ended (its deal in progress at the bell is not in).
BEHIND_AFTER_BELL = 5


@dataclass
class TableRow:
    table: Table
    players: list[str]
    deals: int  # live deals: not voided
    last_at: datetime | None
    ago: str
    unconfirmed: int
    chip_count: bool
    link: str  # "live", "no link", "revoked", "round closed", "table ended"
    ended: bool
    call: DirectorCall | None
    behind: bool = False
    bell: datetime | None = None  # a round on the clock: the table's bell
    no_deal: bool = False  # over, or about to be, without a deal (see mark_no_deal)
    clock: clock.Shown | None = None  # a round on the clock: the table's, its time left


@dataclass
class DirectorView:
    round: Round
    event: Event
    rows: list[TableRow]
    session_words: str
    median: float | None
    pace_words: str
    calls: list[DirectorCall]
    now: datetime

    @property
    def timed(self) -> bool:
        """The round is on the clock: each table's time left is shown."""
        return any(r.clock for r in self.rows)

    @property
    def no_deal_words(self) -> str:
        """What the director is told of the tables without a deal (FORMATS.md, "A table
        with no deal"), before the round is closed; "" when none."""
        tables = [str(r.table.number) for r in self.rows if r.no_deal]
        if not tables:
            return ""
        which = (
            f"Table {tables[0]} has"
            if len(tables) == 1
            else f"Tables {', '.join(tables[:-1])} and {tables[-1]} have"
        )
        return (
            f"{which} recorded no deal: a table that records none in a round scores nothing "
            "for it (its players get no table points, no table win, no round played). Enter "
            "its deals before the round is closed, or close it so."
        )


def _count(rows, **filters):
    """The number of ``rows`` (a model's objects with a ``table``) of each table, as a
    subquery: counts side by side without multiplying each other's joins."""
    counted_rows = (
        rows.filter(table=OuterRef("pk"), **filters)
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted_rows, output_field=IntegerField()), 0)


def ago_words(then: datetime | None, now: datetime) -> str:
    """How long ago, in whole minutes (the server's clock).

    >>> from datetime import datetime, timedelta
    >>> now = datetime(2026, 11, 27, 21, 0)
    >>> [ago_words(now - timedelta(minutes=m), now) for m in (0, 1, 7, 60, 135)]
    ['just now', '1 minute ago', '7 minutes ago', '1 hour ago', '2 hours 15 minutes ago']
    """
    if then is None:
        return ""
    minutes = max(0, int((now - then).total_seconds() // 60))
    if minutes == 0:
        return "just now"
    hours, minutes = divmod(minutes, 60)
    parts = [counted(hours, "hour")] if hours else []
    if minutes:
        parts.append(counted(minutes, "minute"))
    return " ".join(parts) + " ago"


def mark_behind(rows: list[TableRow], now: datetime | None = None) -> float | None:
    """Mark the tables behind the round's pace; the round's median of deals played.

    The pace is the round's own: a table still playing with ``BEHIND_BY`` or more deals
    fewer than the median table is behind. A round on the clock (its rows have a bell)
    marks the tables behind its clock instead: those whose bell rang
    ``BEHIND_AFTER_BELL`` minutes ago or more and still play.
    """
    if not rows:
        return None
    median = statistics.median(r.deals for r in rows)
    if now is not None and any(r.bell for r in rows):
        late = now - timedelta(minutes=BEHIND_AFTER_BELL)
        for r in rows:
            r.behind = not r.ended and r.bell is not None and r.bell <= late
        return median
    for r in rows:
        r.behind = not r.ended and r.deals <= median - BEHIND_BY
    return median


def mark_no_deal(rows: list[TableRow], now: datetime) -> None:
    """Mark the tables without a deal whose round is over for them, or about to be:
    ended (at the clock, by the director), their bell rung, or every table that played
    ended."""
    others_done = any(r.deals for r in rows) and all(r.ended for r in rows if r.deals)
    for r in rows:
        rung = r.bell is not None and r.bell <= now
        r.no_deal = bool(r.players) and not r.deals and (r.ended or rung or others_done)


def pace_words(median: float | None, timed: bool = False) -> str:
    if median is None:
        return ""
    if timed:
        return (
            f"A table is marked behind when its bell rang {BEHIND_AFTER_BELL} minutes ago "
            "or more and it has not entered the deal in progress at the bell (nor been "
            "ended): give it more time or end it from its sheet."
        )
    said = f"{median:g}"
    return (
        f"A table is marked behind when it has played {BEHIND_BY} or more deals fewer "
        f"than the round's median table ({said} deal{'' if median == 1 else 's'} now) "
        "and its session has not ended."
    )


def _link_state(table: Table, rnd: Round) -> str:
    if rnd.closed_at is not None:
        return "round closed"
    if table.has_working_link:
        return "live"
    return "revoked" if table.has_link else "no link"


def director_view(rnd: Round) -> DirectorView:
    """Everything the director's view shows of ``rnd`` (its event read with it)."""
    event = rnd.event
    links = TableLink.objects.filter(table=OuterRef("pk"))
    tables = (
        Table.objects.filter(round=rnd)
        .annotate(
            live_deals=_count(Deal.objects, voided=False),
            unconfirmed=_count(Deal.objects, voided=False, awaiting_confirmation=True),
            last_at=Subquery(
                Deal.objects.filter(table=OuterRef("pk"), voided=False)
                .order_by()
                .values("table")
                .annotate(at=Max("created_at"))
                .values("at")
            ),
            has_chip_count=Exists(ChipCount.objects.filter(table=OuterRef("pk"))),
            has_working_link=Exists(links.filter(revoked_at__isnull=True)),
            has_link=Exists(links),
        )
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("number")
    )
    nets: dict[tuple[int, int], int] = {}
    for table_id, player_id, chips in (
        DealNet.objects.current().filter(table__round=rnd).chips_at_tables()
    ):
        nets[(table_id, player_id)] = chips
    calls = list(
        DirectorCall.objects.filter(table__round=rnd, handled_at__isnull=True)
        .select_related("table")
        .order_by("raised_at", "id")
    )
    open_by_table = {c.table_id: c for c in calls}
    now = timezone.now()
    timed = clock.is_timed(event) and clock.round_bell(rnd) is not None
    deal_times: dict[int, list[datetime]] = {}
    if timed:  # one query: when each live deal of the round was entered
        live = Deal.objects.filter(table__round=rnd, voided=False)
        for table_id, at in live.values_list("table_id", "created_at").order_by():
            deal_times.setdefault(table_id, []).append(at)
    rows = []
    for t in tables:
        seats = list(t.seats.all())
        net = {s.player.name: nets.get((t.pk, s.player_id), 0) for s in seats}
        t.round = rnd  # the table's bell reads its round's, read once
        t_clock = clock.core_clock(t, deal_times.get(t.pk, []), now) if timed else None
        ended = bool(seats) and session_state(event, net, t.live_deals, t_clock).ended
        link = _link_state(t, rnd)
        rows.append(
            TableRow(
                table=t,
                players=[s.player.name for s in seats],
                deals=t.live_deals,
                last_at=t.last_at,
                ago=ago_words(t.last_at, now),
                unconfirmed=t.unconfirmed,
                chip_count=t.has_chip_count,
                # An ended table's link takes no more deals: not "live".
                link="table ended" if ended and link == "live" else link,
                ended=ended,
                call=open_by_table.get(t.pk),
                bell=clock.table_bell(t) if timed else None,
                clock=clock.shown_for_table(t, now) if timed else None,
            )
        )
    median = mark_behind(rows, now)
    mark_no_deal(rows, now)
    return DirectorView(
        round=rnd,
        event=event,
        rows=rows,
        session_words=session_length_words(event),
        median=median,
        pace_words=pace_words(median, timed),
        calls=calls,
        now=now,
    )


def open_calls(event: Event) -> list[DirectorCall]:
    """The event's open calls, oldest first (the inbox): one query."""
    return list(
        DirectorCall.objects.filter(table__round__event=event, handled_at__isnull=True)
        .select_related("table__round")
        .order_by("raised_at", "id")
    )


def call_context(link: TableLink | None) -> dict:
    """What a table link's pages show of its call: the open call (when it was raised),
    or the form that raises one. One query (none when the link was read with its open
    call, ``find_link``); nothing without a link."""
    if link is None:
        return {}
    call = None
    # ``find_link`` read whether the table has an open call: a query only when it has.
    if getattr(link, "open_call_id", True) is not None:
        call = DirectorCall.objects.filter(table_id=link.table_id, handled_at__isnull=True).first()
    return {"director_call": call, "call_form": DirectorCallForm(prefix="call")}
