"""Nebraska Taroky rules: pure Python, no Django, no database.

The entry points:

- ``score(document)``: the settlement of one deal given as the contract's JSON
  document (a dict); raises ``OutcomeError`` listing every bad field.
- ``parse_deal(document)``: the validated ``DealOutcome`` and its ``Ruleset``.
- ``card_points(cards, counting)``: recount a pile.
- ``next_deal(...)``: dealer rotation; ``session_state(...)``: session end.

>>> settlement = score({"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
...     "bidder": "Anna", "bid": "five", "partner": "Cyril", "bidder_points": 41})
>>> settlement.net
{'Anna': 8, 'Bill': -8, 'Cyril': 8, 'Dana': -8}
"""

from __future__ import annotations

from typing import Any

from .errors import FieldError, OutcomeError
from .outcome import (
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
from .payments import Reason, Settlement, Transfer, nets_in_deal, settle, won_as_bidder
from .points import CountingCard, card_points
from .rotation import NextDeal, PreviousDeal, deal_for, next_deal
from .rulesets import DEFAULT_RULESET, PRESETS, Ruleset, preset_listing, ruleset
from .session import SessionEnd, SessionState, session_state
from .validation import validate

__all__ = [
    "Bid",
    "Blind",
    "Called",
    "CountingCard",
    "DealKind",
    "DealOutcome",
    "Declaration",
    "DeclarationKind",
    "FieldError",
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
    "nets_in_deal",
    "next_deal",
    "parse_deal",
    "preset_listing",
    "ruleset",
    "score",
    "score_outcome",
    "session_state",
    "validate",
    "won_as_bidder",
]


def _rules_for(outcome: DealOutcome) -> Ruleset:
    return ruleset(outcome.ruleset_name, outcome.options)


def parse_deal(document: Any) -> tuple[DealOutcome, Ruleset]:
    """Read and validate a deal document; raise OutcomeError listing every problem."""
    errors: list[FieldError] = []
    outcome = rules = None
    try:
        outcome = DealOutcome.from_document(document)
    except OutcomeError as e:
        errors += e.errors
    if isinstance(document, dict) and isinstance(document.get("ruleset"), str | None):
        options = document.get("options")
        try:
            rules = ruleset(
                document.get("ruleset") or DEFAULT_RULESET,
                options if isinstance(options, dict) else None,
            )
        except OutcomeError as e:
            errors += [err for err in e.errors if err not in errors]
    if errors:
        raise OutcomeError(errors)
    problems = validate(outcome, rules)
    if problems:
        raise OutcomeError(problems)
    return outcome, rules


def score_outcome(outcome: DealOutcome) -> Settlement:
    """Validate an outcome built in code and settle it."""
    rules = _rules_for(outcome)
    problems = validate(outcome, rules)
    if problems:
        raise OutcomeError(problems)
    return settle(outcome, rules)


def score(document: Any) -> Settlement:
    """The settlement of one deal document (scoring contract, section 11)."""
    outcome, rules = parse_deal(document)
    return settle(outcome, rules)
