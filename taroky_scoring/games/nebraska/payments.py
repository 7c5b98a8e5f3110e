"""Payments: from a valid deal outcome to a settlement of itemised chip transfers.

Each rule is a small function whose docstring works one example. ``settle`` applies
them in a fixed order (game, King Last, Tarok 1 Last, declarations, penalties), so the
same outcome always gives the same transfers in the same order.
"""

from __future__ import annotations

from enum import StrEnum

from ...settlement import (
    Settlement,
    Transfer,
    from_each_other,
    product,
    settlement,
    side_pairs,
)
from .document import KONTRA
from .outcome import (
    WINNING_POINTS,
    Bid,
    Blind,
    DealKind,
    DealOutcome,
    Declaration,
    KingLast,
    KingLastOutcome,
    Kontra,
    Tarok1Last,
    Tarok1LastOutcome,
    Team,
)
from .rulesets import Ruleset, Tarok1LastRule


class Reason(StrEnum):
    """Why chips moved; stored with every ledger row."""

    GAME = "game"
    KING_LAST = "king_last"
    TAROK1_LAST = "tarok1_last"
    TEN_TAROKY = "ten_taroky"
    FOUR_KINGS = "four_kings"
    THREE_HIGH = "three_high"
    FORGOTTEN_DISCARD = "forgotten_discard"
    SURRENDER = "surrender"
    MISDEAL = "misdeal"


# -- the values --------------------------------------------------------------------

FOUR_BASE = {Blind.FIRST: 4, Blind.SECOND: 5, Blind.FIRST_AFTER_SECOND: 6}
FIVE_BASE = {Bid.FIVE: 8, Bid.FIVE_OVER: 16}
BID_MULTIPLIER = {Bid.FOUR: 1, Bid.FIVE: 2, Bid.FIVE_OVER: 4}
VALAT_MULTIPLIER = 2
ANNOUNCED_MULTIPLIER = 2
SURRENDER_CHIPS = 4


def game_value(
    bid: Bid, blind: Blind | None, kontra: Kontra = Kontra.NONE, valat: bool = False
) -> tuple[int, str]:
    """Chips one loser pays one winner for the game, and how that was reached.

    A Four's value depends on the blind; kontra (x2) and rekontra (x4) apply to Five
    and Five Over; valat doubles it all. Seed 000: the lone Four bidder who returned
    to the first half after seeing the second wins 6 from each opponent.

    >>> game_value(Bid.FOUR, Blind.FIRST_AFTER_SECOND)
    (6, 'Four (first half after seeing the second) 6 = 6')
    >>> game_value(Bid.FIVE_OVER, None, Kontra.REKONTRA, valat=True)
    (128, 'Five Over 16 x rekontra 4 x valat 2 = 128')
    >>> game_value(Bid.FOUR, Blind.SECOND, valat=True)[0]
    10
    """
    if bid is Bid.FOUR:
        base, label = FOUR_BASE[blind], f"Four ({blind.label})"
    else:
        base, label = FIVE_BASE[bid], bid.label
    factors = []
    if kontra is not Kontra.NONE:
        factors.append((kontra.value, KONTRA.multiplier(kontra)))
    if valat:
        factors.append(("valat", VALAT_MULTIPLIER))
    return product(label, base, factors)


def last_trick_value(name: str, announced: bool, bid: Bid, valat: bool) -> tuple[int, str]:
    """Chips one loser pays one winner for King Last or Tarok 1 Last.

    Base 1, x2 announced, x2 Five or x4 Five Over, x2 valat; kontra never applies.
    Seed 000: a called King Last in a Five Over is worth 8, or 16 with all tricks.

    >>> last_trick_value("King Last", True, Bid.FIVE_OVER, valat=False)
    (8, 'King Last 1 x announced 2 x Five Over 4 = 8')
    >>> last_trick_value("King Last", True, Bid.FIVE_OVER, valat=True)[0]
    16
    >>> last_trick_value("Tarok 1 Last", False, Bid.FOUR, valat=False)
    (1, 'Tarok 1 Last 1 = 1')
    """
    factors = []
    if announced:
        factors.append(("announced", ANNOUNCED_MULTIPLIER))
    if bid is not Bid.FOUR:
        factors.append((bid.label, BID_MULTIPLIER[bid]))
    if valat:
        factors.append(("valat", VALAT_MULTIPLIER))
    return product(name, 1, factors)


def declaration_value(label: str, bid: Bid) -> tuple[int, str]:
    """Chips each other active player pays the holder of a declaration.

    1 chip, x2 for Five, x4 for Five Over; never kontra or valat. Seed 001: Ten Taroky
    in a Five Over is worth four chips from each player.

    >>> declaration_value("Ten Taroky", Bid.FIVE_OVER)
    (4, 'Ten Taroky 1 x Five Over 4 = 4')
    >>> declaration_value("Three High", Bid.FOUR)
    (1, 'Three High 1 = 1')
    """
    factors = [] if bid is Bid.FOUR else [(bid.label, BID_MULTIPLIER[bid])]
    return product(label, 1, factors)


def reminder(rules) -> list[str]:
    """The payment table in a few lines, for a blank score sheet's reminder box.

    >>> from taroky_scoring.games.nebraska.rulesets import ruleset
    >>> print(reminder(ruleset("clarkson"))[0])  # doctest: +NORMALIZE_WHITESPACE
    Game (per opponent): Four 4 / 5 / 6 (first half / second half / first after second),
    Five 8, Five Over 16
    """
    four = " / ".join(str(FOUR_BASE[b]) for b in Blind)
    lines = [
        f"Game (per opponent): Four {four} (first half / second half / first after second), "
        f"Five {FIVE_BASE[Bid.FIVE]}, Five Over {FIVE_BASE[Bid.FIVE_OVER]}",
        f"36 of the 70 card points win; 35-35 loses. Valat (all 12 tricks): game and "
        f"last-trick bonuses x{VALAT_MULTIPLIER}.",
    ]
    if rules.kontra_allowed:
        lines.append(
            f"Kontra x{KONTRA.multiplier(Kontra.KONTRA)}, rekontra "
            f"x{KONTRA.multiplier(Kontra.REKONTRA)} (Five and Five Over, game only)."
        )
    else:
        lines.append("No kontra or rekontra.")
    one_last = (
        "the 1 itself must take the last trick"
        if rules.tarok1_last_rule is Tarok1LastRule.TAROK1_WINS
        else "the 1's team taking the last trick is enough"
    )
    lines += [
        f"King Last, Tarok 1 Last: 1, x{ANNOUNCED_MULTIPLIER} announced, "
        f"x{BID_MULTIPLIER[Bid.FIVE]} Five, x{BID_MULTIPLIER[Bid.FIVE_OVER]} Five Over, "
        f"x{VALAT_MULTIPLIER} valat; {one_last}.",
        f"Ten Taroky, Four Kings, Three High: 1 from each other player, "
        f"x{BID_MULTIPLIER[Bid.FIVE]} Five, x{BID_MULTIPLIER[Bid.FIVE_OVER]} Five Over.",
        f"Surrendered Four: bidder pays {SURRENDER_CHIPS} to each. Misdeal: dealer pays 1 to "
        "each. Forgotten discard: bidder pays 1 to each.",
    ]
    return lines


# -- who pays whom -------------------------------------------------------------------


def team_pairs(outcome: DealOutcome) -> list[tuple[str, str]]:
    """(bidder's side, opponent) pairs that settle team payments.

    2 against 2: the bidder settles with the first opponent clockwise from the bidder,
    the partner with the other. Bidder alone: the bidder with each opponent.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Cyril", partner="Anna")
    >>> team_pairs(o)
    [('Cyril', 'Dana'), ('Anna', 'Bill')]
    >>> team_pairs(DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"),
    ...                        kind=DealKind.PLAYED, bidder="Bill"))
    [('Bill', 'Cyril'), ('Bill', 'Dana'), ('Bill', 'Anna')]
    """
    return side_pairs(outcome.players, outcome.bidder, outcome.partner)


def _team_transfers(
    outcome: DealOutcome,
    winner: Team,
    chips: int,
    reason: Reason,
    explanation: str,
) -> list[Transfer]:
    transfers = []
    for bidder_side, opponent in team_pairs(outcome):
        if winner is Team.BIDDER:
            payer, payee = opponent, bidder_side
        else:
            payer, payee = bidder_side, opponent
        transfers.append(Transfer(payer, payee, chips, reason, explanation))
    return transfers


def _each_other(
    outcome: DealOutcome, player: str, chips: int, reason: Reason, why: str, pays: bool
) -> list[Transfer]:
    """``player`` pays (or is paid by) each other active player, clockwise."""
    return from_each_other(outcome.players, player, chips, reason, why, pays=pays)


# -- the parts of a played deal -------------------------------------------------------


def game_transfers(outcome: DealOutcome) -> tuple[bool, int, list[Transfer]]:
    """Whether the bidder won, the game value, and the game's transfers.

    The bidder's team needs 36 of the 70 card points; 35-35 is a loss.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Anna", bid=Bid.FOUR, blind=Blind.FIRST_AFTER_SECOND,
    ...                 bidder_points=40)
    >>> won, value, transfers = game_transfers(o)
    >>> won, value, sum(t.chips for t in transfers if t.payee == "Anna")
    (True, 6, 18)
    """
    points = outcome.points_of_bidder_team
    won = points >= WINNING_POINTS
    value, sum_words = game_value(
        outcome.bid, outcome.blind, outcome.kontra_level, outcome.valat is not None
    )
    result = "won" if won else "lost"
    why = f"Game {result} with {points} card points: {sum_words}"
    winner = Team.BIDDER if won else Team.OPPONENTS
    return won, value, _team_transfers(outcome, winner, value, Reason.GAME, why)


def king_last_transfers(outcome: DealOutcome, king_last: KingLast) -> list[Transfer]:
    """King Last, seen from the bidder's team, who hold the called King.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Anna", partner="Cyril", bid=Bid.FIVE_OVER, bidder_points=50)
    >>> [(t.payer, t.payee, t.chips) for t in king_last_transfers(
    ...     o, KingLast(announced=True, outcome=KingLastOutcome.WON))]
    [('Bill', 'Anna', 8), ('Dana', 'Cyril', 8)]
    """
    value, sum_words = last_trick_value(
        "King Last", king_last.announced, outcome.bid, outcome.valat is not None
    )
    called = "announced " if king_last.announced else ""
    if king_last.outcome is KingLastOutcome.WON:
        winner, what = Team.BIDDER, f"{called}King Last won"
    elif king_last.outcome is KingLastOutcome.LOST:
        winner, what = Team.OPPONENTS, f"{called}King Last lost: opponents took the last trick"
    else:
        winner, what = Team.OPPONENTS, "announced King Last failed: the King fell early"
    why = f"{what[0].upper()}{what[1:]}: {sum_words}"
    return _team_transfers(outcome, winner, value, Reason.KING_LAST, why)


def tarok1_last_succeeds(tarok1_last: Tarok1Last, rules: Ruleset) -> bool:
    """Whether Tarok 1 Last succeeded for the team that played the 1.

    >>> from taroky_scoring.games.nebraska.rulesets import ruleset
    >>> beaten_by_partner = Tarok1Last(Team.BIDDER, False, Tarok1LastOutcome.PARTNER_WON)
    >>> tarok1_last_succeeds(beaten_by_partner, ruleset("la-vista"))
    False
    >>> tarok1_last_succeeds(beaten_by_partner, ruleset("heun"))
    True
    """
    if tarok1_last.outcome is Tarok1LastOutcome.TAROK1_WON:
        return True
    if tarok1_last.outcome is Tarok1LastOutcome.PARTNER_WON:
        return rules.tarok1_last_rule is Tarok1LastRule.TEAM_WINS
    return False


def tarok1_last_transfers(
    outcome: DealOutcome, tarok1_last: Tarok1Last, rules: Ruleset
) -> list[Transfer]:
    """Tarok 1 Last: the 1's team is paid if it succeeds and pays if it fails.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Anna", partner="Cyril", bid=Bid.FIVE, bidder_points=30)
    >>> from taroky_scoring.games.nebraska.rulesets import ruleset
    >>> t1 = Tarok1Last(Team.OPPONENTS, announced=True, outcome=Tarok1LastOutcome.LOST)
    >>> [(t.payer, t.payee, t.chips) for t in tarok1_last_transfers(o, t1, ruleset())]
    [('Bill', 'Anna', 4), ('Dana', 'Cyril', 4)]
    """
    value, sum_words = last_trick_value(
        "Tarok 1 Last", tarok1_last.announced, outcome.bid, outcome.valat is not None
    )
    succeeded = tarok1_last_succeeds(tarok1_last, rules)
    team = tarok1_last.team
    how = {
        Tarok1LastOutcome.TAROK1_WON: "the 1 took the last trick",
        Tarok1LastOutcome.PARTNER_WON: "the 1's partner took the last trick",
        Tarok1LastOutcome.LOST: "the other team took the last trick",
        Tarok1LastOutcome.PLAYED_EARLY: "the 1 fell before the last trick",
    }[tarok1_last.outcome]
    result = "won" if succeeded else "lost"
    name = "Announced Tarok 1 Last" if tarok1_last.announced else "Tarok 1 Last"
    why = f"{name} {result} by the {team.label} ({how}): {sum_words}"
    winner = team if succeeded else team.other
    return _team_transfers(outcome, winner, value, Reason.TAROK1_LAST, why)


def declaration_transfers(outcome: DealOutcome, declaration: Declaration) -> list[Transfer]:
    """Ten Taroky, Four Kings, Three High: every other active player pays the holder.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Anna", partner="Cyril", bid=Bid.FIVE, bidder_points=30)
    >>> from taroky_scoring.games.nebraska.outcome import DeclarationKind
    >>> [(t.payer, t.payee, t.chips) for t in declaration_transfers(
    ...     o, Declaration("Bill", DeclarationKind.TEN_TAROKY))]
    [('Cyril', 'Bill', 2), ('Dana', 'Bill', 2), ('Anna', 'Bill', 2)]
    """
    value, sum_words = declaration_value(declaration.kind.label, outcome.bid)
    why = f"{declaration.player} declared {sum_words}"
    return _each_other(
        outcome, declaration.player, value, Reason(declaration.kind.value), why, pays=False
    )


def forgotten_discard_transfers(outcome: DealOutcome) -> list[Transfer]:
    """The Four bidder who forgot to discard pays 1 chip to each other active player.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.PLAYED,
    ...                 bidder="Bill", bid=Bid.FOUR, blind=Blind.FIRST, bidder_points=30)
    >>> [(t.payer, t.payee, t.chips) for t in forgotten_discard_transfers(o)]
    [('Bill', 'Cyril', 1), ('Bill', 'Dana', 1), ('Bill', 'Anna', 1)]
    """
    why = "Forgotten discard: the bidder pays 1 to each other player"
    return _each_other(outcome, outcome.bidder, 1, Reason.FORGOTTEN_DISCARD, why, pays=True)


def surrender_transfers(outcome: DealOutcome) -> list[Transfer]:
    """A surrendered Four: the bidder pays 4 chips to each of the other three players.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"),
    ...                 kind=DealKind.SURRENDERED, bidder="Dana", bid=Bid.FOUR)
    >>> [(t.payer, t.payee, t.chips) for t in surrender_transfers(o)]
    [('Dana', 'Anna', 4), ('Dana', 'Bill', 4), ('Dana', 'Cyril', 4)]
    """
    why = f"Four surrendered: the bidder pays {SURRENDER_CHIPS} to each other player"
    return _each_other(outcome, outcome.bidder, SURRENDER_CHIPS, Reason.SURRENDER, why, pays=True)


def misdeal_transfers(outcome: DealOutcome) -> list[Transfer]:
    """A misdeal: the dealer pays 1 chip to every other player at the table.

    At a five-player table the dealer sits out, so pays all four active players.

    >>> o = DealOutcome(players=("Anna", "Bill", "Cyril", "Dana"), kind=DealKind.MISDEAL,
    ...                 sitting_out="Emil", dealer="Emil")
    >>> [(t.payer, t.payee, t.chips) for t in misdeal_transfers(o)]
    [('Emil', 'Anna', 1), ('Emil', 'Bill', 1), ('Emil', 'Cyril', 1), ('Emil', 'Dana', 1)]
    """
    dealer = outcome.dealer
    why = "Misdeal: the dealer pays 1 to each other player"
    if dealer in outcome.players:
        return _each_other(outcome, dealer, 1, Reason.MISDEAL, why, pays=True)
    return [Transfer(dealer, p, 1, Reason.MISDEAL, why) for p in outcome.players]


# -- the whole deal --------------------------------------------------------------------


def settle(outcome: DealOutcome, rules: Ruleset) -> Settlement:
    """The settlement of a *valid* outcome (see ``score`` for the checked entry point)."""
    bidder_won: bool | None = None
    value: int | None = None
    transfers: list[Transfer] = []
    if outcome.kind is DealKind.PLAYED:
        bidder_won, value, transfers = game_transfers(outcome)
        if outcome.king_last is not None:
            transfers += king_last_transfers(outcome, outcome.king_last)
        if outcome.tarok1_last is not None:
            transfers += tarok1_last_transfers(outcome, outcome.tarok1_last, rules)
        for declaration in outcome.declarations or ():
            transfers += declaration_transfers(outcome, declaration)
        for _penalty in outcome.penalties or ():
            transfers += forgotten_discard_transfers(outcome)
    elif outcome.kind is DealKind.SURRENDERED:
        transfers = surrender_transfers(outcome)
    elif outcome.kind is DealKind.MISDEAL:
        transfers = misdeal_transfers(outcome)

    return settlement(outcome.everyone, transfers, bidder_won, value)
