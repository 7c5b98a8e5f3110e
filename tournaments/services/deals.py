"""Recording deals: a deal saved at its table and its chips posted to the ledger, one
deal at a time or many in one transaction, through the same step and the same checks.

A deal's audit trail is its DealVersion rows: who, when, what and why. Correcting and
voiding a deal is ``corrections``.
"""

from __future__ import annotations

from django.db.models import Count, Max, Q
from django.utils import timezone

import taroky_scoring as core

from .. import clock, seat_holders, stamps
from ..balances import table_session, with_ledger_pot
from ..models import Deal, DealVersion, Seat, Table
from ..seat_holders import seats_of
from ..todays_names import deal_under_todays_names
from ..words import counted
from .access import acting_user, authorize, check_link
from .checking import check_document
from .errors import DealError, DealNumberTaken
from .locking import atomic, lock_table
from .permissions import require_organizer
from .posting import (
    assert_balanced,
    columns_of,
    confirmation_fields,
    origin,
    player_ids,
    post,
)


def record_deal(
    table: Table,
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
) -> Deal:
    """Save a new deal at ``table`` and post its transfers, all or nothing.

    ``number`` guards against a form submitted twice (or two phones at one table, or a
    phone sending again what it kept while offline): a number already taken is refused
    with DealNumberTaken, which says whether the saved deal is the one sent (``same``).
    It is checked first, before the transaction queues for the table's lock, so a burst
    of the same deal from many phones is answered at once; and again under the lock.
    ``check_session=False`` is for replaying an exported event, whose deals were
    accepted when they were entered; ``original`` (``author``, ``at``) is an imported
    version's origin, kept as recorded. With ``link`` (a TableLink) whoever holds the
    table's working link may enter the deal, instead of an organizer.
    """
    if number is not None:
        # Who may enter deals here may learn what deal ``number`` says; nobody else.
        if link is None:
            require_organizer(user, table.round.event)
        else:
            check_link(link, table)
        _refuse_taken_number(table.pk, number, document)
    return _record_deal(table, document, user, number, check_session, original, link)


@atomic
def record_deals(table: Table, documents: list[dict], user) -> list[Deal]:
    """Record many deals at a table in one transaction, all or none (synthetic events):
    each as ``record_deal`` records it, the table locked and its seats read once."""
    table = lock_table(table.pk)
    authorize(user, table, None)
    seats = seats_of(table)
    return [_save_deal(table, seats, document, user) for document in documents]


def same_deal(saved: Deal, document: dict) -> bool:
    """Whether a saved deal says what ``document`` (under today's names, as a form
    sends it) says: the saved one read under today's names too, a player renamed since
    it was saved being the same player; the pot is the ledger's, never sent by a form."""
    if saved.voided:
        return False
    game = saved.game
    return game.without_pot(deal_under_todays_names(saved)) == game.without_pot(document)


def _refuse_taken_number(table_id: int, number: int, document: dict) -> None:
    saved = Deal.objects.filter(table_id=table_id, number=number).first()
    if saved is None:
        return
    if same_deal(saved, document):
        # Sent again (a double tap, a phone's retry): it is saved, once.
        raise DealNumberTaken(f"Deal {number} is saved.", saved, same=True)
    last = Deal.objects.filter(table_id=table_id).aggregate(last=Max("number"))["last"]
    # In the words of the conflict box that shows both versions (_deal_conflict.html).
    raise DealNumberTaken(
        f"Deal {number} was saved first, so yours was not saved; the next deal at this "
        f"table is {last + 1}.",
        saved,
        same=False,
    )


@atomic
def _record_deal(table, document, user, number, check_session, original, link) -> Deal:
    # Lock the table so two organizers entering at once get consecutive numbers.
    table = lock_table(table.pk)
    authorize(user, table, link)
    user = acting_user(user, link)
    return _save_deal(table, seats_of(table), document, user, number, check_session, original, link)


def _save_deal(
    table: Table,
    seat_list: list[Seat],
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
) -> Deal:
    """The step every new deal is saved by, in its caller's transaction, the table
    locked and the user authorized (``seat_list``: its seats, ``seats_of``): the next
    number, the pot the ledger holds, the
    core's and the table's checks, the session, then the deal, its first version and
    what it posts."""
    counts = table.deals.aggregate(last=Max("number"), live=Count("pk", filter=Q(voided=False)))
    last = counts["last"] or 0
    # A game with a pot plays for the pot the ledger holds, never one from a form.
    document = with_ledger_pot(table.pk, document, last + 1)
    # The seats' holders at this deal: a substitute's name from his first deal on.
    seats = seat_holders.by_name(seat_list, last + 1)
    checked = check_document(table, document, seats)
    if check_session:
        _require_session_running(table, seats, counts["live"], link)
    if number is not None and number <= last:
        _refuse_taken_number(table.pk, number, document)  # taken while this one waited
    if number is not None and number != last + 1:
        # Ahead of the table (a phone's later kept deal sent before the one it follows).
        raise DealError(f"Deal {number} cannot be saved yet: deal {last + 1} comes first.")
    deal = Deal(
        table=table,
        number=last + 1,
        version=1,
        document=document,
        **columns_of(checked),
        **confirmation_fields(table, link),
    )
    deal.save(force_insert=True, document_checked=True)  # check_document parsed it
    version = DealVersion.objects.create(
        deal=deal,
        number=1,
        action=DealVersion.Action.RECORDED,
        document=document,
        names=player_ids(checked),
        created_by=user,
        **origin(original),
    )
    assert_balanced(post(deal, version, checked, user))
    stamps.mark(table.round.event_id)
    return deal


def _table_clock(table: Table) -> core.Clock | None:
    """A timed table's clock, its deals entered by the bell counted (one query once
    the bell rang, none before)."""
    if not clock.is_timed(table.round.event):
        return None
    bell = clock.table_bell(table)
    times = []
    if bell is not None and timezone.now() >= bell:
        times = table.deals.filter(voided=False, created_at__lte=bell).values_list(
            "created_at", flat=True
        )
    return clock.core_clock(table, times)


def _require_session_running(table: Table, seats=None, live: int | None = None, link=None):
    """Refuse a deal past the table's session. A timed session ends at the bell and
    the deal in progress then: the table's link stops, the director enters any further
    deal (every path, the form, the phone's JSON and its resent deals, comes here)."""
    state = table_session(table, seats, live, clock=_table_clock(table))
    if state.ended and state.reason is core.SessionEnd.TIMED:
        if link is not None:
            raise DealError(clock.time_up_words(table))
        return
    if state.ended:
        live = state.deals_played
        why = (
            f"after {counted(live, 'deal')}"
            if state.reason is core.SessionEnd.FIXED_DEALS
            else f"because {', '.join(state.out_of_chips)} ran out of chips"
        )
        raise DealError(f"This table's session has ended {why}; no more deals can be entered.")
