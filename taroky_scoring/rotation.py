"""Dealer rotation (contract sections 8 and 12), the same in every game.

``seats`` are the table's players in the order of play (clockwise for Nebraska and
Petrtyl, counter-clockwise for Texas). Forehand is the player after the dealer; the
first deal's forehand is entered by the organizer (the holder of the lowest trump from
II up) and the dealer sits before them; afterwards the previous forehand deals, after a
misdeal or a thrown-in deal too. Where a table seats more players than play (Nebraska's
five), the dealer sits out. A game may change who deals next (Heun).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import FieldError, OutcomeError


@dataclass(frozen=True)
class PreviousDeal:
    """What the rotation needs to know about the last deal."""

    dealer: str
    kind: str
    bid: str | None = None
    bidder: str | None = None


@dataclass(frozen=True)
class NextDeal:
    dealer: str
    forehand: str
    players: tuple[str, ...]  # the active players, in the order of play from forehand
    sitting_out: str | None  # the dealer, where the table seats one more than play


def after(seats: Sequence[str], player: str) -> str:
    return seats[(seats.index(player) + 1) % len(seats)]


def before(seats: Sequence[str], player: str) -> str:
    return seats[(seats.index(player) - 1) % len(seats)]


def deal_for(seats: Sequence[str], dealer: str, active: int = 4) -> NextDeal:
    """Forehand, the active players from forehand, and who sits out, when ``dealer``
    deals at a table of ``seats`` (in the order of play).

    >>> deal_for(["Anna", "Bill", "Cyril", "Dana", "Emil"], "Bill").players
    ('Cyril', 'Dana', 'Emil', 'Anna')
    """
    seats = list(seats)
    forehand = after(seats, dealer)
    i = seats.index(forehand)
    order = tuple(seats[i:]) + tuple(seats[:i])
    if len(seats) > active:
        return NextDeal(dealer, forehand, order[:active], dealer)
    return NextDeal(dealer, forehand, order, None)


def number_word(n: int) -> str:
    """A count of players in words: ``number_word(4)`` is ``"four"``; figures past six."""
    return ("two", "three", "four", "five", "six")[n - 2] if 2 <= n <= 6 else str(n)


def check_seats(seats: Sequence[str], sizes: Sequence[int]) -> None:
    if len(seats) not in sizes or len(set(seats)) != len(seats):
        words = " or ".join(number_word(n) for n in sizes)
        raise OutcomeError([FieldError("seats", f"A table seats {words} different players.")])


def first_or_next_dealer(
    seats: Sequence[str], previous: PreviousDeal | None, first_forehand: str | None
) -> str:
    """The dealer of the next deal by the common rule (the previous forehand)."""
    if previous is None:
        if first_forehand not in seats:
            raise OutcomeError(
                [
                    FieldError(
                        "first_forehand",
                        "Name who holds the lowest tarok (2, or 3 if the 2 is in the blind).",
                    )
                ]
            )
        return before(seats, first_forehand)
    if previous.dealer not in seats:
        raise OutcomeError([FieldError("dealer", f"{previous.dealer} is not at this table.")])
    return after(seats, previous.dealer)
