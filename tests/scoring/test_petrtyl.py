"""Petrtyl's 1922 games (contract sections 17 and 18; seed 003 §18.14-18.17, 000).

Each case cites the seed or the contract line it checks; every chip is asserted.
"""

import io
import json

import pytest

from taroky_scoring import OutcomeError, card_points, game_for, listing, score
from taroky_scoring.cli import main as cli_main
from taroky_scoring.rotation import PreviousDeal

from .helpers import petrtyl as deal

FOUR = ["Anna", "Bill", "Cyril", "Dana"]
FIVE = [*FOUR, "Emil"]


def grand(bid, **fields):
    """A Grand Nullo or Grand Sweep at four: Anna alone, no talon taken, no card points."""
    return deal(bid=bid, partner=None, talon=None, bidder_points=None, **fields)


def flows(settlement, *reasons):
    return [
        (t.payer, t.payee, t.chips)
        for t in settlement.transfers
        if not reasons or t.reason.value in reasons
    ]


def each(winner_side, loser_side, chips):
    return [(loser, winner, chips) for winner, loser in zip(winner_side, loser_side, strict=True)]


# -- the game ------------------------------------------------------------------------------

# (citation, document, bidder_won, game_value, net of Anna, Bill, Cyril, Dana[, Emil])
GAME_CASES = [
    ("18.14: Four with the first three is worth 4", deal(), True, 4, [4, -4, 4, -4]),
    ("18.14: the second three, 5", deal(talon="second"), True, 5, [5, -5, 5, -5]),
    (
        "18.14: back to the first three, 6",
        deal(talon="first_after_second"),
        True,
        6,
        [6, -6, 6, -6],
    ),
    ("17: 36 of 70 win, 35 loses", deal(bidder_points=35), False, 4, [-4, 4, -4, 4]),
    ("17: opponent_points instead", deal(bidder_points=..., opponent_points=34), True, 4, None),
    (
        "17: a Four alone (No Chief) settles with every opponent",
        deal(partner=None, called="no_chief"),
        True,
        4,
        [12, -4, -4, -4],
    ),
    ("17: Five 8 (inferred, 18.14 fn. 8)", deal(bid="five", talon=None), True, 8, [8, -8, 8, -8]),
    (
        "17: the game x contra (Contra, Recontra, Suprecontra)",
        deal(bid="five", talon=None, contra="suprecontra", bidder_points=20),
        False,
        64,
        [-64, 64, -64, 64],
    ),
    (
        "18.14: Grand Nullo 36",
        grand("grand_nullo", bidder_took_a_trick=False),
        True,
        36,
        [108, -36, -36, -36],
    ),
    (
        "18.14: Grand Nullo lost",
        grand("grand_nullo", bidder_took_a_trick=True),
        False,
        36,
        [-108, 36, 36, 36],
    ),
    (
        "18.14: Grand Sweep 60",
        grand("grand_sweep", bidder_took_all_tricks=True),
        True,
        60,
        [180, -60, -60, -60],
    ),
    (
        "18.14: Grand Sweep lost, contra",
        grand("grand_sweep", bidder_took_all_tricks=False, contra="contra"),
        False,
        120,
        [-360, 120, 120, 120],
    ),
    # Sweep: 12/14/16 by the talon, doubled announced; a Five 24/48 (18.14, 000).
    (
        "18.14: a swept Four with the first three, 12",
        deal(bidder_points=70, sweep={"made": True}),
        True,
        12,
        [12, -12, 12, -12],
    ),
    (
        "18.14: a swept Four with the second three, 14",
        deal(talon="second", bidder_points=66, sweep={"made": True}),
        True,
        14,
        [14, -14, 14, -14],
    ),
    (
        "18.14: a swept Four back to the first three, 16",
        deal(talon="first_after_second", bidder_points=70, sweep={"made": True}),
        True,
        16,
        [16, -16, 16, -16],
    ),
    (
        "18.14: announced, 24",
        deal(bidder_points=70, sweep={"announced": True, "made": True}),
        True,
        24,
        [24, -24, 24, -24],
    ),
    (
        "18.14: announced, 28",
        deal(talon="second", bidder_points=70, sweep={"announced": True, "made": True}),
        True,
        28,
        [28, -28, 28, -28],
    ),
    (
        "18.14: announced, 32",
        deal(talon="first_after_second", bidder_points=70, sweep={"announced": True, "made": True}),
        True,
        32,
        [32, -32, 32, -32],
    ),
    (
        "18.14: a swept Five 24",
        deal(bid="five", talon=None, bidder_points=60, sweep={"made": True}),
        True,
        24,
        [24, -24, 24, -24],
    ),
    (
        "18.14: a swept Five announced 48",
        deal(bid="five", talon=None, bidder_points=60, sweep={"announced": True, "made": True}),
        True,
        48,
        [48, -48, 48, -48],
    ),
    (
        "17: an unannounced sweep takes the game's contra",
        deal(bidder_points=70, contra="contra", sweep={"made": True}),
        True,
        24,
        [24, -24, 24, -24],
    ),
    (
        "17: an announced sweep takes its own contra, not the game's",
        deal(
            bidder_points=70,
            contra="contra",
            sweep={"announced": True, "made": True, "contra": "recontra"},
        ),
        True,
        96,
        [96, -96, 96, -96],
    ),
    (
        "17 (inferred): announced and not made, the announced value is paid",
        deal(bidder_points=60, sweep={"announced": True, "made": False}),
        False,
        24,
        [-24, 24, -24, 24],
    ),
    (
        "17 (inferred): a Sweep alone is settled with every opponent",
        deal(partner=None, called="clubs", bidder_points=70, sweep={"made": True}),
        True,
        12,
        [36, -12, -12, -12],
    ),
]


@pytest.mark.parametrize(
    "doc, won, value, net", [c[1:] for c in GAME_CASES], ids=[c[0] for c in GAME_CASES]
)
def test_game_and_sweep(doc, won, value, net):
    s = score(doc)
    assert (s.bidder_won, s.game_value) == (won, value)
    if net is not None:
        assert list(s.net.values()) == [*net, 0]
    assert s.net["#pot"] == 0


def test_four_pairs_bidder_with_the_next_opponent_and_partner_with_the_other():
    # Section 12: with a partner, the declarer settles with the first opponent after him.
    s = score(deal(talon="second", bidder="Bill", partner="Dana"))
    assert flows(s) == [("Cyril", "Bill", 5), ("Anna", "Dana", 5)]
    assert s.transfers[0].explanation == (
        "Four (second three of the talon) won with 40 of 70 card points: 5"
    )


# -- the kinds of deal -------------------------------------------------------------------


def test_three_passed_pays_forehand_3_from_each():
    # 18.14: "The other three pay the declarer 3 game points each."
    s = score({"ruleset": "petrtyl", "players": FOUR, "kind": "three_passed", "bidder": "Anna"})
    assert flows(s) == [("Bill", "Anna", 3), ("Cyril", "Anna", 3), ("Dana", "Anna", 3)]
    assert (s.bidder_won, s.game_value) == (True, 3)
    assert s.transfers[0].reason.value == "three_passed"
    assert s.transfers[0].explanation == "Three passed by all: 3 from each other player"


@pytest.mark.parametrize(
    "ruleset, players, net",
    [
        ("petrtyl-five", FIVE, {"Anna": -3, "Bill": -3, "Cyril": -3, "Dana": -3, "Emil": 12}),
        ("petrtyl-three", FOUR[:3], {"Anna": 6, "Bill": -3, "Cyril": -3}),
        ("petrtyl-two", FOUR[:2], {"Anna": -3, "Bill": 3}),
    ],
)
def test_three_passed_at_every_table(ruleset, players, net):
    # Section 18: 3 from each of 4, of 2, from the other. The dealer names forehand.
    dealer = players[-2] if ruleset == "petrtyl-five" else players[-1]
    doc = {"ruleset": ruleset, "players": players, "kind": "three_passed", "dealer": dealer}
    if ruleset == "petrtyl-two":
        doc["dealer"] = "Anna"
    assert score(doc).net == {**net, "#pot": 0}


def test_three_passed_bidder_must_be_forehand():
    doc = {"ruleset": "petrtyl", "players": FOUR, "kind": "three_passed", "dealer": "Dana"}
    with pytest.raises(OutcomeError) as e:
        score({**doc, "bidder": "Bill", "bid": "three"})
    assert e.value.as_dict()["errors"] == [
        {
            "field": "bidder",
            "message": "Only forehand opens with a Three: after Dana's deal that is Anna, "
            "not Bill.",
        }
    ]


@pytest.mark.parametrize(
    "ruleset, players, talon, chips",
    [
        ("petrtyl", FOUR, "first", 4),
        ("petrtyl", FOUR, "second", 5),
        ("petrtyl", FOUR, "first_after_second", 6),
        ("petrtyl-five", FIVE, None, 6),
    ],
)
def test_surrendered_four_pays_its_value_to_each(ruleset, players, talon, chips):
    # 18.14: "he may give up and pay the value of the game to each of the other three".
    doc = {
        "ruleset": ruleset,
        "players": players,
        "kind": "surrendered",
        "bidder": "Bill",
        "chief_in_talon": True,
        "talon": talon,
    }
    s = score(doc)
    others = [p for p in players if p != "Bill"]
    assert sorted(flows(s)) == sorted(("Bill", p, chips) for p in others)
    assert s.net["Bill"] == -chips * len(others)
    assert (s.bidder_won, s.game_value) == (None, None)
    assert {t.reason.value for t in s.transfers} == {"surrender"}


def test_misdeal_pays_4_into_the_pot_and_thrown_in_pays_nothing():
    # 18.14: "the dealer must pay 4 game points" into the penalty pot.
    s = score(
        {"ruleset": "petrtyl", "players": FOUR, "kind": "misdeal", "dealer": "Dana", "pot": 8}
    )
    assert flows(s) == [("Dana", "#pot", 4)]
    assert s.net == {"Anna": 0, "Bill": 0, "Cyril": 0, "Dana": -4, "#pot": 4}
    assert s.transfers[0].explanation == "Misdeal: the dealer pays 4 into the pot"
    s = score({"ruleset": "petrtyl-three", "players": FOUR[:3], "kind": "thrown_in"})
    assert (s.transfers, s.net) == ((), {"Anna": 0, "Bill": 0, "Cyril": 0, "#pot": 0})


# -- last-trick announcements and the pot ---------------------------------------------------

LAST_TRICK_CASES = [
    # (citation, event fields, bid, expected flows of that reason)
    (
        "18.14: Chief Last unannounced, 1 each to declarer and partner",
        {"chief_last": {"outcome": "won"}},
        "four",
        [("Bill", "Anna", 1), ("Dana", "Cyril", 1)],
    ),
    (
        "18.14: Chief Last announced 2",
        {"chief_last": {"announced": True, "outcome": "won"}},
        "four",
        [("Bill", "Anna", 2), ("Dana", "Cyril", 2)],
    ),
    (
        "18.14: announced and not made, they each pay 2",
        {"chief_last": {"announced": True, "outcome": "played_early"}},
        "four",
        [("Anna", "Bill", 2), ("Cyril", "Dana", 2)],
    ),
    ("17: unannounced and lost, nothing", {"chief_last": {"outcome": "lost"}}, "four", []),
    (
        "17: x its contra when announced",
        {"chief_last": {"announced": True, "outcome": "lost", "contra": "recontra"}},
        "four",
        [("Anna", "Bill", 8), ("Cyril", "Dana", 8)],
    ),
    (
        "17 (inferred): doubled in a Five",
        {"chief_last": {"announced": True, "outcome": "won"}},
        "five",
        [("Bill", "Anna", 4), ("Dana", "Cyril", 4)],
    ),
    (
        "18.14: Papoose Last by an opponent, unannounced: 1 to his side",
        {"papoose_last": {"player": "Dana", "outcome": "won"}},
        "four",
        [("Anna", "Bill", 1), ("Cyril", "Dana", 1)],
    ),
    (
        "18.14: Papoose Last announced by the partner and failed: 2 from each of the side",
        {"papoose_last": {"player": "Cyril", "announced": True, "outcome": "lost"}},
        "four",
        [("Anna", "Bill", 2), ("Cyril", "Dana", 2)],
    ),
]


@pytest.mark.parametrize(
    "fields, bid, expected",
    [c[1:] for c in LAST_TRICK_CASES],
    ids=[c[0] for c in LAST_TRICK_CASES],
)
def test_last_trick_announcements(fields, bid, expected):
    s = score(deal(bid=bid, talon="first" if bid == "four" else None, **fields))
    assert flows(s, "chief_last", "papoose_last") == expected


def test_papoose_last_announced_takes_the_pot():
    # 18.14: "A player who announces Papoose Last takes the contents of this pot if he
    # succeeds but doubles it if he fails."
    doc = deal(pot=12, papoose_last={"player": "Cyril", "announced": True, "outcome": "won"})
    s = score(doc)
    assert flows(s, "pot") == [("#pot", "Cyril", 12)]
    assert s.net == {"Anna": 6, "Bill": -6, "Cyril": 18, "Dana": -6, "#pot": -12}
    pot = next(t for t in s.transfers if t.reason.value == "pot")
    assert pot.explanation == "Papoose Last announced and won: Cyril takes the pot of 12"


def test_papoose_last_announced_and_failed_doubles_the_pot():
    doc = deal(
        pot=12, papoose_last={"player": "Bill", "announced": True, "outcome": "played_early"}
    )
    s = score(doc)
    assert flows(s, "pot") == [("Bill", "#pot", 12)]
    assert s.net["#pot"] == 12  # 12 before, 24 after: doubled
    assert s.net == {"Anna": 6, "Bill": -18, "Cyril": 6, "Dana": -6, "#pot": 12}


def test_unannounced_papoose_never_touches_the_pot_nor_does_an_empty_pot():
    s = score(deal(pot=12, papoose_last={"player": "Cyril", "outcome": "won"}))
    assert flows(s, "pot") == []
    s = score(deal(papoose_last={"player": "Cyril", "announced": True, "outcome": "won"}))
    assert flows(s, "pot") == []


def test_a_sweep_pays_no_chief_last_papoose_last_or_pot():
    # 18.14: "In case of a Sweep, whether announced or not, there are no payments for
    # Chief Last or Papoose Last"; contract 17: the pot is not touched either.
    doc = deal(
        bidder_points=70,
        pot=9,
        sweep={"made": True},
        chief_last={"announced": True, "outcome": "won"},
        papoose_last={"player": "Anna", "announced": True, "outcome": "won"},
    )
    s = score(doc)
    assert {t.reason.value for t in s.transfers} == {"sweep"}
    assert s.net == {"Anna": 12, "Bill": -12, "Cyril": 12, "Dana": -12, "#pot": 0}


def test_a_failed_announced_sweep_keeps_the_last_trick_payments():
    doc = deal(
        bidder_points=50,
        sweep={"announced": True, "made": False},
        papoose_last={"player": "Anna", "announced": True, "outcome": "won"},
        pot=4,
    )
    s = score(doc)
    assert flows(s) == [
        ("Anna", "Bill", 24),
        ("Cyril", "Dana", 24),
        ("Bill", "Anna", 2),
        ("Dana", "Cyril", 2),
        ("#pot", "Anna", 4),
    ]
    assert s.transfers[0].explanation == (
        "Sweep announced and not made: the declarer's side pays it in a Four (first three "
        "of the talon): 12 x announced 2 = 24"
    )


# -- declarations ---------------------------------------------------------------------------

DECLARATION_CASES = [
    # (citation, bid, claims, expected flows)
    ("18.14: Regiment in a Four, 1 from each (partner too)", "four", [("Cyril", "regiment")], 1),
    ("18.14: Regiment in a Five, 2", "five", [("Bill", "regiment")], 2),
    ("18.14: Regiment in a Grand Sweep, 4", "grand_sweep", [("Anna", "regiment")], 4),
    ("18.14: Trule 1 in a Four", "four", [("Bill", "trule")], 1),
    # The partner: he holds the called Chief (contract 19 D7).
    ("18.14: All Four 2 in a Five", "five", [("Cyril", "all_four")], 2),
    ("18.14: Lack of Regiment 4 in Grand Nullo", "grand_nullo", [("Anna", "lack_of_regiment")], 4),
    ("18.14: no Trule card 4", "grand_nullo", [("Dana", "no_trule_card")], 4),
    ("18.14: no Chief 4", "grand_nullo", [("Bill", "no_chief")], 4),
]


@pytest.mark.parametrize(
    "bid, claims, chips", [c[1:] for c in DECLARATION_CASES], ids=[c[0] for c in DECLARATION_CASES]
)
def test_declarations_from_each_other_player(bid, claims, chips):
    fields = {"bid": bid, "declarations": [{"player": p, "kind": k} for p, k in claims]}
    if bid == "five":
        fields["talon"] = None
    if bid.startswith("grand"):
        fields.update(talon=None, partner=None, bidder_points=None)
        key = "bidder_took_a_trick" if bid == "grand_nullo" else "bidder_took_all_tricks"
        fields[key] = bid == "grand_sweep"
    fields["contra"] = "recontra"  # never multiplies a declaration
    s = score(deal(**fields))
    holder = claims[0][0]
    assert sorted(flows(s, claims[0][1])) == sorted((p, holder, chips) for p in FOUR if p != holder)


def test_four_honours_in_the_two_handed_game():
    # 18.17 (value inferred): 1 in a Four, 2 in a Five, from the other player.
    four = score(deal("petrtyl-two", declarations=[{"player": "Bill", "kind": "four_honours"}]))
    assert flows(four, "four_honours") == [("Anna", "Bill", 1)]
    five = deal("petrtyl-two", bid="five", talon=None, bidder_points=30)
    five["declarations"] = [{"player": "Anna", "kind": "four_honours"}]
    s = score(five)
    assert flows(s) == [("Anna", "Bill", 8), ("Bill", "Anna", 2)]
    assert s.net == {"Anna": -6, "Bill": 6, "#pot": 0}


# -- five players: two against three ------------------------------------------------------


def test_five_handed_four_is_6_two_against_three():
    # 18.15: "In a Four game ... game is worth 6"; contract 12: the partner settles with
    # the first opponent after him, the declarer with the other two.
    s = score(deal("petrtyl-five"))
    assert flows(s) == [("Bill", "Anna", 6), ("Emil", "Anna", 6), ("Dana", "Cyril", 6)]
    assert s.net == {"Anna": 12, "Bill": -6, "Cyril": 6, "Dana": -6, "Emil": -6, "#pot": 0}


@pytest.mark.parametrize(
    "fields, value",
    [
        ({}, 6),
        ({"bid": "five"}, 12),  # 18.15: "A Five game is worth 12"
        ({"bidder_points": 70, "sweep": {"made": True}}, 16),
        ({"bidder_points": 70, "sweep": {"announced": True, "made": True}}, 32),
        ({"bid": "five", "bidder_points": 66, "sweep": {"made": True}}, 36),
        ({"bid": "five", "bidder_points": 66, "sweep": {"announced": True, "made": True}}, 72),
    ],
)
def test_five_handed_values(fields, value):
    # Contract 18 (inferred): a swept Four 16 (32), a swept Five 36 (72).
    s = score(deal("petrtyl-five", **fields))
    assert s.game_value == value
    assert s.net["Anna"] == 2 * value and s.net["Cyril"] == value


def test_five_handed_regiment_and_lack_of_regiment():
    # 18.15: Regiment needs ten trumps, Lack of Regiment none.
    gn = deal(
        "petrtyl-five",
        bid="grand_nullo",
        partner=None,
        bidder_points=None,
        bidder_took_a_trick=False,
        declarations=[{"player": "Anna", "kind": "lack_of_regiment"}],
    )
    s = score(gn)
    assert s.net == {
        "Anna": 4 * 36 + 16,
        "Bill": -40,
        "Cyril": -40,
        "Dana": -40,
        "Emil": -40,
        "#pot": 0,
    }


# -- three and two players ------------------------------------------------------------------


def test_three_handed_wins_with_34_of_66():
    # 18.16: "A score of 34 points or more is needed to win the game."
    assert score(deal("petrtyl-three", bidder_points=34)).net == {
        "Anna": 8,
        "Bill": -4,
        "Cyril": -4,
        "#pot": 0,
    }
    assert score(deal("petrtyl-three", opponent_points=32, bidder_points=...)).bidder_won is True
    assert score(deal("petrtyl-three", bidder_points=33)).bidder_won is False


def test_points_with_the_42_card_pack():
    # 18.16: 66 points in the 42-card pack, counted in packets of three.
    everything = ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman", "jack"] * 4
    assert card_points(42, everything, ruleset="petrtyl-three") == 66
    assert card_points(54, everything, ruleset="petrtyl") == 70
    assert card_points(23, [], ruleset="petrtyl-three") == 23 - 2 * 7 - 1
    with pytest.raises(OutcomeError) as e:
        card_points(24, [], ruleset="petrtyl-three")
    assert e.value.as_dict()["errors"] == [
        {"field": "cards", "message": "The pack has only 23 plain cards, not 24."}
    ]
    with pytest.raises(OutcomeError) as e:
        card_points(43, [], ruleset="petrtyl-three")
    assert e.value.errors[0].message == "The number of cards must be from 0 to 42."


def test_points_through_the_cli():
    out = io.StringIO()
    doc = {"cards": 7, "counting": ["king", "queen"], "ruleset": "petrtyl-three"}
    assert cli_main(["points"], io.StringIO(json.dumps(doc)), out) == 0
    assert json.loads(out.getvalue()) == {"points": 9}


# -- validation -----------------------------------------------------------------------------

ERROR_CASES = [
    (
        "12: a name may not begin with #",
        deal(players=["Anna", "Bill", "Cyril", "#pot"]),
        [("players", "A player's name may not begin with #.")],
    ),
    (
        "18: four players at the four-handed table",
        deal(players=FIVE),
        [("players", "Name exactly 4 players, not 5.")],
    ),
    (
        "12: the pot is never below zero",
        deal(pot=-1),
        [("pot", "The pot holds 0 chips or more, not -1.")],
    ),
    (
        "17: a Three is never played",
        deal(bid="three", talon=None),
        [("bid", "A Three is never played: if all pass it, the deal is three_passed.")],
    ),
    (
        "17: the talon belongs to a Four",
        deal(bid="five", talon="first"),
        [("talon", "Talon does not apply to this deal.")],
    ),
    (
        "18: no talon field at five players",
        deal("petrtyl-five", talon="first"),
        [("talon", "'talon' is not a field of the petrtyl-five rules.")],
    ),
    (
        "18: the declarer plays alone at three",
        deal("petrtyl-three", partner="Bill"),
        [("partner", "Must be empty: at 3 players the declarer always plays alone.")],
    ),
    (
        "18: no Chief Last at two",
        deal("petrtyl-two", chief_last={"outcome": "won"}),
        [("chief_last", "'chief_last' is not a field of the petrtyl-two rules.")],
    ),
    (
        "18: no Grand Nullo at two",
        deal("petrtyl-two", bid="grand_nullo", talon=None, bidder_points=None),
        [
            (
                "bid",
                "'grand_nullo' is not allowed here: choose one of three, four, five.",
            )
        ],
    ),
    (
        "18: no surrender at three",
        {"ruleset": "petrtyl-three", "players": FOUR[:3], "kind": "surrendered", "bidder": "Anna"},
        [
            (
                "kind",
                "'surrendered' is not allowed here: choose one of played, three_passed, "
                "thrown_in, misdeal.",
            )
        ],
    ),
    (
        "18: a Sweep is never announced at two",
        deal("petrtyl-two", bidder_points=70, sweep={"announced": True, "made": True}),
        [
            (
                "sweep",
                "Papoose Last is the only announcement of the two-handed game: a Sweep may be "
                "made but not announced.",
            )
        ],
    ),
    (
        "18: no Trule at two",
        deal("petrtyl-two", declarations=[{"player": "Anna", "kind": "trule"}]),
        [
            (
                "declarations",
                "Declarations 1: 'kind': 'trule' is not allowed here: choose one of regiment, "
                "four_honours.",
            )
        ],
    ),
    (
        "17: Grand Nullo takes no card points",
        deal(bid="grand_nullo", partner=None, talon=None, bidder_took_a_trick=False),
        [("bidder_points", "Declarer's side's card points does not apply to this deal.")],
    ),
    (
        "17: Grand Nullo needs bidder_took_a_trick",
        grand("grand_nullo"),
        [
            (
                "bidder_took_a_trick",
                "Required: Grand Nullo: true if the declarer took any trick (the declarer lost).",
            )
        ],
    ),
    (
        "17: card points are required in a Four",
        deal(bidder_points=None),
        [("bidder_points", "Required: the card points of the declarer's side (0-70).")],
    ),
    (
        "17: the two sides add up to 70",
        deal(opponent_points=31),
        [("bidder_points", "The two sides' card points must add up to 70: 40 + 31 = 71.")],
    ),
    (
        "12: a sweep made needs the winning points",
        deal(bidder_points=35, sweep={"made": True}),
        [
            (
                "sweep",
                "The declarer's side cannot take every trick and have only 35 card points "
                "(36 win).",
            )
        ],
    ),
    (
        "12: an unannounced sweep must be made",
        deal(sweep={"made": False}),
        [("sweep", "An unannounced Sweep must be made: leave it empty otherwise.")],
    ),
    (
        "17: only an announced Sweep can be doubled",
        deal(bidder_points=70, sweep={"made": True, "contra": "contra"}),
        [("sweep", "Only an announced Sweep can be doubled.")],
    ),
    (
        "12: played_early needs announced",
        deal(papoose_last={"player": "Bill", "outcome": "played_early"}),
        [
            (
                "papoose_last",
                "A card played before the last trick matters only when Papoose Last was "
                "announced: leave it empty.",
            )
        ],
    ),
    (
        "17: No Chief has no Chief Last",
        deal(partner=None, called="no_chief", chief_last={"outcome": "won"}),
        [("chief_last", "No Chief Last: the declarer said No Chief and played alone.")],
    ),
    (
        "17: the Chief in the talon means alone",
        deal(chief_in_talon=True),
        [
            (
                "partner",
                "Must be empty: the called Chief was in the talon, so the declarer played alone.",
            )
        ],
    ),
    (
        "17: a surrender is of a Four",
        {
            "ruleset": "petrtyl",
            "players": FOUR,
            "kind": "surrendered",
            "bidder": "Anna",
            "bid": "five",
            "chief_in_talon": True,
            "talon": "first",
        },
        [("bid", "Only a Four may be given up.")],
    ),
    (
        "17: a misdeal names the dealer",
        {"ruleset": "petrtyl", "players": FOUR, "kind": "misdeal"},
        [("dealer", "Required for a misdeal: the dealer pays 4 into the pot.")],
    ),
    (
        "17: the last trick has one taker",
        deal(chief_last={"outcome": "won"}, papoose_last={"player": "Bill", "outcome": "won"}),
        [
            (
                "papoose_last",
                "Contradicts chief last: that says the declarer's side took the last trick, "
                "this says the opponents.",
            )
        ],
    ),
    (
        "17: two players with Trule",
        deal(
            declarations=[{"player": "Bill", "kind": "trule"}, {"player": "Dana", "kind": "trule"}]
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: Trule (Bill), Trule (Dana).",
            )
        ],
    ),
    (
        "17: two players with All Four (no Chief called)",
        deal(
            partner=None,
            called="no_chief",
            declarations=[
                {"player": "Anna", "kind": "all_four"},
                {"player": "Dana", "kind": "all_four"},
            ],
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: All Four (Anna), All Four "
                "(Dana).",
            )
        ],
    ),
    (
        "17: a hand of 12 cannot hold Regiment and All Four",
        deal(
            declarations=[
                {"player": "Cyril", "kind": "regiment"},
                {"player": "Cyril", "kind": "all_four"},
            ]
        ),
        [("declarations", "Cyril's hand cannot hold All Four and Regiment.")],
    ),
    (
        "17: an opponent cannot hold All Four when a Chief was called",
        deal(declarations=[{"player": "Bill", "kind": "all_four"}]),
        [
            (
                "declarations",
                # The partner holds it, not the declarer (contract 19 D7).
                "Bill cannot hold All Four: the called Chief is held by Cyril.",
            )
        ],
    ),
    (
        "17: three Regiments need 30 of the 22 trumps",
        deal(
            declarations=[
                {"player": "Anna", "kind": "regiment"},
                {"player": "Bill", "kind": "regiment"},
                {"player": "Cyril", "kind": "regiment"},
            ]
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: Regiment (Anna), Regiment "
                "(Bill), Regiment (Cyril).",
            )
        ],
    ),
    (
        "17: Trule by one player, the Papoose played by another",
        deal(
            declarations=[{"player": "Bill", "kind": "trule"}],
            papoose_last={"player": "Cyril", "outcome": "lost"},
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: Trule (Bill), the Papoose "
                "(Papoose Last) (Cyril).",
            )
        ],
    ),
    (
        "17: Lack of Regiment is the declarer's",
        grand(
            "grand_nullo",
            bidder_took_a_trick=False,
            declarations=[{"player": "Bill", "kind": "lack_of_regiment"}],
        ),
        [
            (
                "declarations",
                "Declaration 1: only the declarer declares Lack of Regiment, not Bill.",
            )
        ],
    ),
    (
        "17: Regiment is not declared in Grand Nullo",
        grand(
            "grand_nullo",
            bidder_took_a_trick=False,
            declarations=[{"player": "Bill", "kind": "regiment"}],
        ),
        [("declarations", "Declaration 1: Regiment is not declared in a Grand Nullo.")],
    ),
    (
        "18: two hands of four honours need eight of the seven",
        deal(
            "petrtyl-two",
            declarations=[
                {"player": "Anna", "kind": "four_honours"},
                {"player": "Bill", "kind": "four_honours"},
            ],
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: four honours (Anna), four "
                "honours (Bill).",
            )
        ],
    ),
    (
        "18: at three a Regiment needs twelve trumps, so only one",
        deal(
            "petrtyl-three",
            declarations=[
                {"player": "Anna", "kind": "regiment"},
                {"player": "Bill", "kind": "regiment"},
            ],
        ),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: Regiment (Anna), Regiment "
                "(Bill).",
            )
        ],
    ),
    (
        "17: the fourth Chief is held by a partner or lies in the talon",
        deal(partner=None, called="fourth_chief"),
        [
            (
                "partner",
                "The declarer holds three Chiefs and called the fourth: name its holder as "
                "partner, or tick Chief in the talon.",
            )
        ],
    ),
    (
        "17: with the fourth Chief called nobody holds All Four",
        deal(called="fourth_chief", declarations=[{"player": "Anna", "kind": "all_four"}]),
        [
            (
                "declarations",
                "Anna cannot hold All Four: the declarer called the fourth Chief, so its "
                "holder is the partner and the declarer holds the other three.",
            )
        ],
    ),
    (
        "12: a field of another game",
        deal(valat="bidder"),
        [("valat", "'valat' is not a field of the petrtyl rules.")],
    ),
]


@pytest.mark.parametrize(
    "doc, errors", [c[1:] for c in ERROR_CASES], ids=[c[0] for c in ERROR_CASES]
)
def test_refused_with_a_field_named_error(doc, errors):
    with pytest.raises(OutcomeError) as e:
        score(doc)
    assert [(err.field, err.message) for err in e.value.errors] == errors


def test_regiment_at_three_is_twelve_trumps():
    # 18.16: "For an announcement of Regiment the player must have twelve trumps": a hand
    # of twelve trumps with the Trule, and All Four in another hand, can be dealt.
    ok = deal("petrtyl-three", declarations=[{"player": "Anna", "kind": "regiment"}])
    assert score(ok).net["Anna"] == 8 + 2
    both = deal(
        "petrtyl-three",
        declarations=[
            {"player": "Anna", "kind": "regiment"},
            {"player": "Anna", "kind": "trule"},
            {"player": "Bill", "kind": "all_four"},
        ],
    )
    assert score(both).net == {
        "Anna": 8 + 4 - 1,
        "Bill": -4 - 2 + 2,
        "Cyril": -4 - 2 - 1,
        "#pot": 0,
    }


# -- rotation, listing, help -------------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, seats",
    [
        ("petrtyl-two", FOUR[:2]),
        ("petrtyl-three", FOUR[:3]),
        ("petrtyl", FOUR),
        ("petrtyl-five", FIVE),
    ],
)
def test_rotation_in_the_order_of_play(ruleset, seats):
    # Section 12: the previous forehand deals; nobody sits out.
    game = game_for(ruleset)
    first = game.next_deal(seats, game.rules(ruleset), first_forehand="Bill")
    assert (first.dealer, first.forehand, first.sitting_out) == ("Anna", "Bill", None)
    assert first.players == (*seats[1:], seats[0])
    after_misdeal = game.next_deal(seats, game.rules(ruleset), PreviousDeal("Anna", "misdeal"))
    assert after_misdeal.dealer == "Bill"
    assert after_misdeal.forehand == seats[2 % len(seats)]
    with pytest.raises(OutcomeError):
        game.next_deal([*seats, "Zed"], game.rules(ruleset), first_forehand="Bill")


def test_listing_has_every_petrtyl_ruleset_as_one_game():
    entries = {e["name"]: e for e in listing() if e["game"] == "petrtyl"}
    assert {
        name: (e["players"], e["card_points"], e["winning_points"], e["options"])
        for name, e in entries.items()
    } == {
        "petrtyl": (4, 70, 36, {"starting_chips": 100}),
        "petrtyl-five": (5, 70, 36, {"starting_chips": 100}),
        "petrtyl-three": (3, 66, 34, {"starting_chips": 100}),
        "petrtyl-two": (2, 70, 36, {"starting_chips": 100}),
    }
    assert entries["petrtyl-three"]["source"] == "003 §18.16"
    assert {e["order_of_play"] for e in entries.values()} == {"clockwise"}


def test_options_override_starting_chips_and_refuse_unknown():
    game = game_for("petrtyl")
    assert game.rules("petrtyl", {"starting_chips": 50}).starting_chips == 50
    with pytest.raises(OutcomeError) as e:
        score(deal(options={"kontra_allowed": False}))
    assert e.value.as_dict()["errors"] == [
        {
            "field": "options",
            "message": "Unknown option 'kontra_allowed'. Known options: starting_chips.",
        }
    ]


def test_score_help_lists_the_rulesets_fields():
    out = io.StringIO()
    assert cli_main(["score", "--help", "--ruleset", "petrtyl-two"], io.StringIO(""), out) == 0
    text = out.getvalue()
    assert "  papoose_last         Papoose Last" in text
    assert "  pot                  Pot" in text
    assert "chief_last" not in text and "called" not in text
    assert "values: three (Three) | four (Four) | five (Five)\n" in text


def test_payment_table_for_a_blank_sheet():
    lines = game_for("petrtyl").payment_table(game_for("petrtyl").rules("petrtyl"))
    assert lines[0] == (
        "Game (per opponent): Four 4 / 5 / 6 (first three / second three / back to the first), "
        "Five 8, Grand Nullo 36, Grand Sweep 60; x2 Contra, x4 Recontra, x8 Suprecontra. "
        "36 of 70 card points win; a tie loses."
    )
    two = game_for("petrtyl-two")
    assert two.payment_table(two.rules("petrtyl-two"))[-1] == (
        "Regiment / four honours (10 trumps for Regiment): 1 from each other player in a Four, "
        "2 Five."
    )


def test_cli_score_writes_the_pot_in_net():
    out = io.StringIO()
    doc = {
        "ruleset": "petrtyl-two",
        "players": ["Anna", "Bill"],
        "kind": "misdeal",
        "dealer": "Bill",
    }
    assert cli_main(["score"], io.StringIO(json.dumps(doc)), out) == 0
    assert json.loads(out.getvalue()) == {
        "bidder_won": None,
        "game_value": None,
        "transfers": [
            {
                "from": "Bill",
                "to": "#pot",
                "chips": 4,
                "reason": "misdeal",
                "explanation": "Misdeal: the dealer pays 4 into the pot",
            }
        ],
        "net": {"Anna": 0, "Bill": -4, "#pot": 4},
    }


def test_a_hand_of_twelve_trumps_holds_no_chief_at_three():
    doc = deal(
        "petrtyl-three",
        declarations=[
            {"player": "Anna", "kind": "regiment"},
            {"player": "Anna", "kind": "all_four"},
        ],
    )
    with pytest.raises(OutcomeError) as e:
        score(doc)
    assert e.value.errors[0].message == "Anna's hand cannot hold All Four and Regiment."


def test_help_says_the_partner_is_never_given_at_three():
    out = io.StringIO()
    assert cli_main(["score", "--help", "--ruleset", "petrtyl-three"], io.StringIO(""), out) == 0
    assert (
        "  partner              Partner\n"
        "                       always null: the declarer plays alone\n"
        "                       never: leave it empty\n"
    ) in out.getvalue()


def test_a_four_given_up_needs_no_box_for_the_chief_in_the_talon():
    """The kind says it ("Four given up, the called Chief in the talon"): declarer,
    Chief and talon are enough (the walkthrough was refused for want of the box), the
    bid is not asked, and saying either again is harmless."""
    walkthrough = {
        "ruleset": "petrtyl",
        "players": FOUR,
        "kind": "surrendered",
        "bidder": "Anna",
        "called": "hearts",
        "talon": "second",
    }
    s = score(walkthrough)
    assert s.net == {"Anna": -15, "Bill": 5, "Cyril": 5, "Dana": 5, "#pot": 0}
    # Section 17: either may be omitted; given, they must be true and four.
    for given in (
        {"chief_in_talon": True},
        {"bid": "four"},
        {"bid": "four", "chief_in_talon": True},
    ):
        assert score({**walkthrough, **given}).net == s.net
        assert score({**walkthrough, **given}).transfers == s.transfers
    for given, field, message in [
        ({"bid": "five"}, "bid", "Only a Four may be given up."),
        ({"bid": "three"}, "bid", "Only a Four may be given up."),
        (
            {"chief_in_talon": False},
            "chief_in_talon",
            "A Four is given up because the called Chief was in the talon: leave this out, "
            "or true.",
        ),
        (
            {"chief_in_talon": "yes", "bid": "five"},
            None,
            None,
        ),
    ]:
        with pytest.raises(OutcomeError) as refused:
            score({**walkthrough, **given})
        if field is not None:
            assert [(x.field, x.message) for x in refused.value.errors] == [(field, message)]
        else:
            assert [x.field for x in refused.value.errors] == ["bid", "chief_in_talon"]
    fields = {f.name: f for f in game_for("petrtyl").fields(game_for("petrtyl").rules("petrtyl"))}
    assert not fields["bid"].test(walkthrough)
    assert not fields["chief_in_talon"].test(walkthrough)
    assert fields["talon"].test(walkthrough)
    with pytest.raises(OutcomeError) as e:
        score({**walkthrough, "called": "no_chief"})
    assert [(x.field, x.message) for x in e.value.errors] == [
        ("called", "With No Chief no Chief was called, so none can be in the talon.")
    ]
