"""Nebraska's deals told for a player's statistics (``taroky_scoring.statistics``).

The words are Nebraska's: the bidder and their team, Four (by the half of the blind
taken), Five, Five Over; Kontra (said by the opponents) and Rekontra (said back by the
bidder's team) on a Five or a Five Over; valat; King Last (the bidder's team's: they
hold the called King) and Tarok 1 Last (the team that played the 1); Ten Taroky, Four
Kings and Three High; the forgotten discard and the misdeal. A valat doubles the game,
so its chips are the game's.

>>> from taroky_scoring import deal_statistics
>>> deal = {"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
...         "bidder": "Anna", "bid": "five", "partner": "Cyril", "kontra": "rekontra",
...         "bidder_points": 68, "valat": "bidder",
...         "king_last": {"announced": True, "outcome": "won"}}
>>> print(*deal_statistics(deal, "Bill"), sep="\\n")
Stat(group='opponents', item='Five', won=False, chips=-72)
Stat(group='doubling', item='Rekontra received', won=False, chips=-64)
Stat(group='valat', item='Valat, against', won=False, chips=-64)
Stat(group='last_trick', item='King Last announced, against', won=False, chips=-8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...statistics import Event, Facts, announcement, at_fault, doubled, held, own_payments
from .document import KONTRA
from .outcome import Bid, Blind
from .payments import Reason
from .words import KIND_WORDS, REASON_WORDS

GROUPS = (
    ("last_trick", "King Last and Tarok 1 Last"),
    ("valat", "Valat"),
    ("doubling", "Kontra"),
    ("bonuses", "Declarations"),
    ("penalties", "Penalties"),
)

_DECLARATIONS = (Reason.TEN_TAROKY, Reason.FOUR_KINGS, Reason.THREE_HIGH)
_PENALTIES = (Reason.FORGOTTEN_DISCARD, Reason.MISDEAL)
OWNS = own_payments(
    held("bonuses", {r: REASON_WORDS[r] for r in _DECLARATIONS}, "Paid for others' declarations"),
    at_fault(
        "penalties", {r: REASON_WORDS[r] for r in _PENALTIES}, "Received for others' penalties"
    ),
)
_GAME = frozenset({Reason.GAME})
_KING_LAST = frozenset({Reason.KING_LAST})
_TAROK1_LAST = frozenset({Reason.TAROK1_LAST})
_CONTRACTS = {
    **{("four", blind.value): f"Four, {blind.label}" for blind in Blind},
    **{(bid.value, None): bid.label for bid in Bid if bid is not Bid.FOUR},
}


def contract_words(document: Mapping[str, Any]) -> str:
    """The bid in Nebraska's words: a Four says the half of the blind taken.

    >>> contract_words({"kind": "played", "bid": "four", "blind": "first_after_second"})
    'Four, first half after seeing the second'
    >>> contract_words({"kind": "surrendered", "bidder": "Anna"})
    'Four surrendered'
    """
    if document["kind"] == "surrendered":
        return KIND_WORDS[document["kind"]]
    return _CONTRACTS[document["bid"], document.get("blind")]


def deal_facts(document: Mapping[str, Any]) -> Facts:
    """A Nebraska deal document (as saved: valid) told for statistics.

    >>> f = deal_facts({"players": ["A", "B", "C", "D"], "kind": "played", "bidder": "A",
    ...     "bid": "four", "blind": "second", "bidder_points": 30,
    ...     "tarok1_last": {"team": "opponents", "outcome": "tarok1_won"}})
    >>> f.contract, f.declarer, f.partner, [e.item for e in f.events]
    ('Four, second half', 'A', None, ['Tarok 1 Last'])
    """
    players, kind = document["players"], document["kind"]
    if kind in ("thrown_in", "misdeal"):
        return Facts(players, KIND_WORDS[kind], owns=OWNS)
    bidder, partner = document["bidder"], document.get("partner")
    if kind == "surrendered":
        return Facts(players, contract_words(document), bidder, owns=OWNS)
    events = []
    if document.get("valat"):
        events.append(Event("valat", "Valat", document["valat"] == "bidder", _GAME))
    if document.get("king_last"):
        events.append(
            announcement(
                KONTRA, "last_trick", "King Last", document["king_last"], True, _KING_LAST
            )[0]
        )
    if document.get("tarok1_last"):
        t1 = document["tarok1_last"]
        ours = t1["team"] == "bidder"
        events.append(announcement(KONTRA, "last_trick", "Tarok 1 Last", t1, ours, _TAROK1_LAST)[0])
    kontra = doubled(KONTRA, document.get("kontra"), True, _GAME)  # Five and Five Over only
    return Facts(players, contract_words(document), bidder, partner, kontra, tuple(events), OWNS)
