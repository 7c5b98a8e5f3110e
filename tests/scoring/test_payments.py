"""Table-driven payment cases. ``...`` as a field value removes it from the deal."""

import pytest

from taroky_scoring import score

from .helpers import played

# Seats clockwise: Anna, Bill, Cyril, Dana. With Anna + Cyril against Bill + Dana,
# Anna settles with Bill (first opponent clockwise from her) and Cyril with Dana.

NET_CASES = [
    # Four taking the first half, won 2v2: 4 each (seed 000 scoring table).
    (dict(blind="first"), {"Anna": 4, "Bill": -4, "Cyril": 4, "Dana": -4}),
    # Four taking the second half, won: 5 each (seed 000 / 001 "Five chips").
    (dict(blind="second"), {"Anna": 5, "Bill": -5, "Cyril": 5, "Dana": -5}),
    # Four back to the first half after seeing the second: 6 each (seed 001 "Six chips").
    (dict(blind="first_after_second"), {"Anna": 6, "Bill": -6, "Cyril": 6, "Dana": -6}),
    # Seed 000: the lone Four bidder back to the first half wins 6 from each: +18.
    (
        dict(blind="first_after_second", partner=None),
        {"Anna": 18, "Bill": -6, "Cyril": -6, "Dana": -6},
    ),
    # 35-35 is a loss for the bidder's team (seed 000 and 001).
    (dict(bidder_points=35), {"Anna": -5, "Bill": 5, "Cyril": -5, "Dana": 5}),
    # 36 is the least that wins.
    (dict(bidder_points=36), {"Anna": 5, "Bill": -5, "Cyril": 5, "Dana": -5}),
    # opponent_points instead of bidder_points: 34 for the opponents means 36 for us.
    (
        dict(bidder_points=..., opponent_points=34),
        {"Anna": 5, "Bill": -5, "Cyril": 5, "Dana": -5},
    ),
    # Five: 8 (seed 000, 001); no blind.
    (dict(bid="five", blind=None), {"Anna": 8, "Bill": -8, "Cyril": 8, "Dana": -8}),
    # Five Over: 16.
    (dict(bid="five_over", blind=None), {"Anna": 16, "Bill": -16, "Cyril": 16, "Dana": -16}),
    # Five with kontra, lost: 16 each (seed 002: 8, 16*, 32**).
    (
        dict(bid="five", blind=None, kontra="kontra", bidder_points=30),
        {"Anna": -16, "Bill": 16, "Cyril": -16, "Dana": 16},
    ),
    # Five with rekontra: 32 (seed 002).
    (
        dict(bid="five", blind=None, kontra="rekontra"),
        {"Anna": 32, "Bill": -32, "Cyril": 32, "Dana": -32},
    ),
    # Five Over rekontra: 64 (seed 002: 16, 32*, 64**).
    (
        dict(bid="five_over", blind=None, kontra="rekontra"),
        {"Anna": 64, "Bill": -64, "Cyril": 64, "Dana": -64},
    ),
    # Valat table of seed 002: Four 8/10/12, Five 16, Five Over 32.
    (
        dict(blind="first", valat="bidder", bidder_points=62),
        {"Anna": 8, "Bill": -8, "Cyril": 8, "Dana": -8},
    ),
    (dict(valat="bidder", bidder_points=62), {"Anna": 10, "Bill": -10, "Cyril": 10, "Dana": -10}),
    (
        dict(blind="first_after_second", valat="bidder", bidder_points=62),
        {"Anna": 12, "Bill": -12, "Cyril": 12, "Dana": -12},
    ),
    (
        dict(bid="five", blind=None, valat="opponents", bidder_points=0),
        {"Anna": -16, "Bill": 16, "Cyril": -16, "Dana": 16},
    ),
    (
        dict(bid="five_over", blind=None, valat="bidder", bidder_points=68),
        {"Anna": 32, "Bill": -32, "Cyril": 32, "Dana": -32},
    ),
    # Contract's explanation example: Five Over 16 x rekontra 4 x valat 2 = 128, alone.
    (
        dict(
            bid="five_over",
            blind=None,
            kontra="rekontra",
            valat="bidder",
            partner=None,
            bidder_points=68,
        ),
        {"Anna": 384, "Bill": -128, "Cyril": -128, "Dana": -128},
    ),
    # The called King in the blind: the bidder plays alone, loses a Five 3 x 8.
    (
        dict(bid="five", blind=None, partner=None, king_in_blind=True, bidder_points=20),
        {"Anna": -24, "Bill": 8, "Cyril": 8, "Dana": 8},
    ),
    # Seed 000: King Last in a Four, unannounced, won by the bidder's team: +1 each.
    (
        dict(king_last={"announced": False, "outcome": "won"}),
        {"Anna": 6, "Bill": -6, "Cyril": 6, "Dana": -6},
    ),
    # Seed 000: called King Last in a Five Over = 8 (game 16 + bonus 8).
    (
        dict(bid="five_over", blind=None, king_last={"announced": True, "outcome": "won"}),
        {"Anna": 24, "Bill": -24, "Cyril": 24, "Dana": -24},
    ),
    # Seed 000: ... or 16 with all tricks (game 32 + bonus 16).
    (
        dict(
            bid="five_over",
            blind=None,
            valat="bidder",
            bidder_points=60,
            king_last={"announced": True, "outcome": "won"},
        ),
        {"Anna": 48, "Bill": -48, "Cyril": 48, "Dana": -48},
    ),
    # A team can win the game and lose King Last: opponents took the King in the last
    # trick (unannounced): game +5, bonus -1.
    (
        dict(king_last={"announced": False, "outcome": "lost"}),
        {"Anna": 4, "Bill": -4, "Cyril": 4, "Dana": -4},
    ),
    # Announced King Last played early fails: pays 2 (seed 001 "loses the two chips").
    (
        dict(king_last={"announced": True, "outcome": "played_early"}),
        {"Anna": 3, "Bill": -3, "Cyril": 3, "Dana": -3},
    ),
    # Kontra never touches a bonus: Five kontra 16 + King Last announced x Five = 4.
    (
        dict(
            bid="five", blind=None, kontra="kontra", king_last={"announced": True, "outcome": "won"}
        ),
        {"Anna": 20, "Bill": -20, "Cyril": 20, "Dana": -20},
    ),
    # Tarok 1 Last won by the opponents' 1 (unannounced), Four: game +5, bonus -1.
    (
        dict(tarok1_last={"team": "opponents", "announced": False, "outcome": "tarok1_won"}),
        {"Anna": 4, "Bill": -4, "Cyril": 4, "Dana": -4},
    ),
    # Seed 000: a 1 beaten by its own partner still fails under La Vista: its team pays.
    (
        dict(tarok1_last={"team": "bidder", "announced": False, "outcome": "partner_won"}),
        {"Anna": 4, "Bill": -4, "Cyril": 4, "Dana": -4},
    ),
    # ... but under Heun the team taking the last trick wins it (contract section 5).
    (
        dict(
            ruleset="heun",
            tarok1_last={"team": "bidder", "announced": False, "outcome": "partner_won"},
        ),
        {"Anna": 6, "Bill": -6, "Cyril": 6, "Dana": -6},
    ),
    # Announced Tarok 1 Last played early in a Five: the 1's team pays 1 x 2 x 2 = 4.
    (
        dict(
            bid="five",
            blind=None,
            tarok1_last={"team": "opponents", "announced": True, "outcome": "played_early"},
        ),
        {"Anna": 12, "Bill": -12, "Cyril": 12, "Dana": -12},
    ),
    # Seed 001: Ten Taroky in a Five Over is four chips from each player.
    (
        dict(
            bid="five_over",
            blind=None,
            bidder_points=20,
            declarations=[{"player": "Bill", "kind": "ten_taroky"}],
        ),
        # Anna -16 -4, Bill +16 +12, Cyril -16 -4, Dana +16 -4.
        {"Anna": -20, "Bill": 28, "Cyril": -20, "Dana": 12},
    ),
    # Declarations ignore valat: Three High in a Four with valat is still 1 each.
    (
        dict(
            valat="bidder",
            bidder_points=58,
            declarations=[{"player": "Cyril", "kind": "three_high"}],
        ),
        {"Anna": 9, "Bill": -11, "Cyril": 13, "Dana": -11},
    ),
    # Four Kings by the lone bidder who called their own King: 3 x 5 game + 3 x 1.
    (
        dict(partner=None, declarations=[{"player": "Anna", "kind": "four_kings"}]),
        {"Anna": 18, "Bill": -6, "Cyril": -6, "Dana": -6},
    ),
    # Seed 000: one player may declare Ten Taroky and Three High, in a Five (2 each).
    (
        dict(
            bid="five",
            blind=None,
            declarations=[
                {"player": "Dana", "kind": "ten_taroky"},
                {"player": "Dana", "kind": "three_high"},
            ],
            tarok1_last={"team": "opponents", "announced": False, "outcome": "lost"},
        ),
        # Game 8; declarations 2 x 3 x 2 to Dana; the opponents' failed 1 pays 2 each.
        {"Anna": 6, "Bill": -14, "Cyril": 6, "Dana": 2},
    ),
    # Forgotten discard: the Four bidder pays 1 to each other player, game as usual.
    (
        dict(penalties=[{"kind": "forgotten_discard"}]),
        {"Anna": 2, "Bill": -4, "Cyril": 6, "Dana": -4},
    ),
]


@pytest.mark.parametrize("fields, net", NET_CASES)
def test_net_chips(fields, net):
    assert score(played(**fields)).net == net


def test_pairing_bidder_with_first_opponent_clockwise():
    # Bidder Cyril, partner Anna: first opponent clockwise from Cyril is Dana.
    settlement = score(
        played(bidder="Cyril", partner="Anna", bid="five", blind=None, bidder_points=50)
    )
    assert [(t.payer, t.payee, t.chips) for t in settlement.transfers] == [
        ("Dana", "Cyril", 8),
        ("Bill", "Anna", 8),
    ]


def test_lone_bidder_settles_with_each_opponent_clockwise():
    settlement = score(played(bidder="Bill", partner=None, bidder_points=20))
    assert [(t.payer, t.payee, t.chips) for t in settlement.transfers] == [
        ("Bill", "Cyril", 5),
        ("Bill", "Dana", 5),
        ("Bill", "Anna", 5),
    ]


def test_explanation_names_every_factor():
    settlement = score(
        played(bid="five_over", blind=None, kontra="rekontra", valat="bidder", bidder_points=68)
    )
    assert settlement.game_value == 128
    assert settlement.transfers[0].explanation == (
        "Game won with 68 card points: Five Over 16 x rekontra 4 x valat 2 = 128"
    )


def test_result_fields():
    settlement = score(played(bidder_points=30))
    assert (settlement.bidder_won, settlement.game_value) == (False, 5)


def test_order_is_game_bonuses_declarations_penalties():
    settlement = score(
        played(
            king_last={"announced": False, "outcome": "won"},
            tarok1_last={"team": "bidder", "announced": False, "outcome": "tarok1_won"},
            declarations=[{"player": "Dana", "kind": "ten_taroky"}],
            penalties=[{"kind": "forgotten_discard"}],
        )
    )
    reasons = [t.reason.value for t in settlement.transfers]
    assert (
        reasons
        == ["game"] * 2
        + ["king_last"] * 2
        + ["tarok1_last"] * 2
        + ["ten_taroky"] * 3
        + ["forgotten_discard"] * 3
    )


KIND_CASES = [
    # Surrender: only after a Four; bidder pays 4 to each of the other three.
    (
        {"kind": "surrendered", "bidder": "Bill", "bid": "four", "blind": "second"},
        {"Anna": 4, "Bill": -12, "Cyril": 4, "Dana": 4},
    ),
    # Thrown in (a hand with no King and no tarok): nothing is paid.
    ({"kind": "thrown_in", "dealer": "Dana"}, {"Anna": 0, "Bill": 0, "Cyril": 0, "Dana": 0}),
    # Misdeal: the dealer pays 1 to each other player (seed 000 / 001).
    ({"kind": "misdeal", "dealer": "Dana"}, {"Anna": 1, "Bill": 1, "Cyril": 1, "Dana": -3}),
    # Five-player table: the sitting-out dealer who misdeals pays all four.
    (
        {"kind": "misdeal", "dealer": "Emil", "sitting_out": "Emil"},
        {"Anna": 1, "Bill": 1, "Cyril": 1, "Dana": 1, "Emil": -4},
    ),
    # Five-player table: the sitting-out dealer pays and receives nothing in play.
    (
        {
            "kind": "played",
            "sitting_out": "Emil",
            "dealer": "Emil",
            "bidder": "Anna",
            "bid": "five",
            "partner": "Bill",
            "bidder_points": 40,
            "declarations": [{"player": "Dana", "kind": "three_high"}],
        },
        {"Anna": 6, "Bill": 6, "Cyril": -10, "Dana": -2, "Emil": 0},
    ),
]


@pytest.mark.parametrize("fields, net", KIND_CASES)
def test_other_kinds_of_deal(fields, net):
    document = {"players": ["Anna", "Bill", "Cyril", "Dana"], **fields}
    settlement = score(document)
    assert settlement.net == net
    if fields["kind"] != "played":
        assert (settlement.bidder_won, settlement.game_value) == (None, None)
