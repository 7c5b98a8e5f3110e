"""What the standings read of a settled deal: each net that belongs to the deal
(``nets_in_deal``) and whether the bidder won (``won_as_bidder``), for every game."""

import pytest

from taroky_scoring import nets_in_deal, parse_deal, score, won_as_bidder

from .helpers import PLAYERS, played

FIVE_SEATED = {"players": PLAYERS, "sitting_out": "Emil", "dealer": "Emil"}


def nets(document):
    outcome, _rules = parse_deal(document)
    return nets_in_deal(outcome, score(document))


def test_a_sitting_out_dealer_who_misdealt_keeps_his_net():
    # Nebraska at five: the dealer sits out, and his misdeal pays 1 to each player
    # (contract section 9); the standings count the deal against him.
    assert nets({**FIVE_SEATED, "kind": "misdeal"}) == {
        "Anna": 1,
        "Bill": 1,
        "Cyril": 1,
        "Dana": 1,
        "Emil": -4,
    }


def test_a_sitting_out_dealer_with_nothing_to_pay_did_not_take_part():
    document = {**played(), "sitting_out": "Emil", "dealer": "Emil"}
    assert nets(document) == {"Anna": 5, "Bill": -5, "Cyril": 5, "Dana": -5}


def test_a_player_at_zero_took_part_and_the_pot_is_kept():
    # Petrtyl: Dana's misdeal pays 4 into the pot; the others played a deal that paid
    # them nothing, and the pot's account is the caller's to file.
    document = {
        "ruleset": "petrtyl",
        "players": ["Anna", "Bill", "Cyril", "Dana"],
        "kind": "misdeal",
        "dealer": "Dana",
    }
    assert nets(document) == {"Anna": 0, "Bill": 0, "Cyril": 0, "Dana": -4, "#pot": 4}


@pytest.mark.parametrize(
    "document, expected",
    [
        # Anna's Four with Cyril, won with 41 and lost with 30.
        (played(), {"Anna": True, "Bill": None, "Cyril": None, "Dana": None}),
        (played(bidder_points=30), {"Anna": False, "Bill": None, "Cyril": None, "Dana": None}),
        # A Four given up is a bid not won.
        (
            {"players": PLAYERS, "kind": "surrendered", "bidder": "Bill"},
            {"Anna": None, "Bill": False, "Cyril": None, "Dana": None},
        ),
        # Nobody bid a thrown-in deal.
        ({"players": PLAYERS, "kind": "thrown_in"}, dict.fromkeys(PLAYERS)),
        # Texas: the declarer's side won at 54 of 106, lost at 53.
        (
            {
                "ruleset": "texas-xix",
                "players": PLAYERS,
                "kind": "played",
                "bidder": "Dana",
                "bid": "prever",
                "talon": "first",
                "bidder_points": 53,
            },
            {"Anna": None, "Bill": None, "Cyril": None, "Dana": False},
        ),
        # Petrtyl: a passed Three is forehand's, and paid to him.
        (
            {"ruleset": "petrtyl", "players": PLAYERS, "kind": "three_passed", "dealer": "Anna"},
            {"Anna": None, "Bill": True, "Cyril": None, "Dana": None},
        ),
    ],
)
def test_won_as_bidder_says_only_of_the_bidder_whether_he_won(document, expected):
    outcome, _rules = parse_deal(document)
    settlement = score(document)
    assert {name: won_as_bidder(outcome, settlement, name) for name in PLAYERS} == expected
