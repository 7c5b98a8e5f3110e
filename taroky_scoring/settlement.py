"""Transfers, settlements and the ways every game settles a payment (contract 10, 12).

A transfer moves whole chips between two accounts: players, or an account whose name
begins with ``#`` (the pot ``#pot`` of Petrtyl's games). A settlement is every transfer
of one deal, each account's net, and the game's result. Games build transfers with:

- ``between_sides``: a payment of value V between the declarer's side and the
  opponents (section 12): with one partner at four players the declarer settles with
  the first opponent after them in the order of play and the partner with the other;
  at five players (2 against 3) the partner settles with the first opponent after the
  partner and the declarer with the other two; alone, the declarer with every opponent.
- ``from_each_other``: every other active player pays V to a holder (or is paid by them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

POT = "#pot"


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    chips: int
    reason: StrEnum  # each game's own reasons (a StrEnum), stored with every ledger row
    explanation: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "from": self.payer,
            "to": self.payee,
            "chips": self.chips,
            "reason": self.reason.value,
            "explanation": self.explanation,
        }


@dataclass(frozen=True)
class Settlement:
    """Everything one deal pays: the transfers, each account's net, the game's result."""

    transfers: tuple[Transfer, ...]
    net: dict[str, int]
    bidder_won: bool | None
    game_value: int | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "bidder_won": self.bidder_won,
            "game_value": self.game_value,
            "transfers": [t.as_dict() for t in self.transfers],
            "net": dict(self.net),
        }


def settlement(
    accounts: Iterable[str],
    transfers: Sequence[Transfer],
    bidder_won: bool | None = None,
    game_value: int | None = None,
) -> Settlement:
    """The settlement of ``transfers``, with a net for every account named (zero-sum).

    >>> WHY = StrEnum("Why", ["WINS"])  # a game's reasons
    >>> s = settlement(["A", "B"], [Transfer("A", "B", 3, WHY.WINS, "x")])
    >>> s.net
    {'A': -3, 'B': 3}
    """
    net = dict.fromkeys(accounts, 0)
    for t in transfers:
        net[t.payer] -= t.chips
        net[t.payee] += t.chips
    if sum(net.values()) != 0:  # pragma: no cover - guarded by construction
        raise AssertionError(f"Deal does not sum to zero: {net}")
    return Settlement(tuple(transfers), net, bidder_won, game_value)


def in_order_from(order: Sequence[str], player: str) -> tuple[str, ...]:
    """The players in the order of play, starting with ``player``.

    >>> in_order_from(["A", "B", "C", "D"], "C")
    ('C', 'D', 'A', 'B')
    """
    if player not in order:
        return tuple(order)
    i = order.index(player)
    return tuple(order[i:]) + tuple(order[:i])


def side_pairs(order: Sequence[str], declarer: str, partner: str | None) -> list[tuple[str, str]]:
    """(declarer's side, opponent) pairs that settle a payment between the sides.

    >>> side_pairs(["A", "B", "C", "D"], "C", "A")
    [('C', 'D'), ('A', 'B')]
    >>> side_pairs(["A", "B", "C", "D"], "B", None)
    [('B', 'C'), ('B', 'D'), ('B', 'A')]

    Five players, two against three: the partner settles with the first opponent after
    the partner, the declarer with the other two.

    >>> side_pairs(["A", "B", "C", "D", "E"], "A", "C")
    [('A', 'B'), ('A', 'E'), ('C', 'D')]
    """
    return list(_side_pairs(tuple(order), declarer, partner))


@lru_cache(maxsize=4096)  # a table's few seatings repeat deal after deal
def _side_pairs(
    order: tuple[str, ...], declarer: str, partner: str | None
) -> tuple[tuple[str, str], ...]:
    team = {declarer, partner}
    opponents = [p for p in in_order_from(order, declarer) if p not in team]
    if partner is None:
        return tuple((declarer, o) for o in opponents)
    if len(opponents) == 2:
        return ((declarer, opponents[0]), (partner, opponents[1]))
    partners_own = next(p for p in in_order_from(order, partner) if p not in team)
    return (*((declarer, o) for o in opponents if o != partners_own), (partner, partners_own))


def between_sides(
    order: Sequence[str],
    declarer: str,
    partner: str | None,
    declarer_side_receives: bool,
    chips: int,
    reason: StrEnum,
    explanation: str,
) -> list[Transfer]:
    """A payment of ``chips`` between the sides, one transfer per settling pair.

    >>> WHY = StrEnum("Why", ["WINS"])  # a game's reasons
    >>> [(t.payer, t.payee, t.chips) for t in between_sides(
    ...     ["A", "B", "C", "D"], "A", "C", False, 5, WHY.WINS, "lost")]
    [('A', 'B', 5), ('C', 'D', 5)]
    """
    transfers = []
    for ours, theirs in side_pairs(order, declarer, partner):
        payer, payee = (theirs, ours) if declarer_side_receives else (ours, theirs)
        transfers.append(Transfer(payer, payee, chips, reason, explanation))
    return transfers


def from_each_other(
    order: Sequence[str],
    holder: str,
    chips: int,
    reason: StrEnum,
    explanation: str,
    pays: bool = False,
) -> list[Transfer]:
    """Every other active player pays ``holder`` (or, ``pays``, is paid by them), in order.

    >>> WHY = StrEnum("Why", ["WINS"])  # a game's reasons
    >>> [(t.payer, t.payee) for t in from_each_other(["A", "B", "C"], "B", 2, WHY.WINS, "x")]
    [('C', 'B'), ('A', 'B')]
    """
    others = [p for p in in_order_from(order, holder) if p != holder]
    if pays:
        return [Transfer(holder, p, chips, reason, explanation) for p in others]
    return [Transfer(p, holder, chips, reason, explanation) for p in others]


def product(
    label: str, base: int, factors: Sequence[tuple[str, int]], *, bare: bool = False
) -> tuple[int, str]:
    """``base`` times each factor (factors of 1 left out by the caller) and the arithmetic
    in every game's explanations: the base after its ``label`` (if any), each factor
    after its word, then the value; ``bare``, a base without factors is said alone
    (Petrtyl's way).

    >>> product("Five Over", 16, [("rekontra", 4), ("valat", 2)])
    (128, 'Five Over 16 x rekontra 4 x valat 2 = 128')
    >>> product("", 20, []), product("", 5, [], bare=True)
    ((20, '20 = 20'), (5, '5'))
    """
    value = base
    words = [f"{label} {base}" if label else str(base)]
    for word, factor in factors:
        value *= factor
        words.append(f"{word} {factor}")
    if bare and not factors:
        return value, words[0]
    return value, " x ".join(words) + f" = {value}"


def times_after(value: int, why: str, factors: Sequence[tuple[str, int]]) -> tuple[int, str]:
    """A value already explained (``why``), times ``factors``, each step said after it.

    >>> times_after(3, "Povinost won: (6 + 10) x 2 = 32 -> 30 = 3", [("Rhea", 4)])
    (12, 'Povinost won: (6 + 10) x 2 = 32 -> 30 = 3, x Rhea 4 = 12')
    """
    for word, factor in factors:
        value *= factor
        why += f", x {word} {factor} = {value}"
    return value, why


# -- what the standings read of a deal (every game) ------------------------------------


def nets_in_deal(outcome: Any, settlement: Settlement) -> dict[str, int]:
    """Each net of the players who took part in the deal (``outcome.players``, those who
    played), for standings (deals played, best and worst deal); anyone else at the
    table (Nebraska's dealer sitting out) only when the deal made them pay or receive,
    as a misdealing dealer does. Accounts (``#pot``) are kept: the caller files them.

    >>> from types import SimpleNamespace as Deal
    >>> WHY = StrEnum("Why", ["WINS"])  # a game's reasons
    >>> s = settlement(("A", "B", "C", "D", "E"), [Transfer("E", "A", 1, WHY.WINS, "")])
    >>> nets_in_deal(Deal(players=("A", "B", "C", "D")), s)
    {'A': 1, 'B': 0, 'C': 0, 'D': 0, 'E': -1}
    >>> s = settlement(("A", "B", "C", "D", "E"), [Transfer("B", "A", 1, WHY.WINS, "")])
    >>> nets_in_deal(Deal(players=("A", "B", "C", "D")), s)
    {'A': 1, 'B': -1, 'C': 0, 'D': 0}
    """
    return {
        name: chips for name, chips in settlement.net.items() if chips or name in outcome.players
    }


def won_as_bidder(outcome: Any, settlement: Settlement, name: str) -> bool | None:
    """None unless ``name`` bid (``outcome.bidder``); then whether they won (a bid given up
    or thrown in did not).

    >>> from types import SimpleNamespace as Deal
    >>> s = settlement(("A", "B"), [])
    >>> won_as_bidder(Deal(bidder="A"), s, "A"), won_as_bidder(Deal(bidder="A"), s, "B")
    (False, None)
    """
    return settlement.bidder_won is True if name == outcome.bidder else None
