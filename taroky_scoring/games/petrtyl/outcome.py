"""A Petrtyl deal as read and checked (``Petrtyl.parse``): every field of the four
tables' documents, typed; a field a table does not have reads as its default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...outcome import Outcome


class Sweep(Outcome):
    """The declarer's side taking every trick, made or announced."""

    made: bool
    announced: bool = False
    contra: str = "none"  # its own, when announced


class LastTrick(Outcome):
    """The called Chief (the declarer's side's) or the Papoose (its ``player``'s side's)
    in the last trick."""

    outcome: str  # "won", "lost", "played_early"
    announced: bool = False
    contra: str = "none"
    player: str | None = None  # who played the Papoose


class Declaration(Outcome):
    """A holding declared, paid by each other player."""

    player: str
    kind: str


class PetrtylOutcome(Outcome):
    """One Petrtyl deal: who played, what was bid, what happened, the pot before it."""

    players: tuple[str, ...]
    kind: str
    ruleset: str | None = None
    options: Mapping[str, Any] | None = None
    dealer: str | None = None
    pot: int = 0
    bidder: str | None = None
    bid: str | None = None
    partner: str | None = None
    called: str | None = None
    chief_in_talon: bool | None = None
    talon: str | None = None
    contra: str | None = None
    bidder_points: int | None = None
    opponent_points: int | None = None
    bidder_took_a_trick: bool | None = None  # Grand Nullo
    bidder_took_all_tricks: bool | None = None  # Grand Sweep
    sweep: Sweep | None = None
    chief_last: LastTrick | None = None
    papoose_last: LastTrick | None = None
    declarations: tuple[Declaration, ...] | None = None

    @classmethod
    def read(cls, values: dict[str, Any]) -> PetrtylOutcome:
        """The outcome of the values read and completed by ``checks.check`` (its objects
        typed too)."""
        for key, kind in (("sweep", Sweep), ("chief_last", LastTrick), ("papoose_last", LastTrick)):
            if values.get(key):
                values[key] = kind(values[key])
        if values.get("declarations"):
            values["declarations"] = tuple(Declaration(c) for c in values["declarations"])
        return cls(values)
