"""What the web layer reads of a deal of any game: who played, dealt, sat out, bid (what
it indexes), and the deal in its game's words.

Nebraska's core returns a ``DealOutcome``; Texas and Petrtyl return the document as the
core read it (a dict). The facts the services and the sheet need are the same words in
every game's document (``players``, ``dealer``, ``kind``, ``bidder``, ``bid``); this
reads them once, so no caller branches on the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import taroky_scoring as core

POT = "#pot"  # the core's name for the pot's account in a transfer


@dataclass(frozen=True)
class DealFacts:
    outcome: Any  # the core's own outcome object
    kind: str
    players: tuple[str, ...]  # the players who played the deal
    dealer: str | None
    sitting_out: str | None  # the dealer, where the table seats one more than play
    bidder: str | None
    bid: str  # the bid that counts ("" if none)
    previous: core.PreviousDeal | None  # what the rotation needs, if the dealer is known

    @property
    def everyone(self) -> tuple[str, ...]:
        return self.players + ((self.sitting_out,) if self.sitting_out else ())


def facts(outcome: Any) -> DealFacts:
    if isinstance(outcome, Mapping):
        dealer = outcome.get("dealer")
        kind = outcome["kind"]
        bid = outcome.get("bid")
        previous = core.PreviousDeal(dealer, kind, bid, outcome.get("bidder")) if dealer else None
        return DealFacts(
            outcome=outcome,
            kind=str(kind),
            players=tuple(outcome["players"]),
            dealer=dealer,
            sitting_out=None,
            bidder=outcome.get("bidder"),
            bid=str(bid or ""),
            previous=previous,
        )
    bid = outcome.effective_bid
    previous = (
        core.PreviousDeal(outcome.dealer, outcome.kind, bid, outcome.bidder)
        if outcome.dealer
        else None
    )
    return DealFacts(
        outcome=outcome,
        kind=outcome.kind.value,
        players=tuple(outcome.players),
        dealer=outcome.dealer,
        sitting_out=outcome.sitting_out,
        bidder=outcome.bidder,
        bid=bid.value if bid else "",
        previous=previous,
    )


def document_facts(document: dict) -> DealFacts:
    """The facts of a saved deal's document (read by its game)."""
    return facts(core.parse_deal(document)[0])


def deal_words(document: dict) -> str:
    """The deal in its game's own words, from the core (every game, Nebraska too)."""
    game = core.game_of_document(document)
    return game.summary(document, game.rules_of(document))
