"""The seating draw for a round: pure Python, reproducible from a seed.

Tables of the sizes the event's game allows (the core's ``table_sizes``): in Nebraska
fours, and fives where the count needs it (the dealer sits out each deal); threes for
``petrtyl-three``. Where no split exists (6, 7 and 11 players in Nebraska) as many as
possible are seated and the rest get a bye, chosen so that nobody sits out twice before
everybody present has sat out once. Among many shuffles the draw keeps the one with
the fewest repeat opponents, then improves it by swapping players between tables.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import taroky_scoring as core

SHUFFLES = 40
# Without the event's game, the default ruleset's table sizes (the core's, asked once).
DEFAULT_SIZES = tuple(core.game_for(core.DEFAULT_RULESET).table_sizes)


@dataclass(frozen=True)
class Draw:
    tables: tuple[tuple[Hashable, ...], ...]  # each table's players, clockwise
    byes: tuple[Hashable, ...]
    seed: int
    repeats: int  # pairs seated together who met in an earlier round


def table_sizes(n: int, allowed: Sequence[int] = DEFAULT_SIZES) -> list[int]:
    """Table sizes seating as many of ``n`` players as possible, using the ``allowed``
    sizes (the game's, from the core), the smallest preferred.

    >>> table_sizes(13), table_sizes(11), table_sizes(7), table_sizes(6), table_sizes(3)
    ([5, 4, 4], [5, 5], [5], [5], [])
    >>> table_sizes(10, (3,)), table_sizes(9, (4,)), table_sizes(5, (2,))
    ([3, 3, 3], [4, 4], [2, 2])
    """
    allowed = sorted(set(allowed))
    smallest, larger = allowed[0], allowed[1:]
    best: tuple[int, int, tuple[int, ...]] | None = None  # (seated, smallest, larger counts)
    for counts in itertools.product(*(range(n // size + 1) for size in larger)):
        rest = n - sum(c * size for c, size in zip(counts, larger, strict=True))
        if rest < 0:
            continue
        small = rest // smallest
        seated = n - rest + small * smallest
        if best is None or (seated, small) > (best[0], best[1]):
            best = (seated, small, counts)
    _, small, counts = best
    sizes = [size for c, size in zip(counts, larger, strict=True) for _ in range(c)]
    return sorted(sizes + [smallest] * small, reverse=True)


def repeat_count(tables: Sequence[Sequence[Hashable]], met: Mapping[frozenset, int]) -> int:
    return sum(
        met.get(frozenset(pair), 0) for table in tables for pair in itertools.combinations(table, 2)
    )


def draw_round(
    players: Sequence[Hashable],
    seed: int,
    met: Mapping[frozenset, int] | None = None,
    byes_so_far: Mapping[Hashable, int] | None = None,
    allowed: Sequence[int] = DEFAULT_SIZES,
    sizes: Sequence[int] | None = None,
) -> Draw:
    """Seat ``players`` for one round.

    ``met`` counts how often each pair of players sat at one table before;
    ``byes_so_far`` how many byes each player has had; ``allowed`` the table sizes
    of the event's game; ``sizes`` the tables to seat, if not ``table_sizes``'s.

    >>> d = draw_round(["A", "B", "C", "D", "E", "F", "G"], seed=7)
    >>> [len(t) for t in d.tables], len(d.byes)
    ([5], 2)
    """
    met = met or {}
    byes_so_far = byes_so_far or {}
    rng = random.Random(seed)
    pool = sorted(players, key=str)
    rng.shuffle(pool)
    sizes = table_sizes(len(pool), allowed) if sizes is None else list(sizes)
    bye_count = len(pool) - sum(sizes)
    # Fewest byes first; the shuffle breaks ties, so byes rotate fairly.
    by_need = sorted(pool, key=lambda p: byes_so_far.get(p, 0), reverse=True)
    byes = tuple(by_need[len(pool) - bye_count :]) if bye_count else ()
    seated = [p for p in pool if p not in byes]

    best: list[list[Hashable]] | None = None
    best_score = None
    for _ in range(SHUFFLES if met else 1):
        rng.shuffle(seated)
        tables, start = [], 0
        for size in sizes:
            tables.append(seated[start : start + size])
            start += size
        score = repeat_count(tables, met)
        if best_score is None or score < best_score:
            best, best_score = [list(t) for t in tables], score
        if best_score == 0:
            break
    if best_score:
        best, best_score = _improve(best, met, best_score)
    return Draw(tuple(tuple(t) for t in best), byes, seed, best_score or 0)


@dataclass(frozen=True)
class Redraw:
    """A drawn round after its roll call changed: the tables that stand, and those
    drawn again (each with its number) with the byes."""

    kept: tuple[int, ...]  # the numbers of the tables that stand as they were
    tables: tuple[tuple[int, tuple[Hashable, ...]], ...]  # (number, players) drawn again
    byes: tuple[Hashable, ...]
    repeats: int  # among the tables drawn again

    @property
    def drawn_again(self) -> list[int]:
        return [number for number, _ in self.tables]


def redraw_changed(
    tables: Mapping[int, Sequence[Hashable]],
    present: Sequence[Hashable],
    seed: int,
    met: Mapping[frozenset, int] | None = None,
    byes_so_far: Mapping[Hashable, int] | None = None,
    allowed: Sequence[int] = DEFAULT_SIZES,
) -> Redraw:
    """The seating of a drawn round (``tables``: number -> players) for a new roll
    call, ``present``, changing as few tables as it can: a table whose players are all
    still present stands as it was, while the new table sizes have room for it (in
    number order, its number within the new count of tables); everybody else present
    (the other tables' players, the byes, the newcomers) is drawn at the tables left,
    which take the numbers free, as ``draw_round`` draws.

    Anna's table of five cannot stand among three of four; Ivan's table lost Milan:

    >>> r = redraw_changed({1: "ABCDE", 2: "FGHI", 3: "JKLM"}, "ABCDEFGHIJKL", seed=1)
    >>> r.kept, r.drawn_again, sorted(p for _, t in r.tables for p in t), r.byes
    ((2,), [1, 3], ['A', 'B', 'C', 'D', 'E', 'J', 'K', 'L'], ())

    A newcomer at a table of five is drawn with one table's four:

    >>> r = redraw_changed({1: "ABCDE", 2: "FGHI", 3: "JKLM"}, "ABCDEFGHIJKLMN", seed=1)
    >>> r.kept, r.drawn_again, sorted(len(t) for _, t in r.tables)
    ((1, 2), [3], [5])
    """
    present = list(present)
    here = set(present)
    sizes = table_sizes(len(present), allowed)
    room = list(sizes)
    kept = []
    for number in sorted(tables):
        players = tables[number]
        if number <= len(sizes) and set(players) <= here and len(players) in room:
            room.remove(len(players))
            kept.append(number)
    standing = {p for number in kept for p in tables[number]}
    pool = [p for p in present if p not in standing]
    draw = draw_round(pool, seed, met, byes_so_far, allowed, sizes=room)
    free = [n for n in range(1, len(sizes) + 1) if n not in kept]
    return Redraw(tuple(kept), tuple(zip(free, draw.tables, strict=True)), draw.byes, draw.repeats)


def _improve(tables, met, score):
    """Swap players between tables while that lowers the repeat count."""

    def table_score(table):
        return sum(met.get(frozenset(p), 0) for p in itertools.combinations(table, 2))

    scores = [table_score(t) for t in tables]
    improved = True
    while improved and score:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            if not (scores[i] or scores[j]):
                continue
            a, b = tables[i], tables[j]
            for x, y in itertools.product(range(len(a)), range(len(b))):
                a[x], b[y] = b[y], a[x]
                new_i, new_j = table_score(a), table_score(b)
                if new_i + new_j < scores[i] + scores[j]:
                    score -= scores[i] + scores[j] - new_i - new_j
                    scores[i], scores[j] = new_i, new_j
                    improved = True
                else:
                    a[x], b[y] = b[y], a[x]
    return tables, score


def opponents_met(rounds: Sequence[Sequence[Sequence[Hashable]]]) -> Counter:
    """How often each pair sat at one table, from earlier rounds' tables."""
    met: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for pair in itertools.combinations(table, 2):
                met[frozenset(pair)] += 1
    return met
