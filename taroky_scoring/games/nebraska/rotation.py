"""Dealer rotation (scoring contract, section 8): who deals and who is forehand next.

Play is clockwise: forehand sits to the dealer's left, i.e. the next seat clockwise.
At a five-player table the rotation runs over all five seats and the dealer sits out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rotation import NextDeal, PreviousDeal, check_seats, first_or_next_dealer
from ...rotation import deal_for as shared_deal_for
from .outcome import ACTIVE_PLAYERS, TABLE_SIZES, Bid, DealKind
from .rulesets import NextDealer, Ruleset


def deal_for(seats: Sequence[str], dealer: str) -> NextDeal:
    """Forehand, the active players clockwise from forehand, and who sits out, when
    ``dealer`` deals at a table of ``seats`` (clockwise).

    >>> deal_for(["Anna", "Bill", "Cyril", "Dana", "Emil"], "Bill").players
    ('Cyril', 'Dana', 'Emil', 'Anna')
    """
    return shared_deal_for(seats, dealer, active=ACTIVE_PLAYERS)


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

    >>> from taroky_scoring.games.nebraska.rulesets import ruleset
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
    check_seats(seats, TABLE_SIZES)
    dealer = first_or_next_dealer(seats, previous, first_forehand)
    if previous is None:
        return deal_for(seats, dealer)
    # A surrender is always of a Four, so it counts like a played Four.
    four_was_bid = previous.kind is DealKind.SURRENDERED or (
        previous.kind is DealKind.PLAYED and previous.bid is Bid.FOUR
    )
    if rules.next_dealer is NextDealer.HEUN and four_was_bid and previous.bidder in seats:
        dealer = previous.bidder
    return deal_for(seats, dealer)
