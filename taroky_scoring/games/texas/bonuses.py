"""The Texas bonuses for holdings (contract section 13): what each pays, the cards each
holding needs, and the claims the pack cannot hold (contract 19 D13)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from ...errors import FieldError
from .outcome import Bonus

HONOURS = ("trull", "pane", "trull_pane", "krale", "rosanne_pane", "spjst")
BONUS_CHIPS = {
    "eight_trumps": 2,
    "ten_trumps": 4,
    "trull": 2,
    "pane": 2,
    "trull_pane": 4,
    "krale": 4,
    "rosanne_pane": 6,
    "spjst": 10,
    "two_trumps": 2,
    "no_trumps": 4,
}
# Each honour's possible (Trull cards, Kings); Pane is four 5-point cards, 2 or 3 Kings.
HONOUR_CARDS = {
    "trull": ((3, 0),),
    "pane": ((2, 2), (1, 3)),
    "trull_pane": ((3, 1),),
    "krale": ((0, 4),),
    "rosanne_pane": ((1, 4),),
    "spjst": ((3, 4),),
}
# The honours that hold all four Kings (and so the King a Povenost calls).
FOUR_KINGS = frozenset(k for k, held in HONOUR_CARDS.items() if all(n == 4 for _, n in held))
# Each trump count's (fewest, most) trumps.
TRUMP_RANGE = {
    "eight_trumps": (8, 9),
    "ten_trumps": (10, 12),
    "two_trumps": (1, 2),
    "no_trumps": (0, 0),
}
TRULL_CARDS, KINGS, TRUMPS, HAND, HANDS, TALON_CARDS = 3, 4, 22, 12, 4, 6
# The talon holds at most 6 trumps, so the hands hold at least 16 (contract 19 D13).
TRUMPS_IN_HANDS = TRUMPS - TALON_CARDS


def _hand_fits(honour: str | None, count: str | None) -> list[tuple[int, int, int, int]]:
    """The (Trull cards, Kings, trumps) a hand with these claims may hold at least, and
    the most trumps it may hold (its count's most, or the hand less its Kings).

    >>> _hand_fits("krale", "eight_trumps"), _hand_fits("krale", "ten_trumps")
    ([(0, 4, 8, 8)], [])
    """
    fits = []
    for trull, kings in HONOUR_CARDS.get(honour, ((0, 0),)):
        least, most = TRUMP_RANGE.get(count, (0, HAND))
        trumps = max(least, trull)  # the Trull cards are trumps
        if trull <= most and trumps + kings <= HAND:
            fits.append((trull, kings, trumps, min(most, HAND - kings)))
    return fits


def check_bonuses(
    bonuses: tuple[Bonus, ...], players: tuple[str, ...], names: Mapping[str, str]
) -> list[FieldError]:
    """Impossible claims (contract section 13), each an error in ``bonuses``: the pack
    holds 3 Trull cards, 4 Kings and 22 trumps, of which the hands hold at least 16
    (contract 19 D13).

    >>> claims = (Bonus({"player": "A", "kind": "krale"}), Bonus({"player": "B", "kind": "krale"}))
    >>> [e.message for e in check_bonuses(claims, ("A", "B", "C", "D"), {"krale": "Krale"})]
    ['These claims need more than the pack holds (3 Trull cards, 4 Kings, 22 trumps):
      Krale (A), Krale (B).']
    """
    errors: list[FieldError] = []
    honour: dict[str, str] = {}
    count: dict[str, str] = {}
    for n, b in enumerate(bonuses, start=1):
        player, kind = b.player, b.kind
        if player not in players:
            errors.append(
                FieldError("bonuses", f"Bonus {n}: {player} is not one of this deal's players.")
            )
            continue
        mine = honour if kind in HONOURS else count
        if player in mine:
            what = "honour" if kind in HONOURS else "trump count"
            errors.append(
                FieldError(
                    "bonuses",
                    f"{player} claims {names[mine[player]]} and {names[kind]}: a hand is paid "
                    f"for one {what} only.",
                )
            )
            continue
        mine[player] = kind
    if errors:
        return errors
    claimants = [p for p in players if p in honour or p in count]
    options = []
    for p in claimants:
        fits = _hand_fits(honour.get(p), count.get(p))
        if not fits:
            claims = " and ".join(names[k] for k in (honour.get(p), count.get(p)) if k)
            errors.append(FieldError("bonuses", f"{p}'s hand of 12 cannot hold {claims}."))
        options.append(fits)
    if errors:
        return errors
    claims = ", ".join(
        f"{names[k]} ({p})" for p in claimants for k in (honour.get(p), count.get(p)) if k
    )
    # The other hands hold up to a hand of trumps each.
    others = HAND * (HANDS - len(claimants))
    most_in_hands = None  # over the combinations the pack can hold
    for combo in itertools.product(*options):
        if (
            sum(c[0] for c in combo) <= TRULL_CARDS
            and sum(c[1] for c in combo) <= KINGS
            and sum(c[2] for c in combo) <= TRUMPS
        ):
            most = others + sum(c[3] for c in combo)
            if most >= TRUMPS_IN_HANDS:
                return []
            most_in_hands = max(most_in_hands or 0, most)
    if most_in_hands is not None:
        return [
            FieldError(
                "bonuses",
                "These claims leave too few trumps in the hands: the talon holds at most "
                f"{TALON_CARDS} of the {TRUMPS}, so the hands hold at least {TRUMPS_IN_HANDS}, and "
                f"with these claims they hold at most {most_in_hands}: {claims}.",
            )
        ]
    return [
        FieldError(
            "bonuses",
            f"These claims need more than the pack holds ({TRULL_CARDS} Trull cards, "
            f"{KINGS} Kings, {TRUMPS} trumps): {claims}.",
        )
    ]
