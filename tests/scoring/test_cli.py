"""The JSON interface of the contract, section 11, run as a real subprocess."""

import json
import os
import subprocess
import sys

import pytest

from .cli import ROOT, run

CONTRACT_EXAMPLE = {
    "ruleset": "la-vista",
    "options": {"kontra_allowed": False},
    "players": ["Anna", "Bill", "Cyril", "Dana"],
    "sitting_out": "Emil",
    "dealer": "Emil",
    "kind": "played",
    "bidder": "Anna",
    "bid": "four",
    "partner": "Cyril",
    "called": "hearts",
    "king_in_blind": False,
    "blind": "second",
    "kontra": "none",
    "bidder_points": 41,
    "valat": None,
    "king_last": {"announced": False, "outcome": "won"},
    "tarok1_last": {"team": "opponents", "announced": True, "outcome": "lost"},
    "declarations": [{"player": "Bill", "kind": "ten_taroky"}],
    "penalties": [{"kind": "forgotten_discard"}],
}


def test_score_the_contracts_example():
    code, out, err = run("score", stdin=json.dumps(CONTRACT_EXAMPLE))
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["bidder_won"] is True
    assert result["game_value"] == 5
    # Game 5, King Last 1, announced Tarok 1 Last lost by the opponents 2, Bill's Ten
    # Taroky 1 from each, Anna's forgotten discard 1 to each; Emil sits out.
    assert result["net"] == {"Anna": 4, "Bill": -4, "Cyril": 8, "Dana": -8, "Emil": 0}
    assert result["transfers"][0] == {
        "from": "Bill",
        "to": "Anna",
        "chips": 5,
        "reason": "game",
        "explanation": "Game won with 41 card points: Four (second half) 5 = 5",
    }
    assert len(result["transfers"]) == 12


def test_score_errors_are_json_with_exit_1():
    code, out, err = run("score", stdin=json.dumps({**CONTRACT_EXAMPLE, "bid": "five"}))
    assert code == 1
    assert err == ""
    # Both problems are reported: the blind and the forgotten discard, which a Five
    # cannot have.
    assert json.loads(out) == {
        "errors": [
            {"field": "blind", "message": "A Five does not use the blind: leave it empty."},
            {
                "field": "penalties",
                "message": "A forgotten discard can happen only in a Four: a Five does not "
                "take the blind.",
            },
        ]
    }


@pytest.mark.parametrize("stdin", ["", "{not json", "[1, 2]"])
def test_score_refuses_what_is_not_a_deal(stdin):
    code, out, _ = run("score", stdin=stdin)
    assert code == 1
    assert json.loads(out)["errors"][0]["field"] == "input"


def test_points():
    code, out, _ = run("points", stdin='{"cards": 7, "counting": ["king", "queen"]}')
    assert (code, json.loads(out)) == (0, {"points": 9})


def test_points_error():
    code, out, _ = run("points", stdin='{"cards": 2, "counting": ["king", "queen", "jack"]}')
    assert code == 1
    assert json.loads(out)["errors"][0]["field"] == "counting"


def test_help_explains_the_fields():
    code, out, _ = run("score", "--help")
    assert code == 0
    for word in ("bidder_points", "king_last", "tarok1_last", "first_after_second", "valat"):
        assert word in out


def test_czech_names_pass_through_unchanged():
    doc = {"players": ["Čada", "Brichaček", "Škýz", "Dana"], "kind": "misdeal", "dealer": "Čada"}
    code, out, _ = run("score", stdin=json.dumps(doc, ensure_ascii=False))
    assert code == 0
    assert json.loads(out)["net"] == {"Čada": -3, "Brichaček": 1, "Škýz": 1, "Dana": 1}


def test_importable_without_django():
    code = (
        "import sys; sys.modules['django'] = None\n"
        "import taroky_scoring, taroky_scoring.cli\n"
        "print(taroky_scoring.card_points(7, ['king', 'queen']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert (result.returncode, result.stdout.strip()) == (0, "9"), result.stderr


@pytest.mark.parametrize("command", ["score", "points"])
def test_input_nested_too_deeply_is_an_error_not_a_traceback(command):
    code, out, err = run(command, stdin="[" * 100_000 + "]" * 100_000)
    assert (code, json.loads(out), err) == (
        1,
        {"errors": [{"field": "input", "message": "The input nests too deeply."}]},
        "",
    )


def test_a_reader_that_stops_early_gets_no_traceback():
    """``score --help | head``: the reader went away before the output was written. The
    command stops quietly (exit 1), as Python advises, instead of a BrokenPipe
    traceback."""
    read, write = os.pipe()
    os.close(read)  # nobody will read: the first write fails at once
    try:
        for args in (["score", "--help", "--ruleset", "texas-xx"], ["rulesets"]):
            result = subprocess.run(
                [sys.executable, "-m", "taroky_scoring", *args],
                stdout=write,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
                timeout=60,
            )
            assert (result.returncode, result.stderr) == (1, "")
    finally:
        os.close(write)
