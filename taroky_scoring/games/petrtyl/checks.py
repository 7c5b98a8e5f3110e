"""What a Petrtyl deal document must say consistently (contract sections 12, 17, 18).

The reader (``fields.Reader`` over ``document.describe``) has checked every value and
which fields apply to the kind and the bid; ``check`` adds what the fields say about
each other, each error naming its field in the game's words, and completes the values
read with what the kind implies (a passed Three's forehand, a Four given up), from
which ``outcome.PetrtylOutcome`` is built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ...errors import FieldError, last_trick_contradictions, named_as_an_account, named_twice
from ...points import declarers_points
from .document import BID_WORDS, DECLARATION_WORDS
from .tables import TABLES, Table

TRUMPS, TRULE_CARDS, CHIEFS = 22, 3, 4

Add = Callable[[FieldError], None]


def check(values: dict[str, Any], t: Table, add: Add) -> None:
    players = values["players"]
    if len(players) != t.players:
        add(FieldError("players", f"Name exactly {t.players} players, not {len(players)}."))
    for error in (named_twice(players), named_as_an_account(players)):
        if error:
            add(error)
    for key in ("dealer", "bidder", "partner"):
        if values.get(key) is not None and values[key] not in players:
            add(FieldError(key, f"{values[key]} is not one of this deal's players."))
    if values["pot"] is None:
        values["pot"] = 0
    elif values["pot"] < 0:
        add(FieldError("pot", f"The pot holds 0 chips or more, not {values['pot']}."))
    papoose = values.get("papoose_last")
    if papoose and papoose["player"] not in players:
        add(FieldError("papoose_last", f"{papoose['player']} is not one of this deal's players."))
    for n, claim in enumerate(values.get("declarations") or (), start=1):
        if claim["player"] not in players:
            add(
                FieldError(
                    "declarations",
                    f"Declaration {n}: {claim['player']} is not one of this deal's players.",
                )
            )
    if values.get("partner") is not None and values["partner"] == values.get("bidder"):
        add(
            FieldError(
                "partner",
                "The declarer cannot be their own partner: leave the partner empty when "
                "the declarer called their own Chief and plays alone.",
            )
        )
    kind = values["kind"]
    if kind == "misdeal" and values.get("dealer") is None:
        add(FieldError("dealer", "Required for a misdeal: the dealer pays 4 into the pot."))
    if kind == "three_passed":
        _three_passed(values, add)
    elif kind == "surrendered":
        _surrendered(values, add)
    elif kind == "played":
        if values.get("bid") is None:
            add(FieldError("bid", "Required: the game played."))
        elif values["bid"] == "three":
            add(
                FieldError(
                    "bid",
                    "A Three is never played: if all pass it, the deal is three_passed.",
                )
            )
        elif values.get("bidder") is None:
            add(FieldError("bidder", "Required: who won the bidding."))
    if kind == "played" and values.get("bid") not in (None, "three"):
        _played(values, t, add)


def _three_passed(values: dict[str, Any], add: Add) -> None:
    if values.get("bid") not in (None, "three"):
        add(
            FieldError(
                "bid", f"A passed Three is a Three, not a {BID_WORDS[values['bid']]}: leave it out."
            )
        )
    players, dealer, bidder = values["players"], values.get("dealer"), values.get("bidder")
    if dealer in players and bidder in (None, *players):
        forehand = players[(players.index(dealer) + 1) % len(players)]
        if bidder is None:
            values["bidder"] = forehand
        elif bidder != forehand:
            add(
                FieldError(
                    "bidder",
                    f"Only forehand opens with a Three: after {dealer}'s deal that is "
                    f"{forehand}, not {bidder}.",
                )
            )
    elif bidder is None and dealer is None:
        add(FieldError("bidder", "Required: forehand, whose Three was passed (or the dealer)."))


def _surrendered(values: dict[str, Any], add: Add) -> None:
    if values.get("bidder") is None:
        add(FieldError("bidder", "Required: who bid the Four and gave up."))
    # The bid (a Four) is checked before reading (Petrtyl._before_reading); the kind
    # says the called Chief was in the talon (contract, section 18).
    values["chief_in_talon"] = True
    values["bid"] = "four"  # what the deal's column says, entered or not
    if values.get("called") == "no_chief":
        add(
            FieldError(
                "called",
                "With No Chief no Chief was called, so none can be in the talon.",
            )
        )


def _points(values: dict[str, Any], t: Table, add: Add) -> int | None:
    bp, op = values.get("bidder_points"), values.get("opponent_points")
    if bp is None and op is None:
        add(
            FieldError(
                "bidder_points",
                f"Required: the card points of the declarer's side (0-{t.total}).",
            )
        )
        return None
    if bp is not None and op is not None and bp + op != t.total:
        add(
            FieldError(
                "bidder_points",
                f"The two sides' card points must add up to {t.total}: {bp} + {op} = {bp + op}.",
            )
        )
        return None
    return declarers_points(bp, op, t.total)


def _played(values: dict[str, Any], t: Table, add: Add) -> None:
    bid = values["bid"]
    alone_why = None
    if values.get("chief_in_talon"):
        if values.get("called") == "no_chief":
            add(
                FieldError(
                    "chief_in_talon", "With No Chief no Chief was called, so none is in the talon."
                )
            )
        alone_why = "the called Chief was in the talon, so the declarer played alone"
    elif values.get("called") == "no_chief":
        alone_why = "the declarer said No Chief and played alone"
    if alone_why and values.get("partner") is not None:
        add(FieldError("partner", f"Must be empty: {alone_why}."))
    if values.get("called") == "fourth_chief" and not alone_why and values.get("partner") is None:
        add(
            FieldError(
                "partner",
                "The declarer holds three Chiefs and called the fourth: name its holder as "
                "partner, or tick Chief in the talon.",
            )
        )
    if alone_why and values.get("chief_last"):
        add(FieldError("chief_last", f"No Chief Last: {alone_why}."))
    if bid in ("four", "five"):
        points = _points(values, t, add)
        _announcements(values, t, points, add)
    _declarations(values, t, add)


def _announcements(values: dict[str, Any], t: Table, points: int | None, add: Add) -> None:
    takers: list[tuple[str, str]] = []  # (field, side that took the last trick)
    sweep = values.get("sweep")
    if sweep:
        if sweep["announced"] and not (t.chief_called or t.grand_bids):
            add(
                FieldError(
                    "sweep",
                    "Papoose Last is the only announcement of the two-handed game: a Sweep "
                    "may be made but not announced.",
                )
            )
        if not sweep["announced"] and not sweep["made"]:
            add(FieldError("sweep", "An unannounced Sweep must be made: leave it empty otherwise."))
        if sweep["contra"] != "none" and not sweep["announced"]:
            add(FieldError("sweep", "Only an announced Sweep can be doubled."))
        if sweep["made"]:
            takers.append(("sweep", "declarer"))
            if points is not None and points < t.winning:
                add(
                    FieldError(
                        "sweep",
                        "The declarer's side cannot take every trick and have only "
                        f"{points} card points ({t.winning} win).",
                    )
                )
    if points == t.total and not (sweep and sweep["made"]):
        # Every trick counts at least 1, so the opponents took none (contract 19 D6).
        add(
            FieldError(
                "sweep",
                "The opponents have no card points, so they took no trick: record the "
                "declarer's side's Sweep as made.",
            )
        )
    for key, name in (("chief_last", "Chief Last"), ("papoose_last", "Papoose Last")):
        event = values.get(key)
        if not event:
            continue
        if event["outcome"] == "played_early" and not event["announced"]:
            add(
                FieldError(
                    key,
                    f"A card played before the last trick matters only when {name} was "
                    "announced: leave it empty.",
                )
            )
        if event["contra"] != "none" and not event["announced"]:
            add(FieldError(key, f"Only an announced {name} can be doubled."))
        if key == "chief_last":
            if event["outcome"] == "won":
                takers.append((key, "declarer"))
            elif event["outcome"] == "lost":
                takers.append((key, "opponents"))
        elif event["outcome"] == "won":
            takers.append((key, side_of(values, event["player"])))
    for error in last_trick_contradictions([(k, SIDE_WORDS[side]) for k, side in takers]):
        add(error)


SIDE_WORDS = {"declarer": "declarer's side", "opponents": "opponents"}


def side_of(values: Mapping[str, Any], player: str) -> str:
    return "declarer" if player in (values.get("bidder"), values.get("partner")) else "opponents"


# -- declarations -------------------------------------------------------------------------


def _declarations(values: dict[str, Any], t: Table, add: Add) -> None:
    claims = values.get("declarations") or ()
    allowed = t.declarations(values["bid"])
    seen: set[tuple[str, str]] = set()
    errors = False
    for n, claim in enumerate(claims, start=1):
        player, kind = claim["player"], claim["kind"]
        word = DECLARATION_WORDS[kind]
        if kind not in allowed:
            where = "only" if kind in t.declarations("grand_nullo") else "not"
            add(
                FieldError(
                    "declarations", f"Declaration {n}: {word} is {where} declared in a Grand Nullo."
                )
            )
            errors = True
        elif kind == "lack_of_regiment" and player != values["bidder"]:
            add(
                FieldError(
                    "declarations",
                    f"Declaration {n}: only the declarer declares Lack of Regiment, not {player}.",
                )
            )
            errors = True
        elif (player, kind) in seen:
            add(FieldError("declarations", f"Declaration {n}: {player} declares {word} twice."))
            errors = True
        seen.add((player, kind))
    if errors or not claims:
        return
    holders = _chief_holders(values)
    if values.get("called") == "fourth_chief" and values.get("partner") is not None:
        holders = set()  # the declarer holds three Chiefs, the partner the fourth
    for claim in claims:
        if claim["kind"] != "all_four":
            continue
        if values.get("chief_in_talon"):
            # The fourth Chief is in the talon, not in a hand (contract 19 D7).
            why = "the called Chief was in the talon, not in a hand"
        elif holders is None or claim["player"] in holders:
            continue
        elif holders:
            why = f"the called Chief is held by {' or '.join(sorted(holders))}"
        else:
            why = (
                "the declarer called the fourth Chief, so its holder is the partner and the "
                "declarer holds the other three"
            )
        add(FieldError("declarations", f"{claim['player']} cannot hold All Four: {why}."))
        return
    papoose = values.get("papoose_last")
    hands: dict[str, set[str]] = {}
    for claim in claims:
        hands.setdefault(claim["player"], set()).add(claim["kind"])
    if papoose:  # the player held the Papoose, a Trule card
        hands.setdefault(papoose["player"], set()).add("papoose")
    for player, kinds in hands.items():
        if not feasible(t, (frozenset(kinds),)):
            words = " and ".join(_claim_words(k) for k in sorted(kinds))
            add(FieldError("declarations", f"{player}'s hand cannot hold {words}."))
            return
    if not feasible(t, tuple(sorted((frozenset(k) for k in hands.values()), key=sorted))):
        listed = ", ".join(
            f"{_claim_words(k)} ({p})" for p, kinds in hands.items() for k in sorted(kinds)
        )
        add(
            FieldError(
                "declarations",
                f"These cannot all be true: the pack has {TRUMPS} trumps, among them the "
                f"three Trule cards (Uncle Sam, XXI and Papoose), and {CHIEFS} Chiefs: {listed}.",
            )
        )


def _claim_words(kind: str) -> str:
    return "the Papoose (Papoose Last)" if kind == "papoose" else DECLARATION_WORDS[kind]


def _chief_holders(values: Mapping[str, Any]) -> set[str] | None:
    """Who can hold the called Chief, when one was called and is known to be held: the
    partner, or the declarer alone with their own (contract 19 D7). None: anybody may."""
    if values.get("called") == "no_chief":
        return None
    if values.get("partner") is not None:
        return {values["partner"]}
    if values.get("called") is not None:
        return {values["bidder"]}  # their own Chief
    return None


def _limits(t: Table, kinds: frozenset[str]) -> tuple[int, int, int, int, int, int, int]:
    """(trule cards, Chiefs, trumps) bounds of one hand with these claims, and the
    least of Trule cards and Chiefs together (four honours)."""
    h_lo, h_hi, k_lo, k_hi, t_lo, t_hi, hk_lo = 0, TRULE_CARDS, 0, CHIEFS, 0, TRUMPS, 0
    if "regiment" in kinds:
        t_lo = t.regiment
    if "trule" in kinds:
        h_lo = TRULE_CARDS
    if "papoose" in kinds:
        h_lo = max(h_lo, 1)
    if "all_four" in kinds:
        k_lo = CHIEFS
    if "four_honours" in kinds:
        hk_lo = 4
    if "lack_of_regiment" in kinds:
        t_hi = t.lack_of_regiment
    if "no_trule_card" in kinds:
        h_hi = 0
    if "no_chief" in kinds:
        k_hi = 0
    return h_lo, h_hi, k_lo, k_hi, t_lo, t_hi, hk_lo


def feasible(t: Table, hands: tuple[frozenset[str], ...]) -> bool:
    """Whether hands with these claims can be dealt from the table's pack, the rest of
    the cards going to the other hands and the talon.

    Tries every way to place the Trule cards and the Chiefs among the claiming hands,
    then whether the other trumps fit each hand's bounds and the rest of the pack.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> four = TABLES["petrtyl"]
    >>> feasible(four, (frozenset({"regiment", "trule"}),))
    True
    >>> feasible(four, (frozenset({"regiment", "all_four"}),))  # 14 cards in a hand of 12
    False
    >>> feasible(four, (frozenset({"trule"}), frozenset({"papoose"})))
    False
    >>> regiment = frozenset({"regiment"})
    >>> feasible(four, (regiment,) * 2), feasible(four, (regiment,) * 3)
    (True, False)
    """
    return _feasible(t.ruleset, hands)


@cache
def _feasible(ruleset: str, hands: tuple[frozenset[str], ...]) -> bool:
    t = TABLES[ruleset]
    limits = [_limits(t, kinds) for kinds in hands]
    rest = t.pack.cards - t.hand * len(hands)  # the other hands and the talon
    if rest < 0:
        return False
    plain_trumps = TRUMPS - TRULE_CARDS

    def split(total: int, los: list[int], his: list[int]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []

        def go(i: int, left: int, acc: tuple[int, ...]) -> None:
            if i == len(los):
                out.append(acc)
                return
            for v in range(los[i], min(his[i], left) + 1):
                go(i + 1, left - v, (*acc, v))

        go(0, total, ())
        return out

    for hs in split(TRULE_CARDS, [lim[0] for lim in limits], [lim[1] for lim in limits]):
        for ks in split(CHIEFS, [lim[2] for lim in limits], [lim[3] for lim in limits]):
            pool = rest - (TRULE_CARDS - sum(hs)) - (CHIEFS - sum(ks))
            if pool < 0:
                continue
            lo_sum = hi_sum = 0
            ok = True
            for (_, _, _, _, t_lo, t_hi, hk_lo), h, k in zip(limits, hs, ks, strict=True):
                lo, hi = max(0, t_lo - h), min(t_hi - h, t.hand - h - k)
                if h + k < hk_lo or lo > hi:
                    ok = False
                    break
                lo_sum += lo
                hi_sum += hi
            if ok and max(lo_sum, plain_trumps - pool) <= min(hi_sum, plain_trumps):
                return True
    return False
