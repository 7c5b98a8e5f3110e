"""A Texas deal as read (``Texas.parse``): every field of the three games' documents,
typed; a field a game does not have reads as its default."""

from __future__ import annotations

from ...outcome import GameOutcome, Holding, Outcome


class Valat(Outcome):
    """Every trick taken (or announced) by a side."""

    team: str  # "bidder" (the declarer's side) or "opponents"
    announced: bool = False
    made: bool = False
    contra: str = "none"  # its own, when announced (texas-king's valat has none)


class LastTrick(Outcome):
    """The Pagat (a side's) or the called King (the declarer's side's) in the last trick."""

    outcome: str  # "won", "lost", "played_early"
    announced: bool = False
    team: str = "bidder"
    contra: str = "none"


class Bonus(Holding):
    """A holding paid by each other player."""


class TexasOutcome(GameOutcome):
    """One Texas deal: who played, what was bid, what happened.

    >>> TexasOutcome.read({"players": ("A", "B", "C", "D"), "kind": "played",
    ...     "valat": {"team": "bidder", "announced": False, "made": True}}).valat.contra
    'none'
    """

    OBJECTS = {"valat": Valat, "pagat": LastTrick, "king_last": LastTrick}
    LISTS = {"bonuses": Bonus}

    talon: str | None = None
    xx_in_talon: bool | None = None  # texas-xx's Ze Ruky
    bidder_took_a_trick: bool | None = None  # Zebrak, No Trick
    no_trick_bid: bool | None = None  # texas-king's Prever
    contra: str | None = None
    bidder_points: int | None = None
    opponent_points: int | None = None
    valat: Valat | None = None
    pagat: LastTrick | None = None
    king_last: LastTrick | None = None  # texas-king
    mond_lost: str | None = None  # texas-xx's house rule, texas-king
    bonuses: tuple[Bonus, ...] | None = None
