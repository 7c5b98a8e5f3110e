"""Properties of every valid Petrtyl deal, over generated documents of all four rulesets."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from taroky_scoring.games.petrtyl.tables import TABLES

from .petrtyl_strategies import DECLARATIONS, WORDS, petrtyl_deals, scored

LAST_TRICK = {"chief_last", "papoose_last", "pot"}


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
