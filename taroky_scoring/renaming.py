"""Renaming players in a deal document: every field of the contract that holds a name.

A player whose name is corrected keeps his deals; the web app stores documents as
entered and uses this to show or export them under today's names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The contract's fields whose value is one player's name.
NAME_FIELDS = ("sitting_out", "dealer", "bidder", "partner")


def rename_players(document: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """A copy of ``document`` with each name in ``names`` replaced; the rest unchanged.

    >>> doc = {"players": ["A", "B", "C", "D"], "kind": "played", "bidder": "A",
    ...        "partner": "C", "declarations": [{"player": "C", "kind": "ten_taroky"}]}
    >>> rename_players(doc, {"C": "Cyril"})["players"]
    ['A', 'B', 'Cyril', 'D']
    >>> rename_players(doc, {"C": "Cyril"})["declarations"]
    [{'player': 'Cyril', 'kind': 'ten_taroky'}]
    >>> rename_players(doc, {"C": "Cyril"})["partner"], doc["partner"]
    ('Cyril', 'C')
    """

    def new(name: Any) -> Any:
        return names.get(name, name) if isinstance(name, str) else name

    doc = dict(document)
    if isinstance(doc.get("players"), list):
        doc["players"] = [new(n) for n in doc["players"]]
    for key in NAME_FIELDS:
        if key in doc:
            doc[key] = new(doc[key])
    if isinstance(doc.get("declarations"), list):
        doc["declarations"] = [
            {**d, "player": new(d.get("player"))} if isinstance(d, Mapping) and "player" in d else d
            for d in doc["declarations"]
        ]
    return doc
