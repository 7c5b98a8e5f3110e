"""Each player's card of a schedule drawn in advance: their start number, and their table
and seat (numbered from 1 in the order of play) or bye in every drawn round. Three
queries whatever the event's size."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from .models import Event, Registration, Round, Seat


@dataclass
class Place:
    round: int
    table: int | None  # None: a bye
    seat: int | None

    @property
    def words(self) -> str:
        if self.table is None:
            return f"Round {self.round} bye"
        return f"Round {self.round} Table {self.table} seat {self.seat}"


@dataclass
class Card:
    number: int
    name: str
    withdrawn: bool
    cannot_move: bool
    places: list[Place] = field(default_factory=list)

    @property
    def words(self) -> str:
        """One line: "Start number 7 · Round 1 Table 2 seat 3 · Round 2 bye"."""
        return " · ".join([f"Start number {self.number}", *(p.words for p in self.places)])


def drawn_rounds(event: Event) -> list[int]:
    """The numbers of the event's rounds that are seated: drawn, or set up by hand."""
    return list(
        Round.objects.filter(event=event)
        .filter(Q(drawn_at__isnull=False) | Q(tables__isnull=False))
        .order_by("number")
        .values_list("number", flat=True)
        .distinct()
    )


def player_cards(event: Event, rounds: list[int] | None = None) -> list[Card]:
    """The cards of the players with a start number, in start-number order, for the
    ``rounds`` given, else every round where anyone is seated or has a bye. One query
    for an event without start numbers, three for one with."""
    registrations = (
        Registration.objects.filter(event=event, start_number__isnull=False)
        .select_related("player")
        .order_by("start_number")
    )
    cards = {
        r.player_id: Card(r.start_number, r.player.name, r.withdrawn, r.cannot_move)
        for r in registrations
    }
    if not cards:
        return []
    seats = Seat.objects.filter(table__round__event=event)
    byes = Round.byes.through.objects.filter(round__event=event)
    if rounds is not None:
        seats = seats.filter(table__round__number__in=rounds)
        byes = byes.filter(round__number__in=rounds)
    seated = {
        (rnd, player): (table, position + 1)
        for rnd, table, position, player in seats.values_list(
            "table__round__number", "table__number", "position", "player_id"
        )
    }
    out = set(byes.values_list("round__number", "player_id"))
    if rounds is None:
        rounds = sorted({rnd for rnd, _ in seated} | {rnd for rnd, _ in out})
    for pk, card in cards.items():
        for number in rounds:
            if (number, pk) in seated:
                card.places.append(Place(number, *seated[(number, pk)]))
            elif (number, pk) in out:
                card.places.append(Place(number, None, None))
    return list(cards.values())
