"""Petrtyl's deals told for a player's statistics (``taroky_scoring.statistics``).

In Petrtyl's words: the declarer and their side; Three passed, Four (by the talon taken),
Five, Grand Nullo, Grand Sweep, Four given up; Contra, Recontra and Suprecontra (the
first said by the side that did not make the game or the announcement); the Sweep
(the declarer's side's; it replaces the game), Chief Last (the declarer's side's) and
Papoose Last (the side of the player who played the Papoose); the declarations; the
pot: taken by an announced Papoose Last that succeeds, paid into by one that fails and
by the misdealing dealer.

>>> from taroky_scoring import deal_statistics
>>> deal = {"ruleset": "petrtyl", "players": ["Anna", "Bill", "Cyril", "Dana"],
...     "kind": "played", "bidder": "Anna", "bid": "four", "partner": "Cyril",
...     "talon": "second", "bidder_points": 41, "pot": 8, "contra": "contra",
...     "papoose_last": {"player": "Cyril", "announced": True, "outcome": "won"}}
>>> for stat in deal_statistics(deal, "Cyril"):
...     print(stat)
Stat(group='partner', item='Four (second three of the talon)', won=True, chips=20)
Stat(group='doubling', item='Contra received', won=True, chips=10)
Stat(group='last_trick', item='Papoose Last announced', won=True, chips=2)
Stat(group='pot', item='Pot taken', won=None, chips=8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rotation import after
from ...statistics import Doubled, Facts, Own, announcement, doubled, held, own_payments
from .document import DECLARATION_WORDS, PETRTYL
from .payments import REASON_WORDS, PetrtylReason, bid_words
from .tables import Table

_GAME = frozenset({PetrtylReason.GAME})
_SWEEP = frozenset({PetrtylReason.SWEEP})
_CHIEF_LAST = frozenset({PetrtylReason.CHIEF_LAST})
_PAPOOSE_LAST = frozenset({PetrtylReason.PAPOOSE_LAST})
_DECLARATIONS = tuple(PetrtylReason(k) for k in DECLARATION_WORDS)
OWNS = own_payments(
    held("bonuses", {r: REASON_WORDS[r] for r in _DECLARATIONS}, "Paid for others' declarations"),
    Own(
        "pot",
        received={PetrtylReason.POT: "Pot taken"},
        paid={
            PetrtylReason.POT: "Paid into the pot: Papoose Last failed",
            PetrtylReason.MISDEAL: "Paid into the pot: misdeal",
        },
    ),
)
KIND_WORDS = {
    "thrown_in": "Thrown in",
    "misdeal": "Misdeal",
    "three_passed": "Three passed",
    "surrendered": REASON_WORDS[PetrtylReason.SURRENDER],
}


def groups(t: Table) -> tuple[tuple[str, str], ...]:
    """Petrtyl's groups after the roles (at two, Papoose Last is the only announcement).

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> groups(TABLES["petrtyl-two"])[0]
    ('last_trick', 'Papoose Last')
    """
    return (
        ("last_trick", "Chief Last and Papoose Last" if t.chief_called else "Papoose Last"),
        ("valat", "Sweep"),
        ("doubling", PETRTYL.label(PETRTYL.words[1])),
        ("bonuses", "Declarations"),
        ("pot", "The pot"),
    )


def deal_facts(document: Mapping[str, Any], t: Table) -> Facts:
    """A Petrtyl deal document (as saved: valid) told for statistics.

    After a passed Three the declarer is forehand, whom the document may leave to the
    dealer; the game's Contra doubles the game, or the Sweep that replaced it when the
    Sweep was not announced.

    >>> from taroky_scoring.games.petrtyl.tables import TABLES
    >>> f = deal_facts({"players": ["A", "B", "C"], "kind": "three_passed", "dealer": "C"},
    ...                TABLES["petrtyl-three"])
    >>> f.contract, f.declarer
    ('Three passed', 'A')
    """
    players, kind = document["players"], document["kind"]
    if kind in ("thrown_in", "misdeal"):
        return Facts(players, KIND_WORDS[kind], owns=OWNS)
    bidder = document.get("bidder") or after(players, document["dealer"])
    if kind != "played":
        return Facts(players, KIND_WORDS[kind], bidder, owns=OWNS)
    partner = document.get("partner")
    events = []
    game_reasons = _GAME
    more: tuple[Doubled, ...] = ()  # the announcements' own doublings
    sweep = document.get("sweep")
    if sweep and (sweep["made"] or sweep.get("announced")):
        event, more = announcement(PETRTYL, "valat", "Sweep", sweep, True, _SWEEP)
        events.append(event)
        if not sweep.get("announced"):
            game_reasons = _SWEEP
    if document.get("chief_last"):
        event, its = announcement(
            PETRTYL, "last_trick", "Chief Last", document["chief_last"], True, _CHIEF_LAST
        )
        events.append(event)
        more += its
    papoose = document.get("papoose_last")
    if papoose:
        ours = papoose["player"] in (bidder, partner)
        event, its = announcement(
            PETRTYL, "last_trick", "Papoose Last", papoose, ours, _PAPOOSE_LAST
        )
        events.append(event)
        more += its
    game_doubled = doubled(PETRTYL, document.get("contra"), True, game_reasons)
    return Facts(
        players,
        bid_words(document["bid"], document.get("talon"), t),
        bidder,
        partner,
        game_doubled + more,
        tuple(events),
        OWNS,
    )
