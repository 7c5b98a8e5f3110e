"""The Texas games' deals told for a player's statistics (``taroky_scoring.statistics``).

In each game's words: the declarer and their side; Povinost, Prever (by the three of the
talon taken), Zebrak, Ze Ruky, Povenost, No Trick; the game's doubling words (Contra,
Re, Supre, Mort; in Texas XX Hrb, Rhea, Contrec, Suprec), the first said by the side
that did not make the game or the announcement; the valat (which replaces the game),
Pagat (its side's: the side that played it) and King Last (the declarer's side's);
the bonuses for holdings by each game's names; Mond (XXI) lost.

>>> from taroky_scoring import deal_statistics
>>> deal = {"ruleset": "texas-xx", "players": ["Anna", "Bill", "Cyril", "Dana"],
...         "kind": "played", "bidder": "Anna", "bid": "povinost", "partner": "Cyril",
...         "bidder_points": 106, "valat": {"team": "bidder", "announced": True,
...         "made": True, "contra": "hrb"},
...         "pagat": {"team": "opponents", "announced": True, "outcome": "lost"},
...         "bonuses": [{"player": "Bill", "kind": "no_trumps"}]}
>>> for stat in deal_statistics(deal, "Bill"):
...     print(stat)
Stat(group='opponents', item='Povinost', won=False, chips=-72)
Stat(group='doubling', item='Hrb given (Valat)', won=False, chips=-80)
Stat(group='valat', item='Valat announced, against', won=False, chips=-80)
Stat(group='last_trick', item='Pagat announced', won=False, chips=-4)
Stat(group='bonuses', item='Zebrak', won=None, chips=12)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...statistics import (
    Doubled,
    Facts,
    OwnPayments,
    announcement,
    at_fault,
    doubled,
    held,
    own_payments,
)
from .words import REASON_WORDS, TALON_WORDS, TexasReason

# ``game`` below is one of the Texas games (``common.Texas``): its bids, bonus names,
# doubling words and whether it has King Last.

_GAME = frozenset({TexasReason.GAME})
_VALAT = frozenset({TexasReason.VALAT})
_PAGAT = frozenset({TexasReason.PAGAT})
_KING_LAST = frozenset({TexasReason.KING_LAST})
_PENALTIES = at_fault(
    "penalties",
    {TexasReason.MOND_LOST: REASON_WORDS[TexasReason.MOND_LOST]},
    "Received for others' penalties",
)


@cache
def groups(game: Any) -> tuple[tuple[str, str], ...]:
    """The Texas groups after the roles, the doubling titled by the game's x2 word."""
    last_trick = "Pagat and King Last" if game.has_king_last else "Pagat"
    return (
        ("last_trick", last_trick),
        ("valat", "Valat"),
        ("doubling", game.doubling.label(game.doubling.words[1])),
        ("bonuses", "Bonuses for holdings"),
        ("penalties", "Penalties"),
    )


@cache
def _owns(game: Any) -> OwnPayments:
    bonuses = held(
        "bonuses",
        {TexasReason(k): name for k, name in game.bonus_names.items()},
        "Paid for others' bonuses",
    )
    return own_payments(bonuses, _PENALTIES)


@cache
def _bid_words(game: Any) -> dict[str, str]:
    return dict(game.bids)


def contract_words(game: Any, document: Mapping[str, Any]) -> str:
    """The bid in the game's words; a Prever says the three of the talon taken.

    >>> from taroky_scoring import game_for
    >>> contract_words(game_for("texas-xix"), {"kind": "played", "bid": "prever",
    ...                                       "talon": "first_after_second"})
    'Prever (back to the first three)'
    >>> contract_words(game_for("texas-xx"), {"kind": "played", "bid": "ze_ruky"})
    'Ze Ruky'
    """
    if document["kind"] == "surrendered":
        return REASON_WORDS[TexasReason.SURRENDER]
    if document["bid"] == "prever":
        return f"Prever ({TALON_WORDS[document['talon']]})"
    return _bid_words(game)[document["bid"]]


def deal_facts(game: Any, document: Mapping[str, Any]) -> Facts:
    """A Texas deal document (as saved: valid) told for statistics.

    The game's contra doubles the game, or the valat that replaced it when the valat was
    not announced; an announced valat carries its own contra (in texas-king, which has
    none, the game's: contract 19 D1).

    >>> from taroky_scoring import game_for
    >>> f = deal_facts(game_for("texas-xix"), {"ruleset": "texas-xix",
    ...     "players": ["A", "B", "C", "D"], "kind": "played", "bidder": "A",
    ...     "bid": "prever", "talon": "second", "bidder_points": 0, "contra": "re",
    ...     "valat": {"team": "opponents", "made": True}})
    >>> f.contract, [(x.word, x.level, sorted(map(str, x.reasons))) for x in f.doubled]
    ('Prever (second three)', [('Re', 2, ['valat'])])
    """
    players, kind = document["players"], document["kind"]
    owns = _owns(game)
    if kind == "thrown_in":
        return Facts(players, "Thrown in", owns=owns)
    bidder, partner = document["bidder"], document.get("partner")
    if kind == "surrendered":
        return Facts(players, contract_words(game, document), bidder, owns=owns)
    events = []
    game_reasons = _GAME
    more: tuple[Doubled, ...] = ()  # the announcements' own doublings
    valat = document.get("valat")
    if valat and (valat["made"] or valat.get("announced")):
        event, more = announcement(
            game.doubling, "valat", "Valat", valat, valat["team"] == "bidder", _VALAT
        )
        events.append(event)
        if not valat.get("announced") or not game.valat_contra:
            game_reasons = _VALAT
    for key, name, reasons in (("pagat", "Pagat", _PAGAT), ("king_last", "King Last", _KING_LAST)):
        if document.get(key):
            ours = document[key].get("team", "bidder") == "bidder"  # King Last is the declarer's
            event, its = announcement(
                game.doubling, "last_trick", name, document[key], ours, reasons
            )
            events.append(event)
            more += its
    game_doubled = doubled(game.doubling, document.get("contra"), True, game_reasons)
    return Facts(
        players,
        contract_words(game, document),
        bidder,
        partner,
        game_doubled + more,
        tuple(events),
        owns,
    )
