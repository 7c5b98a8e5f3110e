"""Taroky rules: pure Python, no Django, no database.

A registry of games (``registry``; each game in ``games/<game>``) scores every
ruleset. The entry points:

- ``score(document)``: the settlement of one deal given as the contract's JSON
  document (a dict); raises ``OutcomeError`` listing every bad field.
- ``parse_deal(document)``: the validated ``DealOutcome`` and its ``Ruleset``.
- ``card_points(cards, counting)``: recount a pile.
- ``next_deal(...)``: dealer rotation; ``session_state(...)``: session end.
- ``game_for(ruleset)``: the ruleset's game (its fields, rules, payment table).

``ruleset``, ``PRESETS``, ``preset_listing``, ``next_deal``, ``deal_for``,
``nets_in_deal``, ``won_as_bidder``, ``Reason`` and the enums are Nebraska's, for the
web layer, which is Nebraska-only until it becomes generic.

>>> settlement = score({"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
...     "bidder": "Anna", "bid": "five", "partner": "Cyril", "bidder_points": 41})
>>> settlement.net
{'Anna': 8, 'Bill': -8, 'Cyril': 8, 'Dana': -8}
"""

from __future__ import annotations

from typing import Any

from . import games as _games  # noqa: F401  (registers every game)
from . import outcome, payments, rulesets, validation  # noqa: F401  (the web's Nebraska imports)
from .errors import FieldError, OutcomeError
from .games.nebraska.outcome import (
    Bid,
    Blind,
    Called,
    DealKind,
    DealOutcome,
    Declaration,
    DeclarationKind,
    KingLast,
    KingLastOutcome,
    Kontra,
    Penalty,
    PenaltyKind,
    Tarok1Last,
    Tarok1LastOutcome,
    Team,
)
from .games.nebraska.payments import Reason, nets_in_deal, settle, won_as_bidder
from .games.nebraska.rotation import deal_for, next_deal
from .games.nebraska.rulesets import DEFAULT_RULESET, PRESETS, Ruleset, preset_listing, ruleset
from .games.nebraska.validation import validate
from .points import CountingCard, card_points
from .registry import Game, game_for, game_of_document, games, listing, register, ruleset_names
from .rotation import NextDeal, PreviousDeal
from .session import SessionEnd, SessionState, session_state
from .settlement import Settlement, Transfer

__all__ = [
    "DEFAULT_RULESET",
    "Bid",
    "Blind",
    "Called",
    "CountingCard",
    "DealKind",
    "DealOutcome",
    "Declaration",
    "DeclarationKind",
    "FieldError",
    "Game",
    "KingLast",
    "KingLastOutcome",
    "Kontra",
    "NextDeal",
    "OutcomeError",
    "PRESETS",
    "Penalty",
    "PenaltyKind",
    "PreviousDeal",
    "Reason",
    "Ruleset",
    "SessionEnd",
    "SessionState",
    "Settlement",
    "Tarok1Last",
    "Tarok1LastOutcome",
    "Team",
    "Transfer",
    "card_points",
    "deal_for",
    "game_for",
    "game_of_document",
    "games",
    "listing",
    "nets_in_deal",
    "next_deal",
    "parse_deal",
    "preset_listing",
    "register",
    "ruleset",
    "ruleset_names",
    "score",
    "score_outcome",
    "session_state",
    "validate",
    "won_as_bidder",
]


def parse_deal(document: Any) -> tuple[Any, Any]:
    """Read and validate a deal document of any ruleset: (outcome, rules), or raise
    OutcomeError listing every problem."""
    return game_of_document(document).parse_deal(document)


def score_outcome(deal: DealOutcome) -> Settlement:
    """Validate a Nebraska outcome built in code and settle it."""
    rules = ruleset(deal.ruleset_name, deal.options)
    problems = validate(deal, rules)
    if problems:
        raise OutcomeError(problems)
    return settle(deal, rules)


def score(document: Any) -> Settlement:
    """The settlement of one deal document (contract sections 11 and 12)."""
    return game_of_document(document).score(document)
