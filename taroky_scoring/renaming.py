"""Renaming players in a deal document: every field of the contract that holds a name.

A player whose name is corrected keeps their deals; the web app stores documents as
entered and uses this to show or export them under today's names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import OutcomeError
from .fields import LIST, OBJECT, PLAYER
from .registry import game_of_document

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
    names_at, names_in = _name_fields(document)
    for key in names_at:
        if key in doc:
            doc[key] = new(doc[key])
    for key, items in names_in.items():
        value = doc.get(key)
        if isinstance(value, Mapping):
            doc[key] = _renamed(value, items, new)
        elif isinstance(value, list):
            doc[key] = [_renamed(v, items, new) if isinstance(v, Mapping) else v for v in value]
    return doc


def _renamed(item: Mapping[str, Any], keys: tuple[str, ...], new) -> dict[str, Any]:
    return {k: (new(v) if k in keys else v) for k, v in item.items()}


def _name_fields(document: Mapping[str, Any]) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """Where the document's game keeps names, read from its description (``fields``):
    the fields that are one player, and those of each object or list row (Papoose Last's
    player, a Texas bonus's holder ...).

    >>> _name_fields({"ruleset": "petrtyl"})[1]["papoose_last"]
    ('player',)
    """
    at, inside = list(NAME_FIELDS), {"declarations": ("player",)}
    try:
        game = game_of_document(document)
        fields = game.fields(game.rules_of(document))
    except (OutcomeError, KeyError, TypeError, ValueError, StopIteration):
        return tuple(at), inside  # an invalid document: the names every game shares
    for f in fields:
        if f.kind == PLAYER and f.name not in at:
            at.append(f.name)
        elif f.kind in (OBJECT, LIST):
            keys = tuple(i.name for i in f.items if i.kind == PLAYER)
            if keys:
                inside[f.name] = keys
    return tuple(at), inside
