"""Putting a substitute into a seat of a table from a given deal on (docs/organizers.md,
"Substitutes"). Who holds a seat at a deal is ``seat_holders``'s."""

from __future__ import annotations

from django.db.models import Q

from .. import seat_holders
from ..models import ActivityEntry, Player, Registration, Seat, Substitution, Table
from .activity import log_activity
from .errors import FormError
from .locking import atomic, lock_table
from .permissions import require_organizer


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
    the end of the table's session in its round. The table is locked: a deal entered
    meanwhile would move the first deal the substitute may take."""
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
    next_deal = seat_holders.next_number(table)
    if from_deal < next_deal:
        _refuse(
            "from_deal",
            f"Deals up to {next_deal - 1} are entered at table {table.number}: the "
            f"substitute takes the seat from deal {next_deal} or later.",
        )
    made = Substitution.objects.create(
        seat=seat, from_deal=from_deal, substitute=substitute, mode=mode, created_by=user
    )
    log_activity(
        event,
        user,
        ActivityEntry.Action.SUBSTITUTE,
        table=table.number,
        round=table.round.number,
        leaver=leaver.name,
        substitute=substitute.name,
        from_deal=from_deal,
        mode=made.get_mode_display().lower(),
    )
    return made


def _check_substitute(table: Table, substitute: Player) -> None:
    """A registered player of the event who holds no seat in the table's round and has
    no bye in it (a substitute sits at one table of a round, once)."""
    rnd = table.round
    if not Registration.objects.filter(event=rnd.event, player=substitute).exists():
        _refuse(
            "substitute",
            f"{substitute.name} is not registered for this event: register the player first.",
        )
    sits = (
        Seat.objects.filter(table__round=rnd)
        .filter(Q(player=substitute) | Q(substitution__substitute=substitute))
        .values_list("table_id", "table__number")
        .first()
    )
    if sits is not None:
        where = "this table" if sits[0] == table.pk else f"table {sits[1]}"
        _refuse("substitute", f"{substitute.name} already sits at {where} in this round.")
    if rnd.byes.filter(pk=substitute.pk).exists():
        _refuse("substitute", f"{substitute.name} has a bye in round {rnd.number}.")
