"""The circuit's rating against the openskill package's own numbers (CIRCUIT.md lines
69-77: Plackett-Luce with the package's defaults, one update per table per round in
date, event, round and table order; equal chips share a rank; a seat that changed hands
left out; provisional while sigma is 4 or more)."""

import datetime

import pytest
from openskill.models import PlackettLuce

from tournaments.circuit.rating import (
    PROVISIONAL_SIGMA,
    TableRound,
    chip_ranks,
    compute_ratings,
    rating_list,
)

D = datetime.date


def by_hand(model, ratings, players, ranks):
    """One update by the package directly: ``ratings`` updated in place."""
    teams = [[ratings.setdefault(p, model.rating())] for p in players]
    for p, (after,) in zip(players, model.rate(teams, ranks=ranks), strict=True):
        ratings[p] = after


def test_three_table_rounds_as_the_package_computes_them():
    rounds = [
        # Given out of order: the computation orders them by date, event order, round.
        TableRound(
            D(2026, 3, 1),
            1,
            "b",
            1,
            1,
            (("anna", 10), ("bill", 10), ("cyril", -4), ("dana", -4), ("eva", -12)),
        ),
        TableRound(
            D(2026, 2, 1),
            1,
            "a",
            2,
            1,
            (("anna", -6), ("bill", 12), ("cyril", 2), ("dana", -8), ("fred", 0)),
            frozenset({"bill", "fred"}),  # bill's seat went to fred during the round
        ),
        TableRound(
            D(2026, 2, 1), 1, "a", 1, 1, (("anna", 20), ("bill", -2), ("cyril", -6), ("dana", -12))
        ),
    ]
    model = PlackettLuce()
    assert (model.mu, model.sigma) == (25.0, 25 / 3)
    expected = {}
    by_hand(model, expected, ["anna", "bill", "cyril", "dana"], [1, 2, 3, 4])
    by_hand(model, expected, ["anna", "cyril", "dana"], [2, 1, 3])  # bill left out
    by_hand(model, expected, ["anna", "bill", "cyril", "dana", "eva"], [1, 1, 3, 3, 5])
    ratings = compute_ratings(rounds)
    assert {p: (r.mu, r.sigma) for p, r in ratings.items() if p != "fred"} == {
        p: (r.mu, r.sigma) for p, r in expected.items()
    }
    assert [(pt.event, pt.round) for pt in ratings["bill"].history] == [("a", 1), ("b", 1)]
    assert [(pt.event, pt.round) for pt in ratings["anna"].history] == [
        ("a", 1),
        ("a", 2),
        ("b", 1),
    ]
    # fred sat only in a seat that changed hands: known, not rated.
    assert (ratings["fred"].mu, ratings["fred"].sigma, ratings["fred"].history) == (
        25.0,
        25 / 3,
        [],
    )
    point = ratings["eva"].history[-1]
    assert point.displayed == pytest.approx(point.mu - 3 * point.sigma)
    assert ratings["anna"].displayed == expected["anna"].ordinal()


def test_equal_chips_share_a_rank():
    assert chip_ranks([10, 10, -4, -4, -12]) == [1, 1, 3, 3, 5]
    assert chip_ranks([0, 0, 0, 0]) == [1, 1, 1, 1]
    rounds = [TableRound(D(2026, 1, 1), 1, "a", 1, 1, (("a", 3), ("b", 3), ("c", 3), ("d", 3)))]
    ratings = compute_ratings(rounds)
    assert len({ratings[p].mu for p in "abcd"}) == 1  # nobody ahead of anyone


def test_a_table_with_one_rated_player_is_no_update():
    rounds = [
        TableRound(
            D(2026, 1, 1),
            1,
            "a",
            1,
            1,
            (("a", 3), ("b", 1), ("c", -2), ("d", -2)),
            frozenset({"b", "c", "d"}),
        )
    ]
    assert all(r.history == [] for r in compute_ratings(rounds).values())


ORDERS = (  # anna wins half the rounds and is second in the rest; dana mostly last
    ("anna", "bill", "cyril", "dana"),
    ("bill", "anna", "dana", "cyril"),
    ("anna", "cyril", "bill", "dana"),
    ("cyril", "anna", "bill", "dana"),
)


def regular_season(rounds: int) -> list[TableRound]:
    """anna, bill, cyril and dana at one table, weekly, finishing in ORDERS in turn."""
    return [
        TableRound(
            D(2026, 1, 1) + datetime.timedelta(days=7 * i),
            1,
            f"e{i}",
            1,
            1,
            tuple(zip(ORDERS[i % 4], (9, 3, -5, -7), strict=True)),
        )
        for i in range(rounds)
    ]


def test_provisional_while_sigma_is_4_or_more():
    ratings = compute_ratings(regular_season(1))
    assert all(r.provisional for r in ratings.values())
    assert rating_list(ratings) == []
    many = compute_ratings(regular_season(100))
    sigmas = [pt.sigma for pt in many["anna"].history]
    established_at = next(i for i, s in enumerate(sigmas) if s < PROVISIONAL_SIGMA)
    assert sigmas[established_at - 1] >= 4 > sigmas[established_at]
    rows = rating_list(many)
    assert [(row.rank, row.player) for row in rows] == [
        (1, "anna"),
        (2, "bill"),
        (3, "cyril"),
        (4, "dana"),
    ]
    assert rows[0].displayed == f"{many['anna'].mu - 3 * many['anna'].sigma:.2f}"


def test_a_regular_moves_less_than_a_newcomer():
    """Why the docs say a regular's rating moves less: the same loss moves a newcomer's
    mu further than a regular's."""
    season = regular_season(40)
    upset = (("eva", 9), ("anna", -9), ("bill", 0), ("cyril", 0))
    day = D(2026, 12, 1)
    after = compute_ratings([*season, TableRound(day, 1, "x", 1, 1, upset)])
    before = compute_ratings(season)
    anna_drop = before["anna"].mu - after["anna"].mu
    eva_rise = after["eva"].mu - 25.0
    assert 0 < anna_drop < eva_rise


def test_two_computations_are_the_same():
    season = regular_season(12)
    first, second = compute_ratings(season), compute_ratings(list(reversed(season)))
    assert {p: (r.mu, r.sigma, r.history) for p, r in first.items()} == {
        p: (r.mu, r.sigma, r.history) for p, r in second.items()
    }
