"""Tournament rounds: roll call, the seating draw, swaps, chip counts."""

from __future__ import annotations

import secrets

from taroky_scoring.rotation import number_word

from .. import seating
from ..balances import net_by_player
from ..models import (
    ChipCount,
    LedgerEntry,
    Player,
    Round,
    Table,
)
from . import seats
from .activity import Action, log_activity
from .errors import ServiceError
from .locking import atomic, lock_round, lock_table
from .permissions import require_organizer
from .roll_call import meetings_before, take_present


def _round_for_update(rnd: Round, user) -> Round:
    rnd = lock_round(rnd.pk)
    require_organizer(user, rnd.event)
    return rnd


def round_started(rnd: Round) -> bool:
    return rnd.tables.filter(deals__isnull=False).exists()


def _require_not_started(rnd: Round, what: str) -> None:
    if round_started(rnd):
        raise ServiceError(f"Round {rnd.number} has started (deals are entered): {what}.")


@atomic
def draw_seating(
    rnd: Round, user, seed: int | None = None, present: list[Player] | None = None
) -> seating.Draw:
    """Seat the present players at new tables, fewest repeat opponents, fair byes.

    With ``present`` the roll call is set first, in the same transaction: the draw
    uses the roll call as the page shows it, saved or not."""
    rnd = _round_for_update(rnd, user)
    _require_not_started(rnd, "it cannot be drawn again")
    if present is not None:
        take_present(rnd, present)
        log_activity(rnd.event, user, Action.ROLL_CALL, round=rnd.number, present=len(present))
    players = list(rnd.present.order_by("pk"))
    allowed = rnd.event.game.table_sizes
    if len(players) < min(allowed):
        words = number_word(min(allowed))
        raise ServiceError(f"At least {words} players must be present to draw a round.")
    met, byes_so_far = meetings_before(rnd)
    seed = seed if seed is not None else secrets.randbelow(Round.MAX_SEED + 1)
    draw = seating.draw_round([p.pk for p in players], seed, met, byes_so_far, allowed)

    # Only empty tables exist before the round starts: the draw replaces them.
    seats.seat_draw(rnd, draw, {p.pk: p for p in players}, seed)
    log_activity(rnd.event, user, Action.DRAW, round=rnd.number, seed=seed, repeats=draw.repeats)
    return draw


@atomic
def swap_players(rnd: Round, user, first: Player, second: Player) -> None:
    """Exchange two players' places (a seat or a bye) before the round starts."""
    rnd = _round_for_update(rnd, user)
    _require_not_started(rnd, "players can no longer be swapped")
    if first == second:
        raise ServiceError("Choose two different players to swap.")
    seats.swap(rnd, first, second)
    log_activity(rnd.event, user, Action.SWAP, round=rnd.number, players=[first.name, second.name])


@atomic
def set_first_forehand(table: Table, user, player: Player) -> Table:
    """Name who holds the lowest trump in a table's first deal, so that every dealer is
    suggested: tables made by the seating draw start without one."""
    table = lock_table(table.pk)
    require_organizer(user, table.round.event)
    if table.deals.exists():
        raise ServiceError(
            f"Table {table.number} has deals: the dealers follow from them, not from "
            "the first forehand."
        )
    if not table.seats.filter(player=player).exists():
        raise ServiceError(f"{player.name} does not sit at table {table.number}.")
    table.first_forehand = player
    table.save(update_fields=["first_forehand"])
    log_activity(table.round.event, user, Action.FIRST_FOREHAND, table=table.pk, player=player.name)
    return table


@atomic
def record_chip_count(table: Table, user, counted: dict[Player, int]) -> list[ChipCount]:
    """Keep the physical chip count of a table's players next to what the ledger says:
    each player's starting chips and their net at the table."""
    table = lock_table(table.pk)
    require_organizer(user, table.round.event)
    seated = [s.player for s in table.seats.select_related("player").order_by("position")]
    net = net_by_player(LedgerEntry.objects.filter(table=table))
    start = table.round.event.starting_chips
    expected = {p: start + net.get(p.pk, 0) for p in seated}
    missing = [p.name for p in seated if p not in counted]
    if missing or set(counted) - set(seated):
        raise ServiceError("Enter a count for every player at the table, and only for them.")
    rows = ChipCount.objects.bulk_create(
        ChipCount(table=table, player=p, counted=counted[p], expected=expected[p], recorded_by=user)
        for p in seated
    )
    log_activity(
        table.round.event,
        user,
        Action.CHIP_COUNT,
        table=table.pk,
        off={p.name: counted[p] - expected[p] for p in seated if counted[p] != expected[p]},
    )
    return rows
