"""Dealer rotation (scoring contract, section 8): who deals and who is forehand next.

Play is clockwise: forehand sits to the dealer's left, i.e. the next seat clockwise.
At a five-player table the rotation runs over all five seats and the dealer sits out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import FieldError, OutcomeError
from .outcome import Bid, DealKind
from .rulesets import NextDealer, Ruleset


@dataclass(frozen=True)
class PreviousDeal:
    """What the rotation needs to know about the last deal."""

    dealer: str
    kind: DealKind
    bid: Bid | None = None
    bidder: str | None = None


@dataclass(frozen=True)
class NextDeal:
    dealer: str
    forehand: str
    players: tuple[str, ...]  # the four active players, clockwise from forehand
    sitting_out: str | None  # the dealer, at a five-player table


def _left_of(seats: Sequence[str], player: str) -> str:
    return seats[(seats.index(player) + 1) % len(seats)]


def _right_of(seats: Sequence[str], player: str) -> str:
    return seats[(seats.index(player) - 1) % len(seats)]


def deal_for(seats: Sequence[str], dealer: str) -> NextDeal:
    """Forehand, the active players clockwise from forehand, and who sits out, when
    ``dealer`` deals at a table of ``seats`` (clockwise).

    >>> deal_for(["Anna", "Bill", "Cyril", "Dana", "Emil"], "Bill").players
    ('Cyril', 'Dana', 'Emil', 'Anna')
    """
    seats = list(seats)
    forehand = _left_of(seats, dealer)
    i = seats.index(forehand)
    order = tuple(seats[i:]) + tuple(seats[:i])
    if len(seats) == 5:
        return NextDeal(dealer, forehand, order[:4], dealer)
    return NextDeal(dealer, forehand, order, None)


def next_deal(
    seats: Sequence[str],
    rules: Ruleset,
    previous: PreviousDeal | None = None,
    first_forehand: str | None = None,
) -> NextDeal:
    """The dealer, forehand and active players of the next deal.

    ``seats`` are the table's four or five players in clockwise order. For a session's
    first deal give ``first_forehand``, the holder of the lowest tarok from 2 up; the
    dealer sits to their right.

    >>> from taroky_scoring.rulesets import ruleset
    >>> seats = ["Anna", "Bill", "Cyril", "Dana"]
    >>> next_deal(seats, ruleset(), first_forehand="Cyril").dealer
    'Bill'
    >>> four = PreviousDeal(dealer="Bill", kind=DealKind.PLAYED, bid=Bid.FOUR, bidder="Anna")
    >>> next_deal(seats, ruleset("la-vista"), four).dealer  # the previous forehand
    'Cyril'
    >>> next_deal(seats, ruleset("heun"), four).dealer  # after a Four, the bidder
    'Anna'
    >>> d = next_deal(seats + ["Emil"], ruleset(), PreviousDeal("Dana", DealKind.MISDEAL))
    >>> d.dealer, d.forehand, d.players, d.sitting_out
    ('Emil', 'Anna', ('Anna', 'Bill', 'Cyril', 'Dana'), 'Emil')
    """
    seats = list(seats)
    if len(seats) not in (4, 5) or len(set(seats)) != len(seats):
        raise OutcomeError([FieldError("seats", "A table seats four or five different players.")])
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
        return deal_for(seats, _right_of(seats, first_forehand))
    if previous.dealer not in seats:
        raise OutcomeError([FieldError("dealer", f"{previous.dealer} is not at this table.")])
    previous_forehand = _left_of(seats, previous.dealer)
    dealer = previous_forehand
    # A surrender is always of a Four, so it counts like a played Four.
    four_was_bid = previous.kind is DealKind.SURRENDERED or (
        previous.kind is DealKind.PLAYED and previous.bid is Bid.FOUR
    )
    if rules.next_dealer is NextDealer.HEUN and four_was_bid and previous.bidder in seats:
        dealer = previous.bidder
    return deal_for(seats, dealer)
