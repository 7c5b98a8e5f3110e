"""Deal outcomes in the game's own words, for sheets, detail pages and printouts."""

from __future__ import annotations

import taroky_scoring as core

KIND_WORDS = {
    core.DealKind.PLAYED: "Played",
    core.DealKind.SURRENDERED: "Four surrendered",
    core.DealKind.THROWN_IN: "Thrown in",
    core.DealKind.MISDEAL: "Misdeal",
}
KING_LAST_WORDS = {
    core.KingLastOutcome.WON: "won",
    core.KingLastOutcome.LOST: "lost",
    core.KingLastOutcome.PLAYED_EARLY: "played early",
}
TAROK1_WORDS = {
    core.Tarok1LastOutcome.TAROK1_WON: "the 1 won",
    core.Tarok1LastOutcome.PARTNER_WON: "partner won",
    core.Tarok1LastOutcome.LOST: "lost",
    core.Tarok1LastOutcome.PLAYED_EARLY: "played early",
}
CALLED_WORDS = {
    core.Called.CLUBS: "King of clubs",
    core.Called.SPADES: "King of spades",
    core.Called.HEARTS: "King of hearts",
    core.Called.DIAMONDS: "King of diamonds",
    core.Called.FOURTH_KING: "the fourth King",
}


BLIND_SHORT = {
    core.Blind.FIRST: "1st half",
    core.Blind.SECOND: "2nd half",
    core.Blind.FIRST_AFTER_SECOND: "1st after 2nd",
}


def bid_words(o: core.DealOutcome, short: bool = False) -> str:
    bid = o.effective_bid
    if bid is None:
        return ""
    if bid is core.Bid.FOUR and o.blind is not None:
        return f"Four, {BLIND_SHORT[o.blind] if short else o.blind.label}"
    return bid.label


def partner_words(o: core.DealOutcome) -> str:
    if o.bidder is None:
        return ""
    if o.partner:
        return o.partner
    return "alone (King in the blind)" if o.king_in_blind else "alone"


def points_words(o: core.DealOutcome) -> str:
    points = o.points_of_bidder_team
    return "" if points is None else f"{points}:{core.outcome.TOTAL_POINTS - points}"


def valat_words(o: core.DealOutcome) -> str:
    if o.valat is None:
        return ""
    return "bidder's team" if o.valat is core.Team.BIDDER else "opponents"


def bonus_words(o: core.DealOutcome) -> list[str]:
    words = []
    if o.king_last:
        announced = "announced " if o.king_last.announced else ""
        words.append(f"{announced}King Last {KING_LAST_WORDS[o.king_last.outcome]}")
    if o.tarok1_last:
        t = o.tarok1_last
        announced = "announced " if t.announced else ""
        words.append(f"{announced}Tarok 1 Last ({t.team.label}) {TAROK1_WORDS[t.outcome]}")
    return words


def declaration_words(o: core.DealOutcome) -> list[str]:
    return [f"{d.player}: {d.kind.label}" for d in o.declarations or ()]


def penalty_words(o: core.DealOutcome) -> list[str]:
    return ["forgotten discard" for _ in o.penalties or ()]


def summary(o: core.DealOutcome) -> str:
    """One line, e.g. 'Anna: Five Over with Cyril, 41:29, announced King Last won'."""
    if o.kind is core.DealKind.MISDEAL:
        return f"Misdeal by {o.dealer}"
    if o.kind is core.DealKind.THROWN_IN:
        return "Thrown in (a hand with no King and no tarok)"
    if o.kind is core.DealKind.SURRENDERED:
        return f"{o.bidder} surrendered the Four" + (f" ({o.blind.label})" if o.blind else "")
    parts = [f"{o.bidder}: {bid_words(o)}"]
    parts[0] += f" with {o.partner}" if o.partner else f", {partner_words(o)}"
    if o.kontra_level is not core.Kontra.NONE:
        parts.append(o.kontra_level.value)
    parts.append(f"{points_words(o)} card points")
    if o.valat:
        parts.append(f"valat by the {valat_words(o)}")
    parts += bonus_words(o) + declaration_words(o) + penalty_words(o)
    return ", ".join(parts)
