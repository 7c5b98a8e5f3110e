"""Taroky rules: pure Python, no Django, no database.

A registry of games (``registry``; each game in ``games/<game>``) scores every
ruleset. The entry points, the same for every game:

- ``score(document)``: the settlement of one deal given as the contract's JSON
  document (a dict); raises ``OutcomeError`` listing every bad field.
- ``parse_deal(document)``: the game's validated outcome and its rules.
- ``game_for(ruleset)``: the ruleset's game (its fields, rules, rotation, payment
  table, words); ``games()``, ``ruleset_names()``, ``listing()``.
- ``card_points(cards, counting, ruleset)``: recount a pile.
- ``session_state(...)``: session end; ``nets_in_deal``, ``won_as_bidder``: what the
  standings read of a settled deal.
- ``player_statistics(deals)``: a player's statistics over deal documents of any game
  (a ``Tally`` of rows in each game's words); ``deal_statistics(document, player)``:
  their ``Stat``s in one deal.

A game's own types (Nebraska's ``DealOutcome``, its enums and presets) are imported
from its module, ``taroky_scoring.games.<game>``.

>>> settlement = score({"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
...     "bidder": "Anna", "bid": "five", "partner": "Cyril", "bidder_points": 41})
>>> settlement.net
{'Anna': 8, 'Bill': -8, 'Cyril': 8, 'Dana': -8}
"""

from __future__ import annotations

from typing import Any

from . import games as _games  # noqa: F401  (registers every game)
from .errors import FieldError, OutcomeError
from .points import CountingCard
from .registry import (
    DEFAULT_RULESET,
    Game,
    card_points,
    deal_statistics,
    game_for,
    game_of_document,
    games,
    listing,
    player_statistics,
    register,
    rules_for,
    ruleset_names,
    score,
)
from .rotation import NextDeal, PreviousDeal
from .session import Clock, SessionEnd, SessionState, session_state
from .settlement import Settlement, Transfer, nets_in_deal, won_as_bidder
from .statistics import Stat, Tally

__all__ = [
    "DEFAULT_RULESET",
    "CountingCard",
    "FieldError",
    "Game",
    "NextDeal",
    "OutcomeError",
    "PreviousDeal",
    "SessionEnd",
    "Clock",
    "SessionState",
    "Settlement",
    "Stat",
    "Tally",
    "Transfer",
    "card_points",
    "deal_statistics",
    "game_for",
    "game_of_document",
    "games",
    "listing",
    "nets_in_deal",
    "parse_deal",
    "player_statistics",
    "register",
    "rules_for",
    "ruleset_names",
    "score",
    "session_state",
    "won_as_bidder",
]


def parse_deal(document: Any) -> tuple[Any, Any]:
    """Read and validate a deal document of any ruleset: (outcome, rules), or raise
    OutcomeError listing every problem."""
    return game_of_document(document).parse_deal(document)
