"""Properties of every Texas deal, per game, over generated documents (hypothesis)."""

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from taroky_scoring import score
from taroky_scoring.games.texas.common import difference

from .texas_strategies import GAMES, TRICK_BIDS, texas_deals


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
