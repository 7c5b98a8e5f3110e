"""Consistency of a deal outcome with itself and with the ruleset.

Every check adds a FieldError naming the document field it is about; all problems
are collected so that an organizer can fix a form in one go.
"""

from __future__ import annotations

from collections import Counter

from ...errors import FieldError, last_trick_contradictions, named_as_an_account, named_twice
from ...rotation import number_word
from .declaration_checks import check_declarations
from .outcome import (
    ACTIVE_PLAYERS,
    TABLE_SIZES,
    TOTAL_POINTS,
    WINNING_POINTS,
    Bid,
    Blind,
    Called,
    DealKind,
    DealOutcome,
    KingLastOutcome,
    Kontra,
    PenaltyKind,
    Tarok1LastOutcome,
    Team,
)
from .rulesets import Ruleset, SurrenderAfter

# Fields that only a played deal (or a surrender) can carry.
PLAYED_ONLY = (
    "blind",
    "bidder_points",
    "opponent_points",
    "valat",
    "king_last",
    "tarok1_last",
    "declarations",
    "penalties",
)
BIDDING = ("bidder", "bid", "partner", "called", "king_in_blind")


def _given(outcome: DealOutcome, name: str) -> bool:
    """A field counts as given unless absent, null or its harmless empty value."""
    value = getattr(outcome, name)
    if name == "kontra":
        return value not in (None, Kontra.NONE)
    if name == "king_in_blind":
        return bool(value)
    if name in ("declarations", "penalties"):
        return bool(value)
    return value is not None


def validate(outcome: DealOutcome, rules: Ruleset) -> list[FieldError]:
    """Every inconsistency in ``outcome`` under ``rules``; an empty list means valid."""
    errors: list[FieldError] = []
    add = errors.append
    _check_table(outcome, add)
    if outcome.kind is DealKind.PLAYED:
        _check_bidding(outcome, add, surrender=False)
        _check_played(outcome, rules, add)
    elif outcome.kind is DealKind.SURRENDERED:
        _check_bidding(outcome, add, surrender=True)
        _check_surrender(outcome, rules, add)
    else:
        for name in BIDDING + PLAYED_ONLY + ("kontra",):
            if _given(outcome, name):
                add(FieldError(name, f"Does not apply to a {_kind_words(outcome.kind)}."))
        if outcome.kind is DealKind.MISDEAL and outcome.dealer is None:
            add(FieldError("dealer", "Required for a misdeal: the dealer pays the penalty."))
    return errors


def _kind_words(kind: DealKind) -> str:
    return {
        DealKind.PLAYED: "played deal",
        DealKind.SURRENDERED: "surrendered Four",
        DealKind.THROWN_IN: "thrown-in deal",
        DealKind.MISDEAL: "misdeal",
    }[kind]


def _check_table(outcome: DealOutcome, add) -> None:
    players = outcome.players
    if len(players) != ACTIVE_PLAYERS:
        add(
            FieldError(
                "players",
                f"Name exactly {number_word(ACTIVE_PLAYERS)} active players, not {len(players)}.",
            )
        )
    for error in (named_as_an_account(outcome.everyone), named_twice(players)):
        if error:
            add(error)
    if outcome.sitting_out is not None:
        if outcome.sitting_out in players:
            add(
                FieldError(
                    "sitting_out",
                    f"{outcome.sitting_out} cannot sit out and play in the same deal.",
                )
            )
        if outcome.dealer is not None and outcome.dealer != outcome.sitting_out:
            add(
                FieldError(
                    "dealer",
                    f"At a {number_word(max(TABLE_SIZES))}-player table the dealer sits out: "
                    f"the dealer must be "
                    f"{outcome.sitting_out}, not {outcome.dealer}.",
                )
            )
    elif outcome.dealer is not None and outcome.dealer not in players:
        add(FieldError("dealer", f"{outcome.dealer} is not at this table."))


def _check_player(outcome: DealOutcome, name: str, add, role: str) -> bool:
    player = getattr(outcome, name)
    if player is None:
        return False
    if player == outcome.sitting_out:
        add(FieldError(name, f"{player} sits out this deal and cannot be the {role}."))
        return False
    if player not in outcome.players:
        add(FieldError(name, f"{player} is not one of this deal's players."))
        return False
    return True


def _check_bidding(outcome: DealOutcome, add, surrender: bool) -> None:
    if outcome.bidder is None:
        add(FieldError("bidder", "Required: who won the bidding."))
    else:
        _check_player(outcome, "bidder", add, "bidder")
    if outcome.bid is None and not surrender:
        add(FieldError("bid", "Required: Four, Five or Five Over."))
    if _check_player(outcome, "partner", add, "partner") and outcome.partner == outcome.bidder:
        add(
            FieldError(
                "partner",
                "The bidder cannot be their own partner: leave the partner empty when "
                "the bidder called their own King and plays alone.",
            )
        )
    if outcome.king_in_blind and outcome.partner is not None:
        add(
            FieldError(
                "partner",
                "The called King was in the blind, so the bidder plays alone: there is no partner.",
            )
        )
    if (
        outcome.called is Called.FOURTH_KING
        and outcome.partner is None
        and not outcome.king_in_blind
        and outcome.bidder is not None
    ):
        add(
            FieldError(
                "called",
                "The bidder called the fourth King while holding the other three: "
                "the fourth King is with a partner or in the blind.",
            )
        )


def _check_surrender(outcome: DealOutcome, rules: Ruleset, add) -> None:
    if outcome.bid not in (None, Bid.FOUR):
        add(FieldError("bid", "Only a Four can be surrendered."))
    if outcome.blind is Blind.FIRST and rules.surrender_after is SurrenderAfter.BOTH_HALVES:
        add(
            FieldError(
                "blind",
                f"Under the {rules.title} rules a Four is surrendered only after seeing "
                "both halves of the blind.",
            )
        )
    for name in PLAYED_ONLY[1:] + ("kontra",):
        if _given(outcome, name):
            add(FieldError(name, "Does not apply to a surrendered Four: nothing else is paid."))


def _check_played(outcome: DealOutcome, rules: Ruleset, add) -> None:
    bid = outcome.bid
    if bid is Bid.FOUR and outcome.blind is None:
        add(
            FieldError("blind", "Required for a Four: which half of the blind did the bidder take?")
        )
    if bid in (Bid.FIVE, Bid.FIVE_OVER) and outcome.blind is not None:
        add(FieldError("blind", f"A {bid.label} does not use the blind: leave it empty."))

    if outcome.kontra_level is not Kontra.NONE:
        if bid is Bid.FOUR:
            add(FieldError("kontra", "Kontra and rekontra apply only to Five and Five Over."))
        elif not rules.kontra_allowed:
            add(FieldError("kontra", f"The {rules.title} rules of this event do not allow kontra."))

    _check_points(outcome, add)
    _check_last_trick(outcome, add)
    check_declarations(outcome, add)
    _check_penalties(outcome, add)


def _check_points(outcome: DealOutcome, add) -> None:
    if outcome.bidder_points is None and outcome.opponent_points is None:
        # What the blind leaves the bidder's team (a Four's bound when the bid is missing).
        most = TOTAL_POINTS - fewest_points(blind_cards_to_opponents(outcome) if outcome.bid else 3)
        add(
            FieldError(
                "bidder_points",
                f"Required: the card points of the bidder's team (0-{most}), with a valat too.",
            )
        )
        return
    if (
        outcome.bidder_points is not None
        and outcome.opponent_points is not None
        and outcome.bidder_points + outcome.opponent_points != TOTAL_POINTS
    ):
        add(
            FieldError(
                "bidder_points",
                f"The two teams' card points must add up to 70: "
                f"{outcome.bidder_points} + {outcome.opponent_points} = "
                f"{outcome.bidder_points + outcome.opponent_points}.",
            )
        )
        return
    points = outcome.points_of_bidder_team
    _check_blind_bound(outcome, points, add)
    if outcome.valat is Team.BIDDER and points < WINNING_POINTS:
        add(
            FieldError(
                "valat",
                f"The bidder's team cannot take every trick and have only {points} card points.",
            )
        )
    if outcome.valat is Team.OPPONENTS and points >= WINNING_POINTS:
        add(
            FieldError(
                "valat",
                f"The opponents cannot take every trick while the bidder's team has "
                f"{points} card points.",
            )
        )


def fewest_points(cards: int) -> int:
    """The fewest card points a pile of ``cards`` cards can count: all plain cards.

    >>> [fewest_points(n) for n in (1, 2, 3, 6)]
    [0, 1, 1, 2]
    """
    full, rest = divmod(cards, 3)
    return cards - 2 * full - (1 if rest else 0)


def blind_cards_to_opponents(outcome: DealOutcome) -> int:
    """How many cards of the blind count for the opponents, whatever the play.

    Seed 000: in a Four the half the bidder rejected or never looked at (3 cards) goes
    to the opponents; in a Five or Five Over all six go to them, unless the called King
    was in the blind, when the bidder gets three (the King's half, or the top half under
    Heun) and the opponents the other three.
    """
    if outcome.bid is Bid.FOUR:
        return 3
    return 3 if outcome.king_in_blind else 6


def _check_blind_bound(outcome: DealOutcome, points: int, add) -> None:
    """Refuse bidder's-team points the blind makes impossible.

    The opponents' pile holds at least the blind's cards that are theirs, and the
    fewest points a pile can count grows with its cards (all plain, packets of three:
    3 cards count at least 1, 6 cards at least 2). So the bidder's team has at most
    70 - 1 = 69 in a Four (or a Five with the King in the blind) and 70 - 2 = 68 in a
    Five or Five Over: a valat by the bidder's team included, as the blind's cards are
    no trick's. Every total up to that bound can happen (three plain cards in the half).
    """
    if outcome.bid is None:
        return
    cards = blind_cards_to_opponents(outcome)
    most = TOTAL_POINTS - fewest_points(cards)
    if points <= most:
        return
    field_name = "bidder_points" if outcome.bidder_points is not None else "opponent_points"
    least = fewest_points(cards)
    unit = "card point" if least == 1 else "card points"
    if outcome.bid is Bid.FOUR:
        why = (
            "In a Four the half of the blind the bidder did not take counts for the "
            f"opponents, and three cards count at least {least} {unit}"
        )
    elif outcome.king_in_blind:
        why = (
            f"In a {outcome.bid.label} with the called King in the blind the bidder gets three of "
            f"its cards and the opponents the other three, which count at least {least} {unit}"
        )
    else:
        why = (
            f"In a {outcome.bid.label} the six cards of the blind count for the opponents, and "
            f"six cards count at least {least} {unit}"
        )
    add(FieldError(field_name, f"{why}: the bidder's team has at most {most}, not {points}."))


def _check_last_trick(outcome: DealOutcome, add) -> None:
    """King Last and Tarok 1 Last, and who took the last trick."""
    # Each fact that tells which team took the last trick, with its field.
    takers: list[tuple[str, Team]] = []
    if outcome.valat is not None:
        takers.append(("valat", outcome.valat))

    kl = outcome.king_last
    if kl is not None:
        if outcome.king_in_blind:
            add(
                FieldError(
                    "king_last",
                    "The called King was in the blind, so King Last cannot happen.",
                )
            )
        if kl.outcome is KingLastOutcome.PLAYED_EARLY and not kl.announced:
            add(
                FieldError(
                    "king_last",
                    "A King played before the last trick matters only when King Last was "
                    "announced.",
                )
            )
        elif kl.outcome is KingLastOutcome.WON:
            takers.append(("king_last", Team.BIDDER))
        elif kl.outcome is KingLastOutcome.LOST:
            takers.append(("king_last", Team.OPPONENTS))

    t1 = outcome.tarok1_last
    if t1 is not None:
        if t1.outcome is Tarok1LastOutcome.PLAYED_EARLY and not t1.announced:
            add(
                FieldError(
                    "tarok1_last",
                    "A tarok 1 played before the last trick matters only when Tarok 1 Last "
                    "was announced.",
                )
            )
        if (
            t1.outcome is Tarok1LastOutcome.PARTNER_WON
            and t1.team is Team.BIDDER
            and outcome.bidder_alone
        ):
            add(
                FieldError(
                    "tarok1_last",
                    "The bidder plays alone, so no partner could beat the tarok 1.",
                )
            )
        if t1.outcome in (Tarok1LastOutcome.TAROK1_WON, Tarok1LastOutcome.PARTNER_WON):
            takers.append(("tarok1_last", t1.team))
        elif t1.outcome is Tarok1LastOutcome.LOST:
            takers.append(("tarok1_last", t1.team.other))

    for error in last_trick_contradictions([(f, team.label) for f, team in takers]):
        add(error)


def _check_penalties(outcome: DealOutcome, add) -> None:
    penalties = outcome.penalties or ()
    if not penalties:  # most deals: no penalty, nothing to check
        return
    kinds = Counter(p.kind for p in penalties)
    if kinds[PenaltyKind.FORGOTTEN_DISCARD]:
        if outcome.bid is not None and outcome.bid is not Bid.FOUR:
            add(
                FieldError(
                    "penalties",
                    "A forgotten discard can happen only in a Four: a Five does not "
                    "take the blind.",
                )
            )
        if kinds[PenaltyKind.FORGOTTEN_DISCARD] > 1:
            add(FieldError("penalties", "A forgotten discard is paid once per deal."))
