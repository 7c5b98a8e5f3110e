"""The CLI takes every ruleset: score, points with a ruleset, rulesets, --help per ruleset."""

import io
import json
import re
import subprocess
import sys

import pytest

from taroky_scoring import ruleset_names
from taroky_scoring.cli import main

from .cli import ROOT, run


def cli(*args, stdin=""):
    out = io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_rulesets_lists_every_preset_with_game_source_players_and_options():
    code, out = cli("rulesets")
    assert code == 0
    listing = {r["name"]: r for r in json.loads(out)["rulesets"]}
    assert list(listing) == [
        "la-vista",
        "heun",
        "clarkson",
        "petrtyl",
        "petrtyl-five",
        "petrtyl-three",
        "petrtyl-two",
        "texas-xix",
        "texas-xx",
        "texas-king",
    ]
    xx = listing["texas-xx"]
    assert (xx["game"], xx["source"], xx["players"], xx["order_of_play"]) == (
        "texas",
        "003 §19.17",
        4,
        "counter-clockwise",
    )
    assert (xx["card_points"], xx["winning_points"]) == (106, 54)
    assert xx["options"] == {"pagat_contra": False, "mond_penalty": False, "starting_chips": 100}
    assert listing["texas-xix"]["options"] == {
        "uni_bonus": 4,
        "two_trumps_bonus": True,
        "prever_back_value": None,
        "called_trump_throw_in": False,
        "starting_chips": 100,
    }
    assert listing["texas-king"]["options"] == {
        "game_value": "stated",
        "no_trick_bonuses": False,  # contract 19 D3
        "starting_chips": 100,
    }
    assert listing["la-vista"]["game"] == "nebraska"


def test_score_help_for_a_texas_ruleset_lists_its_fields_and_words():
    code, out, _ = run("score", "--help", "--ruleset", "texas-xx")
    assert code == 0
    assert "Fields of the texas-xx rules" in out
    for words in ("ze_ruky (Ze Ruky)", "xx_in_talon", "bidder_took_a_trick", "rhea (Rhea)"):
        assert words in out
    assert "pagat_contra" in out and "sitting_out" not in out
    code, out, _ = run("score", "--help")
    assert "Fields of the la-vista rules" in out and "first_after_second" in out


def test_score_help_for_an_unknown_ruleset_is_an_error():
    code, out = cli("score", "--help", "--ruleset", "prague")
    assert code == 1
    assert json.loads(out)["errors"][0]["field"] == "ruleset"


def test_points_counts_by_the_rulesets_game():
    assert cli("points", stdin='{"cards": 7, "counting": ["king", "queen"]}') == (
        0,
        '{\n  "points": 9\n}\n',
    )
    code, out = cli(
        "points", stdin='{"ruleset": "texas-king", "cards": 7, "counting": ["king", "queen"]}'
    )
    assert (code, json.loads(out)) == (0, {"points": 14})
    code, out = cli("points", stdin='{"ruleset": "prague", "cards": 7}')
    assert code == 1 and json.loads(out)["errors"][0]["field"] == "ruleset"


def test_score_a_texas_deal_through_the_cli():
    doc = {
        "ruleset": "texas-xix",
        "players": ["Anna", "Bill", "Cyril", "Dana"],
        "kind": "played",
        "bidder": "Anna",
        "bid": "prever",
        "talon": "first",
        "bidder_points": 59,
    }
    code, out, err = run("score", stdin=json.dumps(doc))
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert (result["bidder_won"], result["game_value"]) == (True, 5)
    assert result["net"] == {"Anna": 15, "Bill": -5, "Cyril": -5, "Dana": -5}


def test_every_game_imports_and_scores_without_django():
    code = (
        "import sys; sys.modules['django'] = None\n"
        "import taroky_scoring, taroky_scoring.cli\n"
        "doc = {'ruleset': 'texas-xx', 'players': ['A', 'B', 'C', 'D'], 'kind': 'played',\n"
        "       'bidder': 'A', 'bid': 'zebrak', 'bidder_took_a_trick': False}\n"
        "print(taroky_scoring.score(doc).net['A'], sorted(taroky_scoring.ruleset_names()))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "48 ['clarkson', 'heun', 'la-vista', 'petrtyl', 'petrtyl-five', 'petrtyl-three', "
        "'petrtyl-two', 'texas-king', 'texas-xix', 'texas-xx']"
    )


# A clause of a condition: "<field> is <value>[ or <value>...]", "is not", "is neither
# ... nor ...", "is none of a, b, c"; clauses are joined by "and", "or" and "either ...,
# or ...". Anything else (a dangling "is", "not kind is", brackets) is not a sentence.
VALUE = r"[a-z0-9_]+(?: given)?"
CLAUSE = (
    rf"[a-z0-9_]+ is (?:not {VALUE}|neither {VALUE} nor {VALUE}|none of {VALUE}(?:, {VALUE})+"
    rf"|{VALUE}(?: or {VALUE})*)"
)
SENTENCE = re.compile(rf"only when (?:either )?{CLAUSE}(?:(?:,? or |,? and )(?:either )?{CLAUSE})*")


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_score_help_says_every_condition_as_a_sentence(ruleset):
    code, out = cli("score", "--help", "--ruleset", ruleset)
    assert code == 0
    conditions = [line.strip() for line in out.splitlines() if "only when" in line]
    assert conditions, "every ruleset has fields that apply only sometimes"
    for said in conditions:
        assert SENTENCE.fullmatch(said), said
        assert "(" not in said and not said.endswith(" is")


def _condition_of(help_text: str, field: str) -> str:
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [field])
    for line in lines[start + 1 :]:
        if not line.startswith(" " * 23):  # the next field
            break
        if line.strip().startswith(("only when", "never")):
            return line.strip()
    return "always"


@pytest.mark.parametrize(
    "ruleset, field, said",
    [
        # Texas XIX has no bid decided by a trick: its card points apply to every played deal
        # (this once printed "only when kind is played and not bid is ").
        ("texas-xix", "bidder_points", "only when kind is played"),
        ("texas-xix", "valat", "only when kind is played"),
        ("texas-xx", "bidder_points", "only when kind is played and bid is not zebrak"),
        ("texas-xx", "mond_lost", "never: leave it empty"),
        (
            "texas-king",
            "king_last",
            "only when kind is played and bid is povenost and called is not queen",
        ),
        (
            "la-vista",
            "partner",
            "only when kind is played or surrendered and king_in_blind is not true",
        ),
        ("clarkson", "kontra", "never: leave it empty"),
        (
            "petrtyl",
            "called",
            "only when either kind is played and bid is four or five, or kind is surrendered",
        ),
        (
            "petrtyl",
            "talon",
            "only when either kind is played and bid is four, or kind is surrendered",
        ),
        ("petrtyl", "players", "always"),
        # Contract 19 D3: no bonuses in a texas-king No Trick (without its house rule).
        ("texas-king", "bonuses", "only when kind is played and bid is not no_trick"),
        ("texas-xix", "bonuses", "only when kind is played"),
    ],
)
def test_score_help_condition_of_a_field(ruleset, field, said):
    code, out = cli("score", "--help", "--ruleset", ruleset)
    assert _condition_of(out, field) == said


def test_score_help_lists_texas_kings_house_rule_for_no_trick_bonuses():
    # Contract 19 D3: the house rule is the core's option, so --help says it.
    code, out = cli("score", "--help", "--ruleset", "texas-king")
    assert code == 0
    assert "  no_trick_bonuses           true or false; here false\n" in out
