"""Nebraska's deals in its own words, for score sheets, deal pages and printouts.

The web layer asks the game (``Nebraska.summary``, ``Nebraska.sheet_headings``,
``Nebraska.sheet_cells``, ``Nebraska.reason_label``); the words live here, with the
game, so that no other module restates them.
"""

from __future__ import annotations

from ...registry import Cell
from .document import labels
from .outcome import (
    TOTAL_POINTS,
    Bid,
    Blind,
    Called,
    DealKind,
    DealOutcome,
    KingLastOutcome,
    Kontra,
    Tarok1LastOutcome,
    Team,
)
from .payments import Reason

KIND_WORDS = {DealKind(kind): words for kind, words in labels("kind").items()}
BID_WORDS = {bid: bid.label for bid in Bid}
REASON_WORDS = {
    Reason.GAME: "Game",
    Reason.KING_LAST: "King Last",
    Reason.TAROK1_LAST: "Tarok 1 Last",
    Reason.TEN_TAROKY: "Ten Taroky",
    Reason.FOUR_KINGS: "Four Kings",
    Reason.THREE_HIGH: "Three High",
    Reason.FORGOTTEN_DISCARD: "Forgotten discard",
    Reason.SURRENDER: "Four surrendered",
    Reason.MISDEAL: "Misdeal",
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


def bid_words(o: DealOutcome, short: bool = False) -> str:
    bid = o.effective_bid
    if bid is None:
        return ""
    if bid is Bid.FOUR and o.blind is not None:
        return f"Four, {BLIND_SHORT[o.blind] if short else o.blind.label}"
    return bid.label


def partner_words(o: DealOutcome) -> str:
    if o.bidder is None:
        return ""
    if o.partner:
        return o.partner
    return "alone (King in the blind)" if o.king_in_blind else "alone"


def points_words(o: DealOutcome) -> str:
    points = o.points_of_bidder_team
    return "" if points is None else f"{points}:{TOTAL_POINTS - points}"


def valat_words(o: DealOutcome) -> str:
    if o.valat is None:
        return ""
    return "bidder's team" if o.valat is Team.BIDDER else "opponents"


def bonus_words(o: DealOutcome) -> list[str]:
    words = []
    if o.king_last:
        announced = "announced " if o.king_last.announced else ""
        words.append(f"{announced}King Last {KING_LAST_WORDS[o.king_last.outcome]}")
    if o.tarok1_last:
        t = o.tarok1_last
        announced = "announced " if t.announced else ""
        words.append(f"{announced}Tarok 1 Last ({t.team.label}) {TAROK1_WORDS[t.outcome]}")
    return words


def declaration_words(o: DealOutcome) -> list[str]:
    return [f"{d.player}: {d.kind.label}" for d in o.declarations or ()]


def penalty_words(o: DealOutcome) -> list[str]:
    return ["forgotten discard" for _ in o.penalties or ()]


def summary(o: DealOutcome) -> str:
    """One line, e.g. 'Anna: Five Over with Cyril, 41:29, announced King Last won'."""
    if o.kind is DealKind.MISDEAL:
        return f"Misdeal by {o.dealer}"
    if o.kind is DealKind.THROWN_IN:
        return "Thrown in (a hand with no King and no tarok)"
    if o.kind is DealKind.SURRENDERED:
        return f"{o.bidder} surrendered the Four" + (f" ({o.blind.label})" if o.blind else "")
    parts = [f"{o.bidder}: {bid_words(o)}"]
    parts[0] += f" with {o.partner}" if o.partner else f", {partner_words(o)}"
    if o.kontra_level is not Kontra.NONE:
        parts.append(o.kontra_level.value)
    parts.append(f"{points_words(o)} card points")
    if o.valat:
        parts.append(f"valat by the {valat_words(o)}")
    parts += bonus_words(o) + declaration_words(o) + penalty_words(o)
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


def sheet_cells(o: DealOutcome) -> list[Cell]:
    """A deal's row under ``SHEET_HEADINGS``: a deal not played says its kind across."""
    if o.kind is not DealKind.PLAYED:
        return [
            Cell(o.bidder or "", kind="note"),
            Cell(KIND_WORDS[o.kind], span=6, kind="note"),
            Cell("", kind="note"),
        ]
    kontra = f", {o.kontra_level}" if o.kontra_level is not Kontra.NONE else ""
    return [
        Cell(o.bidder or ""),
        Cell(bid_words(o, short=True) + kontra),
        Cell(partner_words(o)),
        Cell(points_words(o), kind="num"),
        Cell(valat_words(o)),
        Cell("; ".join(bonus_words(o))),
        Cell("; ".join(declaration_words(o))),
        Cell("; ".join(penalty_words(o))),
    ]
