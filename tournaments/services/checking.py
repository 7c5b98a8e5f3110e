"""Checking a deal before it is saved: the core validates it, then the table's rules.

Every service that saves a deal's outcome (recording, correcting, giving it a new pot)
checks it here, so a deal is held to the same rules however it arrives.
"""

from __future__ import annotations

from dataclasses import dataclass

import taroky_scoring as core

from ..models import Player, Table
from ..outcomes import DealFacts, facts
from .errors import DealError


@dataclass(frozen=True)
class CheckedDeal:
    """A deal document that may be saved at its table: its facts and settlement, and the
    table's seats (name -> player) its names were checked against."""

    document: dict
    facts: DealFacts
    settlement: core.Settlement
    seats: dict[str, Player]


def _ruleset_of(document: dict) -> tuple[str, dict]:
    return document.get("ruleset") or core.DEFAULT_RULESET, document.get("options") or {}


def check_document(
    table: Table, document: dict, seats: dict[str, Player], recorded_under: dict | None = None
) -> CheckedDeal:
    """Validate with the core and check the deal's players sit at this table.

    A new deal uses the event's ruleset and house rules; a correction keeps those its
    deal was recorded under (``recorded_under``, the deal's document). How many sit and
    how many play are the game's (the core's ``table_sizes`` and ``active_players``).
    """
    try:
        outcome, rules = core.parse_deal(document)
    except core.OutcomeError as e:
        raise DealError(
            "The deal was not saved: please correct the marked fields.", e.errors
        ) from e
    if recorded_under is None:
        recorded_under = table.event.deal_document_base()
    if _ruleset_of(document) != _ruleset_of(recorded_under):
        raise DealError(
            "The deal's ruleset is not the one its deal was recorded under.",
            (
                core.FieldError(
                    "ruleset", "A deal keeps the ruleset and house rules it was recorded under."
                ),
            ),
        )
    game = core.game_for(_ruleset_of(document)[0])
    deal = facts(outcome)
    strangers = [name for name in deal.everyone if name not in seats]
    if strangers:
        raise DealError(
            "The deal names players who do not sit at this table.",
            (core.FieldError("players", f"Not at this table: {', '.join(strangers)}."),),
        )
    if len(seats) not in game.table_sizes:
        raise DealError(
            f"This table seats {len(seats)} players; {game.title} is played at "
            f"{' or '.join(str(n) for n in game.table_sizes)}.",
            (core.FieldError("players", "This table's players cannot play this ruleset."),),
        )
    sits_out = game.dealer_sits_out(len(seats))
    if sits_out and deal.sitting_out is None:
        raise DealError(
            f"At a {_words(len(seats))}-player table the dealer sits out.",
            (core.FieldError("dealer", "Choose the dealer, who sits out this deal."),),
        )
    if not sits_out and deal.sitting_out is not None:
        message = f"Nobody sits out at a {_words(len(seats))}-player table."
        raise DealError(message, (core.FieldError("sitting_out", message),))
    return CheckedDeal(document, deal, game.settle(outcome, rules), seats)


_words = core.rotation.number_word  # a table's size in words, as the core says it
