"""A deal's line says what did not happen as plainly as what did (issue 40): a valat
"not made", a Grand Nullo, Zebrak or No Trick won or lost, a declarer "alone", what a
deal records but does not pay (a Pagat in a valat deal, contract section 14), an
announcement said once, and a hand not played not called a game won. Every game."""

import pytest

from taroky_scoring import game_for, score

FOUR = ["Anna", "Bill", "Cyril", "Dana"]


def deal(ruleset, **fields):
    """A played deal of ``ruleset``, Anna the declarer."""
    return {"ruleset": ruleset, "players": FOUR, "kind": "played", "bidder": "Anna", **fields}


def line(document):
    game = game_for(document["ruleset"])
    return game.summary(document, game.rules_of(document))


POVINOST = {"bid": "povinost", "partner": "Cyril", "called": "xix"}
VALAT_MADE = {"bidder_points": 106, "valat": {"team": "bidder", "made": True}}
VALAT_LOST = {"bidder_points": 80, "valat": {"team": "bidder", "announced": True, "made": False}}
EARLY = {"announced": True, "outcome": "played_early"}
FOUR_WITH_BILL = {"bid": "four", "partner": "Bill", "called": "hearts", "talon": "first", "pot": 0}

LINES = [
    # texas-xix
    (
        deal("texas-xix", **POVINOST, **VALAT_MADE),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Cyril; Called: XIX; "
        "Declarer's side's card points: 106; Valat: declarer's side, made",
    ),
    (
        deal("texas-xix", **POVINOST, **VALAT_LOST),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Cyril; Called: XIX; "
        "Declarer's side's card points: 80; Valat: declarer's side, announced, not made",
    ),
    (
        deal("texas-xix", **{**POVINOST, "partner": None}, bidder_points=60),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Alone (called their own trump); "
        "Called: XIX; Declarer's side's card points: 60",
    ),
    (
        deal("texas-xix", **POVINOST, **VALAT_MADE, pagat={"team": "bidder", "outcome": "won"}),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Cyril; Called: XIX; "
        "Declarer's side's card points: 106; Valat: declarer's side, made; "
        "Pagat in the last trick: declarer's side, took the last trick "
        "(not paid in a valat deal)",
    ),
    (
        deal("texas-xix", **POVINOST, bidder_points=60, pagat={"team": "bidder", **EARLY}),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Cyril; Called: XIX; "
        "Declarer's side's card points: 60; "
        "Pagat in the last trick: declarer's side, announced, played before the last trick",
    ),
    # texas-xx: its Pagat is paid in a valat deal (section 15), no note
    (
        deal(
            "texas-xx",
            **{**POVINOST, "called": "xx"},
            **VALAT_LOST,
            pagat={"team": "opponents", "outcome": "won"},
        ),
        "Played; Declarer: Anna; Bid: Povinost; Partner: Cyril; Called: XX; "
        "Declarer's side's card points: 80; Valat: declarer's side, announced, not made; "
        "Pagat in the last trick: opponents, took the last trick",
    ),
    (
        deal("texas-xx", bid="zebrak", bidder_took_a_trick=False),
        "Played; Declarer: Anna; Bid: Zebrak; Zebrak won: the declarer took no trick",
    ),
    (
        deal("texas-xx", bid="zebrak", bidder_took_a_trick=True),
        "Played; Declarer: Anna; Bid: Zebrak; Zebrak lost: the declarer took a trick",
    ),
    (  # the XX in the talon says the declarer is alone: not said twice
        deal("texas-xx", bid="ze_ruky", partner=None, xx_in_talon=True, bidder_points=50),
        "Played; Declarer: Anna; Bid: Ze Ruky; XX in the talon; Declarer's side's card points: 50",
    ),
    # texas-king
    (
        deal("texas-king", bid="no_trick", bidder_took_a_trick=False),
        "Played; Declarer: Anna; Bid: No Trick; No Trick won: the declarer took no trick",
    ),
    (
        deal("texas-king", bid="no_trick", bidder_took_a_trick=True),
        "Played; Declarer: Anna; Bid: No Trick; No Trick lost: the declarer took a trick",
    ),
    (
        deal("texas-king", bid="povenost", called="clubs", partner=None, bidder_points=60),
        "Played; Declarer: Anna; Bid: Povenost; Partner: Alone (called their own King); "
        "Called: clubs; Declarer's side's card points: 60",
    ),
    (
        deal(
            "texas-king",
            bid="povenost",
            called="clubs",
            partner="Bill",
            **VALAT_LOST,
            king_last={"outcome": "won"},
        ),
        "Played; Declarer: Anna; Bid: Povenost; Partner: Bill; Called: clubs; "
        "Declarer's side's card points: 80; Valat: declarer's side, announced, not made; "
        "King Last: took the last trick (not paid in a valat deal)",
    ),
    (
        deal(
            "texas-king",
            bid="povenost",
            called="clubs",
            partner="Bill",
            bidder_points=60,
            king_last=EARLY,
        ),
        "Played; Declarer: Anna; Bid: Povenost; Partner: Bill; Called: clubs; "
        "Declarer's side's card points: 60; King Last: announced, played before the last trick",
    ),
    # petrtyl
    (
        deal("petrtyl", bid="grand_nullo", bidder_took_a_trick=False, pot=0),
        "Played; Declarer: Anna; Bid: Grand Nullo; Grand Nullo won: the declarer took no trick",
    ),
    (
        deal("petrtyl", bid="grand_nullo", bidder_took_a_trick=True, pot=0),
        "Played; Declarer: Anna; Bid: Grand Nullo; Grand Nullo lost: the declarer took a trick",
    ),
    (
        deal("petrtyl", bid="grand_sweep", bidder_took_all_tricks=True, pot=0),
        "Played; Declarer: Anna; Bid: Grand Sweep; Grand Sweep won: the declarer took every trick",
    ),
    (
        deal("petrtyl", bid="grand_sweep", bidder_took_all_tricks=False, pot=0),
        "Played; Declarer: Anna; Bid: Grand Sweep; Grand Sweep lost: the declarer lost a trick",
    ),
    (
        deal("petrtyl", **{**FOUR_WITH_BILL, "partner": None}, bidder_points=50),
        "Played; Declarer: Anna; Bid: Four; Partner: Alone; Called Chief: Chief of hearts; "
        "Talon: first three; Declarer's side's card points: 50",
    ),
    (
        deal(
            "petrtyl", **FOUR_WITH_BILL, bidder_points=60, sweep={"announced": True, "made": False}
        ),
        "Played; Declarer: Anna; Bid: Four; Partner: Bill; Called Chief: Chief of hearts; "
        "Talon: first three; Declarer's side's card points: 60; Sweep: announced, not made",
    ),
    (
        deal(
            "petrtyl",
            **FOUR_WITH_BILL,
            bidder_points=70,
            sweep={"made": True},
            papoose_last={"player": "Bill", "outcome": "won"},
        ),
        "Played; Declarer: Anna; Bid: Four; Partner: Bill; Called Chief: Chief of hearts; "
        "Talon: first three; Declarer's side's card points: 70; Sweep: made; "
        "Papoose Last: Bill, took the last trick (not paid with a Sweep made)",
    ),
    (
        deal(
            "petrtyl",
            **FOUR_WITH_BILL,
            bidder_points=50,
            papoose_last={"player": "Bill", **EARLY},
        ),
        "Played; Declarer: Anna; Bid: Four; Partner: Bill; Called Chief: Chief of hearts; "
        "Talon: first three; Declarer's side's card points: 50; "
        "Papoose Last: Bill, announced, played before the last trick",
    ),
    # Nebraska says its own line: alone, the valat, an announcement played early
    (
        deal("la-vista", bid="four", blind="first", partner=None, bidder_points=40),
        "Anna: Four, first half, alone, 40:30 card points",
    ),
    (
        deal(
            "la-vista",
            bid="four",
            blind="first",
            partner="Bill",
            bidder_points=40,
            king_last={"announced": True, "outcome": "played_early"},
        ),
        "Anna: Four, first half with Bill, 40:30 card points, announced King Last played early",
    ),
    (
        deal("la-vista", bid="five", partner="Bill", bidder_points=68, valat="bidder"),
        "Anna: Five with Bill, 68:2 card points, valat by the bidder's team",
    ),
]


@pytest.mark.parametrize("document, said", LINES)
def test_a_deals_line_says_what_did_not_happen(document, said):
    score(document)  # a deal the core accepts
    assert line(document) == said


@pytest.mark.parametrize(
    "document, said",
    [
        (
            {**deal("petrtyl", kind="three_passed", bid="three", pot=0)},
            "Three passed by all, not played.",
        ),
        (
            deal(
                "petrtyl",
                **FOUR_WITH_BILL,
                bidder_points=70,
                sweep={"made": True},
                chief_last={"outcome": "won"},
            ),
            "The declarer's side wins: the game is worth 12. "
            "Chief Last: not paid with a Sweep made.",
        ),
        (
            deal(
                "texas-king",
                bid="povenost",
                called="clubs",
                partner="Bill",
                **VALAT_LOST,
                king_last={"outcome": "won"},
                pagat={"team": "opponents", "outcome": "lost"},
            ),
            "The declarer's side loses: the game is worth 40. "
            "Pagat in the last trick: not paid in a valat deal. "
            "King Last: not paid in a valat deal.",
        ),
        (
            deal(
                "texas-xx",
                **{**POVINOST, "called": "xx"},
                **VALAT_MADE,
                pagat={"team": "bidder", "outcome": "won"},
            ),
            "The declarer's side wins: the game is worth 20.",
        ),
        (
            deal("la-vista", kind="surrendered", bid="four", blind="second"),
            "",
        ),
        (
            deal("la-vista", bid="four", blind="first", partner=None, bidder_points=30),
            "The bidder's team loses: game 4 per pair.",
        ),
    ],
)
def test_the_result_says_a_hand_not_played_and_what_is_not_paid(document, said):
    game = game_for(document["ruleset"])
    assert game.result_words(score(document), document) == said
