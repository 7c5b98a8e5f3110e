"""What a deal stores beside its document, in every game's values: callables of the
core, so a game or ruleset added to it needs no migration here."""

from __future__ import annotations

import taroky_scoring as core


def ruleset_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every ruleset of the core, grouped by game: a callable, so a ruleset added to the
    core needs no migration here."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for entry in core.listing():
        title = core.game_for(entry["name"]).title
        groups.setdefault(title, []).append((entry["name"], entry["title"]))
    return list(groups.items())


# What a deal stores beside its document, every game's values: callables, so a game or
# ruleset added to the core needs no migration here. Pages say a value in the words of
# its own game (``words.kind_words`` and the like), not these.


def kind_choices() -> list[tuple[str, str]]:
    return core.registry.kind_choices()


def bid_choices() -> list[tuple[str, str]]:
    return core.registry.bid_choices()


def reason_choices() -> list[tuple[str, str]]:
    return core.registry.reason_choices()
