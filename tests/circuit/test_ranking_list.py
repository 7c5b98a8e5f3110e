"""The circuit's ranking list, rule by rule as ../shared/CIRCUIT.md words them (its
"The ranking list" section; the lines cited are that file's)."""

import datetime
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.circuit.list_changes import diff
from tournaments.circuit.ranking_list import (
    CountedEvent,
    add_months,
    age_weight,
    approved_events,
    compute_list,
    placement_points,
    placings,
    render_csv,
    round_half_up,
    shown,
)

from .helpers import CHAMPIONSHIP, CLUB, TOURNAMENT, event, redo

D = datetime.date
DAY = D(2026, 11, 1)  # the list's date unless a test says otherwise


# -- CIRCUIT.md lines 43-46: placement points, shared places averaged ----------------


@pytest.mark.parametrize(
    "ranked, place, points",
    [
        (16, 3, "866.67"),  # line 46's own example
        (16, 1, "1000.00"),
        (16, 16, "0.00"),
        (4, 2, "666.67"),
        (5, Fraction(5, 2), "625.00"),  # 2nd-3rd of 5 shared: place 2.5
        (4, Fraction(5, 2), "500.00"),
    ],
)
def test_placement_points(ranked, place, points):
    assert shown(placement_points(Fraction(place), ranked)) == points


def test_3rd_of_16_is_866_67_exactly_two_thirds_of_1300():
    assert placement_points(Fraction(3), 16) == Fraction(2600, 3)


def test_shared_places_are_averaged():
    """Lines 44-45: 2nd-3rd shared is 2.5 for both, given as a range or as the same place."""
    as_ranges = event("e", D(2026, 10, 1), 4, {"anna": 1, "bill": (2, 3), "cyril": (2, 3)})
    same_place = placings([("anna", 1), ("bill", 2), ("cyril", 2), ("e-4", 4)])
    assert same_place == as_ranges.placings
    ranking = compute_list([as_ranges], DAY)
    (bill,) = ranking.line("bill").results
    assert bill.place == Fraction(5, 2)
    assert shown(bill.points) == "500.00"
    assert ranking.line("cyril").results[0].points == bill.points
    assert ranking.line("anna").results[0].points == 1000
    assert ranking.line("e-4").results[0].points == 0


def test_places_that_do_not_fit_are_refused():
    bad = event("e", D(2026, 10, 1), 4, {"anna": (1, 2)})  # two places held by one player
    with pytest.raises(ValueError, match="event e: places 1-2 do not fit"):
        compute_list([bad], DAY)
    twice = event("f", D(2026, 10, 1), 4, {})
    with pytest.raises(ValueError, match="an event is given twice"):
        compute_list([twice, twice], DAY)


# -- Line 43-44: fewer than 4 ranked do not count; only approved events -----------------


@pytest.mark.parametrize("ranked, counts", [(2, False), (3, False), (4, True), (5, True)])
def test_an_event_counts_from_4_ranked(ranked, counts):
    ranking = compute_list([event("e", D(2026, 10, 1), ranked, {"anna": 1})], DAY)
    (seen,) = ranking.events
    assert seen.counts is counts
    assert seen.why_not == ("" if counts else f"ranked {ranked}, fewer than 4")
    assert (ranking.line("anna") is not None) is counts


def test_unapproved_events_do_not_count():
    """Line 43 ("An approved event counts"): the caller hands in approved events only
    (approved_events filters them); an unapproved one handed in is refused."""
    events = [
        event("a", D(2026, 9, 1), 5, {"anna": 1}),
        event("b", D(2026, 10, 1), 5, {"anna": 5}, approved=False),
    ]
    assert [e.key for e in approved_events(events)] == ["a"]
    ranking = compute_list(approved_events(events), DAY)
    assert [r.event for r in ranking.line("anna").results] == ["a"]
    with pytest.raises(ValueError, match="event b is not approved for the list"):
        compute_list(events, DAY)


# -- Lines 49-52: the age steps at 12, 24 and 36 calendar months ----------------------


@pytest.mark.parametrize(
    "event_date, list_date, weight",
    [
        (D(2025, 6, 15), D(2025, 6, 14), None),  # after the list's date: not on it
        (D(2025, 6, 15), D(2025, 6, 15), Fraction(1)),
        (D(2025, 6, 15), D(2026, 6, 14), Fraction(1)),  # line 50's example
        (D(2025, 6, 15), D(2026, 6, 15), Fraction(2, 3)),  # line 51's example
        (D(2025, 6, 15), D(2027, 6, 14), Fraction(2, 3)),
        (D(2025, 6, 15), D(2027, 6, 15), Fraction(1, 3)),
        (D(2025, 6, 15), D(2028, 6, 14), Fraction(1, 3)),
        (D(2025, 6, 15), D(2028, 6, 15), Fraction(0)),  # no longer counts
        # Month ends: a day the anniversary's month lacks is that month's last day.
        (D(2024, 2, 29), D(2025, 2, 27), Fraction(1)),
        (D(2024, 2, 29), D(2025, 2, 28), Fraction(2, 3)),
        (D(2024, 2, 29), D(2026, 2, 27), Fraction(2, 3)),
        (D(2024, 2, 29), D(2026, 2, 28), Fraction(1, 3)),
        (D(2024, 2, 29), D(2027, 2, 27), Fraction(1, 3)),
        (D(2024, 2, 29), D(2027, 2, 28), Fraction(0)),
        (D(2025, 1, 31), D(2026, 1, 30), Fraction(1)),
        (D(2025, 1, 31), D(2026, 1, 31), Fraction(2, 3)),
    ],
)
def test_the_age_steps(event_date, list_date, weight):
    assert age_weight(event_date, list_date) == weight


def test_a_short_month_takes_its_last_day():
    assert add_months(D(2025, 1, 31), 1) == D(2025, 2, 28)
    assert add_months(D(2024, 1, 31), 1) == D(2024, 2, 29)
    assert add_months(D(2025, 12, 31), 2) == D(2026, 2, 28)


def test_the_age_on_the_list():
    """Class x age is a result's weight (lines 47-49, 55); an old event leaves the list."""
    events = [
        event("new", D(2026, 6, 15), 5, {"anna": 1}, TOURNAMENT),
        event("year", D(2025, 6, 15), 5, {"anna": 1}, TOURNAMENT),
        event("two", D(2024, 6, 15), 5, {"anna": 1}, CHAMPIONSHIP),
        event("three", D(2023, 6, 15), 5, {"anna": 1}, CHAMPIONSHIP),
        event("later", D(2026, 6, 16), 5, {"anna": 1}),
    ]
    ranking = compute_list(events, D(2026, 6, 15))
    weights = {r.event: r.weight for r in ranking.line("anna").results}
    assert weights == {"new": 2, "year": Fraction(4, 3), "two": 1}
    assert {e.key: e.why_not for e in ranking.events if not e.counts} == {
        "three": "36 months old or more",
        "later": "after the list's date",
    }


# -- Lines 53-56: the two halves; best three by points, the heavier first --------------


def test_best_three_by_points_the_heavier_first_on_equal_points():
    # 1st of 5 is 1000 points, 2nd of 5 750: three 750s, of weights 1, 3 and 2.
    events = [
        event("a", D(2026, 1, 10), 5, {"anna": 1}, CLUB),
        event("b", D(2026, 2, 10), 5, {"anna": 2}, CLUB),
        event("c", D(2026, 3, 10), 5, {"anna": 2}, CHAMPIONSHIP),
        event("d", D(2026, 4, 10), 5, {"anna": 2}, TOURNAMENT),
    ]
    line = compute_list(events, DAY).line("anna")
    assert [r.event for r in line.best] == ["a", "c", "d"]  # not b, the lighter 750
    assert line.all_mean == Fraction(1000 + 750 + 750 * 3 + 750 * 2, 7)
    assert line.best_mean == Fraction(1000 + 750 * 3 + 750 * 2, 6)
    assert line.score == (line.all_mean + line.best_mean) / 2
    assert line.calculation == (
        "all: (1000.00x1 + 750.00x1 + 750.00x3 + 750.00x2)/(1 + 1 + 3 + 2) = 785.71; "
        "best 3: (1000.00x1 + 750.00x3 + 750.00x2)/(1 + 3 + 2) = 791.67; "
        "score = (785.71 + 791.67)/2 = 788.69"
    )


def test_best_three_is_not_the_heaviest_three():
    events = [
        event("a", D(2026, 1, 10), 5, {"anna": 5}, CHAMPIONSHIP),  # 0 points, weight 3
        event("b", D(2026, 2, 10), 5, {"anna": 1}),
        event("c", D(2026, 3, 10), 5, {"anna": 2}),
        event("d", D(2026, 4, 10), 5, {"anna": 3}),
    ]
    line = compute_list(events, DAY).line("anna")
    assert [r.event for r in line.best] == ["b", "c", "d"]
    assert shown(line.best_mean) == "750.00"
    assert shown(line.all_mean) == "375.00"  # (1000 + 750 + 500) / 6
    assert shown(line.score) == "562.50"


# -- Lines 57-58: unranked below 3 counting events, not listed with none ----------------


def test_unranked_below_three_events():
    events = [
        event("a", D(2026, 1, 10), 4, {"anna": 1, "bill": 2, "cyril": 3}),
        event("b", D(2026, 2, 10), 4, {"anna": 1, "bill": 2}),
        event("c", D(2026, 3, 10), 4, {"anna": 2}),
        event("small", D(2026, 4, 10), 3, {"dana": 1}),  # ranks 3: counts for nobody
    ]
    ranking = compute_list(events, DAY)
    assert ranking.line("anna").standing == "1"
    assert ranking.line("bill").standing == "unranked (2 of 3)"
    assert ranking.line("cyril").standing == "unranked (1 of 3)"
    assert ranking.line("dana") is None
    assert [line.rank for line in ranking.lines][:1] == [1]
    # The unranked follow the ranked: by their counting events, then by score (c-1 won c).
    assert [line.player for line in ranking.lines][:3] == ["anna", "bill", "c-1"]


# -- Lines 59-60: rank by score rounded half up; equal rounded scores share a rank -------


def test_rounded_half_up():
    assert round_half_up(Fraction("2.345")) == Fraction("2.35")
    assert round_half_up(Fraction("2.3449999")) == Fraction("2.34")
    assert shown(Fraction("866.665")) == "866.67"
    assert shown(Fraction(0)) == "0.00"


def shared_rank_events():
    """Cyril always 1st; Anna 4th of 4 then 9th of 36 twice: 3600/7 = 514.2857...;
    Bill 39th of 40 then 8th of 30 twice: 1745000/3393 = 514.2941...; both 514.29;
    Dana last of all three: 0."""
    return [
        event("e1", D(2026, 1, 10), 4, {"cyril": 1, "anna": 4}),
        event("e2", D(2026, 2, 10), 36, {"cyril": 1, "anna": 9}),
        event("e3", D(2026, 3, 10), 36, {"cyril": 1, "anna": 9}),
        event("e4", D(2026, 4, 10), 40, {"cyril": 1, "bill": 39, "dana": 40}),
        event("e5", D(2026, 5, 10), 30, {"cyril": 1, "bill": 8, "dana": 30}),
        event("e6", D(2026, 6, 10), 30, {"cyril": 1, "bill": 8, "dana": 30}),
    ]


@pytest.mark.parametrize(
    "names, order",
    [
        ({"anna": "Zdeněk", "bill": "Adam"}, ["cyril", "bill", "anna", "dana"]),
        ({"anna": "Čestmír", "bill": "Dan"}, ["cyril", "anna", "bill", "dana"]),
        ({}, ["cyril", "anna", "bill", "dana"]),  # no names: by key
    ],
)
def test_equal_rounded_scores_share_a_rank(names, order):
    ranking = compute_list(shared_rank_events(), DAY, names)
    anna, bill = ranking.line("anna"), ranking.line("bill")
    assert anna.score == Fraction(3600, 7) and bill.score == Fraction(1745000, 3393)
    ranked = [line for line in ranking.lines if line.rank is not None]
    assert [(line.player, line.rank, shown(line.score)) for line in ranked] == [
        (player, rank, score)
        for player, rank, score in zip(
            order,
            [1, 2, 2, 4],
            ["1000.00", *(["514.29"] * 2), "0.00"],
            strict=True,
        )
    ]


# -- Lines 61-62: the calculation line redoes the score within 0.01 ---------------------


def test_the_calculation_line_is_redone():
    events = [
        event("a", D(2025, 3, 1), 16, {"anna": 3}, TOURNAMENT),
        event("b", D(2026, 2, 1), 7, {"anna": (2, 3), "bill": (2, 3)}),
        event("c", D(2024, 8, 1), 9, {"anna": 5}, CHAMPIONSHIP),
        event("d", D(2026, 9, 1), 4, {"anna": 1}),
    ]
    line = compute_list(events, DAY).line("anna")
    assert abs(redo(line.calculation) - line.score) <= Fraction(1, 100)


@st.composite
def circuits(draw):
    players = [f"p{i}" for i in range(draw(st.integers(4, 12)))]
    events = []
    for index in range(draw(st.integers(1, 12))):
        field = draw(st.lists(st.sampled_from(players), min_size=4, unique=True))
        scores = draw(st.lists(st.integers(0, 3), min_size=len(field), max_size=len(field)))
        places = [(p, 1 + sum(o > s for o in scores)) for p, s in zip(field, scores, strict=True)]
        days_back = draw(st.integers(0, 1200))
        klass = draw(st.sampled_from([CLUB, TOURNAMENT, CHAMPIONSHIP]))
        date = DAY - datetime.timedelta(days=days_back)
        events.append(CountedEvent(f"e{index}", date, klass, placings(places)))
    return events


@given(circuits())
def test_every_calculation_line_redoes_its_score(events):
    for line in compute_list(events, DAY).lines:
        assert abs(redo(line.calculation) - line.score) <= Fraction(1, 100), line.calculation
        assert line.calculation.endswith(f" = {shown(line.score)}")


# -- Lines 63-65: deterministic, byte for byte; the history says who moved and why ------


def test_two_computations_give_the_same_bytes():
    events = shared_rank_events() + [event("x", D(2026, 7, 1), 5, {"anna": 1})]
    shuffled = events[:]
    random.Random(5).shuffle(shuffled)
    names = {"anna": "=Anna", "bill": "Bill"}
    first = render_csv(compute_list(events, DAY), names)
    assert render_csv(compute_list(shuffled, DAY), names) == first
    # Anna: 4th of 4 (0), 9th of 36 twice (1000 x 27/35), 1st of 5 (1000).
    assert first.splitlines()[:4] == [
        b"rank,player,name,score,events,calculation",
        b"1,cyril,,1000.00,6,all: (1000.00x1 + 1000.00x1 + 1000.00x1 + 1000.00x1 + 1000.00x1"
        b" + 1000.00x1)/(1 + 1 + 1 + 1 + 1 + 1) = 1000.00; best 3: (1000.00x1 + 1000.00x1"
        b" + 1000.00x1)/(1 + 1 + 1) = 1000.00; score = (1000.00 + 1000.00)/2 = 1000.00",
        b"2,anna,'=Anna,741.67,4,all: (0.00x1 + 771.43x1 + 771.43x1 + 1000.00x1)/(1 + 1 + 1"
        b" + 1) = 635.71; best 3: (1000.00x1 + 771.43x1 + 771.43x1)/(1 + 1 + 1) = 847.62;"
        b" score = (635.71 + 847.62)/2 = 741.67",
        b"3,bill,Bill,514.29,3,all: (25.64x1 + 758.62x1 + 758.62x1)/(1 + 1 + 1) = 514.29;"
        b" best 3: (758.62x1 + 758.62x1 + 25.64x1)/(1 + 1 + 1) = 514.29;"
        b" score = (514.29 + 514.29)/2 = 514.29",
    ]


def test_who_moved_and_why():
    base = [
        event("a", D(2025, 11, 20), 5, {"anna": 1, "bill": 2}),
        event("b", D(2026, 3, 1), 5, {"anna": 2, "bill": 1}),
        event("c", D(2026, 5, 1), 5, {"anna": 3, "bill": 4, "cyril": 1}),
    ]
    old = compute_list(base, DAY)
    corrected = event("c", D(2026, 5, 1), 5, {"anna": 4, "bill": 3, "cyril": 1}, version="v2")
    entered = event("d", D(2026, 11, 25), 5, {"cyril": 1, "dana": 2})
    new = compute_list([base[0], base[1], corrected, entered], D(2026, 11, 25))
    moves = {m.player: str(m) for m in diff(old, new)}
    # Anna: 1000 (now x2/3), 750, and c's 500 corrected to 250: 1666.67 / (8/3) = 625.
    assert moves["anna"] == "anna: 1 -> 2, 750.00 -> 625.00 (a aged to 2/3; c corrected)"
    assert moves["bill"] == "bill: 2 -> 1, 666.67 -> 750.00 (a aged to 2/3; c corrected)"
    # c's correction left cyril 1st of 5: it is not one of his reasons.
    assert moves["cyril"] == (
        "cyril: unranked (1 of 3) -> unranked (2 of 3), 1000.00 -> 1000.00 (d entered)"
    )
    assert moves["dana"] == "dana: not listed -> unranked (1 of 3), - -> 750.00 (d entered)"
    gone = compute_list(base[1:], DAY)
    (left,) = [str(m) for m in diff(old, gone) if m.player == "a-3"]
    assert left == "a-3: unranked (1 of 3) -> not listed, 500.00 -> - (a left (no longer approved))"
    aged_out = compute_list(base, D(2028, 11, 20))  # a is 36 months old
    (left,) = [str(m) for m in diff(old, aged_out) if m.player == "a-3"]
    assert left == (
        "a-3: unranked (1 of 3) -> not listed, 500.00 -> - (a left (36 months old or more))"
    )


def test_a_player_moved_by_others():
    base = [event(k, D(2026, m, 1), 5, {"anna": 2}) for k, m in (("a", 1), ("b", 2), ("c", 3))]
    eva = [event(k, D(2026, m, 1), 5, {"eva": 1}) for k, m in (("x", 4), ("y", 5), ("z", 6))]
    (moved,) = [
        m
        for m in diff(compute_list(base, DAY), compute_list(base + eva, DAY))
        if m.player == "anna"
    ]
    assert str(moved) == "anna: 1 -> 2, 750.00 -> 750.00 (others' results)"
