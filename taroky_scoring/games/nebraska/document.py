"""Nebraska's deal document described as data (contract section 11), and how a reader
words its faults.

``describe`` is the one description: the CLI's ``score --help``, a web form, and (as
``DOCUMENT``, what a document may hold under any of the rules) the reading of
``outcome.DealOutcome`` and its words (kinds, bids, the blind, kontra).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...conditions import NEVER, all_of, any_of, not_, when
from ...doubling import Doubling
from ...fields import Description, Fault, Field, Wording, choices
from ...kinds import BOOL, CHOICE, INT, LIST, OBJECT, OPTIONS, PLAYER, PLAYERS, TEXT

PLAYED = when("kind", "played")
SURRENDERED = when("kind", "surrendered")
BIDDING = any_of(PLAYED, SURRENDERED)
FIVES = when("bid", "five", "five_over")
# The most card points the bidder's team can have: the blind's cards it does not take
# count for the opponents (validation.blind_cards_to_opponents): 3 cards in a Four or a
# Five with the King in the blind, at least 1 point; 6 in a Five, at least 2.
MOST_POINTS, MOST_IN_A_FIVE = 69, 68
ANNOUNCED = Field("announced", "Announced before the first lead", BOOL, default=False)
# Kontra on a Five and a Five Over (contract section 4).
KONTRA = Doubling(("none", "kontra", "rekontra"))
BLIND_WORDS = {
    "first": "First half",
    "second": "Second half",
    "first_after_second": "First half after seeing the second",
}


def describe(
    ruleset_names: tuple[str, ...],
    kontra_allowed: bool = True,
    four_values: dict[str, int] | None = None,
) -> Description:
    """Every field of a Nebraska deal document, in the document's order; ``four_values``
    (the game value of a Four by its blind) are said beside the blind's choices."""
    # Where the rules forbid kontra the field never applies (the form leaves it out).
    kontra_choices = [
        (word, f"{KONTRA.label(word)} x{KONTRA.multiplier(word)}" if factor else "None")
        for factor, word in enumerate(KONTRA.words if kontra_allowed else KONTRA.words[:1])
    ]
    blind = [(v, f"{w}: {four_values[v]}" if four_values else w) for v, w in BLIND_WORDS.items()]
    return Description(
        (
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
            Field(
                "dealer",
                "Dealer",
                PLAYER,
                "required for a misdeal and at a five-player table (the dealer sits out), "
                "optional otherwise",
            ),
            Field(
                "kind",
                "Kind of deal",
                CHOICE,
                "what happened to the deal",
                choices(
                    ("played", "Played"),
                    ("surrendered", "Four surrendered"),
                    ("thrown_in", "Thrown in"),
                    ("misdeal", "Misdeal"),
                ),
                required=True,
                default="played",  # what a deal form starts at
            ),
            Field(
                "bidder", "Bidder", PLAYER, "who won the bidding", required=True, applies=BIDDING
            ),
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
                none_label="Alone (own King or King in blind)",
                asked=PLAYED,  # a surrender pays the same with or without one
            ),
            Field(
                "called",
                "Called King",
                CHOICE,
                "for the record",
                choices(
                    ("clubs", "Clubs"),
                    ("spades", "Spades"),
                    ("hearts", "Hearts"),
                    ("diamonds", "Diamonds"),
                    ("fourth_king", "The fourth King"),
                ),
                applies=BIDDING,
            ),
            Field(
                "king_in_blind",
                "The called King was in the blind",
                BOOL,
                "the bidder plays alone",
                applies=BIDDING,
            ),
            Field(
                "blind",
                "Blind (Four)",
                CHOICE,
                "which half of the blind the Four bidder took",
                choices(*blind),
                applies=all_of(BIDDING, when("bid", "four", None)),
            ),
            Field(
                "kontra",
                "Kontra",
                CHOICE,
                "Five and Five Over, where the rules allow it",
                choices(*kontra_choices),
                applies=all_of(PLAYED, FIVES) if kontra_allowed else NEVER,
            ),
            # The blind's cards the bidder does not take count for the opponents, at least
            # 1 (2 for a Five's six): what a form offers (validation gives the reason).
            Field(
                "bidder_points",
                "Card points of the bidder's team",
                INT,
                f"of 70; 36 wins; {MOST_POINTS} at most, with a valat too (the blind's cards "
                f"the bidder does not take count for the opponents; in a Five {MOST_IN_A_FIVE})",
                minimum=0,
                maximum=MOST_POINTS,
                applies=PLAYED,
            ),
            Field(
                "opponent_points",
                "Or the opponents' card points",
                INT,
                f"of 70; the two add up to 70; {70 - MOST_POINTS} at least "
                f"({70 - MOST_IN_A_FIVE} in a Five)",
                minimum=70 - MOST_POINTS,
                maximum=70,
                applies=PLAYED,
            ),
            Field(
                "valat",
                "Valat (all 12 tricks)",
                CHOICE,
                "the team that took all 12 tricks (its card points are entered too)",
                choices((None, "No"), ("bidder", "Bidder's team"), ("opponents", "Opponents")),
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
                        "what became of the called King",
                        choices(
                            ("won", "Won by the bidder's team"),
                            ("lost", "Lost to the opponents"),
                            ("played_early", "Played early (announced)"),
                        ),
                        required=True,
                    ),
                ),
            ),
            Field(
                "tarok1_last",
                "Tarok 1 Last (špaček)",
                OBJECT,
                "the tarok 1 in the last trick",
                applies=PLAYED,
                items=(
                    Field(
                        "team",
                        "Played by",
                        CHOICE,
                        "the team that played the 1",
                        choices(("bidder", "Bidder's team"), ("opponents", "Opponents")),
                        required=True,
                    ),
                    ANNOUNCED,
                    Field(
                        "outcome",
                        "Outcome",
                        CHOICE,
                        "what became of the 1 in the last trick",
                        choices(
                            ("tarok1_won", "The 1 took the last trick"),
                            ("partner_won", "Its partner beat it"),
                            ("lost", "The other team took it"),
                            ("played_early", "Played early (announced)"),
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
                        "what was declared",
                        choices(
                            ("ten_taroky", "Ten Taroky"),
                            ("four_kings", "Four Kings"),
                            ("three_high", "Three High (Škýz, 21, 1)"),
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
                max_items=1,
                items=(
                    Field(
                        "kind",
                        "Penalty",
                        CHOICE,
                        "the penalty",
                        choices(
                            (
                                "forgotten_discard",
                                "Forgotten discard (the Four bidder pays 1 to each)",
                            )
                        ),
                        required=True,
                    ),
                ),
            ),
        )
    )


def _as_read(f: Field) -> Field:
    """``f`` as a document may give it under any rules: the ruleset a name (an unknown
    one is the ruleset's error), card points 0 to 70 (the blind's bounds are
    validation's, with their reason)."""
    if f.name == "ruleset":
        return dataclasses.replace(f, kind=TEXT, choices=())
    if f.kind == INT:
        return dataclasses.replace(f, minimum=0, maximum=70)
    return f


# What a document may hold, whatever its rules: read by ``DealOutcome.from_document``.
DOCUMENT = Description(_as_read(f) for f in describe(()))
FIELD_NAMES = tuple(f.name for f in DOCUMENT)


def labels(name: str, item: str | None = None) -> dict[Any, str]:
    """The words of each choice of the document's field ``name`` (or of its ``item``).

    >>> labels("bid")["five_over"], labels("tarok1_last", "team")["opponents"]
    ('Five Over', 'Opponents')
    """
    f = next(f for f in DOCUMENT if f.name == name)
    if item is not None:
        f = next(i for i in f.items if i.name == item)
    return {c.value: c.label for c in f.choices}


def without_gloss(words: str) -> str:
    """A choice's words without what its brackets add, to name it in a sentence.

    >>> without_gloss(labels("declarations", "kind")["three_high"])
    'Three High'
    """
    return words.split(" (")[0]


def _values(f: Field) -> str:
    return ", ".join(v for v in f.values if v is not None)


class NebraskaWording(Wording):
    """Nebraska's words for a document's faults (contract section 11): what is given
    where it does not apply, and what a played deal requires, is said by
    ``validation``; "none" is a name like any other."""

    nobody = None
    judges_applying = False

    unknown_key = "Unknown field '{key}'."
    not_a_number = "Card points must be a whole number from {f.minimum} to {f.maximum}."
    out_of_range = "Card points must be from {f.minimum} to {f.maximum}, not {value}."

    def choices_said(self, f: Field) -> str:
        return _values(f)

    def required(self, f: Field) -> str:
        if f.kind == PLAYERS:
            return "Required: the four active players in clockwise order."
        return f"Required: one of {_values(f)}."

    def object_faults(self, f: Field, n: int | None, faults: Sequence[Fault]) -> list[str]:
        """King Last and Tarok 1 Last say each item's fault by its name; a declaration
        or a penalty says its first fault only, in its own words."""
        if n is None:
            return [
                f"Unknown field(s): {', '.join(fault.unknown)}."
                if fault.item is None
                else f"'{fault.item.name}' must be {self._choices(fault.item)}."
                for fault in faults
            ]
        item = f"{f.item_label} {n}"
        if len(f.items) == 1:  # a penalty is its kind alone
            kind = f.items[0]
            return [f'{item}: must be {{"{kind.name}": ...}} with one of {_values(kind)}.']
        first = faults[0]
        if first.item is None:
            return [f"{item}: unknown field(s) {list(first.unknown)}."]
        if first.item.kind == CHOICE:
            return [f"{item}: {first.item.name} must be one of {_values(first.item)}."]
        return [f"{item}: name the player {first.item.help}."]

    @staticmethod
    def _choices(item: Field) -> str:
        return "true or false" if item.kind == BOOL else f"one of {_values(item)}"


WORDING = NebraskaWording()
