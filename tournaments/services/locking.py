"""Row locks, taken in one order: event, round, then table, then deal.

Every lock is on the rows named (``of=("self",)``): with ``select_related`` a plain
``select_for_update()`` also locked the joined round and event rows, so a swap and a
first deal locked the same rows in opposite orders and PostgreSQL killed one of them
("deadlock detected"). SQLite takes no row locks: its write transactions start with
BEGIN IMMEDIATE (settings), so writers already run one at a time.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.db import OperationalError, connection, transaction

from .. import stamps
from ..models import Event, Round, Table, TableLink
from .access import with_account
from .errors import BusyError, ServiceError
from .permissions import require_organizer

# PostgreSQL's deadlock_detected, lock_not_available, serialization_failure.
LOCK_FAILURES = {"40P01", "55P03", "40001"}


def _is_lock_failure(error: OperationalError) -> bool:
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    return sqlstate in LOCK_FAILURES or "database is locked" in str(error)


def atomic(service):
    """``transaction.atomic``, and a lock failure said in words instead of a 500. The
    outermost service counts, as its transaction's last statement, a change of every
    event it marked (``stamps``: the live pages' ETags)."""

    def in_transaction(*args, **kwargs):
        stamps.enter()
        committed = False
        try:
            with transaction.atomic():
                if stamps.outermost():
                    _bound_lock_waits()
                result = service(*args, **kwargs)
                if stamps.outermost():
                    stamps.flush()
            committed = True
            return result
        finally:
            stamps.leave(committed)

    @functools.wraps(service)
    def wrapped(*args, **kwargs):
        try:
            return in_transaction(*args, **kwargs)
        except OperationalError as e:
            if not _is_lock_failure(e):
                raise
            # True on both databases: PostgreSQL waits for the same table's or round's
            # rows, SQLite for its one write lock, which any change holds (an import too).
            raise BusyError(
                "The app was busy saving another change and could not save this one in "
                "time; nothing was saved. Try again in a moment."
            ) from e

    return wrapped


def _bound_lock_waits() -> None:
    """PostgreSQL: a lock this transaction waits for longer than LOCK_WAIT_SECONDS fails
    (lock_not_available, said as BusyError) instead of queueing without end. SQLite's
    write lock is bounded by the connection's busy timeout (settings)."""
    if connection.vendor == "postgresql":
        ms = int(settings.LOCK_WAIT_SECONDS * 1000)
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL lock_timeout = '{ms}ms'")


def _share(model, pk: int) -> None:
    """Hold a row as it is until this transaction ends (FOR SHARE: writers of that row
    wait, other readers and sharers do not)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR SHARE", [pk])


def share_round(round_id: int) -> None:
    """Keep a round's seating as it is until this transaction ends, while other tables
    of the round go on entering deals (swaps and draws wait, deals do not)."""
    _share(Round, round_id)


def lock_event(pk: int, user) -> Event:
    """The event's row locked, first in the one order (two organizers' changes to the
    event save one after the other), for one of its organizers."""
    event = Event.objects.select_for_update(of=("self",)).get(pk=pk)
    require_organizer(user, event)
    return event


def lock_round(pk: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=pk)


def _gone() -> ServiceError:
    return ServiceError(
        "This table is no longer in its round: the round was drawn again. "
        "Open the round's new tables."
    )


def lock_table_and_link(pk: int, link_pk: int) -> tuple[Table, TableLink]:
    """Table ``pk`` locked as ``lock_table`` locks it, for a deal entered through a link,
    and the link ``link_pk`` locked after it (a revocation or a round's closing, which
    lock the link too, is then before the deal or after it), with its account
    (``access.with_account``). The link's ``table`` is the locked table when it is the
    link's own; ``access.check_link`` says whether it is.

    SQLite has no row locks: BEGIN IMMEDIATE holds the whole database for this
    transaction already, so the link, its table, round and event are one read."""
    if connection.vendor == "sqlite":
        links = with_account(TableLink.objects.select_related("table__round__event"))
        link = next(iter(links.filter(pk=link_pk).order_by()[:1]), None)
        if link is None:
            raise _gone()  # a link goes only with its table (the round drawn again)
        table = link.table if link.table_id == pk else lock_table(pk)
        return table, link
    table = lock_table(pk)
    link = with_account(TableLink.objects.select_for_update(of=("self",))).get(pk=link_pk)
    if link.table_id == table.pk:
        link.table = table
    return table, link


def lock_table(pk: int) -> Table:
    """A table locked for a deal or a chip count, its round's seating held still."""
    gone = _gone()
    if connection.vendor == "postgresql":
        ids = Table.objects.filter(pk=pk).values_list("round_id", "round__event_id").first()
        if ids is None:
            raise gone
        round_id, event_id = ids
        # The event's ruleset, house rules and starting chips stay as they are while a
        # deal is scored under them: an edit of the event waits (and then finds the deal).
        _share(Event, event_id)
        share_round(round_id)
    # (SQLite: the transaction holds the whole database already, BEGIN IMMEDIATE.)
    try:
        return (
            Table.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=pk)
        )
    except Table.DoesNotExist:
        raise gone from None
