"""Claims the pack or the blind makes impossible are refused, with the reason (issue 11)."""

import time

import pytest

from taroky_scoring import OutcomeError, card_points, score

from .helpers import played


def _refused(doc):
    with pytest.raises(OutcomeError) as e:
        score(doc)
    return [(err.field, err.message) for err in e.value.errors]


def _decl(*pairs):
    return [{"player": p, "kind": k} for p, k in pairs]


# -- declarations against the pack: 22 taroky, 4 Kings, 12 cards a hand ---------------


def test_two_ten_taroky_and_a_three_high_need_23_of_22_taroky():
    doc = played(
        declarations=_decl(("Bill", "ten_taroky"), ("Dana", "ten_taroky"), ("Anna", "three_high"))
    )
    assert _refused(doc) == [
        (
            "declarations",
            "Together these declarations need 23 taroky and the pack has only 22: "
            "Ten Taroky (Bill) 10, Ten Taroky (Dana) 10, Three High (Anna) 3.",
        )
    ]


def test_ten_taroky_holder_may_also_hold_three_high():
    # Bill's Three High are among his ten taroky: 10 + 10 of 22.
    doc = played(
        declarations=_decl(("Bill", "ten_taroky"), ("Dana", "ten_taroky"), ("Bill", "three_high"))
    )
    assert score(doc).net == {"Anna": 2, "Bill": 0, "Cyril": 2, "Dana": -4}


# -- Four Kings in the bidder's hand: the bidder holds the called King -----------------


def test_bidder_with_four_kings_cannot_have_a_partner():
    doc = played(declarations=_decl(("Anna", "four_kings")))
    assert _refused(doc) == [
        (
            "partner",
            "Anna declared Four Kings, so holds the called King and plays alone: "
            "there is no partner.",
        )
    ]


def test_bidder_with_four_kings_alone_and_partner_with_four_kings_are_fine():
    alone = score(played(partner=None, declarations=_decl(("Anna", "four_kings"))))
    assert alone.net == {"Anna": 18, "Bill": -6, "Cyril": -6, "Dana": -6}
    partner = score(played(declarations=_decl(("Cyril", "four_kings"))))
    assert partner.net == {"Anna": 4, "Bill": -6, "Cyril": 8, "Dana": -6}


# -- the blind's cards the bidder's team can never have -------------------------------


@pytest.mark.parametrize(
    "blind, valat_value", [("first", 8), ("second", 10), ("first_after_second", 12)]
)
def test_a_four_cannot_take_all_70_the_other_half_counts_for_the_opponents(blind, valat_value):
    doc = played(blind=blind, valat="bidder", bidder_points=70)
    assert _refused(doc) == [
        (
            "bidder_points",
            "In a Four the half of the blind the bidder did not take counts for the "
            "opponents, and three cards count at least 1 card point: the bidder's team "
            "has at most 69, not 70.",
        )
    ]
    assert score({**doc, "bidder_points": 69}).net["Anna"] == valat_value


def test_the_bound_names_opponent_points_when_those_were_given():
    doc = played(bidder_points=None, opponent_points=0)
    assert [f for f, _ in _refused(doc)] == ["opponent_points"]


@pytest.mark.parametrize("bid", ["five", "five_over"])
def test_a_five_leaves_the_whole_blind_to_the_opponents(bid):
    for points in (69, 70):
        doc = played(bid=bid, blind=None, bidder_points=points)
        assert _refused(doc) == [
            (
                "bidder_points",
                f"In a {'Five Over' if bid == 'five_over' else 'Five'} the six cards of "
                "the blind count for the opponents, and six cards count at least 2 card "
                f"points: the bidder's team has at most 68, not {points}.",
            )
        ]
    assert score(played(bid=bid, blind=None, bidder_points=68)).bidder_won is True


def test_a_five_with_the_king_in_the_blind_gives_the_bidder_one_half():
    doc = played(bid="five", blind=None, partner=None, king_in_blind=True, bidder_points=70)
    assert _refused(doc) == [
        (
            "bidder_points",
            "In a Five with the called King in the blind the bidder gets three of its "
            "cards and the opponents the other three, which count at least 1 card point: "
            "the bidder's team has at most 69, not 70.",
        )
    ]
    assert score({**doc, "bidder_points": 69}).net["Anna"] == 24


# -- card_points refuses over-pack piles before building anything ---------------------


def test_card_points_refuses_a_huge_lazy_pile_fast():
    calls = 0

    def kings():
        nonlocal calls
        for _ in range(10**8):
            calls += 1
            yield "king"

    start = time.perf_counter()
    with pytest.raises(OutcomeError) as e:
        card_points(12, kings())
    assert time.perf_counter() - start < 0.5
    assert calls <= 20
    assert [(err.field, err.message) for err in e.value.errors] == [
        ("counting", "The pack has only 19 counting cards: the list names more.")
    ]


def test_card_points_refuses_a_huge_list_without_counting_it():
    kings = ["king"] * 10**7
    start = time.perf_counter()
    with pytest.raises(OutcomeError):
        card_points(12, kings)
    assert time.perf_counter() - start < 0.5  # counting the list took seconds
