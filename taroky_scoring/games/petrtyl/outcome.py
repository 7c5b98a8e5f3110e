"""A Petrtyl deal as read and checked (``Petrtyl.parse``): every field of the four
tables' documents, typed; a field a table does not have reads as its default."""

from __future__ import annotations

from ...outcome import GameOutcome, Holding, Outcome


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


class Declaration(Holding):
    """A holding declared, paid by each other player."""


class PetrtylOutcome(GameOutcome):
    """One Petrtyl deal: who played, what was bid, what happened, the pot before it.
    ``read`` takes the values read and completed by ``checks.check``."""

    OBJECTS = {"sweep": Sweep, "chief_last": LastTrick, "papoose_last": LastTrick}
    LISTS = {"declarations": Declaration}

    pot: int = 0
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
