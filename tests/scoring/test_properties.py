"""Properties that hold for every valid deal, checked over generated outcomes."""

import io
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from taroky_scoring import parse_deal, score
from taroky_scoring.cli import main as cli_main
from taroky_scoring.games.nebraska.outcome import DealOutcome

from .strategies import any_deal, played_deals

ROOT = Path(__file__).resolve().parents[2]


def _flows(settlement, reasons):
    return [(t.payer, t.payee, t.chips) for t in settlement.transfers if t.reason in reasons]


@given(any_deal)
def test_every_deal_sums_to_zero_and_net_is_the_sum_of_transfers(doc):
    settlement = score(doc)
    assert sum(settlement.net.values()) == 0
    expected = Counter()
    for t in settlement.transfers:
        assert t.chips > 0 and t.payer != t.payee
        expected[t.payer] -= t.chips
        expected[t.payee] += t.chips
    for player, chips in settlement.net.items():
        assert chips == expected[player]
    assert set(settlement.net) == set(doc["players"]) | {doc.get("sitting_out")} - {None}


def _cli_in_another_process(doc, hash_seed):
    """The CLI's exact output for ``doc`` in a fresh interpreter with ``hash_seed``."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    result = subprocess.run(
        [sys.executable, "-m", "taroky_scoring", "score"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    return result.returncode, result.stdout


@settings(max_examples=12)
@given(any_deal)
def test_scoring_is_deterministic_across_processes_and_hash_seeds(doc):
    # Set and dict order can only differ between interpreters with different hash
    # seeds, so determinism is checked in two other processes, not by scoring twice.
    out = io.StringIO()
    code = cli_main(["score"], stdin=io.StringIO(json.dumps(doc)), stdout=out)
    assert _cli_in_another_process(doc, 1) == (code, out.getvalue())
    assert _cli_in_another_process(doc, 4242) == (code, out.getvalue())


@given(played_deals())
def test_sitting_out_dealer_gets_nothing_in_a_played_deal(doc):
    assume(doc.get("sitting_out"))
    assert score(doc).net[doc["sitting_out"]] == 0


@given(played_deals())
def test_swapping_the_games_result_flips_the_game_transfers(doc):
    doc = {**doc, "valat": None}
    flipped = {**doc, "bidder_points": 70 - doc["bidder_points"]}
    assume((doc["bidder_points"] >= 36) != (flipped["bidder_points"] >= 36))  # not 35-35
    # The blind's share of the opponents bounds the flipped points (0 -> 70 is refused).
    assume(
        flipped["bidder_points"] <= (69 if doc["bid"] == "four" or doc.get("king_in_blind") else 68)
    )
    game = _flows(score(doc), {"game"})
    game_flipped = _flows(score(flipped), {"game"})
    assert game_flipped == [(payee, payer, chips) for payer, payee, chips in game]


@given(played_deals(ruleset="la-vista").filter(lambda d: d["bid"] != "four"))
def test_kontra_multiplies_the_game_and_never_a_bonus(doc):
    plain = score({**doc, "kontra": "none"})
    for level, factor in (("kontra", 2), ("rekontra", 4)):
        doubled = score({**doc, "kontra": level})
        assert doubled.game_value == plain.game_value * factor
        assert _flows(doubled, {"game"}) == [
            (a, b, c * factor) for a, b, c in _flows(plain, {"game"})
        ]
        others = {"king_last", "tarok1_last", "ten_taroky", "four_kings", "three_high"}
        assert _flows(doubled, others) == _flows(plain, others)


@given(played_deals().filter(lambda d: d["valat"] is not None))
def test_valat_doubles_exactly_the_game_and_last_trick_parts(doc):
    with_valat = score(doc)
    without = score({**doc, "valat": None})
    doubled = {"game", "king_last", "tarok1_last"}
    assert _flows(with_valat, doubled) == [(a, b, c * 2) for a, b, c in _flows(without, doubled)]
    unchanged = {"ten_taroky", "four_kings", "three_high", "forgotten_discard"}
    assert _flows(with_valat, unchanged) == _flows(without, unchanged)


@given(played_deals())
def test_bidder_alone_gains_or_loses_three_times_the_game(doc):
    assume(doc.get("partner") is None)
    settlement = score(
        {**doc, "king_last": None, "tarok1_last": None, "declarations": None, "penalties": None}
    )
    sign = 1 if settlement.bidder_won else -1
    assert settlement.net[doc["bidder"]] == sign * 3 * settlement.game_value


@given(any_deal)
def test_document_round_trip(doc):
    outcome, _ = parse_deal(doc)
    assert outcome.to_document() == doc
    assert DealOutcome.from_document(outcome.to_document()) == outcome


@given(any_deal, st.sampled_from(["players", "kind", "bidder", "bid", "bidder_points"]))
def test_breaking_a_field_is_refused_not_guessed(doc, field):
    from taroky_scoring import OutcomeError

    broken = {**doc, field: {"not": "valid"}}
    try:
        score(broken)
    except OutcomeError as e:
        assert e.errors and all(err.field and err.message for err in e.errors)
    else:  # pragma: no cover - the assertion message shows the document
        raise AssertionError(f"accepted {broken}")
