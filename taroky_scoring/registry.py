"""The registry of games: each game registers its rulesets, and every ruleset belongs to
exactly one game (``game_for``). The entry points that take a document of any ruleset
(``score``, statistics) find its game here.

The game protocol is ``game.Game``; what a game says on pages and printouts is
``presentation.Presentation`` (whose ``Cell`` the web layer reads here too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import FieldError, OutcomeError
from .game import Game
from .options import Rules
from .presentation import Cell, union  # noqa: F401 - the web reads Cell here
from .settlement import Settlement
from .statistics import Stat, Tally

DEFAULT_RULESET = "la-vista"


_GAMES: dict[str, Game] = {}
_RULESETS: dict[str, Game] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: add a game and its rulesets to the registry."""
    game = cls()
    _GAMES[cls.name] = game
    for preset in cls.presets:
        if preset.name in _RULESETS:  # pragma: no cover - a programming error
            raise ValueError(f"Ruleset {preset.name} registered twice")
        _RULESETS[preset.name] = game
    return cls


def games() -> list[Game]:
    return list(_GAMES.values())


def ruleset_names() -> list[str]:
    return list(_RULESETS)


def game_for(ruleset: Any) -> Game:
    """The game a ruleset belongs to; an unknown ruleset is an error in ``ruleset``."""
    game = _RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if game is None:
        raise OutcomeError(
            [
                FieldError(
                    "ruleset",
                    f"Unknown ruleset '{ruleset}'. Choose one of: {', '.join(_RULESETS)}.",
                )
            ]
        )
    return game


def rules_for(ruleset: str = DEFAULT_RULESET, options: Mapping[str, Any] | None = None) -> Rules:
    return game_for(ruleset).rules(ruleset, options)


def game_of_document(document: Any) -> Game:
    """The game that reads ``document``: its ruleset's, or the default game's, which
    reports a missing or unknown ruleset beside every other problem of the document."""
    name = document.get("ruleset") if isinstance(document, dict | Mapping) else None
    game = _RULESETS.get(name) if isinstance(name, str) else None
    return game or _RULESETS[DEFAULT_RULESET]


def score(document: Any) -> Settlement:
    """The settlement of one deal document of any ruleset."""
    return game_of_document(document).score(document)


def deal_statistics(document: Any, player: str, settlement: Settlement | None = None) -> list[Stat]:
    """``player``'s statistics in one deal document of any ruleset (scored here unless
    its ``settlement`` is given).

    >>> deal = {"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
    ...         "bidder": "Anna", "bid": "five", "partner": "Cyril", "bidder_points": 41,
    ...         "declarations": [{"player": "Bill", "kind": "three_high"}]}
    >>> deal_statistics(deal, "Bill")
    [Stat(group='opponents', item='Five', won=False, chips=-2),
     Stat(group='bonuses', item='Three High', won=None, chips=6)]
    """
    game = game_of_document(document)
    return game.deal_statistics(document, settlement or game.score(document), player)


def player_statistics(deals: Iterable[tuple[Any, str]]) -> Tally:
    """A player's statistics over ``deals``: each a deal document of any ruleset and their
    name in it. Each is scored through the core; a deal they did not take part in (sitting
    out, and not the misdealing dealer) is not counted.

    >>> table = {"players": ["Anna", "Bill", "Cyril", "Dana"]}
    >>> won = {**table, "kind": "played", "bidder": "Anna", "bid": "four",
    ...        "blind": "first", "partner": "Cyril", "bidder_points": 40}
    >>> thrown = {**table, "kind": "thrown_in"}
    >>> tally = player_statistics([(won, "Anna"), (thrown, "Anna")])
    >>> tally.deals, tally.chips, tally.chips_per_deal
    (2, 4, 2.0)
    >>> [(g.title, [(r.item, r.times, r.won, r.chips) for r in g.rows]) for g in tally.groups()]
    [('As bidder', [('Four, first half', 1, 1, 4)]),
     ('Deals without a bidder', [('Thrown in', 1, 0, 0)])]
    """
    tally = Tally()
    groups: dict[int, tuple[tuple[str, str], ...]] = {}
    for document, player in deals:
        game = game_of_document(document)
        settlement = game.score(document)
        stats = game.deal_statistics(document, settlement, player)
        if stats:
            if id(game) not in groups:
                groups[id(game)] = game.statistics_groups()
            tally.count(stats, settlement.net.get(player, 0), groups[id(game)])
    return tally


def card_points(cards: int, counting: Iterable[str] = (), ruleset: str | None = None) -> int:
    """Points of a pile of ``cards`` cards whose counting cards are ``counting``, counted
    as the game of ``ruleset`` counts (default: la-vista's, Nebraska's packets of three).

    Seed 001's worked example counts four packets (Jack-3-4 = 2, Queen-2-Horseman = 6,
    King-Queen-1 = 12, three plain taroky = 1) and two cards left over; by the
    contract's rule the two-card remainder counts its sum minus 1, so 1 more:

    >>> card_points(14, ["jack", "queen", "horseman", "king", "queen", "tarok1"])
    22
    >>> card_points(7, ["king", "queen"])
    9
    >>> card_points(7, ["king", "queen"], ruleset="heun")
    9
    >>> card_points(54, ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman",
    ...                                                   "jack"] * 4)
    70
    >>> card_points(2, ["king", "king", "king"])
    Traceback (most recent call last):
    ...
    taroky_scoring.errors.OutcomeError: counting: A pile of 2 cards cannot hold 3 counting cards.
    """
    return game_for(ruleset or DEFAULT_RULESET).pack.points(cards, counting)


def listing() -> list[dict[str, Any]]:
    return [entry for game in games() for entry in game.listing()]


# The choices of what the web stores beside a deal's document: every game's, each
# value once (with the words of the first game that has it). Pages say a stored value
# in its own game's words (``Game.kind_label`` and the like).


def kind_choices() -> list[tuple[str, str]]:
    return list(union(pair for game in games() for pair in game.deal_kinds()))


def bid_choices() -> list[tuple[str, str]]:
    return list(union(pair for game in games() for pair in game.deal_bids()))


def reason_choices() -> list[tuple[str, str]]:
    return list(union(pair for game in games() for pair in game.payment_reasons()))
