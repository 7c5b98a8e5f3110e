"""Nebraska's deal document described as data (contract section 11).

``outcome.FIELDS`` (the keys the reader accepts, in the order ``to_document`` writes
them), the CLI's ``score --help`` and a web form all come from ``describe``.
"""

from __future__ import annotations

from ...fields import (
    BOOL,
    CHOICE,
    INT,
    LIST,
    OBJECT,
    OPTIONS,
    PLAYER,
    PLAYERS,
    TEXT,
    Field,
    all_of,
    any_of,
    choices,
    not_,
    when,
)

PLAYED = when("kind", "played")
SURRENDERED = when("kind", "surrendered")
BIDDING = any_of(PLAYED, SURRENDERED)
FIVES = when("bid", "five", "five_over")
ANNOUNCED = Field("announced", "Announced before the first lead", BOOL, default=False)


def describe(ruleset_names: tuple[str, ...], kontra_allowed: bool = True) -> tuple[Field, ...]:
    """Every field of a Nebraska deal document, in the document's order."""
    kontra_choices = [("none", "none")]
    if kontra_allowed:
        kontra_choices += [("kontra", "kontra (x2)"), ("rekontra", "rekontra (x4)")]
    return (
        Field(
            "ruleset",
            "Ruleset",
            CHOICE,
            "the ruleset (default la-vista)",
            choices(*((n, n) for n in ruleset_names)),
        ),
        Field("options", "House rules", OPTIONS, "options overriding the preset"),
        Field(
            "players",
            "Players",
            PLAYERS,
            "the four active players in clockwise seat order",
            required=True,
        ),
        Field("sitting_out", "Sitting out", TEXT, "at a five-player table: the dealer"),
        Field("dealer", "Dealer", PLAYER, "required for a misdeal, optional otherwise"),
        Field(
            "kind",
            "Kind of deal",
            CHOICE,
            "what happened to the deal",
            choices(
                ("played", "played"),
                ("surrendered", "surrendered Four"),
                ("thrown_in", "thrown in"),
                ("misdeal", "misdeal"),
            ),
            required=True,
        ),
        Field("bidder", "Bidder", PLAYER, "who won the bidding", required=True, applies=BIDDING),
        Field(
            "bid",
            "Bid",
            CHOICE,
            "a surrender is always of a Four",
            choices(("four", "Four"), ("five", "Five"), ("five_over", "Five Over")),
            applies=BIDDING,
        ),
        Field(
            "partner",
            "Partner",
            PLAYER,
            "holder of the called King; null when the bidder plays alone",
            applies=all_of(BIDDING, not_(when("king_in_blind", True))),
        ),
        Field(
            "called",
            "Called King",
            CHOICE,
            "for the record",
            choices(
                ("clubs", "clubs"),
                ("spades", "spades"),
                ("hearts", "hearts"),
                ("diamonds", "diamonds"),
                ("fourth_king", "the fourth King"),
            ),
            applies=BIDDING,
        ),
        Field(
            "king_in_blind",
            "King in the blind",
            BOOL,
            "the called King was in the blind (the bidder plays alone)",
            applies=BIDDING,
        ),
        Field(
            "blind",
            "Blind",
            CHOICE,
            "which half of the blind the Four bidder took",
            choices(
                ("first", "first half"),
                ("second", "second half"),
                ("first_after_second", "first half after seeing the second"),
            ),
            applies=all_of(BIDDING, when("bid", "four", None)),
        ),
        Field(
            "kontra",
            "Kontra",
            CHOICE,
            "Five and Five Over, where the rules allow it",
            choices(*kontra_choices),
            applies=all_of(PLAYED, FIVES),
        ),
        Field(
            "bidder_points",
            "Bidder's card points",
            INT,
            "card points of the bidder's team (or opponent_points)",
            minimum=0,
            maximum=70,
            applies=PLAYED,
        ),
        Field(
            "opponent_points",
            "Opponents' card points",
            INT,
            "card points of the opponents; the two add up to 70",
            minimum=0,
            maximum=70,
            applies=PLAYED,
        ),
        Field(
            "valat",
            "Valat",
            CHOICE,
            "the team that took all 12 tricks",
            choices((None, "no valat"), ("bidder", "bidder's team"), ("opponents", "opponents")),
            applies=PLAYED,
        ),
        Field(
            "king_last",
            "King Last",
            OBJECT,
            "the called King in the last trick, seen from the bidder's team",
            applies=all_of(PLAYED, not_(when("king_in_blind", True))),
            items=(
                ANNOUNCED,
                Field(
                    "outcome",
                    "Outcome",
                    CHOICE,
                    "what happened",
                    choices(
                        ("won", "won by the bidder's team"),
                        ("lost", "lost to the opponents"),
                        ("played_early", "played before the last trick"),
                    ),
                    required=True,
                ),
            ),
        ),
        Field(
            "tarok1_last",
            "Tarok 1 Last",
            OBJECT,
            "the tarok 1 in the last trick",
            applies=PLAYED,
            items=(
                Field(
                    "team",
                    "Team",
                    CHOICE,
                    "the team that played the 1",
                    choices(("bidder", "bidder's team"), ("opponents", "opponents")),
                    required=True,
                ),
                ANNOUNCED,
                Field(
                    "outcome",
                    "Outcome",
                    CHOICE,
                    "what happened",
                    choices(
                        ("tarok1_won", "the 1 took the trick"),
                        ("partner_won", "the 1's partner took it"),
                        ("lost", "the other team took it"),
                        ("played_early", "played before the last trick"),
                    ),
                    required=True,
                ),
            ),
        ),
        Field(
            "declarations",
            "Declarations",
            LIST,
            "card combinations declared",
            applies=PLAYED,
            item_label="Declaration",
            items=(
                Field("player", "Player", PLAYER, "who declared", required=True),
                Field(
                    "kind",
                    "Declaration",
                    CHOICE,
                    "what",
                    choices(
                        ("ten_taroky", "Ten Taroky"),
                        ("four_kings", "Four Kings"),
                        ("three_high", "Three High"),
                    ),
                    required=True,
                ),
            ),
        ),
        Field(
            "penalties",
            "Penalties",
            LIST,
            "penalties inside a played deal",
            applies=all_of(PLAYED, when("bid", "four")),
            item_label="Penalty",
            items=(
                Field(
                    "kind",
                    "Penalty",
                    CHOICE,
                    "what",
                    choices(("forgotten_discard", "forgotten discard")),
                    required=True,
                ),
            ),
        ),
    )


FIELD_NAMES = tuple(f.name for f in describe(()))
