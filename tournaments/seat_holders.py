"""Who holds each seat of a table at deal N: the one answer to "who sat there" that the
deals' checks, the rotation, the sheet, the deal form and the ranking ask.

A seat's player sits until a substitution (``Substitution``) hands it over from its
deal on, to the end of the table's session in that round. A substitute who *plays for
the player who left* is named in no deal: the deals go on naming the leaver, whose
chips they are; one who *plays in their own name* is named from their first deal on.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Max, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from .models import Deal, Player, PlayerAlias, Seat, Substitution, Table

NEXT = None  # ask about the next deal of the table


def substitution_of(seat: Seat) -> Substitution | None:
    """The seat's substitution, if it has one (read with ``seats_of``: no query)."""
    try:
        return seat.substitution
    except Substitution.DoesNotExist:
        return None


@dataclass(frozen=True)
class Holder:
    """A seat at one deal: its own player (``leaver``, should it change hands) and
    whose name the deal's document gives it (``player``, the ledger's: the substitute
    sits for a leaver who keeps the seat's chips, or plays in their own name)."""

    seat: Seat
    number: int

    @property
    def substitution(self) -> Substitution | None:
        sub = substitution_of(self.seat)
        return sub if sub is not None and self.number >= sub.from_deal else None

    @property
    def leaver(self) -> Player:
        return self.seat.player

    @property
    def player(self) -> Player:
        sub = self.substitution
        return sub.substitute if sub and not sub.for_leaver else self.seat.player


def seat_rows(table: Table):
    """The table's seats by position, their players and substitutions (a queryset)."""
    return table.seats.select_related("player", "substitution__substitute").order_by("position")


def seats_of(table: Table) -> list[Seat]:
    """The table's seats by position, their players and substitutions: one query."""
    return list(seat_rows(table))


def next_number(table: Table) -> int:
    """The number the table's next deal will get (one query)."""
    last = table.deals.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def holders(seats: list[Seat], number: int) -> list[Holder]:
    """Each seat's holder at deal ``number`` (no query)."""
    return [Holder(seat, number) for seat in seats]


def by_name(seats: list[Seat], number: int) -> dict[str, Player]:
    """The players the deal ``number`` may name, by name (no query)."""
    return {h.player.name: h.player for h in holders(seats, number)}


def names_at(table: Table, number: int | None = NEXT) -> dict[str, Player]:
    """``by_name`` of the table at deal ``number`` (the next deal: None): one query, two
    for the next deal."""
    if number is NEXT:
        number = next_number(table)
    return by_name(seats_of(table), number)


def substituted(seats: list[Seat]) -> list[Substitution]:
    subs = [substitution_of(s) for s in seats]
    return [s for s in subs if s is not None]


def renamed_at(seats: list[Seat], number: int) -> dict[int, str]:
    """player id -> the name the deals give the player's seat at deal ``number``, for
    the leavers whose seat changed name by then (a substitute in their own name): what a
    rotation reading an earlier deal needs to find the seat under its new name."""
    return {
        h.leaver.pk: h.player.name for h in holders(seats, number) if h.player.pk != h.leaver.pk
    }


def with_holders(seats):
    """A Seat queryset (values) with each seat's substitution and how many of the
    table's live deals each of its two holders played: ``sub_player``, ``sub_mode``,
    ``held_before`` (the leaver's) and ``held_after`` (the substitute's); no query more
    (correlated subqueries)."""
    live = Deal.objects.filter(table=OuterRef("table"), voided=False).order_by()

    def counted(condition: Q):
        deals = live.filter(condition).values("table").annotate(n=Count("pk")).values("n")
        return Coalesce(Subquery(deals), Value(0))

    return seats.annotate(
        # A substitute merged into another player (services/merging.py) is that player.
        sub_player=PlayerAlias.kept_account("substitution__substitute"),
        sub_mode=F("substitution__mode"),
        held_before=counted(Q(number__lt=OuterRef("substitution__from_deal"))),
        held_after=counted(Q(number__gte=OuterRef("substitution__from_deal"))),
    )


def seat_credit(leaver: int, sub_player, sub_mode, before: int, after: int) -> int:
    """Whom a seat's place, table points and table win go to (docs/organizers.md,
    "Substitutes"): the leaver, unless a substitute playing in their own name played
    more of the seat's deals.

    >>> seat_credit(1, None, None, 0, 0), seat_credit(1, 2, "for_leaver", 1, 9)
    (1, 1)
    >>> seat_credit(1, 2, "as_himself", 4, 4), seat_credit(1, 2, "as_himself", 3, 5)
    (1, 2)
    """
    if sub_player is not None and sub_mode == Substitution.Mode.AS_HIMSELF and after > before:
        return sub_player
    return leaver


def seat_chips(net: dict, leaver: int, sub_player, sub_mode, table_id: int) -> int:
    """A seat's chips at its table: its leaver's, and the substitute's when the
    substitute played in their own name (else the deals named only the leaver)."""
    chips = net.get((leaver, table_id), 0)
    if sub_player is not None and sub_mode == Substitution.Mode.AS_HIMSELF:
        chips += net.get((sub_player, table_id), 0)
    return chips


def change_words(sub: Substitution) -> str:
    """A seat's change of hands as the sheet says it."""
    leaver, substitute = sub.seat.player.name, sub.substitute.name
    how = f"plays for {leaver}" if sub.for_leaver else f"plays in {substitute}'s own name"
    return f"From deal {sub.from_deal} {substitute} sits in {leaver}'s seat and {how}."


def head_words(seat: Seat) -> str:
    """A seat's heading on the sheet: "Dana → Ivan" once it changed hands."""
    sub = substitution_of(seat)
    return f"{seat.player.name} → {sub.substitute.name}" if sub else seat.player.name


def statement_words(event, player: Player) -> list[str]:
    """The seats ``player`` took over or left in ``event``, in words, for the player's
    statement: which deals were played there and for whom (one query)."""
    subs = (
        Substitution.objects.filter(seat__table__round__event=event)
        .filter(Q(substitute=player) | Q(seat__player=player))
        .select_related("seat__player", "seat__table__round", "substitute")
        .annotate(last=Max("seat__table__deals__number"))
        .order_by("seat__table__round__number", "seat__table__number")
    )
    said = []
    for sub in subs:
        table = sub.seat.table
        where = f"Round {table.round.number}, table {table.number}"
        deals = (
            f"deals {sub.from_deal} to {sub.last}"
            if sub.last and sub.last > sub.from_deal
            else f"deal {sub.from_deal}"
            if sub.last == sub.from_deal
            else f"from deal {sub.from_deal}"
        )
        leaver, substitute = sub.seat.player.name, sub.substitute.name
        if sub.substitute_id == player.pk:
            how = f"for {leaver}, on {leaver}'s chips"
            if not sub.for_leaver:
                how = f"in {substitute}'s own name, in {leaver}'s seat"
            said.append(f"{where}: played {deals} {how}.")
        else:
            how = f"for {leaver}" if sub.for_leaver else f"in {substitute}'s own name"
            said.append(f"{where}: {substitute} played {deals} in {leaver}'s seat, {how}.")
    return said
