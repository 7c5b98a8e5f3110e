"""Properties of every Texas deal, per game, over generated documents (hypothesis)."""

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from taroky_scoring import score
from taroky_scoring.games.texas.common import difference

PLAYERS = ["Anna", "Bill", "Čada", "Dana"]
BIDS = {
    "texas-xix": ["povinost", "prever"],
    "texas-xx": ["povinost", "ze_ruky", "prever", "zebrak"],
    "texas-king": ["povenost", "prever", "no_trick"],
}
CONTRA = {
    "texas-xix": ["none", "contra", "re", "supre", "mort"],
    "texas-xx": ["none", "hrb", "rhea", "contrec", "suprec"],
    "texas-king": ["none", "contra", "re", "supre", "mort"],
}
TRICK_BIDS = {"zebrak", "no_trick"}
GAMES = list(BIDS)


@st.composite
def texas_deals(draw, ruleset):
    players = draw(st.permutations(PLAYERS))
    bidder = draw(st.sampled_from(players))
    bid = draw(st.sampled_from(BIDS[ruleset]))
    doc = {"ruleset": ruleset, "players": players, "kind": "played", "bidder": bidder, "bid": bid}
    partner = None
    if bid in ("povinost", "povenost", "ze_ruky") and draw(st.booleans()):
        partner = draw(st.sampled_from([p for p in players if p != bidder]))
        doc["partner"] = partner
    elif bid == "ze_ruky":
        doc["xx_in_talon"] = True
    if bid == "prever":
        doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
    if bid in TRICK_BIDS:
        doc["bidder_took_a_trick"] = draw(st.booleans())
    if bid != "zebrak":
        doc["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
    if bid not in TRICK_BIDS:
        points = draw(st.integers(0, 106))
        doc["bidder_points"] = points
        side = "bidder" if points >= 54 else "opponents"
        # A side with no card points took no trick: the other side's valat was made
        # (contract 19 D6).
        swept = points in (0, 106)
        if swept or draw(st.booleans()):
            announced = draw(st.booleans())
            made = True if not announced or swept else draw(st.booleans())
            team = side if made else draw(st.sampled_from(["bidder", "opponents"]))
            valat = {"team": team, "announced": announced, "made": made}
            if announced and ruleset != "texas-king":
                valat["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
            doc["valat"] = valat
        if draw(st.booleans()):
            announced = draw(st.booleans())
            outcomes = ["won", "lost"] + (["played_early"] if announced else [])
            team = draw(st.sampled_from(["bidder", "opponents"]))
            outcome = draw(st.sampled_from(outcomes))
            valat = doc.get("valat")
            if valat and valat["made"] and outcome == "won":
                team = valat["team"]
            pagat = {"team": team, "announced": announced, "outcome": outcome}
            if announced and ruleset != "texas-xx":
                pagat["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
            doc["pagat"] = pagat
    # texas-king pays no bonuses in a No Trick unless the house rule says so (19 D3).
    no_trick_bonuses = ruleset == "texas-king" and draw(st.booleans())
    if no_trick_bonuses:
        doc["options"] = {"no_trick_bonuses": True}
    if draw(st.booleans()) and (bid != "no_trick" or no_trick_bonuses):
        kind = draw(st.sampled_from(["krale", "trull", "eight_trumps", "spjst", "no_trumps"]))
        holders = players
        if ruleset == "texas-king" and bid == "povenost" and kind in ("krale", "spjst"):
            # He holds the called King (a King is presumed without `called`): the
            # partner, or the declarer alone with his own (19 D4, D5).
            holders = [partner or bidder]
        holder = draw(st.sampled_from(holders))
        doc["bonuses"] = [{"player": holder, "kind": kind}]
    return doc


def _flows(s, reasons):
    return [(t.payer, t.payee, t.chips) for t in s.transfers if t.reason in reasons]


BONUS_REASONS = {"krale", "trull", "eight_trumps", "spjst", "no_trumps"}


@pytest.mark.parametrize("ruleset", GAMES)
def test_zero_sum_and_each_net_is_its_transfers(ruleset):
    @given(texas_deals(ruleset))
    def check(doc):
        s = score(doc)
        assert sum(s.net.values()) == 0
        expected = Counter()
        for t in s.transfers:
            assert t.chips > 0 and t.payer != t.payee and t.explanation
            expected[t.payer] -= t.chips
            expected[t.payee] += t.chips
        assert s.net == {p: expected[p] for p in doc["players"]}

    check()


@pytest.mark.parametrize("ruleset", GAMES)
def test_bonuses_never_change_with_contra_or_valat(ruleset):
    @given(texas_deals(ruleset))
    def check(doc):
        assume(doc.get("bonuses"))
        plain = {k: v for k, v in doc.items() if k not in ("contra", "valat")}
        if plain.get("bidder_points") in (0, 106):
            # Without the valat each side took a trick, a point at least (19 D6): the
            # game changes, the bonuses must not.
            plain["bidder_points"] = {0: 1, 106: 105}[plain["bidder_points"]]
        assert _flows(score(doc), BONUS_REASONS) == _flows(score(plain), BONUS_REASONS)

    check()


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_valat_replaces_the_game(ruleset):
    @given(texas_deals(ruleset))
    def check(doc):
        valat = doc.get("valat")
        assume(valat)
        s = score(doc)
        assert _flows(s, {"game"}) == []
        valat_flows = _flows(s, {"valat"})
        assert valat_flows and all(c == s.game_value for _, _, c in valat_flows)
        assert s.bidder_won == ((valat["team"] == "bidder") == valat["made"])

    check()


@pytest.mark.parametrize("ruleset", GAMES)
def test_swapping_the_result_flips_the_games_transfers(ruleset):
    @given(texas_deals(ruleset))
    def check(doc):
        assume(doc["bid"] != "prever" and doc["bid"] not in TRICK_BIDS)  # lost Prever is dearer
        assume(doc["bidder_points"] != 53)  # 53-53 loses both ways
        # Without a valat each side took a trick, a point at least (contract 19 D6).
        assume(0 < doc["bidder_points"] < 106)
        doc = {**doc, "valat": None, "pagat": None}
        flipped = {**doc, "bidder_points": 106 - doc["bidder_points"]}
        game = _flows(score(doc), {"game"})
        assert _flows(score(flipped), {"game"}) == [(b, a, c) for a, b, c in game]

    check()


@given(st.integers(0, 106), st.sampled_from([2, 3, 4]))
def test_the_difference_formula_rounds_half_up_to_tens(points, m):
    chips, words = difference(points, m)
    exact = Decimal((abs(points - 53) + 10) * m) / 10
    assert chips == int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    assert words.endswith(f"= {chips}")


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 120),
    st.sampled_from(["", "none", "Zdeněk", "Anna", "contra", "hrb", "prever", "surrendered"]),
    st.just([]),
    st.just({}),
    st.just([{"player": "Anna"}]),
    st.just({"team": "bidder"}),
    st.just({"team": "opponents", "outcome": "won", "announced": True}),
)
KEYS = [
    "ruleset", "options", "players", "dealer", "kind", "bidder", "bid", "partner", "called",
    "talon", "contra", "bidder_points", "opponent_points", "valat", "pagat", "bonuses",
    "king_last", "mond_lost", "xx_in_talon", "bidder_took_a_trick", "no_trick_bid",
]  # fmt: skip


@pytest.mark.parametrize("ruleset", GAMES)
def test_broken_documents_are_refused_at_a_field_or_settle_balanced(ruleset):
    from taroky_scoring import OutcomeError

    @given(texas_deals(ruleset), st.lists(st.tuples(st.sampled_from(KEYS), JUNK), max_size=3))
    def check(doc, changes):
        for key, value in changes:
            doc = {**doc, key: value}
        try:
            s = score(doc)
        except OutcomeError as e:
            assert e.errors and all(err.field and err.message for err in e.errors)
        else:
            assert sum(s.net.values()) == 0 and set(s.net) == set(doc["players"])

    check()
