"""The seating draw (pure Python): everyone placed once, fair byes, few repeats."""

import random
from collections import Counter

import pytest

from tournaments.seating import draw_round, opponents_met, repeat_count, table_sizes


@pytest.mark.parametrize("n", range(4, 81))
def test_everyone_is_seated_or_has_a_bye_exactly_once(n):
    players = [f"P{i}" for i in range(n)]
    met, byes = Counter(), Counter()
    for r in range(3):
        draw = draw_round(players, seed=1000 * n + r, met=met, byes_so_far=byes)
        placed = [p for t in draw.tables for p in t] + list(draw.byes)
        assert sorted(placed) == sorted(players)
        assert all(len(t) in (4, 5) for t in draw.tables)
        assert len(draw.byes) == n - sum(table_sizes(n))
        met.update(opponents_met([draw.tables]))
        byes.update(draw.byes)


@pytest.mark.parametrize("n, byes_per_round", [(6, 1), (7, 2), (11, 1)])
def test_only_6_7_and_11_need_byes(n, byes_per_round):
    assert n - sum(table_sizes(n)) == byes_per_round
    assert all(sum(table_sizes(m)) == m for m in range(12, 200))


@pytest.mark.parametrize("n", [6, 7, 11])
def test_byes_rotate_nobody_twice_before_everybody_once(n):
    players = list(range(n))
    byes = Counter()
    for r in range(2 * n):
        draw = draw_round(players, seed=r, byes_so_far=byes)
        byes.update(draw.byes)
        counts = [byes[p] for p in players]
        assert max(counts) - min(counts) <= 1, (r, byes)


def test_the_same_seed_gives_the_same_draw():
    players = [f"P{i}" for i in range(23)]
    met = Counter({frozenset(("P1", "P2")): 1})
    assert draw_round(players, 42, met) == draw_round(list(reversed(players)), 42, met)
    assert draw_round(players, 42, met) != draw_round(players, 43, met)


def random_draw(players, rng):
    shuffled = list(players)
    rng.shuffle(shuffled)
    sizes, tables, start = table_sizes(len(players)), [], 0
    for size in sizes:
        tables.append(shuffled[start : start + size])
        start += size
    return tables


@pytest.mark.parametrize("n", [16, 20, 33])
def test_draw_repeats_fewer_opponents_than_a_random_draw(n):
    """Measured over several simulated 5-round tournaments."""
    players = list(range(n))
    ours = theirs = 0
    for trial in range(6):
        rng = random.Random(trial)
        met_ours, met_random = Counter(), Counter()
        for r in range(5):
            draw = draw_round(players, seed=trial * 100 + r, met=met_ours)
            ours += repeat_count(draw.tables, met_ours)
            met_ours.update(opponents_met([draw.tables]))
            tables = random_draw(players, rng)
            theirs += repeat_count(tables, met_random)
            met_random.update(opponents_met([tables]))
    print(f"{n} players: repeats {ours} with the draw, {theirs} with random seating")
    assert ours < theirs * 0.5


# Every game's table sizes (the core's ``table_sizes``): Texas seats four, Petrtyl
# two, three, four or five, all playing.
GAME_SIZES = [(4,), (2,), (3,), (5,)]


@pytest.mark.parametrize("allowed", GAME_SIZES)
@pytest.mark.parametrize("n", [5, 7, 10, 13, 22])
def test_draws_make_tables_of_the_games_size_with_fair_byes(allowed, n):
    size = allowed[0]
    players = [f"P{i}" for i in range(n)]
    met, byes = Counter(), Counter()
    for r in range(2 * n):
        draw = draw_round(players, seed=r, met=met, byes_so_far=byes, allowed=allowed)
        placed = [p for t in draw.tables for p in t] + list(draw.byes)
        assert sorted(placed) == sorted(players)
        assert [len(t) for t in draw.tables] == [size] * (n // size)
        assert len(draw.byes) == n % size
        met.update(opponents_met([draw.tables]))
        byes.update(draw.byes)
        counts = [byes[p] for p in players]
        assert max(counts) - min(counts) <= 1, (r, byes)


@pytest.mark.parametrize("allowed, n", [((3,), 18), ((4,), 20), ((2,), 12)])
def test_game_sized_draws_repeat_fewer_opponents_than_a_random_draw(allowed, n):
    players = list(range(n))
    rng = random.Random(n)
    drawn, randomly = Counter(), Counter()
    drawn_repeats = random_repeats = 0
    for r in range(4):
        draw = draw_round(players, seed=r, met=drawn, allowed=allowed)
        drawn_repeats += draw.repeats
        drawn.update(opponents_met([draw.tables]))
        shuffled = list(players)
        rng.shuffle(shuffled)
        tables = [shuffled[i : i + allowed[0]] for i in range(0, n, allowed[0])]
        random_repeats += repeat_count(tables, randomly)
        randomly.update(opponents_met([tables]))
    assert drawn_repeats < random_repeats
