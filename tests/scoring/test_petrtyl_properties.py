"""Properties of every valid Petrtyl deal, over generated documents of all four rulesets."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from taroky_scoring import OutcomeError, score
from taroky_scoring.games.petrtyl.tables import TABLES

NAMES = ["Anna", "Bill", "Cyril", "Dana", "Emil"]
WORDS = ["none", "contra", "recontra", "suprecontra"]
LAST_TRICK = {"chief_last", "papoose_last", "pot"}
DECLARATIONS = {
    "regiment",
    "trule",
    "all_four",
    "four_honours",
    "lack_of_regiment",
    "no_trule_card",
    "no_chief",
}


@st.composite
def petrtyl_deals(
    draw, kinds=("played",) * 6 + ("three_passed", "surrendered", "thrown_in", "misdeal")
):
    ruleset = draw(st.sampled_from(sorted(TABLES)))
    t = TABLES[ruleset]
    players = NAMES[: t.players]
    kind = draw(st.sampled_from([k for k in kinds if k in t.kinds()]))
    doc = {"ruleset": ruleset, "players": players, "kind": kind, "pot": draw(st.integers(0, 40))}
    if draw(st.booleans()) or kind == "misdeal":
        doc["dealer"] = draw(st.sampled_from(players))
    bidder = draw(st.sampled_from(players))
    if kind == "three_passed":
        if "dealer" in doc:
            return doc  # the bidder is forehand, after the dealer
        doc["bidder"] = bidder
        return doc
    if kind == "surrendered":
        doc.update(bidder=bidder, bid="four", chief_in_talon=True)
        if t.halves:
            doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
        return doc
    if kind != "played":
        return doc
    bid = draw(st.sampled_from([b for b in t.bids() if b != "three"]))
    doc.update(bidder=bidder, bid=bid, contra=draw(st.sampled_from(WORDS)))
    partner = None
    if bid == "grand_nullo":
        doc["bidder_took_a_trick"] = draw(st.booleans())
    elif bid == "grand_sweep":
        doc["bidder_took_all_tricks"] = draw(st.booleans())
    else:
        chief_in_talon = False
        if t.chief_called:
            partner = draw(st.sampled_from([None, *[p for p in players if p != bidder]]))
            chief_in_talon = partner is None and draw(st.booleans())
            doc.update(partner=partner, chief_in_talon=chief_in_talon)
        if bid == "four" and t.halves:
            doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
        points = draw(st.integers(0, t.total))
        swept = draw(st.integers(0, 4)) == 0
        announced = draw(st.booleans()) and (t.chief_called or t.grand_bids)
        # The opponents with no card points took no trick: the Sweep was made (19 D6).
        swept = swept or points == t.total
        if swept or announced:
            if swept:
                points = max(points, t.winning)
            doc["sweep"] = {"announced": announced, "made": swept}
            if announced:
                doc["sweep"]["contra"] = draw(st.sampled_from(WORDS))
        doc["bidder_points"] = points
        side = {bidder, partner}
        taker = "declarer" if swept else draw(st.sampled_from(["declarer", "opponents"]))
        if t.chief_called and not chief_in_talon and draw(st.booleans()):
            announced = draw(st.booleans())
            outcome = "won" if taker == "declarer" else "lost"
            if announced and draw(st.booleans()):
                outcome = "played_early"
            doc["chief_last"] = {"announced": announced, "outcome": outcome}
            if announced:
                doc["chief_last"]["contra"] = draw(st.sampled_from(WORDS))
        if draw(st.booleans()):
            player = draw(st.sampled_from(players))
            mine = "declarer" if player in side else "opponents"
            announced = draw(st.booleans())
            choices = ["lost"] + (["won"] if mine == taker else [])
            choices += ["played_early"] if announced else []
            doc["papoose_last"] = {
                "player": player,
                "announced": announced,
                "outcome": draw(st.sampled_from(choices)),
            }
    allowed = list(t.declarations(bid))
    claims = draw(
        st.lists(st.tuples(st.sampled_from(players), st.sampled_from(allowed)), max_size=3)
    )
    # All Four holds the called Chief: the partner's, or the declarer's own; nobody's
    # when it was in the talon (contract 19 D7).
    holders = set() if doc.get("chief_in_talon") else {partner or bidder}
    claims = [
        (p, k)
        for p, k in claims
        if (k != "lack_of_regiment" or p == bidder) and (k != "all_four" or p in holders)
    ]
    doc["declarations"] = [{"player": p, "kind": k} for p, k in dict.fromkeys(claims)]
    return doc


def scored(doc):
    try:
        return score(doc)
    except OutcomeError:  # an impossible draw of declarations: not a valid deal
        assume(False)


@given(petrtyl_deals())
def test_zero_sum_with_the_pot_and_nets_equal_transfers(doc):
    s = scored(doc)
    assert list(s.net) == [*doc["players"], "#pot"]
    assert sum(s.net.values()) == 0
    expected = Counter()
    for t in s.transfers:
        assert t.chips > 0 and t.payer != t.payee and t.explanation
        expected[t.payer] -= t.chips
        expected[t.payee] += t.chips
    assert {a: expected[a] for a in s.net} == s.net


@given(petrtyl_deals())
def test_the_pot_never_goes_below_zero_and_only_misdeals_and_papoose_touch_it(doc):
    s = scored(doc)
    assert doc["pot"] + s.net["#pot"] >= 0
    for t in s.transfers:
        if "#pot" in (t.payer, t.payee):
            assert t.reason.value in ("misdeal", "pot")
            if t.reason.value == "pot":
                assert t.chips == doc["pot"] and doc["papoose_last"]["announced"]


@given(petrtyl_deals(kinds=("played",)))
def test_a_sweep_made_suppresses_the_last_trick_bonuses_and_the_pot(doc):
    assume((doc.get("sweep") or {}).get("made"))
    s = scored(doc)
    reasons = {t.reason.value for t in s.transfers}
    assert not reasons & LAST_TRICK
    assert "sweep" in reasons and "game" not in reasons
    # The same deal without the sweep pays its last-trick events as usual: each Chief
    # Last or Papoose Last that pays (won, or announced) is paid there, and only there.
    # Without the Sweep the opponents took a trick, a point at least (contract 19 D6).
    most = TABLES[doc["ruleset"]].total - 1
    plain = scored({**doc, "sweep": None, "bidder_points": min(doc["bidder_points"], most)})
    assert [t for t in plain.transfers if t.reason.value in DECLARATIONS] == [
        t for t in s.transfers if t.reason.value in DECLARATIONS
    ]
    paying = {
        key
        for key in ("chief_last", "papoose_last")
        if doc.get(key) and (doc[key]["outcome"] == "won" or doc[key]["announced"])
    }
    assert {t.reason.value for t in plain.transfers} & {"chief_last", "papoose_last"} == paying


@given(petrtyl_deals(kinds=("played",)), st.sampled_from(WORDS[1:]))
def test_contra_multiplies_the_game_and_never_a_declaration(doc, word):
    assume(not doc.get("sweep"))
    plain = scored({**doc, "contra": "none"})
    doubled = scored({**doc, "contra": word})
    factor = {"contra": 2, "recontra": 4, "suprecontra": 8}[word]
    assert doubled.game_value == plain.game_value * factor

    def part(s, reasons):
        return [(t.payer, t.payee, t.chips) for t in s.transfers if t.reason.value in reasons]

    assert part(doubled, {"game"}) == [(a, b, c * factor) for a, b, c in part(plain, {"game"})]
    others = DECLARATIONS | LAST_TRICK
    assert part(doubled, others) == part(plain, others)


ROOT = Path(__file__).resolve().parents[2]


def _cli(doc, hash_seed):
    """The CLI's exact output for ``doc`` in a fresh interpreter with ``hash_seed``."""
    result = subprocess.run(
        [sys.executable, "-m", "taroky_scoring", "score"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        cwd=ROOT,
        check=False,
    )
    return result.returncode, result.stdout


@settings(max_examples=8)
@given(petrtyl_deals())
def test_the_same_document_settles_the_same_way_in_any_process(doc):
    # Set and dict order differ only between interpreters with other hash seeds, so
    # scoring twice in one process would prove nothing.
    assert _cli(doc, 1) == _cli(doc, 4242)
    assert json.loads(_cli(doc, 7)[1]) == scored(doc).as_dict()
