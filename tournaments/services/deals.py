"""Recording deals: a deal saved at its table and its chips posted to the ledger, one
deal at a time or many in one transaction, through the same step and the same checks.

A deal's audit trail is its DealVersion rows: who, when, what and why. Correcting and
voiding a deal is ``corrections``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, OuterRef, Q, Subquery, Sum
from django.utils import timezone

import taroky_scoring as core

from .. import clock, seat_holders, stamps
from ..balances import pot_before, session_state, table_session
from ..models import Deal, DealVersion, Event, LedgerEntry, Seat, Table
from ..seat_holders import seats_of
from ..todays_names import deal_under_todays_names
from ..words import counted
from . import posting
from .access import acting_user, authorize, check_link
from .checking import check_document
from .errors import DealError, DealNumberTaken
from .locking import atomic, lock_table, lock_table_and_link
from .permissions import require_organizer

# ``taken`` not read by the caller: ``_refuse_taken_number`` reads it.
UNREAD = object()


def record_deal(
    table: Table,
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
    taken=UNREAD,
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
    table's working link may enter the deal, instead of an organizer. ``taken``: the
    id of the deal saved under ``number`` (or None), when the caller read it already
    (``seen_before``).
    """
    if number is not None:
        # Who may enter deals here may learn what deal ``number`` says; nobody else.
        if link is None:
            require_organizer(user, table.round.event)
        else:
            check_link(link, table)
        _refuse_taken_number(table.pk, number, document, taken)
    return _record_deal(table, document, user, number, check_session, original, link)


@dataclass(frozen=True)
class Seen:
    """What a deal sent is checked against before the table's lock, in one query: the
    table's seats (``seats_of``) and the id of the deal saved under its number, if any."""

    number: int
    seats: list[Seat]
    taken: int | None


def seen_before(table: Table, number: int) -> Seen:
    """The seats of ``table`` and whether deal ``number`` is saved there (one query)."""
    saved = Deal.objects.filter(table=OuterRef("table"), number=number).order_by().values("pk")
    seats = list(seat_holders.seat_rows(table).annotate(taken=Subquery(saved[:1])))
    return Seen(number, seats, seats[0].taken if seats else UNREAD)


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


def _refuse_taken_number(table_id: int, number: int, document: dict, taken=UNREAD) -> None:
    if taken is None:
        return  # the caller read that no deal has this number
    # One deal at most (no ordering: Deal's, by table, joins the table's round and event).
    saved = Deal.objects.filter(table_id=table_id, number=number).order_by()
    if taken is not UNREAD:
        saved = saved.filter(pk=taken)
    saved = saved.first()
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
    if link is None:
        table = lock_table(table.pk)
        authorize(user, table, None)
    else:
        asked = table
        table, link = lock_table_and_link(table.pk, link.pk)
        check_link(link, asked)
    user = acting_user(user, link)
    read = _read_locked(table)
    return _save_deal(
        table, read.seats, document, user, number, check_session, original, link, read
    )


@dataclass
class Locked:
    """What saving a deal reads under the table's lock, in one query (``_read_locked``):
    the seats (``seats_of``), the last deal's number, the live deals, and only where the
    event needs them each player's chips at the table (a session that ends when one runs
    out) and the chips in the pot (a game with a pot)."""

    seats: list[Seat]
    last: int
    live: int
    chips: dict[int, int] | None = None  # player id -> their net at the table
    pot: int | None = None


def _table_rows(model):
    """``model``'s rows of the outer query's table (for a subquery)."""
    return model.objects.filter(table=OuterRef("table")).order_by()


def _one(rows, total) -> Subquery:
    """``total`` over ``rows`` (one group: the table's), a subquery; None for no rows."""
    return Subquery(rows.values("table").annotate(n=total).values("n"))


def _chips_of(player: str, name: str) -> dict:
    """What the player the outer seat's ``player`` path names was paid (``name``_in)
    and paid out (``name``_out) at the table: subqueries, their net the difference."""
    rows = _table_rows(LedgerEntry)
    return {
        f"{name}_in": _one(rows.filter(payee=OuterRef(player)), Sum("chips")),
        f"{name}_out": _one(rows.filter(payer=OuterRef(player)), Sum("chips")),
    }


def _read_locked(table: Table) -> Locked:
    """The table's seats and what saving reads with them (``Locked``): one query, read
    after the lock was taken (a statement of its own), so it sees every deal saved
    before. (Plain subqueries: Django compiles each as a query of its own, so every
    expression more costs as much as one.)"""
    event = table.round.event
    deals = _table_rows(Deal)
    said = {
        "last": Subquery(deals.order_by("-number").values("number")[:1]),
        "live": _one(deals.filter(voided=False), Count("pk")),
    }
    chips = _needs_chips(event)
    if chips:
        # Each seat's holders: its player, and a substitute who plays in their own name.
        said |= _chips_of("player", "own") | _chips_of("substitution__substitute", "sub")
    if event.game.has_pot:
        said["pot_in"] = _one(_table_rows(LedgerEntry).filter(payee_is_pot=True), Sum("chips"))
        said["pot_out"] = _one(_table_rows(LedgerEntry).filter(payer_is_pot=True), Sum("chips"))
    seats = list(seat_holders.seat_rows(table).annotate(**said))
    if not seats:  # no seats: nothing to hold the counts (the checks refuse the deal)
        counts = table.deals.aggregate(last=Max("number"), live=Count("pk", filter=~Q(voided=True)))
        return Locked(seats, counts["last"] or 0, counts["live"])
    first = seats[0]
    read = Locked(seats, first.last or 0, first.live or 0)
    if event.game.has_pot:
        read.pot = (first.pot_in or 0) - (first.pot_out or 0)
    if chips:
        read.chips = {}
        for seat in seats:
            read.chips[seat.player_id] = (seat.own_in or 0) - (seat.own_out or 0)
            sub = seat_holders.substitution_of(seat)
            if sub is not None:
                read.chips[sub.substitute_id] = (seat.sub_in or 0) - (seat.sub_out or 0)
    return read


def _save_deal(
    table: Table,
    seat_list: list[Seat],
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
    read: Locked | None = None,
) -> Deal:
    """The step every new deal is saved by, in its caller's transaction, the table
    locked and the user authorized (``seat_list``: its seats, ``seats_of``): the next
    number, the pot the ledger holds, the
    core's and the table's checks, the session, then the deal, its first version and
    what it posts. ``read``: what the caller read with the seats (``_read_locked``),
    else read here."""
    if read is None:
        counts = table.deals.aggregate(last=Max("number"), live=Count("pk", filter=Q(voided=False)))
        read = Locked(seat_list, counts["last"] or 0, counts["live"])
    last = read.last
    # A game with a pot plays for the pot the ledger holds, never one from a form.
    game = core.game_of_document(document)
    if game.has_pot:
        pot = read.pot if read.pot is not None else pot_before(table.pk, last + 1)
        document = game.with_pot(document, pot)
    # The seats' holders at this deal: a substitute's name from their first deal on.
    seats = seat_holders.by_name(seat_list, last + 1)
    checked = check_document(table, document, seats)
    if check_session:
        _require_session_running(table, seats, read.live, link, read.chips)
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
        **posting.columns_of(checked),
        **posting.confirmation_fields(table, link),
    )
    deal.save(force_insert=True, document_checked=True)  # check_document parsed it
    version = DealVersion.objects.create(
        deal=deal,
        number=1,
        action=DealVersion.Action.RECORDED,
        document=document,
        names=posting.player_ids(checked),
        created_by=user,
        **posting.origin(original),
    )
    posting.assert_balanced(posting.post(deal, version, checked, user))
    stamps.mark(table.round.event_id)
    return deal


def _needs_chips(event: Event) -> bool:
    """Whether a table's session ending depends on its players' chips (else the deals
    played or the clock decide, whatever the chips)."""
    return event.session_end == Event.SessionEnd.OUT_OF_CHIPS


def _table_clock(table: Table) -> core.Clock | None:
    """A timed table's clock, its deals entered by the bell counted (one query once
    the bell rang, none before)."""
    if not clock.is_timed(table.round.event):
        return None
    bell = clock.table_bell(table)
    times = []
    if bell is not None and timezone.now() >= bell:
        deals = table.deals.filter(voided=False, created_at__lte=bell).order_by()
        times = deals.values_list("created_at", flat=True)
    return clock.core_clock(table, times)


def _require_session_running(
    table: Table, seats=None, live: int | None = None, link=None, chips=None
):
    """Refuse a deal past the table's session. A timed session ends at the bell and
    the deal in progress then: the table's link stops, the director enters any further
    deal (every path, the form, the phone's JSON and its resent deals, comes here).
    ``chips``: each player's net at the table (player id -> chips), when read already;
    only a session that ends when a player runs out of chips needs them."""
    event = table.round.event
    table_clock = _table_clock(table)
    if seats is not None and live is not None and (chips is not None or not _needs_chips(event)):
        net = {name: (chips or {}).get(p.pk, 0) for name, p in seats.items()}
        state = session_state(event, net, live, table_clock)
    else:
        state = table_session(table, seats, live, clock=table_clock)
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
