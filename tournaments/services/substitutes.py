"""Putting a substitute into a seat of a table from a given deal on (docs/organizers.md,
"Substitutes"), and taking it back before that deal is entered. Who holds a seat at a
deal is ``seat_holders``'s; where a player may sit, ``seats``'s."""

from __future__ import annotations

import taroky_scoring as core

from .. import seat_holders
from ..balances import table_session
from ..models import Event, Player, Registration, Seat, Substitution, Table
from ..words import counted
from . import seats
from .activity import Action, log_activity
from .errors import FormError, ServiceError
from .locking import atomic, lock_table
from .permissions import require_organizer
from .players import look_alikes, who
from .registrations import register_player


def _refuse(field: str, message: str):
    raise FormError(message, {field: [message]})


@atomic
def substitute_player(
    table: Table,
    user,
    leaver: Player,
    substitute: Player,
    from_deal: int,
    mode: str = Substitution.Mode.AS_HIMSELF,
) -> Substitution:
    """Seat ``substitute`` in ``leaver``'s seat at ``table`` from deal ``from_deal`` to
    the end of the table's session in its round.

    The table is locked (a deal entered meanwhile would move the first deal the
    substitute may take), and so is the substitute's registration: two organizers
    seating one substitute at two tables of a round at once are taken one after the
    other, the second told where the substitute sits (the Sitting rows' unique round
    and player stand behind it)."""
    table = lock_table(table.pk)
    event = table.round.event
    require_organizer(user, event)
    if mode not in Substitution.Mode.values:
        _refuse("mode", "Choose whether the substitute plays for the player who left.")
    seat = Seat.objects.filter(table=table, player=leaver).first()
    if seat is None:
        _refuse("leaver", f"{leaver.name} does not sit at table {table.number}.")
    sub = Substitution.objects.filter(seat=seat).select_related("substitute").first()
    if sub is not None:
        _refuse(
            "leaver",
            f"{leaver.name}'s seat has a substitute already, {sub.substitute.name} from "
            f"deal {sub.from_deal}: a seat changes hands once a session.",
        )
    _check_substitute(table, substitute)
    _check_first_deal(table, from_deal)
    made = Substitution.objects.create(
        seat=seat, from_deal=from_deal, substitute=substitute, mode=mode, created_by=user
    )
    try:
        seats.sit_substitute(table.round, made)
    except ServiceError as e:
        _refuse("substitute", e.message)
    _log(event, user, Action.SUBSTITUTE, table, leaver, made, mode=made.get_mode_display().lower())
    return made


def _log(event, user, action: str, table: Table, leaver: Player, sub: Substitution, **more):
    """A substitution made or cancelled, in the activity log: its words, and what the
    ledger audit compares its row with (``recorded``; ledger_audit/substitutions.py)."""
    log_activity(
        event,
        user,
        action,
        table=table.number,
        round=table.round.number,
        leaver=leaver.name,
        substitute=sub.substitute.name,
        from_deal=sub.from_deal,
        **more,
        **recorded(sub),
    )


def recorded(sub: Substitution) -> dict:
    """A substitution's row as the activity log keeps it, by ids: what the ledger audit
    finds changed, added or missing behind the app's back."""
    return {
        "id": sub.pk,
        "table_id": sub.seat.table_id,
        "seat_id": sub.seat_id,
        "substitute_id": sub.substitute_id,
        "mode_value": sub.mode,
    }


@atomic
def substitute_newcomer(
    table: Table,
    user,
    leaver: Player,
    name: str,
    from_deal: int,
    mode: str = Substitution.Mode.AS_HIMSELF,
    pays_fee: bool = False,
) -> Substitution:
    """A player not registered for the event takes ``leaver``'s seat: registered first,
    as a reserve (no seat in the rounds drawn) who pays no entry fee unless
    ``pays_fee`` (FORMATS.md, "Players who come late, and substitutes only"). A name
    the registry has is that player; one that only looks like a registry player's is
    refused (pick them, or register a different person on the players page)."""
    event = table.round.event
    require_organizer(user, event)
    alike = look_alikes(name)
    if alike:
        _refuse(
            "newcomer",
            f"“{name}” looks like {who(alike)}, already in the registry: type the name "
            "exactly to take them, or register a different person on the players page.",
        )
    registered = Registration.objects.filter(event=event, player__name=name).exists()
    if registered:
        _refuse(
            "newcomer",
            f"{name} is registered for this event already: choose them as the substitute.",
        )
    player = register_player(event, user, name=name, seat=False, pays_fee=pays_fee)
    return substitute_player(table, user, leaver, player, from_deal, mode)


def _check_substitute(table: Table, substitute: Player) -> None:
    """A registered player of the event, not withdrawn, who sits nowhere in the table's
    round (no seat, no substitute's seat, no bye): a player sits at one table of a
    round at a time. The registration is locked: see ``substitute_player``."""
    rnd = table.round
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .filter(event=rnd.event, player=substitute)
        .first()
    )
    if registration is None:
        _refuse(
            "substitute",
            f"{substitute.name} is not registered for this event: register the player first.",
        )
    if registration.withdrawn:
        _refuse(
            "substitute",
            f"{substitute.name} is withdrawn from this event: register them again on the "
            "players page first.",
        )
    where = seats.where_seated(rnd, [substitute]).get(substitute.pk)
    if where is not None and where.table is None:
        _refuse("substitute", f"{substitute.name} has a bye in round {rnd.number}.")
    if where is not None:
        said = "this table" if where.table == table.number else f"table {where.table}"
        _refuse("substitute", f"{substitute.name} already sits at {said} in this round.")


def last_deal(table: Table) -> tuple[int, int | None]:
    """The table's next deal's number, and the last deal its session may still have
    (None: the session ends when a player runs out of chips or at the bell, not at a
    number). Refused when the session has ended. Three small queries."""
    event: Event = table.round.event
    next_deal = seat_holders.next_number(table)
    if table.clock_stopped_at is not None:
        raise ServiceError(
            f"Table {table.number}'s session was ended by the director: no seat changes "
            "hands any more."
        )
    if event.session_end == Event.SessionEnd.TIMED:
        return next_deal, None
    state = table_session(table)
    if state.ended and state.reason is core.SessionEnd.OUT_OF_CHIPS:
        raise ServiceError(
            f"Table {table.number}'s session has ended ({', '.join(state.out_of_chips)} "
            "ran out of chips): no seat changes hands any more."
        )
    if event.session_end != Event.SessionEnd.FIXED_DEALS:
        return next_deal, None
    left = (event.deals_per_session or 0) - state.deals_played
    if left < 1:
        raise ServiceError(
            f"Table {table.number}'s session has ended after "
            f"{counted(state.deals_played, 'deal')}: no seat changes hands any more."
        )
    return next_deal, next_deal + left - 1


def _check_first_deal(table: Table, from_deal: int) -> None:
    """From the next deal to the session's last (a number bounded before it is used)."""
    if not isinstance(from_deal, int) or not 1 <= from_deal <= Substitution.MAX_FROM_DEAL:
        _refuse(
            "from_deal",
            f"Give the deal's number, a whole number from 1 to {Substitution.MAX_FROM_DEAL:,}.",
        )
    try:
        next_deal, last = last_deal(table)
    except ServiceError as e:
        _refuse("from_deal", e.message)
    if from_deal < next_deal:
        _refuse(
            "from_deal",
            f"Deals up to {next_deal - 1} are entered at table {table.number}: the "
            f"substitute takes the seat from deal {next_deal} or later.",
        )
    if last is not None and from_deal > last:
        _refuse(
            "from_deal",
            f"Table {table.number}'s session ends at deal {last}: the substitute takes the "
            f"seat from deal {next_deal} to {last}.",
        )


@atomic
def cancel_substitution(sub: Substitution, user) -> Substitution:
    """Take back a substitution whose first deal is not entered yet: the seat returns to
    its own player, the substitute sits nowhere in the round (free for another seat).
    The row goes; the activity log keeps what it was (the ledger audit reads it)."""
    table = lock_table(sub.seat.table_id)
    event = table.round.event
    require_organizer(user, event)
    sub = (
        Substitution.objects.filter(pk=sub.pk).select_related("seat__player", "substitute").first()
    )
    if sub is None:
        raise ServiceError("This substitution was cancelled already.")
    next_deal = seat_holders.next_number(table)
    if sub.from_deal < next_deal:
        raise ServiceError(
            f"Deal {sub.from_deal} is entered at table {table.number}: {sub.substitute.name} "
            f"has played in {sub.seat.player.name}'s seat, so the substitution stands."
        )
    _log(event, user, Action.CANCEL_SUBSTITUTION, table, sub.seat.player, sub)
    seats.unsit_substitute(sub)
    sub.delete()
    return sub
