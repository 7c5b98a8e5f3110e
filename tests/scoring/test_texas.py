"""The three Texas games, case by case, citing seed 003 and the contract (13-16).

Players are listed in the order of play (counter-clockwise): with a partner, the
declarer settles with the first opponent after him and the partner with the other.
"""

import re

import pytest

from taroky_scoring import OutcomeError, card_points, game_for, score

from .helpers import texas as deal
from .texas_cases import CASES, KING, POVINOST, PREVER, XIX, XX, P


def net(doc):
    return score(doc).net


def refused(doc):
    with pytest.raises(OutcomeError) as e:
        score(doc)
    return [(err.field, err.message) for err in e.value.errors]


@pytest.mark.parametrize("ruleset, fields, expected", CASES)
def test_texas_payments(ruleset, fields, expected):
    assert net(deal(ruleset, **fields)) == expected


# Every bonus of the section 13 table, with each game's name for it.
BONUSES = [
    ("eight_trumps", 2, "Taroky", "Taroky", "Tarockee"),
    ("ten_trumps", 4, "Tarocky", "Tarocky", "Tarokee (Velki)"),
    ("trull", 2, "Trull", "Trull", "Trul"),
    ("pane", 2, "Pane", "Pane", "Pane"),
    ("trull_pane", 4, "Trull Pane", "Trull Pane", "Trul Pane"),
    ("krale", 4, "Krale", "Krale", "Krale"),
    ("rosanne_pane", 6, "Rosanne Pane", "Rosanne Pane", "Rosane Pane"),
    ("spjst", 10, "SPJST", "SPJST", "SPJST"),
    ("two_trumps", 2, "Two trumps", "Bid", "Two trumps"),
    ("no_trumps", 4, "Uni", "Zebrak", "No trumps"),
]


@pytest.mark.parametrize("kind, chips, xix_name, xx_name, king_name", BONUSES)
def test_every_bonus_paid_by_each_other_player(kind, chips, xix_name, xx_name, king_name):
    names = (xix_name, xx_name, king_name)
    # Bill holds it; Anna's Povinost with Cyril is lost at 53 (2 each way). In texas-king
    # Anna plays a Prever (lost, 1 from her to each): no King is called, so an opponent
    # may hold all four Kings (a Povenost's test is below).
    games = ((XIX, POVINOST), (XX, POVINOST), (KING, PREVER))
    for (ruleset, bid), name in zip(games, names, strict=True):
        doc = deal(ruleset, **bid, bidder_points=53)
        plain = net(doc)
        s = score({**doc, "bonuses": [{"player": "Bill", "kind": kind}]})
        bonus = [t for t in s.transfers if t.reason == kind]
        assert [(t.payer, t.payee, t.chips) for t in bonus] == [
            ("Cyril", "Bill", chips),
            ("Dana", "Bill", chips),
            ("Anna", "Bill", chips),
        ]
        assert bonus[0].explanation == f"Bill holds {name}: {chips} from each other player"
        assert s.net["Bill"] == plain["Bill"] + 3 * chips


@pytest.mark.parametrize("kind, chips, xix_name, xx_name, king_name", BONUSES)
def test_every_bonus_said_in_each_games_words_by_the_ledger_and_the_payment_table(
    kind, chips, xix_name, xx_name, king_name
):
    names = (xix_name, xx_name, king_name)
    for ruleset, name in zip((XIX, XX, KING), names, strict=True):
        game = game_for(ruleset)
        assert game.reason_label(kind) == name
        bonuses = next(
            line
            for line in game.payment_table(game.rules(ruleset))
            if line.startswith("Bonuses from each: ")
        )
        printed = name.removesuffix(" (Velki)")  # the printed table's short name
        assert re.search(f"(: |, ){re.escape(printed)} {chips}[,.( ]", bonuses), bonuses


@pytest.mark.parametrize("kind", ["krale", "rosanne_pane", "spjst"])
def test_a_king_called_povenost_refuses_all_four_kings_held_by_an_opponent(kind):
    # Section 13: the holder of all four Kings holds the called King (Krale, Rosane Pane
    # and SPJST each hold the four); contract 19 D4: with a partner after a suit call he
    # is the partner, not the declarer.
    doc = deal(KING, bid="povenost", partner="Cyril", called="hearts", bidder_points=60)
    name = {"krale": "Krale", "rosanne_pane": "Rosane Pane", "spjst": "SPJST"}[kind]
    with pytest.raises(OutcomeError) as refused:
        score(
            {
                **doc,
                "bonuses": [
                    {"player": "Dana", "kind": "eight_trumps"},
                    {"player": "Bill", "kind": kind},
                ],
            }
        )
    assert [(e.field, e.message) for e in refused.value.errors] == [
        (
            "bonuses",
            f"Bonus 2: Bill claims {name}, but the holder of all four Kings holds the called "
            "King, so that player is the partner: only Cyril can.",
        )
    ]
    chips = {"krale": 4, "rosanne_pane": 6, "spjst": 10}[kind]
    s = score({**doc, "bonuses": [{"player": "Cyril", "kind": kind}]})
    assert s.net["Cyril"] - net(doc)["Cyril"] == 3 * chips
    with pytest.raises(OutcomeError):
        score({**doc, "bonuses": [{"player": "Anna", "kind": kind}]})
    # Alone (Anna called her own King): only she can hold them.
    alone = {**doc, "partner": None}
    with pytest.raises(OutcomeError):
        score({**alone, "bonuses": [{"player": "Cyril", "kind": kind}]})
    assert score({**alone, "bonuses": [{"player": "Anna", "kind": kind}]}).net["Anna"] > 0
    # No King is called in a Prever, nor in the other Texas games; no bonus is paid in a
    # No Trick without the house rule (contract 19 D3), and then anybody may hold them.
    for other in (
        deal(KING, **PREVER, bidder_points=60),
        deal(KING, bid="no_trick", bidder_took_a_trick=False, options={"no_trick_bonuses": True}),
        deal(XIX, **POVINOST, bidder_points=60),
    ):
        s = score({**other, "bonuses": [{"player": "Bill", "kind": kind}]})
        assert s.net["Bill"] - net(other)["Bill"] == 3 * chips


def test_bonuses_are_never_multiplied_by_contra_or_valat():
    bonus = [{"player": "Dana", "kind": "spjst"}]
    doc = deal(XIX, **POVINOST, bidder_points=90, bonuses=bonus)
    for extra in ({}, {"contra": "mort"}, {"valat": {"team": "bidder", "made": True}}):
        s = score({**doc, **extra})
        assert [t.chips for t in s.transfers if t.reason == "spjst"] == [10, 10, 10]


def test_uni_bonus_option_and_two_trumps_option():
    doc = deal(XIX, **PREVER, bidder_points=59, bonuses=[{"player": "Bill", "kind": "no_trumps"}])
    assert net({**doc, "options": {"uni_bonus": 2}})["Bill"] == -5 + 6
    two = {**doc, "bonuses": [{"player": "Bill", "kind": "two_trumps"}]}
    assert net(two)["Bill"] == -5 + 6
    assert refused({**two, "options": {"two_trumps_bonus": False}}) == [
        (
            "bonuses",
            "Bonus 1: 'kind': 'two_trumps' is not allowed here: choose one of eight_trumps, "
            "ten_trumps, trull, pane, trull_pane, krale, rosanne_pane, spjst, no_trumps.",
        )
    ]
    assert refused({**doc, "options": {"uni_bonus": 3}}) == [
        ("options", "Option 'uni_bonus' must be one of 4, 2.")
    ]


def test_explanations_in_the_games_own_words():
    s = score(deal(XIX, bid="prever", talon="second", bidder_points=42))
    assert s.transfers[0].explanation == (
        "Prever (second three) lost: (11 + 10) x 3 = 63 -> 60 = 6, "
        "doubled for the second three = 12"
    )
    assert (s.bidder_won, s.game_value) == (False, 12)
    s = score(deal(XX, **POVINOST, bidder_points=59, contra="rhea"))
    assert s.transfers[0].explanation == "Povinost won: (6 + 10) x 2 = 32 -> 30 = 3, x Rhea 4 = 12"
    s = score(
        deal(
            XIX,
            **PREVER,
            bidder_points=90,
            valat={"team": "bidder", "announced": True, "made": True, "contra": "contra"},
        )
    )
    assert s.transfers[0].explanation == (
        "Valat announced and made by the declarer's side: 40 x Contra 2 = 80"
    )
    assert (s.transfers[0].reason, s.game_value) == ("valat", 80)
    s = score(
        deal(KING, **PREVER, bidder_points=60, pagat={"team": "opponents", "outcome": "lost"})
    )
    assert s.transfers[-1].explanation == "Pagat lost by the opponents: 2 = 2"


# -- refusals ---------------------------------------------------------------------------

REFUSED = [
    # No misdeal payment is described for Texas.
    (XIX, dict(kind="misdeal", bidder=..., dealer="Anna"), "kind", "'misdeal' is not allowed"),
    # A field of another game.
    (XIX, dict(PREVER, bidder_points=59, blind="first"), "blind", "not a field of the texas-xix"),
    (XX, dict(PREVER, bidder_points=59, sitting_out="Emil"), "sitting_out", "not a field"),
    # Prever is played alone; the talon is required.
    (XIX, dict(PREVER, partner="Cyril", bidder_points=59), "partner", "does not apply"),
    (XIX, dict(bid="prever", bidder_points=59), "talon", "Required"),
    (XIX, dict(POVINOST, talon="first", bidder_points=59), "talon", "does not apply"),
    # Points: required, 0-106, adding up to 106.
    (XIX, dict(POVINOST), "bidder_points", "Required"),
    (XIX, dict(POVINOST, bidder_points=107), "bidder_points", "from 0 to 106"),
    (XIX, dict(POVINOST, bidder_points=60, opponent_points=40), "bidder_points", "add up to 106"),
    # Valat against the points; unannounced and failed; a doubled unannounced valat.
    (XIX, dict(PREVER, bidder_points=53, valat={"team": "bidder", "made": True}), "valat", "53"),
    (XIX, dict(PREVER, bidder_points=54, valat={"team": "opponents", "made": True}), "valat", "54"),
    (
        XIX,
        dict(PREVER, bidder_points=60, valat={"team": "bidder", "made": False}),
        "valat",
        "must be made",
    ),
    (
        XIX,
        dict(PREVER, bidder_points=90, valat={"team": "bidder", "made": True, "contra": "re"}),
        "valat",
        "Only an announced valat",
    ),
    # texas-king lists no contra on a valat.
    (
        KING,
        dict(
            PREVER,
            bidder_points=90,
            valat={"team": "bidder", "announced": True, "made": True, "contra": "contra"},
        ),
        "valat",
        "Unknown field(s): contra",
    ),
    # Pagat: played early needs an announcement; contra only announced; xx needs the option.
    (
        XIX,
        dict(PREVER, bidder_points=59, pagat={"team": "bidder", "outcome": "played_early"}),
        "pagat",
        "announced",
    ),
    (
        XIX,
        dict(PREVER, bidder_points=59, pagat={"team": "bidder", "outcome": "won", "contra": "re"}),
        "pagat",
        "Only an announced Pagat",
    ),
    (
        XX,
        dict(
            PREVER,
            bidder_points=59,
            pagat={"team": "bidder", "announced": True, "outcome": "won", "contra": "hrb"},
        ),
        "pagat",
        "Unknown field(s): contra",
    ),
    # A Pagat that took the last trick for one side while the other made a valat.
    (
        XX,
        dict(
            PREVER,
            bidder_points=90,
            valat={"team": "bidder", "made": True},
            pagat={"team": "opponents", "outcome": "won"},
        ),
        "pagat",
        "Contradicts valat",
    ),
    # Doubling words are the game's own.
    (XX, dict(POVINOST, bidder_points=59, contra="contra"), "contra", "choose one of none, hrb"),
    (XIX, dict(POVINOST, bidder_points=59, contra="hrb"), "contra", "choose one of none, contra"),
    # Zebrak: no contra, points, valat or Pagat; the trick is required.
    (XX, dict(bid="zebrak", bidder_took_a_trick=False, contra="hrb"), "contra", "does not apply"),
    (
        XX,
        dict(bid="zebrak", bidder_took_a_trick=False, bidder_points=60),
        "bidder_points",
        "does not apply",
    ),
    (XX, dict(bid="zebrak"), "bidder_took_a_trick", "Required"),
    # Ze Ruky without a partner needs the XX in the talon.
    (XX, dict(bid="ze_ruky", bidder_points=60), "partner", "holder of the XX"),
    (
        XX,
        dict(bid="ze_ruky", partner="Cyril", xx_in_talon=True, bidder_points=60),
        "partner",
        "in the talon",
    ),
    # mond_lost needs texas-xx's option; surrendered needs texas-xix's.
    (XX, dict(PREVER, bidder_points=59, mond_lost="Bill"), "mond_lost", "does not apply"),
    (XIX, dict(kind="surrendered"), "kind", "'surrendered' is not allowed"),
    (
        XIX,
        dict(kind="surrendered", bid="prever", options={"called_trump_throw_in": True}),
        "bid",
        "Only a Povinost",
    ),
    (XIX, dict(bid=...), "bid", "Required: the game played (povinost, prever)"),
    (KING, dict(PREVER, bidder_points=59, mond_lost="Zdeněk"), "mond_lost", "not one of"),
    # King Last: only in a Povenost with a King called.
    (
        KING,
        dict(PREVER, bidder_points=59, king_last={"outcome": "won"}),
        "king_last",
        "does not apply",
    ),
    (
        KING,
        dict(bid="povenost", called="queen", bidder_points=59, king_last={"outcome": "won"}),
        "king_last",
        "does not apply",
    ),
    (
        KING,
        dict(bid="no_trick", bidder_took_a_trick=False, pagat={"team": "bidder", "outcome": "won"}),
        "pagat",
        "does not apply",
    ),
    # Players.
    (XIX, dict(POVINOST, bidder_points=59, players=["Anna", "Bill", "Cyril"]), "players", "four"),
    (
        XIX,
        dict(POVINOST, bidder_points=59, players=["Anna", "Bill", "Cyril", "#pot"]),
        "players",
        "#",
    ),
    (XIX, dict(POVINOST, partner="Anna", bidder_points=59), "partner", "their own partner"),
    (XIX, dict(POVINOST, partner="Zdeněk", bidder_points=59), "partner", "not one of"),
    # "none" is nobody: a played deal needs its declarer.
    (XIX, dict(POVINOST, bidder="none", bidder_points=59), "bidder", "Required"),
    # Options.
    (
        KING,
        dict(PREVER, bidder_points=59, options={"game_value": "x"}),
        "options",
        "stated, difference",
    ),
    (XX, dict(PREVER, bidder_points=59, options={"uni_bonus": 2}), "options", "Unknown option"),
]


@pytest.mark.parametrize("ruleset, fields, field, words", REFUSED)
def test_refused_at_its_field(ruleset, fields, field, words):
    errors = refused(deal(ruleset, **fields))
    assert any(f == field and words in m for f, m in errors), errors


IMPOSSIBLE_BONUSES = [
    # Krale claimed by two players: 8 Kings.
    [("Bill", "krale"), ("Dana", "krale")],
    # Trull by one and Trull Pane by another: 6 Trull cards.
    [("Bill", "trull"), ("Dana", "trull_pane")],
    # Ten trumps by three: 30 of 22.
    [("Bill", "ten_trumps"), ("Cyril", "ten_trumps"), ("Dana", "ten_trumps")],
    # Two honours, two trump counts for one player.
    [("Bill", "trull"), ("Bill", "krale")],
    [("Bill", "eight_trumps"), ("Bill", "two_trumps")],
    # A hand of 12 cannot hold ten trumps and four Kings.
    [("Bill", "ten_trumps"), ("Bill", "krale")],
    # No trumps with an honour holding a Trull card; a count below the honour's Trull cards.
    [("Bill", "no_trumps"), ("Bill", "pane")],
    [("Bill", "two_trumps"), ("Bill", "trull")],
    # Pane needs a Trull card and two Kings at least; SPJST takes them all.
    [("Bill", "spjst"), ("Dana", "pane")],
    # Two ten trumps and a Trull: 23 trumps.
    [("Bill", "ten_trumps"), ("Cyril", "ten_trumps"), ("Dana", "trull")],
]


@pytest.mark.parametrize("claims", IMPOSSIBLE_BONUSES)
def test_impossible_bonus_claims_are_refused(claims):
    bonuses = [{"player": p, "kind": k} for p, k in claims]
    errors = refused(deal(XIX, **PREVER, bidder_points=59, bonuses=bonuses))
    assert [f for f, _ in errors] == ["bonuses"]


def test_possible_bonus_claims_together():
    # Pane with 3 Kings and a Trull card beside a Trull Pane is too many Trull cards,
    # but Pane (2 Kings, 2 Trull cards) beside Krale is too many Kings: with one Trull
    # card Pane and Two trumps fit one hand; Krale and Eight trumps fit another.
    bonuses = [
        {"player": "Bill", "kind": "pane"},
        {"player": "Bill", "kind": "two_trumps"},
        {"player": "Dana", "kind": "ten_trumps"},
        {"player": "Cyril", "kind": "eight_trumps"},
    ]
    s = score(deal(XIX, **PREVER, bidder_points=59, bonuses=bonuses))
    assert s.net == {
        "Anna": 15 - 2 - 2 - 4 - 2,
        "Bill": -5 + 12 - 4 - 2,
        "Cyril": -5 - 2 - 2 - 4 + 6,
        "Dana": -5 - 2 - 2 + 12 - 2,
    }


def test_texas_counts_singly_106_in_the_pack():
    pack = ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman", "jack"] * 4
    assert card_points(54, pack, ruleset=XIX) == 106
    assert card_points(7, ["king", "queen"], ruleset=KING) == 14
    assert card_points(7, ["king", "queen"]) == 9


def test_texas_rotation_is_the_common_one_in_the_order_of_play():
    from taroky_scoring import PreviousDeal, game_for

    game = game_for(XX)
    rules = game.rules(XX)
    first = game.next_deal(P, rules, first_forehand="Cyril")
    assert (first.dealer, first.forehand, first.players, first.sitting_out) == (
        "Bill",
        "Cyril",
        ("Cyril", "Dana", "Anna", "Bill"),
        None,
    )
    after = game.next_deal(P, rules, PreviousDeal("Bill", "played", "prever", "Anna"))
    assert (after.dealer, after.forehand) == ("Cyril", "Dana")
    with pytest.raises(OutcomeError):
        game.next_deal(P + ["Emil"], rules, first_forehand="Anna")
