"""Nebraska's deals in its own words, for score sheets, deal pages and printouts.

The web layer asks the game (``summary``, ``sheet_headings``, ``sheet_cells``,
``reason_label``: ``NebraskaWords`` below); the words live here, with the game, so that
no other module restates them.
"""

from __future__ import annotations

from typing import Any

from ...presentation import Cell, Presentation
from .document import labels, without_gloss
from .outcome import (
    TOTAL_POINTS,
    Bid,
    Blind,
    Called,
    DealKind,
    DealOutcome,
    DeclarationKind,
    KingLastOutcome,
    Kontra,
    Tarok1LastOutcome,
    Team,
)
from .payments import Reason
from .rulesets import Ruleset

KIND_WORDS = {DealKind(kind): words for kind, words in labels("kind").items()}
BID_WORDS = {bid: bid.label for bid in Bid}
# Why chips moved: the game's own payments, and what the document names (a declaration,
# a penalty, a kind of deal) in its words.
REASON_WORDS = {
    Reason.GAME: "Game",
    Reason.KING_LAST: "King Last",
    Reason.TAROK1_LAST: "Tarok 1 Last",
    **{Reason(kind.value): kind.label for kind in DeclarationKind},
    Reason.FORGOTTEN_DISCARD: without_gloss(labels("penalties", "kind")["forgotten_discard"]),
    Reason.SURRENDER: KIND_WORDS[DealKind.SURRENDERED],
    Reason.MISDEAL: KIND_WORDS[DealKind.MISDEAL],
}
KING_LAST_WORDS = {
    KingLastOutcome.WON: "won",
    KingLastOutcome.LOST: "lost",
    KingLastOutcome.PLAYED_EARLY: "played early",
}
TAROK1_WORDS = {
    Tarok1LastOutcome.TAROK1_WON: "the 1 won",
    Tarok1LastOutcome.PARTNER_WON: "partner won",
    Tarok1LastOutcome.LOST: "lost",
    Tarok1LastOutcome.PLAYED_EARLY: "played early",
}
CALLED_WORDS = {
    Called.CLUBS: "King of clubs",
    Called.SPADES: "King of spades",
    Called.HEARTS: "King of hearts",
    Called.DIAMONDS: "King of diamonds",
    Called.FOURTH_KING: "the fourth King",
}


BLIND_SHORT = {
    Blind.FIRST: "1st half",
    Blind.SECOND: "2nd half",
    Blind.FIRST_AFTER_SECOND: "1st after 2nd",
}


def bid_words(outcome: DealOutcome, short: bool = False) -> str:
    bid = outcome.effective_bid
    if bid is None:
        return ""
    if bid is Bid.FOUR and outcome.blind is not None:
        return f"Four, {BLIND_SHORT[outcome.blind] if short else outcome.blind.label}"
    return bid.label


def partner_words(outcome: DealOutcome) -> str:
    if outcome.bidder is None:
        return ""
    if outcome.partner:
        return outcome.partner
    return "alone (King in the blind)" if outcome.king_in_blind else "alone"


def points_words(outcome: DealOutcome) -> str:
    points = outcome.points_of_bidder_team
    return "" if points is None else f"{points}:{TOTAL_POINTS - points}"


def valat_words(outcome: DealOutcome) -> str:
    if outcome.valat is None:
        return ""
    return "bidder's team" if outcome.valat is Team.BIDDER else "opponents"


def bonus_words(outcome: DealOutcome) -> list[str]:
    words = []
    if outcome.king_last:
        announced = "announced " if outcome.king_last.announced else ""
        words.append(f"{announced}King Last {KING_LAST_WORDS[outcome.king_last.outcome]}")
    if outcome.tarok1_last:
        t = outcome.tarok1_last
        announced = "announced " if t.announced else ""
        words.append(f"{announced}Tarok 1 Last ({t.team.label}) {TAROK1_WORDS[t.outcome]}")
    return words


def declaration_words(outcome: DealOutcome) -> list[str]:
    return [f"{said.player}: {said.kind.label}" for said in outcome.declarations or ()]


def penalty_words(outcome: DealOutcome) -> list[str]:
    return ["forgotten discard" for _ in outcome.penalties or ()]


def summary(outcome: DealOutcome) -> str:
    """One line, e.g. 'Anna: Five Over with Cyril, 41:29, announced King Last won'."""
    if outcome.kind is DealKind.MISDEAL:
        return f"Misdeal by {outcome.dealer}"
    if outcome.kind is DealKind.THROWN_IN:
        return "Thrown in (a hand with no King and no tarok)"
    if outcome.kind is DealKind.SURRENDERED:
        return f"{outcome.bidder} surrendered the Four" + (
            f" ({outcome.blind.label})" if outcome.blind else ""
        )
    parts = [f"{outcome.bidder}: {bid_words(outcome)}"]
    parts[0] += f" with {outcome.partner}" if outcome.partner else f", {partner_words(outcome)}"
    if outcome.kontra_level is not Kontra.NONE:
        parts.append(outcome.kontra_level.value)
    parts.append(f"{points_words(outcome)} card points")
    if outcome.valat:
        parts.append(f"valat by the {valat_words(outcome)}")
    parts += bonus_words(outcome) + declaration_words(outcome) + penalty_words(outcome)
    return ", ".join(parts)


# The paper sheet's own columns (Nebraska clubs' sheets).
SHEET_HEADINGS = (
    Cell("Bidder"),
    Cell("Bid"),
    Cell("Partner"),
    Cell("Points", kind="num"),
    Cell("Valat"),
    Cell("Bonuses"),
    Cell("Declarations"),
    Cell("Penalties"),
)


def sheet_cells(outcome: DealOutcome) -> list[Cell]:
    """A deal's row under ``SHEET_HEADINGS``: a deal not played says its kind across."""
    if outcome.kind is not DealKind.PLAYED:
        return [
            Cell(outcome.bidder or "", kind="note"),
            Cell(KIND_WORDS[outcome.kind], span=6, kind="note"),
            Cell("", kind="note"),
        ]
    kontra = f", {outcome.kontra_level}" if outcome.kontra_level is not Kontra.NONE else ""
    return [
        Cell(outcome.bidder or ""),
        Cell(bid_words(outcome, short=True) + kontra),
        Cell(partner_words(outcome)),
        Cell(points_words(outcome), kind="num"),
        Cell(valat_words(outcome)),
        Cell("; ".join(bonus_words(outcome))),
        Cell("; ".join(declaration_words(outcome))),
        Cell("; ".join(penalty_words(outcome))),
    ]


class NebraskaWords(Presentation):
    """Nebraska's deals in words: its paper sheet's own columns, a deal in a line, the
    teams' result (a mixin of the ``Nebraska`` game).

    >>> from taroky_scoring import game_for, score
    >>> deal = {"players": ["A", "B", "C", "D"], "kind": "played", "bidder": "A",
    ...         "bid": "four", "blind": "second", "partner": "C", "bidder_points": 30}
    >>> game_for("la-vista").result_words(score(deal))
    "The bidder's team loses: game 5 per pair."
    """

    def summary(self, document: Any, rules: Ruleset) -> str:
        return summary(DealOutcome.from_document(document))

    # Nebraska's teams settle in pairs (section 4).
    RESULT_WORDS = "The bidder's team {verb}: game {value} per pair."

    def sheet_columns(self, rules: Ruleset, count: int) -> list[str]:
        """The paper sheet's own headings, blank or filled (``SHEET_HEADINGS``).

        >>> from taroky_scoring import game_for
        >>> game_for("la-vista").sheet_columns(game_for("la-vista").rules("la-vista"), 8)[-2:]
        ['Declarations', 'Penalties']
        """
        columns = [c.text for c in SHEET_HEADINGS]
        return columns + [""] * (count - len(columns))

    def sheet_notes(self, rules: Ruleset, count: int) -> list[str]:
        return []  # every column of the paper sheet is its own

    def sheet_headings(self, rules: Ruleset) -> list[Cell]:
        return list(SHEET_HEADINGS)

    def sheet_cells(self, document: Any, rules: Ruleset) -> list[Cell]:
        return sheet_cells(DealOutcome.from_document(document))
