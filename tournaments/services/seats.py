"""A round's seats, written in one place: a draw (of a round, of the whole schedule, by
the ranking, of the tables a changed roll call breaks), a table set up by hand, a swap,
a substitute taking a seat or giving it back.

The rule "a player sits at one table of a round at a time" is held here: said in words
before anything is written (``where_seated``), and kept in the database by the
``Sitting`` rows this module writes beside every seat and substitution, whose unique
(round, player) refuses a second table even to two organizers saving at the same
moment. A bye is a place too: nobody has a bye and a seat in one round.

The callers lock the round (draws, tables by hand, swaps: FOR UPDATE) or the table and
the substitute's registration (substitutes), and check the organizer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from ..models import Player, Registration, Round, Seat, Sitting, Substitution, Table
from ..words import listed
from .errors import ServiceError


@dataclass(frozen=True)
class Place:
    """Where a player sits in a round: a table (as its seat's player, or as the
    substitute who took a seat there), or a bye (``table`` None)."""

    table: int | None
    substitute: bool = False

    def __str__(self) -> str:
        if self.table is None:
            return "a bye"
        return f"table {self.table}" + (" as a substitute" if self.substitute else "")


def where_seated(rnd: Round, players: Sequence[Player], besides=()) -> dict[int, Place]:
    """Player id -> where that player sits in ``rnd`` already, for those of ``players``
    who do, but for the seats ``besides`` (being written). Two queries."""
    ids = [p.pk for p in players]
    where: dict[int, Place] = {}
    seats = (
        Seat.objects.filter(table__round=rnd)
        .exclude(pk__in=[s.pk for s in besides])
        .filter(Q(player__in=ids) | Q(substitution__substitute__in=ids))
        .values_list("player_id", "table__number", "substitution__substitute_id")
        .order_by("table__number", "position")
    )
    for player_id, number, substitute_id in seats:
        if player_id in ids:
            where.setdefault(player_id, Place(number))
        if substitute_id in ids:
            where.setdefault(substitute_id, Place(number, substitute=True))
    for player_id in rnd.byes.filter(pk__in=ids).values_list("pk", flat=True):
        where.setdefault(player_id, Place(None))
    return where


def require_free(rnd: Round, players: Sequence[Player], besides=()) -> None:
    """Refuse players who sit in ``rnd`` already (a seat, a substitute's, a bye), but
    for the seats ``besides``."""
    where = where_seated(rnd, players, besides)
    if where:
        said = [f"{p.name} ({where[p.pk]})" for p in players if p.pk in where]
        raise ServiceError(f"Already seated in this round: {listed(said)}.")


def free_players(rnd: Round):
    """The event's registered players, not withdrawn, who sit nowhere in ``rnd``: those a
    substitute may be chosen from (a queryset: one query where it is read)."""
    sitting = Seat.objects.filter(table__round=rnd)
    subs = Substitution.objects.filter(seat__table__round=rnd)
    return (
        Player.objects.filter(
            pk__in=Registration.objects.filter(event_id=rnd.event_id, withdrawn=False).values(
                "player"
            )
        )
        .exclude(pk__in=sitting.values("player"))
        .exclude(pk__in=subs.values("substitute"))
        .exclude(rounds_with_bye=rnd)
    )


def _once_each(tables: Sequence[Sequence[Player]], byes: Sequence[Player]) -> None:
    """A draw's tables and byes name each player once."""
    seen: set[int] = set()
    twice = []
    for p in [*(p for t in tables for p in t), *byes]:
        if p.pk in seen:
            twice.append(p.name)
        seen.add(p.pk)
    if twice:
        raise ServiceError(f"A player sits at one table of a round: {listed(twice)} twice.")


def _sit(rnd: Round, seats: Sequence[Seat], players: Sequence[Player] | None = None) -> None:
    """The Sitting rows of ``seats`` (their own players, or ``players`` in their place:
    substitutes). The unique (round, player) refuses a second table: said in words."""
    sitters = players if players is not None else [s.player for s in seats]
    try:
        with transaction.atomic():
            Sitting.objects.bulk_create(
                Sitting(round=rnd, player=p, seat=s) for s, p in zip(seats, sitters, strict=True)
            )
    except IntegrityError:
        # Seated meanwhile by another organizer (the locks make this rare): say where.
        require_free(rnd, sitters, besides=seats)
        raise ServiceError(
            f"Already seated in round {rnd.number}, as the database holds it: "
            f"{listed([p.name for p in sitters])}."
        ) from None


def seat_round(
    rnd: Round,
    tables: Sequence[Sequence[Player]],
    byes: Sequence[Player],
    seed: int | None,
    numbers: Sequence[int] | None = None,
    keep: Sequence[Table] = (),
) -> list[Table]:
    """Seat a drawn round: ``tables`` (each table's players in the order of play),
    numbered 1, 2, ... or ``numbers``, and ``byes``; the round's other tables are
    removed, but for ``keep`` (a roll call's tables that stand, with their seats,
    links and substitutes). Only tables without deals are removed: the callers refuse
    a round that has started. The new tables, in order."""
    kept_sitters = list(
        Player.objects.filter(pk__in=Sitting.objects.filter(seat__table__in=keep).values("player"))
    )
    _once_each([*tables, kept_sitters], byes)
    rnd.tables.exclude(pk__in=[t.pk for t in keep]).delete()
    numbers = list(numbers) if numbers is not None else list(range(1, len(tables) + 1))
    made, seats = [], []
    for number, players in zip(numbers, tables, strict=True):
        table = Table.objects.create(round=rnd, number=number)
        made.append(table)
        seats += [Seat(table=table, player=p, position=i) for i, p in enumerate(players)]
    Seat.objects.bulk_create(seats)
    _sit(rnd, seats)
    rnd.byes.set(byes)
    rnd.seed = seed
    rnd.drawn_at = timezone.now()
    rnd.save(update_fields=["seed", "drawn_at"])
    return made


def seat_draw(rnd: Round, draw, by_pk: dict[int, Player], seed: int | None) -> list[Table]:
    """``seat_round`` of a draw: its tables' and byes' player ids, ``by_pk`` their
    players."""
    tables = [[by_pk[pk] for pk in table] for table in draw.tables]
    return seat_round(rnd, tables, [by_pk[pk] for pk in draw.byes], seed)


def add_table(rnd: Round, players: Sequence[Player], first_forehand: Player | None) -> Table:
    """A table set up by hand, the next number in the round, of players free in it."""
    _once_each([players], [])
    require_free(rnd, players)
    last = rnd.tables.order_by("-number").values_list("number", flat=True).first() or 0
    table = Table.objects.create(round=rnd, number=last + 1, first_forehand=first_forehand)
    seats = Seat.objects.bulk_create(
        Seat(table=table, player=p, position=i) for i, p in enumerate(players)
    )
    _sit(rnd, seats)
    return table


def swap(rnd: Round, first: Player, second: Player) -> None:
    """Exchange two players' places, a seat or a bye (neither seat handed over)."""
    seats = {
        s.player_id: s
        for s in Seat.objects.filter(table__round=rnd, player__in=[first, second]).select_related(
            "substitution__substitute"
        )
    }
    byes = set(rnd.byes.filter(pk__in=[first.pk, second.pk]).values_list("pk", flat=True))
    for p in (first, second):
        if p.pk not in seats and p.pk not in byes:
            raise ServiceError(f"{p.name} has no seat and no bye in round {rnd.number}.")
        if _has_substitute(seats.get(p.pk)):
            sub = seats[p.pk].substitution
            raise ServiceError(
                f"{p.name}'s seat has a substitute, {sub.substitute.name} from deal "
                f"{sub.from_deal}: cancel the substitution before swapping."
            )
    a, b = seats.get(first.pk), seats.get(second.pk)
    if a and b:
        # Re-create both seats: updating in place would clash on (table, player).
        places = [(a.table_id, a.position, second), (b.table_id, b.position, first)]
        Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()  # and their Sitting rows
        made = Seat.objects.bulk_create(
            Seat(table_id=t, position=pos, player=p) for t, pos, p in places
        )
        _sit(rnd, made)
    else:
        seat, seated, waiting = (a, first, second) if a else (b, second, first)
        Sitting.objects.filter(round=rnd, seat=seat, player=seated).delete()
        seat.player = waiting
        seat.save(update_fields=["player"])
        rnd.byes.remove(waiting)
        rnd.byes.add(seated)
        _sit(rnd, [seat])


def _has_substitute(seat: Seat | None) -> bool:
    if seat is None:
        return False
    try:
        seat.substitution  # noqa: B018 - the reverse one-to-one, read with the seat
    except Substitution.DoesNotExist:
        return False
    return True


def sit_substitute(rnd: Round, sub: Substitution) -> None:
    """The substitute of a substitution just made sits in the round ``rnd``: refused
    if they sit at another table of it (or this one) meanwhile."""
    _sit(rnd, [sub.seat], [sub.substitute])


def unsit_substitute(sub: Substitution) -> None:
    """A cancelled substitution's substitute sits no more in the round."""
    Sitting.objects.filter(seat=sub.seat, player=sub.substitute).delete()
