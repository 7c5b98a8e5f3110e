"""The whole schedule drawn in advance: pure Python, reproducible from a seed.

Every round still to play is seated at once, from start numbers 1..n, so that two
players meet at a table as seldom as possible over the whole day (the rounds played
already count their meetings too). Table sizes are the game's (``seating.table_sizes``:
at a table of five the dealer sits out each deal, which is no bye). Where some players
must sit out a round, those with the fewest byes so far sit out, so nobody sits out
twice before everybody has once. Players who cannot move keep one table number every
round and never sit out.

The search: for each of a few restarts (seeds drawn from the seed), every round is
seated at random, then a local search swaps two players of one round between two
tables when that does not add to the cost (sideways moves let it cross plateaus),
for a fixed number of tries: the same seed, the same schedule. The cost is the sum
over pairs of c(c-1)/2, c the times the pair meets, so a pair meeting three times
weighs more than two pairs meeting twice; the figure reported is the repeats, the sum
of c-1 over pairs that met more than once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from . import seating

RESTARTS = 3
TRIES_PER_ROUND = 3000
MAX_ROUNDS = 20


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[seating.Draw, ...]  # each round still to play: tables and byes
    seed: int
    repeats: int  # over the whole day, the rounds played included
    fewest: int = 0  # no schedule of these tables and byes can have fewer (fewest_repeats)


def repeats_of(rounds: Sequence[Sequence[Sequence[Hashable]]]) -> int:
    """How many meetings were repeats: each pair meeting c times counts c - 1.

    >>> repeats_of([[["A", "B", "C"]], [["A", "B", "D"]], [["A", "B", "C"]]])
    4
    """
    met = seating.opponents_met(rounds)
    return sum(c - 1 for c in met.values() if c > 1)


def fewest_repeats(rounds: Sequence[Sequence[Sequence[Hashable]]]) -> int:
    """A floor under the repeats of any day with these tables and byes: a player who
    sits with more others over the day than there are other players meets at least the
    difference again (each repeat counted by both players of the pair). Not always
    reached: a schedule may need more.

    >>> fewest_repeats([[["A", "B", "C", "D"]]] * 3)  # 9 meetings each, 3 others
    12
    >>> fewest_repeats([[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]])
    0
    """
    meetings: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for p in table:
                meetings[p] += len(table) - 1
    others = len(meetings) - 1
    over = sum(max(0, m - others) for m in meetings.values())
    return -(-over // 2)


def table_of_fixed(fixed: Sequence[Hashable], tables: int) -> dict[Hashable, int]:
    """Each player who cannot move and their table (0-based): in start-number order, one a
    table in turn, so they spread over the tables.

    >>> table_of_fixed(["A", "B", "C"], 2)
    {'A': 0, 'B': 1, 'C': 0}
    """
    return {p: i % tables for i, p in enumerate(fixed)} if tables else {}


def draw_schedule(
    players: Sequence[Hashable],
    rounds: int,
    seed: int,
    played: Sequence[Sequence[Sequence[Hashable]]] = (),
    byes_so_far: Mapping[Hashable, int] | None = None,
    fixed: Sequence[Hashable] = (),
    allowed: Sequence[int] = seating.DEFAULT_SIZES,
    fixed_tables: Mapping[Hashable, int] | None = None,
) -> Schedule:
    """Seat ``players`` (in start-number order) for ``rounds`` rounds.

    ``played`` holds the tables of the rounds played already (their meetings count);
    ``byes_so_far`` each player's byes in them; ``fixed`` the players who cannot move
    (``fixed_tables`` their 0-based table, else spread in turn).

    >>> s = draw_schedule(list(range(1, 10)), 3, seed=1, allowed=(4,))
    >>> [len(d.byes) for d in s.rounds], len({p for d in s.rounds for p in d.byes})
    ([1, 1, 1], 3)
    """
    players = list(players)
    sizes = seating.table_sizes(len(players), allowed)
    byes_so_far = Counter(byes_so_far or {})
    fixed = [p for p in players if p in set(fixed)]
    where = _fit(fixed, dict(fixed_tables or table_of_fixed(fixed, len(sizes))), sizes)
    rng = random.Random(seed)
    byes = _byes(players, rounds, sizes, byes_so_far, set(where), rng)
    best: list[list[list[Hashable]]] | None = None
    best_cost = None
    for _ in range(RESTARTS):
        tables = [_seat(players, b, sizes, where, rng) for b in byes]
        cost = _search(tables, played, set(where), rng)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == _cost_floor(played):
            break
    draws = tuple(
        seating.Draw(tuple(tuple(t) for t in tables), tuple(b), seed, 0)
        for tables, b in zip(best, byes, strict=True)
    )
    day = [*played, *best]
    return Schedule(draws, seed, repeats_of(day), max(repeats_of(played), fewest_repeats(day)))


def _fit(fixed, wanted: dict, sizes: list[int]) -> dict:
    """Each player who cannot move at their table while it has room; one whose table is
    full (or gone: fewer tables now) goes to the table with the most room, and one for
    whom no seat is left is seated like anyone else."""
    room = list(sizes)
    where = {}
    for p in fixed:
        t = wanted.get(p)
        if t is None or t >= len(room) or not room[t]:
            t = max(range(len(room)), key=lambda i: room[i], default=None)
            if t is None or not room[t]:
                continue
        where[p] = t
        room[t] -= 1
    return where


def _byes(players, rounds, sizes, byes_so_far, cannot_move, rng) -> list[list[Hashable]]:
    """Who sits out each round: the fewest byes so far first, a shuffle breaking ties
    (players who cannot move never, while anyone else can)."""
    out = len(players) - sum(sizes)
    counts = Counter({p: byes_so_far.get(p, 0) for p in players})
    chosen = []
    for _ in range(rounds):
        pool = list(players)
        rng.shuffle(pool)
        pool.sort(key=lambda p: (p in cannot_move, counts[p]))
        these = pool[:out]
        for p in these:
            counts[p] += 1
        chosen.append(these)
    return chosen


def _seat(players, byes, sizes, where, rng) -> list[list[Hashable]]:
    tables: list[list[Hashable]] = [[] for _ in sizes]
    for p, t in where.items():
        if p not in byes:
            tables[t].append(p)
    rest = [p for p in players if p not in byes and p not in where]
    rng.shuffle(rest)
    for t, size in enumerate(sizes):
        while len(tables[t]) < size:
            tables[t].append(rest.pop())
    for table in tables:
        rng.shuffle(table)  # seats: who sits where at the table
    return tables


def _cost_floor(played) -> int:
    """The least cost a schedule can have: the meetings played already."""
    met = seating.opponents_met(played)
    return sum(c * (c - 1) // 2 for c in met.values())


def _search(rounds: list[list[list[Hashable]]], played, cannot_move, rng) -> int:
    """Swap players of one round between two tables while the cost does not rise;
    returns the cost (``rounds`` are changed in place). Players are numbered for the
    search: the meetings are a matrix, not a dictionary of pairs."""
    names = sorted({p for tables in [*played, *rounds] for t in tables for p in t}, key=str)
    index = {p: i for i, p in enumerate(names)}
    met = [[0] * len(names) for _ in names]
    for tables in [*played, *rounds]:
        for table in tables:
            for x in table:
                for y in table:
                    if x != y:
                        met[index[x]][index[y]] += 1
    seats = [[[index[p] for p in t] for t in tables] for tables in rounds]
    total = sum(c * (c - 1) // 2 for row in met for c in row) // 2
    floor = _cost_floor(played)
    fixed = {index[p] for p in cannot_move if p in index}
    movable = [[[i for i, p in enumerate(t) if p not in fixed] for t in r] for r in seats]
    choices = [[t for t in range(len(r)) if movable[n][t]] for n, r in enumerate(seats)]
    for _ in range(TRIES_PER_ROUND * len(rounds)):
        if total == floor:
            break
        r = rng.randrange(len(seats))
        if len(choices[r]) < 2:
            continue
        a, b = rng.sample(choices[r], 2)
        ta, tb = seats[r][a], seats[r][b]
        i, j = rng.choice(movable[r][a]), rng.choice(movable[r][b])
        x, y = ta[i], tb[j]
        mx, my = met[x], met[y]
        delta = 0
        for z in ta:
            if z != x:
                delta += my[z] - mx[z] + 1
        for z in tb:
            if z != y:
                delta += mx[z] - my[z] + 1
        if delta > 0:
            continue
        _swap_meetings(met, ta, x, y)
        _swap_meetings(met, tb, y, x)
        ta[i], tb[j] = y, x
        total += delta
    for tables, numbered in zip(rounds, seats, strict=True):
        tables[:] = [[names[i] for i in t] for t in numbered]
    return total


def _swap_meetings(met: list[list[int]], table: list[int], leaving: int, joining: int) -> None:
    """Count the meetings at ``table`` as if ``joining`` sat there in ``leaving``'s seat."""
    for z in table:
        if z != leaving:
            met[leaving][z] -= 1
            met[z][leaving] -= 1
            met[joining][z] += 1
            met[z][joining] += 1


def by_ranking(
    ranked: Sequence[Hashable],
    spread: bool,
    byes_so_far: Mapping[Hashable, int] | None = None,
    allowed: Sequence[int] = seating.DEFAULT_SIZES,
) -> seating.Draw:
    """Seat a round by the ranking (best first): *top with top* (the first tables take
    the best players in turn) or *spread* (table t takes the t-th of each band of as
    many players as there are tables: one from the top band, one from the next...).
    Those who sit out are the fewest byes so far, the lowest ranked first.

    >>> by_ranking(list("ABCDEFGH"), spread=False).tables
    (('A', 'B', 'C', 'D'), ('E', 'F', 'G', 'H'))
    >>> by_ranking(list("ABCDEFGH"), spread=True).tables
    (('A', 'C', 'E', 'G'), ('B', 'D', 'F', 'H'))
    """
    ranked = list(ranked)
    sizes = seating.table_sizes(len(ranked), allowed)
    out = len(ranked) - sum(sizes)
    byes_so_far = byes_so_far or {}
    order = {p: i for i, p in enumerate(ranked)}
    byes = sorted(ranked, key=lambda p: (byes_so_far.get(p, 0), -order[p]))[:out]
    seated = [p for p in ranked if p not in byes]
    tables: list[list[Hashable]] = [[] for _ in sizes]
    if spread:
        t = 0
        for p in seated:
            while len(tables[t % len(sizes)]) >= sizes[t % len(sizes)]:
                t += 1
            tables[t % len(sizes)].append(p)
            t += 1
    else:
        start = 0
        for t, size in enumerate(sizes):
            tables[t] = seated[start : start + size]
            start += size
    return seating.Draw(tuple(tuple(t) for t in tables), tuple(byes), 0, 0)


def round_by_round(players: Sequence[Hashable], rounds: int, seed: int, allowed=None) -> int:
    """The repeats of the existing draw made round after round (``seating.draw_round``,
    each round seeing the earlier ones): what the schedule is compared with."""
    allowed = allowed or seating.DEFAULT_SIZES
    done: list = []
    byes: Counter = Counter()
    for number in range(rounds):
        draw = seating.draw_round(
            players, seed + number, seating.opponents_met(done), byes, allowed
        )
        done.append(draw.tables)
        byes.update(draw.byes)
    return repeats_of(done)
