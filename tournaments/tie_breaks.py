"""The tie-breaks of events and seasons: one class each, with its words and how it
measures a player among those still equal (docs/organizers.md, "How an event
ranks" for an event's, "A season" for a season's).

A row (an event's ``Standing`` or a season's ``SeasonStanding``) offers what the
tie-breaks it may be broken by read: ``chips``; ``table_wins`` and ``best_round`` (an
event); ``events_won`` (a season); and ``against(other)``: its head-to-head points
against another row.

``ranked`` is the one rule of shared ranks (1, 2, 2, 4): an event's standings, the
places a season counts, teams and lodges.
"""

from __future__ import annotations

import itertools
from fractions import Fraction


class TieBreak:
    key = ""
    words = ""  # what it is, as a form's choice and the standings' note say it
    decided_by = ""  # as a standing says "tie broken by ..."
    repeats = False  # applied again among those it leaves equal, before the next
    reads_places = True  # reads the places at the tables (an event reads them for it)
    column = ""  # the standings' column that shows what it measures, if one does

    def value(self, row, group):  # pragma: no cover - every tie-break says its own
        raise NotImplementedError


class Chips(TieBreak):
    key, words, decided_by = "chips", "Total chips", "chips"
    reads_places, column = False, "chips"

    def value(self, row, group):
        return row.chips


class TableWins(TieBreak):
    key, words, decided_by = "table_wins", "Table wins (first places)", "table wins"
    column = "table_wins"

    def value(self, row, group):
        return row.table_wins


class BestRound(TieBreak):
    key, words, decided_by = "best_round", "Best single round (chips)", "best round"

    def value(self, row, group):
        # A player who played no round has no best round: below any figure.
        return row.best_round if row.best_round is not None else -(10**12)


class EventsWon(TieBreak):
    key, words, decided_by = "events_won", "Events won", "events won"

    def value(self, row, group):
        return row.events_won


class HeadToHead(TieBreak):
    key, words, decided_by = "head_to_head", "Head to head", "head to head"
    repeats = True

    def value(self, row, group):
        return sum((row.against(other) for other in group if other is not row), Fraction(0))


BY_KEY: dict[str, TieBreak] = {
    b.key: b for b in (Chips(), TableWins(), BestRound(), EventsWon(), HeadToHead())
}
# A tie-break by the words a standing says it with ("tie broken by chips").
BY_WORDS: dict[str, TieBreak] = {b.decided_by: b for b in BY_KEY.values()}
# What an event's director may choose from, in the order offered.
EVENT_KEYS = ("chips", "table_wins", "best_round", "head_to_head")


def of(keys) -> list[TieBreak]:
    """The tie-breaks of stored keys, in order (a key no longer known is skipped)."""
    return [BY_KEY[k] for k in keys or () if k in BY_KEY]


def split(group: list, breaks: list[TieBreak]) -> list[list]:
    """``group`` (equal on the score) in order by ``breaks``, each still-equal set
    together. A row a tie-break sets apart on its own says by which (``decided_by``);
    rows that stay equal say nothing (they share a rank). Players a tie-break cannot
    separate go on, as a group, to the next; head to head, when it parts a group, is
    applied again among each part still equal, alone, before the next tie-break."""
    if len(group) == 1 or not breaks:
        return [group]
    first, rest = breaks[0], breaks[1:]
    values = {id(r): first.value(r, group) for r in group}
    ordered = sorted(group, key=lambda r: -values[id(r)])
    parts = [list(p) for _, p in itertools.groupby(ordered, key=lambda r: values[id(r)])]
    if len(parts) == 1:
        return split(group, rest)
    for part in parts:
        if len(part) == 1:
            part[0].decided_by = first.decided_by
    again = breaks if first.repeats else rest
    return [g for part in parts for g in split(part, again)]


def ranked(rows: list, score, name, breaks: list[TieBreak] = ()) -> list[tuple[int, bool, object]]:
    """``rows`` ordered by ``score`` (most first; a tuple compares in order), equal
    scores split by ``breaks``: each row with its rank and whether it shares it (1, 2,
    2, 4), by name within a shared rank.

    >>> ranked(["A", "B", "C", "D"], {"A": 5, "B": 9, "C": 5, "D": 1}.get, str)
    [(1, False, 'B'), (2, True, 'A'), (2, True, 'C'), (4, False, 'D')]
    """
    rows = sorted(sorted(rows, key=name), key=score, reverse=True)
    out = []
    position = 1
    for _, same in itertools.groupby(rows, key=score):
        for group in split(list(same), list(breaks)):
            for row in sorted(group, key=name):
                out.append((position, len(group) > 1, row))
            position += len(group)
    return out
