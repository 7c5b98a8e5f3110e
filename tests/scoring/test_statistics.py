"""A player's statistics from deal documents, game by game (``taroky_scoring.statistics``).

Hand-worked deals with their exact stats (citing the contract's sections for the
payments), a tally over several deals with its exact rows, and properties of every
valid generated deal of each game.
"""

from collections import Counter

import pytest
from hypothesis import given

from taroky_scoring import Stat, Tally, deal_statistics, game_for, player_statistics, score
from taroky_scoring.registry import Game
from taroky_scoring.statistics import ROLE_GROUPS

from .petrtyl_strategies import petrtyl_deals, scored
from .strategies import any_deal
from .texas_strategies import GAMES as TEXAS_GAMES
from .texas_strategies import texas_deals

A, B, C, D, E = "Anna", "Bill", "Cyril", "Dana", "Emil"
FOUR = [A, B, C, D]


def deal(ruleset, **fields):
    return {"ruleset": ruleset, "players": list(FOUR), "kind": "played", **fields}


def S(group, item, won, chips):
    return Stat(group, item, won, chips)


def stats(doc, player):
    return deal_statistics(doc, player)


# -- hand-worked deals ------------------------------------------------------------------

LA_VISTA, HEUN = "la-vista", "heun"
XIX, XX, KING = "texas-xix", "texas-xx", "texas-king"
PETRTYL, FIVE, THREE = "petrtyl", "petrtyl-five", "petrtyl-three"

CASES = [
    # Section 4: a lone Four with the first half won by 40 points, 4 from each (+12);
    # section 6: Bill's Ten Taroky, 1 from each other player; section 7: the forgotten
    # discard, 1 from the bidder to each. Anna 12 - 1 - 3 = 8; Bill -4 + 3 + 1 = 0.
    (
        "nebraska: lone Four, a declaration and the forgotten discard",
        deal(
            LA_VISTA,
            bidder=A,
            bid="four",
            blind="first",
            bidder_points=40,
            declarations=[{"player": B, "kind": "ten_taroky"}],
            penalties=[{"kind": "forgotten_discard"}],
        ),
        {
            A: [
                S("declarer", "Four, first half", True, 8),
                S("bonuses", "Paid for others' declarations", None, -1),
                S("penalties", "Forgotten discard", None, -3),
            ],
            B: [
                S("opponents", "Four, first half", False, 0),
                S("bonuses", "Ten Taroky", None, 3),
                S("penalties", "Received for others' penalties", None, 1),
            ],
        },
    ),
    # Sections 4 and 5: Five Over 16 x rekontra 4 x valat 2 = 128 per pair; King Last
    # announced 1 x 2 x Five Over 4 x valat 2 = 16. Rekontra is said by the bidder's
    # team (given), in answer to the opponents' kontra (received by the opponents).
    (
        "nebraska: Five Over, rekontra, valat and King Last",
        deal(
            LA_VISTA,
            bidder=A,
            bid="five_over",
            partner=C,
            kontra="rekontra",
            bidder_points=68,
            valat="bidder",
            king_last={"announced": True, "outcome": "won"},
        ),
        {
            A: [
                S("declarer", "Five Over", True, 144),
                S("doubling", "Rekontra given", True, 128),
                S("valat", "Valat", True, 128),
                S("last_trick", "King Last announced", True, 16),
            ],
            B: [
                S("opponents", "Five Over", False, -144),
                S("doubling", "Rekontra received", False, -128),
                S("valat", "Valat, against", False, -128),
                S("last_trick", "King Last announced, against", False, -16),
            ],
        },
    ),
    # Section 4: Five 8 x kontra 2 = 16, lost with 30: the opponents gave the kontra.
    (
        "nebraska: kontra given by the opponents of a lost Five",
        deal(LA_VISTA, bidder=A, bid="five", partner=C, kontra="kontra", bidder_points=30),
        {
            A: [S("declarer", "Five", False, -16), S("doubling", "Kontra received", False, -16)],
            B: [S("opponents", "Five", True, 16), S("doubling", "Kontra given", True, 16)],
        },
    ),
    # Section 5: the opponents' unannounced 1 beaten by its partner fails under la-vista
    # (1 to the bidder's team) and succeeds under heun (1 from it).
    (
        "nebraska: Tarok 1 Last beaten by its partner, la-vista",
        deal(
            LA_VISTA,
            bidder=A,
            bid="four",
            blind="second",
            partner=C,
            bidder_points=40,
            tarok1_last={"team": "opponents", "announced": False, "outcome": "partner_won"},
        ),
        {
            A: [
                S("declarer", "Four, second half", True, 6),
                S("last_trick", "Tarok 1 Last, against", True, 1),
            ],
            B: [
                S("opponents", "Four, second half", False, -6),
                S("last_trick", "Tarok 1 Last", False, -1),
            ],
        },
    ),
    (
        "nebraska: Tarok 1 Last beaten by its partner, heun",
        deal(
            HEUN,
            bidder=A,
            bid="four",
            blind="second",
            partner=C,
            bidder_points=40,
            tarok1_last={"team": "opponents", "announced": False, "outcome": "partner_won"},
        ),
        {
            B: [
                S("opponents", "Four, second half", False, -4),
                S("last_trick", "Tarok 1 Last", True, 1),
            ]
        },
    ),
    # Section 3: a surrendered Four, 4 to each of the other three; the others won it.
    (
        "nebraska: Four surrendered",
        deal(LA_VISTA, kind="surrendered", bidder=A, bid="four", blind="second"),
        {
            A: [S("declarer", "Four surrendered", False, -12)],
            B: [S("opponents", "Four surrendered", True, 4)],
        },
    ),
    # Section 3: at five the dealer sits out; misdealing, he pays 1 to each of the four.
    (
        "nebraska: misdeal by the dealer sitting out",
        deal(LA_VISTA, kind="misdeal", sitting_out=E, dealer=E),
        {
            E: [S("penalties", "Misdeal", None, -4)],
            A: [
                S("other", "Misdeal", None, 1),
                S("penalties", "Received for others' penalties", None, 1),
            ],
        },
    ),
    (
        "nebraska: misdeal at four",
        deal(LA_VISTA, kind="misdeal", dealer=A),
        {A: [S("other", "Misdeal", None, -3), S("penalties", "Misdeal", None, -3)]},
    ),
    (
        "nebraska: the dealer sitting out a played deal has no stats",
        deal(LA_VISTA, sitting_out=E, dealer=E, bidder=A, bid="five", partner=C, bidder_points=40),
        {E: [], "Nobody": []},
    ),
    (
        "nebraska: thrown in",
        deal(LA_VISTA, kind="thrown_in"),
        {A: [S("other", "Thrown in", None, 0)]},
    ),
    # 19.16: a Prever lost with 42 after the second three: 6, doubled 12; x Contra 2.
    (
        "texas-xix: Prever lost, contra",
        deal(XIX, bidder=A, bid="prever", talon="second", bidder_points=42, contra="contra"),
        {
            A: [
                S("declarer", "Prever (second three)", False, -72),
                S("doubling", "Contra received", False, -72),
            ],
            B: [
                S("opponents", "Prever (second three)", True, 24),
                S("doubling", "Contra given", True, 24),
            ],
        },
    ),
    # Section 13: an unannounced valat replaces the game and takes the game's contra:
    # 20 x Re 4 = 80 (Re is the declarer's side's answer to Contra); 14: no Pagat
    # payment with a valat, so the Pagat is no stat.
    (
        "texas-xix: valat of the opponents with the game's Re",
        deal(
            XIX,
            bidder=A,
            bid="povinost",
            partner=C,
            bidder_points=0,
            contra="re",
            valat={"team": "opponents", "made": True},
            pagat={"team": "bidder", "announced": False, "outcome": "lost"},
        ),
        {
            A: [
                S("declarer", "Povinost", False, -80),
                S("doubling", "Re given", False, -80),
                S("valat", "Valat, against", False, -80),
            ],
            B: [
                S("opponents", "Povinost", True, 80),
                S("doubling", "Re received", True, 80),
                S("valat", "Valat", True, 80),
            ],
        },
    ),
    # 19.16: a Prever won with 59 is 5 from each; 13: Krale 4 and Trull 2 from each
    # other player, whatever the game.
    (
        "texas-xix: bonuses for holdings",
        deal(
            XIX,
            bidder=A,
            bid="prever",
            talon="first",
            bidder_points=59,
            bonuses=[{"player": C, "kind": "krale"}, {"player": B, "kind": "trull"}],
        ),
        {
            A: [
                S("declarer", "Prever (first three)", True, 9),
                S("bonuses", "Paid for others' bonuses", None, -6),
            ],
            C: [
                S("opponents", "Prever (first three)", False, 5),
                S("bonuses", "Krale", None, 12),
                S("bonuses", "Paid for others' bonuses", None, -2),
            ],
        },
    ),
    # 14, called_trump_throw_in: the declarer who drew the called trump pays 2 to each.
    (
        "texas-xix: Povinost thrown in",
        {
            **deal(XIX, kind="surrendered", bidder=A, bid="povinost"),
            "options": {"called_trump_throw_in": True},
        },
        {
            A: [S("declarer", "Povinost thrown in", False, -6)],
            B: [S("opponents", "Povinost thrown in", True, 2)],
        },
    ),
    # 15: Zebrak won, 16 from each; no contra, valat or Pagat.
    (
        "texas-xx: Zebrak",
        deal(XX, bidder=A, bid="zebrak", bidder_took_a_trick=False),
        {A: [S("declarer", "Zebrak", True, 48)], B: [S("opponents", "Zebrak", False, -16)]},
    ),
    # 16: Povenost (stated) 1; King Last announced and won 4 x Contra 2 = 8, the Contra
    # said by the opponents against the declarer's side's King; the Mond captured: its
    # holder pays 2 to each other player.
    (
        "texas-king: King Last with contra, Mond lost",
        deal(
            KING,
            bidder=A,
            bid="povenost",
            partner=C,
            called="hearts",
            bidder_points=60,
            king_last={"announced": True, "outcome": "won", "contra": "contra"},
            mond_lost=B,
        ),
        {
            A: [
                S("declarer", "Povenost", True, 11),
                S("doubling", "Contra received (King Last)", True, 8),
                S("last_trick", "King Last announced", True, 8),
                S("penalties", "Received for others' penalties", None, 2),
            ],
            B: [
                S("opponents", "Povenost", False, -15),
                S("doubling", "Contra given (King Last)", False, -8),
                S("last_trick", "King Last announced, against", False, -8),
                S("penalties", "Mond (XXI) lost", None, -6),
            ],
        },
    ),
    # Contract 19 D1: texas-king's announced valat carries the game's Contra (40 x 2 =
    # 80), so the Contra is the valat's doubling.
    (
        "texas-king: announced valat under the game's Contra",
        deal(
            KING,
            bidder=A,
            bid="povenost",
            partner=C,
            called="hearts",
            bidder_points=106,
            contra="contra",
            valat={"team": "bidder", "announced": True, "made": True},
        ),
        {
            A: [
                S("declarer", "Povenost", True, 80),
                S("doubling", "Contra received", True, 80),
                S("valat", "Valat announced", True, 80),
            ],
            B: [
                S("opponents", "Povenost", False, -80),
                S("doubling", "Contra given", False, -80),
                S("valat", "Valat announced, against", False, -80),
            ],
        },
    ),
    # 17: a misdeal, the dealer pays 4 into the pot.
    (
        "petrtyl: misdeal into the pot",
        deal(PETRTYL, kind="misdeal", dealer=B, pot=3),
        {
            B: [S("other", "Misdeal", None, -4), S("pot", "Paid into the pot: misdeal", None, -4)],
            A: [S("other", "Misdeal", None, 0)],
        },
    ),
    # 17: a passed Three, 3 from each other player to forehand (after the dealer).
    (
        "petrtyl: Three passed, the declarer forehand after the dealer",
        deal(PETRTYL, kind="three_passed", dealer=D),
        {
            A: [S("declarer", "Three passed", True, 9)],
            B: [S("opponents", "Three passed", False, -3)],
        },
    ),
    # 17: a Four given up, back to the first three: 6 to each other player.
    (
        "petrtyl: Four given up",
        deal(PETRTYL, kind="surrendered", bidder=A, talon="first_after_second"),
        {
            A: [S("declarer", "Four given up", False, -18)],
            B: [S("opponents", "Four given up", True, 6)],
        },
    ),
    # 17, 18: three players, a Sweep announced and made in a Four with the first three:
    # 12 x announced 2 x Recontra 4 = 96 from each; Recontra is the declarer's answer.
    # With a Sweep made there is no Papoose Last payment, so it is no stat.
    (
        "petrtyl-three: Sweep announced, Recontra",
        {
            "ruleset": THREE,
            "players": [A, B, C],
            "kind": "played",
            "bidder": A,
            "bid": "four",
            "talon": "first",
            "bidder_points": 60,
            "sweep": {"announced": True, "made": True, "contra": "recontra"},
            "papoose_last": {"player": A, "announced": False, "outcome": "won"},
        },
        {
            A: [
                S("declarer", "Four (first three of the talon)", True, 192),
                S("doubling", "Recontra given (Sweep)", True, 192),
                S("valat", "Sweep announced", True, 192),
            ],
            B: [
                S("opponents", "Four (first three of the talon)", False, -96),
                S("doubling", "Recontra received (Sweep)", False, -96),
                S("valat", "Sweep announced, against", False, -96),
            ],
        },
    ),
    # 12, 18: five players, two against three: the partner settles the Five (12) with
    # the first opponent after him, the declarer with the other two; 17: Regiment in a
    # Five, 2 from each other player.
    (
        "petrtyl-five: Five with a partner, a Regiment",
        {
            "ruleset": FIVE,
            "players": [A, B, C, D, E],
            "kind": "played",
            "bidder": A,
            "bid": "five",
            "partner": C,
            "called": "hearts",
            "bidder_points": 40,
            "declarations": [{"player": E, "kind": "regiment"}],
        },
        {
            A: [
                S("declarer", "Five", True, 22),
                S("bonuses", "Paid for others' declarations", None, -2),
            ],
            C: [
                S("partner", "Five", True, 10),
                S("bonuses", "Paid for others' declarations", None, -2),
            ],
            E: [S("opponents", "Five", False, -4), S("bonuses", "Regiment", None, 8)],
        },
    ),
    # 17: an announced Papoose Last of the opponents that fails: 2 x Contra 2 = 4 to the
    # declarer's side (whose Contra it was), and its player pays the pot's 6 into it.
    (
        "petrtyl: Papoose Last announced and failed, Contra, the pot",
        deal(
            PETRTYL,
            bidder=A,
            bid="four",
            talon="second",
            partner=C,
            bidder_points=41,
            pot=6,
            papoose_last={"player": B, "announced": True, "outcome": "lost", "contra": "contra"},
        ),
        {
            A: [
                S("declarer", "Four (second three of the talon)", True, 9),
                S("doubling", "Contra given (Papoose Last)", True, 4),
                S("last_trick", "Papoose Last announced, against", True, 4),
            ],
            B: [
                S("opponents", "Four (second three of the talon)", False, -15),
                S("doubling", "Contra received (Papoose Last)", False, -4),
                S("last_trick", "Papoose Last announced", False, -4),
                S("pot", "Paid into the pot: Papoose Last failed", None, -6),
            ],
            D: [
                S("opponents", "Four (second three of the talon)", False, -9),
                S("doubling", "Contra received (Papoose Last)", False, -4),
                S("last_trick", "Papoose Last announced", False, -4),
            ],
        },
    ),
    # 17: Chief Last announced, played early: 2, x2 in a Five, to the opponents.
    (
        "petrtyl: Chief Last announced and failed in a Five",
        deal(
            PETRTYL,
            bidder=A,
            bid="five",
            partner=C,
            called="hearts",
            bidder_points=50,
            chief_last={"announced": True, "outcome": "played_early"},
        ),
        {
            A: [S("declarer", "Five", True, 4), S("last_trick", "Chief Last announced", False, -4)],
            B: [
                S("opponents", "Five", False, -4),
                S("last_trick", "Chief Last announced, against", True, 4),
            ],
        },
    ),
]


@pytest.mark.parametrize("doc, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_deals_stats_exactly(doc, expected):
    for player, want in expected.items():
        assert stats(doc, player) == want, player


def test_the_default_tells_who_declared_with_the_bids_words():
    """A game that overrides nothing has its statistics by role (registry.Game)."""
    doc = deal(XIX, bidder=A, bid="povinost", partner=C, bidder_points=60, contra="contra")
    s = score(doc)
    facts = Game.deal_facts(game_for(XIX), doc, s)
    assert (facts.contract, facts.declarer, facts.partner) == ("Povinost", A, C)
    assert facts.doubled == () and facts.events == () and not facts.owns
    thrown = Game.deal_facts(game_for(XIX), deal(XIX, kind="thrown_in"), s)
    assert (thrown.contract, thrown.declarer) == ("Thrown in (redeal, or all passed)", None)


@pytest.mark.parametrize(
    "ruleset, titles",
    [
        (
            LA_VISTA,
            [
                "As bidder",
                "As partner",
                "Against the bidder",
                "Deals without a bidder",
                "King Last and Tarok 1 Last",
                "Valat",
                "Kontra",
                "Declarations",
                "Penalties",
            ],
        ),
        (
            XIX,
            [
                "As declarer",
                "As partner",
                "Against the declarer",
                "Deals without a declarer",
                "Pagat",
                "Valat",
                "Contra",
                "Bonuses for holdings",
                "Penalties",
            ],
        ),
        (XX, [..., "Pagat", "Valat", "Hrb", "Bonuses for holdings", "Penalties"]),
        (KING, [..., "Pagat and King Last", "Valat", "Contra", "Bonuses for holdings", ...]),
        (
            PETRTYL,
            [..., "Chief Last and Papoose Last", "Sweep", "Contra", "Declarations", "The pot"],
        ),
        ("petrtyl-two", [..., "Papoose Last", "Sweep", "Contra", "Declarations", "The pot"]),
    ],
)
def test_each_game_titles_its_groups_in_its_words(ruleset, titles):
    groups = game_for(ruleset).statistics_groups()
    keys = [k for k, _ in groups]
    assert keys[:4] == list(ROLE_GROUPS) and len(set(keys)) == len(keys)
    got = [t for _, t in groups]
    if titles[0] is ...:
        titles = titles[1:]
        got = got[4 : 4 + len(titles)]
    if titles[-1] is ...:
        titles = titles[:-1]
        got = got[: len(titles)]
    assert got == titles


# -- many deals -----------------------------------------------------------------------------

SEASON = [
    # Anna's lone Four (+8: see the first case above).
    deal(
        LA_VISTA,
        bidder=A,
        bid="four",
        blind="first",
        bidder_points=40,
        declarations=[{"player": B, "kind": "ten_taroky"}],
        penalties=[{"kind": "forgotten_discard"}],
    ),
    # Anna's Five lost under the opponents' kontra (-16).
    deal(LA_VISTA, bidder=A, bid="five", partner=C, kontra="kontra", bidder_points=30),
    # Bill's Five Over with Anna (16 from Dana) and her Three High (4 from each): +28.
    deal(
        LA_VISTA,
        bidder=B,
        bid="five_over",
        partner=A,
        bidder_points=50,
        declarations=[{"player": A, "kind": "three_high"}],
    ),
    deal(LA_VISTA, kind="thrown_in"),
    # Cyril's lone Four with the second half lost: 5 to each (+5).
    deal(LA_VISTA, bidder=C, bid="four", blind="second", bidder_points=20),
    # Anna deals at a table of five and sits out: not counted.
    {
        "ruleset": LA_VISTA,
        "players": [B, C, D, E],
        "sitting_out": A,
        "dealer": A,
        "kind": "played",
        "bidder": B,
        "bid": "five",
        "partner": D,
        "bidder_points": 40,
    },
]


def rows(tally):
    return [
        (g.title, [(r.item, r.times, r.won, r.lost, r.chips) for r in g.rows])
        for g in tally.groups()
    ]


def test_a_tally_over_a_season():
    tally = player_statistics([(doc, A) for doc in SEASON])
    assert (tally.deals, tally.chips, tally.chips_per_deal) == (5, 25, 5.0)
    assert rows(tally) == [
        ("As bidder", [("Four, first half", 1, 1, 0, 8), ("Five", 1, 0, 1, -16)]),
        ("As partner", [("Five Over", 1, 1, 0, 28)]),
        ("Against the bidder", [("Four, second half", 1, 1, 0, 5)]),
        ("Deals without a bidder", [("Thrown in", 1, 0, 0, 0)]),
        ("Kontra", [("Kontra received", 1, 0, 1, -16)]),
        (
            "Declarations",
            [("Paid for others' declarations", 1, 0, 0, -1), ("Three High", 1, 0, 0, 12)],
        ),
        ("Penalties", [("Forgotten discard", 1, 0, 0, -3)]),
    ]


def test_rows_most_frequent_first_and_one_tally_across_games():
    nebraska = player_statistics([(doc, A) for doc in SEASON + SEASON[1:2]])
    assert rows(nebraska)[0] == (
        "As bidder",
        [("Five", 2, 0, 2, -32), ("Four, first half", 1, 1, 0, 8)],
    )
    prever = deal(XIX, bidder=A, bid="prever", talon="second", bidder_points=42, contra="contra")
    texas = player_statistics([(prever, A)])
    # One tally over deals of two games (a season's block of a family of games): each
    # group titled by both games' words.
    season = player_statistics([(doc, A) for doc in SEASON + SEASON[1:2]] + [(prever, A)])
    assert (season.deals, season.chips) == (nebraska.deals + 1, nebraska.chips - 72)
    merged = dict(rows(season))
    assert merged["As bidder / As declarer"][-1] == ("Prever (second three)", 1, 0, 1, -72)
    assert merged["Kontra / Contra"] == [
        ("Kontra received", 2, 0, 2, -32),
        ("Contra received", 1, 0, 1, -72),
    ]
    assert (nebraska.deals, texas.deals) == (6, 1)


def test_as_dict_is_plain_data():
    tally = player_statistics([(SEASON[3], A)])
    assert tally.as_dict() == {
        "deals": 1,
        "chips": 0,
        "chips_per_deal": 0.0,
        "groups": [
            {
                "key": "other",
                "title": "Deals without a bidder",
                "rows": [{"item": "Thrown in", "times": 1, "won": 0, "lost": 0, "chips": 0}],
            }
        ],
    }
    assert Tally().as_dict() == {"deals": 0, "chips": 0, "chips_per_deal": 0.0, "groups": []}


# -- properties of every valid deal, per game -------------------------------------------------


# Each doubling word's level (x2 is 1), in every game's words (contract, section 12).
LEVEL = {
    **{w: n for n, w in enumerate(("", "Kontra", "Rekontra"))},
    **{w: n for n, w in enumerate(("", "Contra", "Re", "Supre", "Mort"))},
    **{w: n for n, w in enumerate(("", "Hrb", "Rhea", "Contrec", "Suprec"))},
    **{w: n for n, w in enumerate(("", "Contra", "Recontra", "Suprecontra"))},
}


def check_deal(doc, s=None):
    """What every deal's stats must say, for everyone at the table."""
    s = s or score(doc)
    players = list(doc["players"])
    at_table = players + ([doc["sitting_out"]] if doc.get("sitting_out") else [])
    game = game_for(doc["ruleset"])
    titles = dict(game.statistics_groups())
    by_group = Counter()
    doubling_sides = {}
    side = {doc.get("bidder"), doc.get("partner")} - {None}
    for player in at_table:
        mine = game.deal_statistics(doc, s, player)
        roles = [st for st in mine if st.group in ROLE_GROUPS]
        if player in players:
            # Exactly one role, whose chips are his net; the declarer's won is the game's.
            assert len(roles) == 1
            role = roles[0]
            assert role.chips == s.net[player]
            if role.group == "declarer":
                assert role.won == (s.bidder_won is True)
            elif role.group == "other":
                assert role.won is None and s.bidder_won is None
        else:
            # The dealer sitting out: nothing, or the misdeal he paid.
            assert not roles
            assert all((st.group, st.item) == ("penalties", "Misdeal") for st in mine)
            assert sum(st.chips for st in mine) == s.net.get(player, 0)
        for st in mine:
            assert st.group in titles  # every group is titled in the game's words
            by_group[st.group] += st.chips
            if st.group not in ROLE_GROUPS and st.won is not None:
                assert st.won == (st.chips > 0)
            if st.group == "doubling":
                word, said, *what = st.item.split(" ", 2)
                if not what:  # on the game: the opponents say the odd words, x2 first
                    assert (said == "given") == ((LEVEL[word] % 2 == 1) != (player in side))
                doubling_sides.setdefault((word, tuple(what)), {}).setdefault(said, set()).add(
                    player in side
                )
        # His bonuses made are the transfers to him for holdings, those paid from him.
        held = {r for r, (g, got, _) in game.deal_facts(doc, s).owns.items() if g == "bonuses"}
        made = sum(st.chips for st in mine if st.group == "bonuses" and st.chips > 0)
        paid = sum(st.chips for st in mine if st.group == "bonuses" and st.chips < 0)
        assert made == sum(t.chips for t in s.transfers if t.reason in held and t.payee == player)
        assert paid == -sum(t.chips for t in s.transfers if t.reason in held and t.payer == player)
    # Between the players every group but the roles and the pot sums to zero.
    for group, chips in by_group.items():
        if group == "pot":
            assert chips == -s.net["#pot"]
        elif group not in ROLE_GROUPS:
            assert chips == 0, group
    assert sum(by_group[g] for g in ROLE_GROUPS) == sum(s.net[p] for p in players)
    # Who gave a doubling word and who received it are the two sides.
    for said in doubling_sides.values():
        assert set(said) <= {"given", "received"}
        assert all(len(sides) == 1 for sides in said.values())
        if len(said) == 2:
            assert said["given"] != said["received"]


@given(any_deal)
def test_every_nebraska_deal(doc):
    check_deal({"ruleset": LA_VISTA, **doc})


@pytest.mark.parametrize("ruleset", TEXAS_GAMES)
def test_every_texas_deal(ruleset):
    @given(texas_deals(ruleset))
    def check(doc):
        check_deal(doc)

    check()


@given(petrtyl_deals())
def test_every_petrtyl_deal(doc):
    check_deal(doc, scored(doc))


@given(any_deal)
def test_a_tally_counts_the_deals_a_player_took_part_in(doc):
    doc = {"ruleset": LA_VISTA, **doc}
    s = score(doc)
    for player in [*doc["players"], doc.get("sitting_out")]:
        if player is None:
            continue
        tally = player_statistics([(doc, player), (doc, player)])
        took_part = player in doc["players"] or s.net.get(player, 0) != 0
        assert tally.deals == (2 if took_part else 0)
        assert tally.chips == 2 * s.net.get(player, 0)
        role_times = sum(r.times for g in tally.groups() if g.key in ROLE_GROUPS for r in g.rows)
        assert role_times == (2 if player in doc["players"] else 0)
