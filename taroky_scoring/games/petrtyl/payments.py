"""Who pays whom in a Petrtyl deal (contract sections 17 and 18), and the printed table.

Every payment is one of the shared ways: between the sides (``between_sides``: two
against two, two against three at five, or the declarer alone against all) or from
each other player (``from_each_other``); the pot ``#pot`` is an account of its own.
"""

from __future__ import annotations

from enum import StrEnum

from ...points import declarers_points
from ...settlement import (
    POT,
    Settlement,
    Transfer,
    between_sides,
    from_each_other,
    product,
    settlement,
)
from .checks import side_of
from .document import BID_WORDS, DECLARATION_WORDS, PETRTYL
from .outcome import PetrtylOutcome, Sweep
from .tables import (
    DECLARATION_VALUE,
    GRAND_NULLO,
    GRAND_SWEEP,
    LAST_TRICK_IN_FIVE,
    MISDEAL_INTO_POT,
    TALON_WORDS,
    THREE_PASSED,
    Table,
)


class PetrtylReason(StrEnum):
    """Why chips moved in a Petrtyl deal."""

    GAME = "game"
    SWEEP = "sweep"
    THREE_PASSED = "three_passed"
    SURRENDER = "surrender"
    MISDEAL = "misdeal"
    CHIEF_LAST = "chief_last"
    PAPOOSE_LAST = "papoose_last"
    POT = "pot"
    REGIMENT = "regiment"
    TRULE = "trule"
    ALL_FOUR = "all_four"
    FOUR_HONOURS = "four_honours"
    LACK_OF_REGIMENT = "lack_of_regiment"
    NO_TRULE_CARD = "no_trule_card"
    NO_CHIEF = "no_chief"


# Why chips moved, in Petrtyl's words (a declaration's: its name).
REASON_WORDS = {
    PetrtylReason.GAME: "Game",
    PetrtylReason.SWEEP: "Sweep",
    PetrtylReason.THREE_PASSED: "Three passed by all",
    PetrtylReason.SURRENDER: "Four given up",
    PetrtylReason.MISDEAL: "Misdeal",
    PetrtylReason.CHIEF_LAST: "Chief Last",
    PetrtylReason.PAPOOSE_LAST: "Papoose Last",
    PetrtylReason.POT: "Pot",
    **{PetrtylReason(kind): words for kind, words in DECLARATION_WORDS.items()},
}


def bid_words(bid: str, talon: str | None, t: Table | None) -> str:
    """The bid in Petrtyl's words, a Four with the ``talon`` it took.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> bid_words("four", "second", TABLES["petrtyl"])
    'Four (second three of the talon)'
    >>> bid_words("four", None, TABLES["petrtyl-five"]), bid_words("five", None, None)
    ('Four (the whole talon)', 'Five')
    """
    if bid == "four" and t.halves:
        return f"Four ({TALON_WORDS[talon]})"
    if bid == "four":
        return "Four (the whole talon)"
    return BID_WORDS[bid]


def settle(outcome: PetrtylOutcome, t: Table) -> Settlement:
    """The settlement of a read and checked document.

    A passed Three: 3 from each other player (18.14).

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> deal = PetrtylOutcome.read
    >>> s = settle(deal({"players": ("A", "B", "C", "D"), "kind": "three_passed",
    ...                  "bidder": "B", "pot": 0}), TABLES["petrtyl"])
    >>> s.net
    {'A': -3, 'B': 9, 'C': -3, 'D': -3, '#pot': 0}
    >>> s.transfers[0].explanation
    'Three passed by all: 3 from each other player'

    A misdeal: the dealer pays 4 into the pot.

    >>> settle(deal({"players": ("A", "B"), "kind": "misdeal", "dealer": "B", "pot": 7}),
    ...        TABLES["petrtyl-two"]).net
    {'A': 0, 'B': -4, '#pot': 4}

    A Four given up, the called Chief in the talon: its value to each other player.

    >>> settle(deal({"players": ("A", "B", "C", "D"), "kind": "surrendered", "bidder": "A",
    ...              "talon": "first_after_second", "pot": 0}), TABLES["petrtyl"]).net
    {'A': -18, 'B': 6, 'C': 6, 'D': 6, '#pot': 0}
    """
    order = outcome.players
    accounts = (*order, POT)
    kind = outcome.kind
    if kind == "thrown_in":
        return settlement(accounts, [])
    if kind == "misdeal":
        why = f"Misdeal: the dealer pays {MISDEAL_INTO_POT} into the pot"
        return settlement(
            accounts, [Transfer(outcome.dealer, POT, MISDEAL_INTO_POT, PetrtylReason.MISDEAL, why)]
        )
    if kind == "three_passed":
        why = f"Three passed by all: {THREE_PASSED} from each other player"
        transfers = from_each_other(
            order, outcome.bidder, THREE_PASSED, PetrtylReason.THREE_PASSED, why
        )
        return settlement(accounts, transfers, True, THREE_PASSED)
    if kind == "surrendered":
        value = t.four_value(outcome.talon)
        why = (
            f"{bid_words('four', outcome.talon, t)} given up, the called Chief in the talon: "
            f"{value} to each other player"
        )
        transfers = from_each_other(
            order, outcome.bidder, value, PetrtylReason.SURRENDER, why, pays=True
        )
        return settlement(accounts, transfers)
    return _played(outcome, t, accounts)


def _played(outcome: PetrtylOutcome, t: Table, accounts: tuple[str, ...]) -> Settlement:
    """The game (or the Sweep), Chief Last, Papoose Last, the pot, then declarations:
    1 from each other player in a Four, 2 in a Five, 4 in Grand Sweep and Grand Nullo,
    never multiplied.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> s = _played(PetrtylOutcome.read({"players": ("A", "B", "C"), "bidder": "A",
    ...     "bid": "five", "bidder_points": 20, "contra": "contra", "pot": 0,
    ...     "declarations": ({"player": "B", "kind": "regiment"},)}),
    ...     TABLES["petrtyl-three"], ("A", "B", "C", "#pot"))
    >>> [(t.payer, t.payee, t.chips, t.reason.value) for t in s.transfers]
    [('A', 'B', 16, 'game'), ('A', 'C', 16, 'game'),
     ('C', 'B', 2, 'regiment'), ('A', 'B', 2, 'regiment')]
    """
    order, bid = outcome.players, outcome.bid
    declarer, partner = outcome.bidder, outcome.partner
    transfers: list[Transfer] = []
    sweep = outcome.sweep
    swept = bool(sweep) and sweep.made
    if sweep and (sweep.made or sweep.announced):
        won, value, why = _sweep(outcome, t, sweep)
        reason = PetrtylReason.SWEEP
    else:
        won, value, why = _game(outcome, t)
        reason = PetrtylReason.GAME
    transfers += between_sides(order, declarer, partner, won, value, reason, why)
    if not swept:
        transfers += _last_trick(outcome, "chief_last", "Chief Last", PetrtylReason.CHIEF_LAST)
        transfers += _last_trick(
            outcome, "papoose_last", "Papoose Last", PetrtylReason.PAPOOSE_LAST
        )
        transfers += _pot(outcome)
    each = DECLARATION_VALUE[bid]
    for claim in outcome.declarations or ():
        word = DECLARATION_WORDS[claim.kind]
        why = f"{claim.player} declares {word}: {each} from each other player in a {BID_WORDS[bid]}"
        transfers += from_each_other(order, claim.player, each, PetrtylReason(claim.kind), why)
    return settlement(accounts, transfers, won, value)


def _game(outcome: PetrtylOutcome, t: Table) -> tuple[bool, int, str]:
    """(declarer's side won, chips per opponent, explanation) of the game itself.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> deal = PetrtylOutcome
    >>> _game(deal({"bid": "four", "talon": "second", "bidder_points": 41, "contra": "contra"}),
    ...       TABLES["petrtyl"])
    (True, 10, 'Four (second three of the talon) won with 41 of 70 card points: 5 x Contra 2 = 10')
    >>> _game(deal({"bid": "grand_nullo", "bidder_took_a_trick": True}), TABLES["petrtyl"])
    (False, 36, 'Grand Nullo lost, the declarer took a trick: 36')
    """
    bid = outcome.bid
    if bid == "grand_nullo":
        won = not outcome.bidder_took_a_trick
        base = GRAND_NULLO
        head = "Grand Nullo " + (
            "won, no trick taken" if won else "lost, the declarer took a trick"
        )
    elif bid == "grand_sweep":
        won = outcome.bidder_took_all_tricks
        base = GRAND_SWEEP
        head = "Grand Sweep " + ("won, every trick taken" if won else "lost, a trick given up")
    else:
        points = declarers_points(outcome.bidder_points, outcome.opponent_points, t.total)
        won = points >= t.winning
        base = t.game_value(bid, outcome.talon)
        result = "won" if won else "lost"
        head = f"{bid_words(bid, outcome.talon, t)} {result} with {points} of {t.total} card points"
    value, words = product("", base, PETRTYL.factors(outcome.contra), bare=True)
    return won, value, f"{head}: {words}"


def _sweep(outcome: PetrtylOutcome, t: Table, sweep: Sweep) -> tuple[bool, int, str]:
    """A Sweep made replaces the game; announced and not made, the declarer's side pays
    the announced value instead of the game (inferred).

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> won, value, why = _sweep(PetrtylOutcome({"bid": "four", "talon": "first_after_second"}),
    ...     TABLES["petrtyl"], Sweep({"announced": True, "made": True, "contra": "contra"}))
    >>> won, value
    (True, 64)
    >>> print(why)
    Sweep announced and made in a Four (back to the first three of the talon):
    16 x announced 2 x Contra 2 = 64
    >>> _sweep(PetrtylOutcome({"bid": "five", "contra": "contra"}), TABLES["petrtyl"],
    ...        Sweep({"announced": False, "made": True, "contra": "none"}))[:2]
    (True, 48)
    """
    announced, made = sweep.announced, sweep.made
    base = t.sweep_value(outcome.bid, outcome.talon, announced=False)
    factors = [("announced", 2)] if announced else []
    factors += PETRTYL.factors(sweep.contra if announced else outcome.contra)
    value, words = product("", base, factors, bare=True)
    head = "Sweep announced and " if announced else "Sweep "
    head += "made" if made else "not made"
    in_bid = "a " + bid_words(outcome.bid, outcome.talon, t)
    if not made:
        return False, value, f"{head}: the declarer's side pays it in {in_bid}: {words}"
    return True, value, f"{head} in {in_bid}: {words}"


def _last_trick(
    outcome: PetrtylOutcome, key: str, name: str, reason: PetrtylReason
) -> list[Transfer]:
    """Chief Last or Papoose Last: 1 to the side that made it, 2 announced, announced and
    failed 2 to the other side; x2 in a Five (inferred); x its Contra when announced; an
    unannounced card lost in the last trick costs nothing.

    >>> four = {"players": ("A", "B", "C", "D"), "bidder": "A", "partner": "C", "bid": "five"}
    >>> event = {"announced": True, "outcome": "played_early", "contra": "contra"}
    >>> [(t.payer, t.payee, t.chips) for t in _last_trick(
    ...     PetrtylOutcome.read({**four, "chief_last": event}), "chief_last", "Chief Last",
    ...     PetrtylReason.CHIEF_LAST)]
    [('A', 'B', 8), ('C', 'D', 8)]
    >>> event = {"player": "D", "announced": False, "outcome": "won", "contra": "none"}
    >>> t = _last_trick(PetrtylOutcome.read({**four, "papoose_last": event}), "papoose_last",
    ...                 "Papoose Last", PetrtylReason.PAPOOSE_LAST)[0]
    >>> t.payer, t.payee, t.chips, t.explanation
    ('A', 'B', 2, 'Papoose Last by D of the opponents, won: 1 x Five 2 = 2')
    """
    event = getattr(outcome, key)
    if not event:
        return []
    success = event.outcome == "won"
    if not event.announced and not success:
        return []
    factors = [("Five", LAST_TRICK_IN_FIVE)] if outcome.bid == "five" else []
    if event.announced:
        factors += PETRTYL.factors(event.contra)
    value, words = product("", 2 if event.announced else 1, factors, bare=True)
    side = side_of(outcome, event.player) if key == "papoose_last" else "declarer"
    what = {"won": "won", "lost": "lost", "played_early": "played early"}[event.outcome]
    side_words = "the declarer's side" if side == "declarer" else "the opponents"
    if key == "papoose_last":
        side_words = f"{event.player} of {side_words}"
    label = f"{name} announced" if event.announced else name
    why = f"{label} by {side_words}, {what}: {words}"
    receives = (side == "declarer") == success
    return between_sides(
        outcome.players, outcome.bidder, outcome.partner, receives, value, reason, why
    )


def _pot(outcome: PetrtylOutcome) -> list[Transfer]:
    """An announced Papoose Last takes the pot if it succeeds and doubles it if not.

    >>> deal = PetrtylOutcome.read
    >>> _pot(deal({"pot": 6, "papoose_last": {"player": "B", "announced": True,
    ...                                       "outcome": "lost"}}))[0].explanation
    'Papoose Last announced and failed: B pays 6 into the pot, doubling it'
    >>> _pot(deal({"pot": 6, "papoose_last": {"player": "B", "outcome": "won"}}))
    []
    """
    event, pot = outcome.papoose_last, outcome.pot
    if not event or not event.announced or pot == 0:
        return []
    player = event.player
    if event.outcome == "won":
        why = f"Papoose Last announced and won: {player} takes the pot of {pot}"
        return [Transfer(POT, player, pot, PetrtylReason.POT, why)]
    why = f"Papoose Last announced and failed: {player} pays {pot} into the pot, doubling it"
    return [Transfer(player, POT, pot, PetrtylReason.POT, why)]


def payment_table(t: Table) -> list[str]:
    """The payments in a few lines, for a blank score sheet.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> print(payment_table(TABLES["petrtyl-five"])[0])
    Game (per opponent): Four 6 (the whole talon), Five 12, Grand Nullo 36, Grand Sweep 60;
    x2 Contra, x4 Recontra, x8 Suprecontra. 36 of 70 card points win; a tie loses.
    """
    if t.halves:
        four = "Four 4 / 5 / 6 (first three / second three / back to the first)"
        swept = "Four 12 / 14 / 16 by the talon"
    else:
        four = f"Four {t.four_whole_talon} (the whole talon)"
        swept = f"Four {t.swept_four_whole_talon}"
    grand = f", Grand Nullo {GRAND_NULLO}, Grand Sweep {GRAND_SWEEP}" if t.grand_bids else ""
    doubling = ", ".join(f"x{PETRTYL.multiplier(w)} {PETRTYL.label(w)}" for w in PETRTYL.words[1:])
    lines = [
        f"Game (per opponent): {four}, Five {t.five}{grand}; {doubling}. "
        f"{t.winning} of {t.total} card points win; a tie loses.",
        f"Three passed by all: {THREE_PASSED} from each other player. Misdeal: the dealer pays "
        f"{MISDEAL_INTO_POT} into the pot.",
        f"Sweep (instead of the game): {swept}, Five {t.swept_five}; x2 announced"
        + ("" if t.chief_called or t.grand_bids else " (never announced at two)")
        + "; no Chief Last or Papoose Last with a Sweep.",
    ]
    if t.chief_called:
        lines.append(
            "Four given up (the called Chief in the talon): the Four's value to each other player."
        )
        lines.append("Chief Last, Papoose Last: 1, announced 2, announced and failed -2; x2 Five.")
    else:
        lines.append("Papoose Last: 1, announced 2, announced and failed -2; x2 Five.")
    lines.append("Announced Papoose Last takes the pot if it succeeds, doubles it if it fails.")
    honours = " / ".join(DECLARATION_WORDS[k] for k in ("regiment", *t.honours))
    grand_sweep = ", 4 Grand Sweep" if t.grand_bids else ""
    lines.append(
        f"{honours} ({t.regiment} trumps for Regiment): 1 from each other player in a Four, "
        f"2 Five{grand_sweep}."
    )
    if t.grand_bids:
        lack = "no trumps" if t.lack_of_regiment == 0 else f"at most {t.lack_of_regiment} trumps"
        lines.append(
            f"Grand Nullo: Lack of Regiment (declarer, {lack}), no Trule card, no Chief: "
            "4 from each other player."
        )
    return lines
