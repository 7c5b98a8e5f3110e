"""Every inconsistency is refused with an error at its field; nothing is guessed."""

import pytest

from taroky_scoring import OutcomeError, score

from .helpers import PLAYERS, by_field, played

BAD = [
    # blind option on a Five (contract section 11)
    (dict(bid="five"), "blind", "does not use the blind"),
    # a Four needs its blind option
    (dict(blind=None), "blind", "Required for a Four"),
    # kontra on a Four
    (dict(kontra="kontra"), "kontra", "only to Five and Five Over"),
    # kontra where the ruleset forbids it (Clarkson: no kontra)
    (dict(ruleset="clarkson", bid="five", blind=None, kontra="kontra"), "kontra", "Clarkson"),
    # ... or a house rule forbids it
    (
        dict(options={"kontra_allowed": False}, bid="five", blind=None, kontra="rekontra"),
        "kontra",
        "do not allow kontra",
    ),
    # points outside 0-70
    (dict(bidder_points=71), "bidder_points", "from 0 to 70"),
    (dict(bidder_points=-1), "bidder_points", "from 0 to 70"),
    (dict(bidder_points=40.5), "bidder_points", "whole number"),
    # both teams' points given but not adding to 70
    (dict(opponent_points=30), "bidder_points", "add up to 70"),
    # no points at all
    (dict(bidder_points=None), "bidder_points", "Required"),
    # partner equal to the bidder
    (dict(partner="Anna"), "partner", "own partner"),
    # partner not at the table
    (dict(partner="Zdeněk"), "partner", "not one of this deal's players"),
    # bidder not at the table
    (dict(bidder="Zdeněk"), "bidder", "not one of this deal's players"),
    # sitting-out player also playing
    (dict(sitting_out="Bill"), "sitting_out", "cannot sit out and play"),
    # sitting-out player as partner
    (dict(sitting_out="Emil", partner="Emil"), "partner", "sits out"),
    # at a five-player table the dealer is the one sitting out
    (dict(sitting_out="Emil", dealer="Anna"), "dealer", "dealer sits out"),
    # dealer not at the table
    (dict(dealer="Zdeněk"), "dealer", "not at this table"),
    # valat by the bidder's team with 35 points or fewer
    (dict(valat="bidder", bidder_points=35), "valat", "only 35"),
    # valat by the opponents while the bidder's team has 36 or more
    (dict(valat="opponents", bidder_points=36), "valat", "36 card points"),
    # King Last when the King was in the blind
    (
        dict(partner=None, king_in_blind=True, king_last={"announced": False, "outcome": "won"}),
        "king_last",
        "in the blind",
    ),
    # King in the blind but a partner named
    (dict(king_in_blind=True), "partner", "plays alone"),
    # played_early without an announcement
    (
        dict(king_last={"announced": False, "outcome": "played_early"}),
        "king_last",
        "only when King Last was announced",
    ),
    (
        dict(tarok1_last={"team": "bidder", "announced": False, "outcome": "played_early"}),
        "tarok1_last",
        "only when Tarok 1 Last",
    ),
    # a lone bidder's 1 cannot be beaten by a partner
    (
        dict(
            partner=None,
            tarok1_last={"team": "bidder", "announced": False, "outcome": "partner_won"},
        ),
        "tarok1_last",
        "no partner",
    ),
    # valat by the bidder's team but King Last lost to the opponents in the last trick
    (
        dict(valat="bidder", bidder_points=60, king_last={"announced": False, "outcome": "lost"}),
        "king_last",
        "Contradicts valat",
    ),
    # King Last won by the bidder's team but the opponents' 1 took the last trick
    (
        dict(
            king_last={"announced": False, "outcome": "won"},
            tarok1_last={"team": "opponents", "announced": False, "outcome": "tarok1_won"},
        ),
        "tarok1_last",
        "Contradicts king last",
    ),
    # two players with Four Kings
    (
        dict(
            declarations=[
                {"player": "Anna", "kind": "four_kings"},
                {"player": "Cyril", "kind": "four_kings"},
            ]
        ),
        "declarations",
        "Only one player can hold Four Kings",
    ),
    # two players with Three High
    (
        dict(
            declarations=[
                {"player": "Anna", "kind": "three_high"},
                {"player": "Bill", "kind": "three_high"},
            ]
        ),
        "declarations",
        "Only one player can hold Three High",
    ),
    # three players with Ten Taroky
    (
        dict(declarations=[{"player": p, "kind": "ten_taroky"} for p in PLAYERS[:3]]),
        "declarations",
        "at most two players",
    ),
    # Ten Taroky and Four Kings in one hand (14 cards)
    (
        dict(
            declarations=[
                {"player": "Anna", "kind": "ten_taroky"},
                {"player": "Anna", "kind": "four_kings"},
            ]
        ),
        "declarations",
        "14 cards",
    ),
    # Four Kings by an opponent, who cannot hold the called King
    (
        dict(declarations=[{"player": "Bill", "kind": "four_kings"}]),
        "declarations",
        "bidder or the partner",
    ),
    # Four Kings in a Five where the called King was in the blind
    (
        dict(
            bid="five",
            blind=None,
            partner=None,
            king_in_blind=True,
            declarations=[{"player": "Anna", "kind": "four_kings"}],
        ),
        "declarations",
        "in the blind",
    ),
    # a declaration by someone not at the table
    (
        dict(declarations=[{"player": "Zdeněk", "kind": "ten_taroky"}]),
        "declarations",
        "not one of this deal's players",
    ),
    # Three High by an opponent but Tarok 1 Last recorded for the bidder's team
    (
        dict(
            declarations=[{"player": "Bill", "kind": "three_high"}],
            tarok1_last={"team": "bidder", "announced": False, "outcome": "tarok1_won"},
        ),
        "tarok1_last",
        "held the tarok 1",
    ),
    # the fourth King called with the bidder alone and the King not in the blind
    (dict(called="fourth_king", partner=None), "called", "fourth King"),
    # forgotten discard in a Five
    (
        dict(bid="five", blind=None, penalties=[{"kind": "forgotten_discard"}]),
        "penalties",
        "only in a Four",
    ),
    # unknown fields
    (dict(trumps=10), "trumps", "Unknown field"),
    (
        dict(king_last={"announced": True, "outcome": "won", "by": "Anna"}),
        "king_last",
        "Unknown field",
    ),
    # unknown words
    (dict(bid="six"), "bid", "four, five, five_over"),
    (dict(blind="third"), "blind", "first, second, first_after_second"),
    (dict(kind="abandoned"), "kind", "played, surrendered"),
    (dict(valat="both"), "valat", "bidder, opponents"),
    (
        dict(declarations=[{"player": "Anna", "kind": "five_kings"}]),
        "declarations",
        "ten_taroky, four_kings, three_high",
    ),
    # unknown ruleset and options
    (dict(ruleset="prague"), "ruleset", "Unknown ruleset"),
    (dict(options={"ten_taroky_pays": 2}), "options", "Unknown option"),
    (dict(options={"kontra_allowed": "no"}), "options", "true or false"),
    (dict(options={"starting_chips": True}), "options", "whole number"),
    # three players, and a player named twice
    (dict(players=["Anna", "Bill", "Cyril"]), "players", "exactly four"),
    (
        dict(players=["Anna", "Bill", "Cyril", "Anna"], bidder="Bill", partner="Cyril"),
        "players",
        "named twice",
    ),
]


@pytest.mark.parametrize("fields, field, words", BAD)
def test_refused_at_its_field(fields, field, words):
    with pytest.raises(OutcomeError) as caught:
        score(played(**fields))
    messages = by_field(caught.value)
    assert field in messages, caught.value.errors
    assert any(words in m for m in messages[field]), messages[field]


OTHER_KINDS_BAD = [
    # surrender only after a Four
    ({"kind": "surrendered", "bidder": "Anna", "bid": "five"}, "bid", "Only a Four"),
    # La Vista: surrender only after seeing both halves
    (
        {"kind": "surrendered", "bidder": "Anna", "bid": "four", "blind": "first"},
        "blind",
        "both halves",
    ),
    # a surrender pays nothing else
    (
        {"kind": "surrendered", "bidder": "Anna", "bidder_points": 30},
        "bidder_points",
        "nothing else",
    ),
    # a misdeal names its dealer
    ({"kind": "misdeal"}, "dealer", "Required for a misdeal"),
    # a thrown-in deal has no bidder
    ({"kind": "thrown_in", "bidder": "Anna", "bid": "four"}, "bidder", "thrown-in"),
    ({"kind": "misdeal", "dealer": "Anna", "bidder_points": 40}, "bidder_points", "misdeal"),
]


@pytest.mark.parametrize("fields, field, words", OTHER_KINDS_BAD)
def test_other_kinds_refused_at_field(fields, field, words):
    with pytest.raises(OutcomeError) as caught:
        score({"players": PLAYERS, **fields})
    messages = by_field(caught.value)
    assert field in messages, caught.value.errors
    assert any(words in m for m in messages[field]), messages[field]


def test_heun_allows_surrender_after_one_half():
    document = {
        "ruleset": "heun",
        "players": PLAYERS,
        "kind": "surrendered",
        "bidder": "Anna",
        "bid": "four",
        "blind": "first",
    }
    assert score(document).net == {"Anna": -12, "Bill": 4, "Cyril": 4, "Dana": 4}


def test_all_errors_are_collected_not_just_the_first():
    with pytest.raises(OutcomeError) as caught:
        score(
            played(
                bid="five",
                kontra="kontra",
                ruleset="clarkson",
                partner="Anna",
                valat="bidder",
                bidder_points=20,
            )
        )
    assert set(by_field(caught.value)) == {"blind", "kontra", "partner", "valat"}


def test_kontra_none_and_empty_lists_are_always_accepted():
    document = {
        "players": PLAYERS,
        "kind": "thrown_in",
        "kontra": "none",
        "declarations": [],
        "penalties": [],
        "valat": None,
        "king_in_blind": False,
    }
    assert score(document).net == dict.fromkeys(PLAYERS, 0)


@pytest.mark.parametrize("document", [None, [], "played", 7])
def test_a_document_that_is_not_an_object(document):
    with pytest.raises(OutcomeError) as caught:
        score(document)
    assert caught.value.errors[0].field == "input"
