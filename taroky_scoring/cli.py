"""``python -m taroky_scoring``: score a deal or count a pile, JSON in, JSON out."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import card_points, listing, score
from .errors import FieldError, OutcomeError
from .field_help import help_text
from .registry import DEFAULT_RULESET, game_for, ruleset_names

SCORE_HELP = """\
Reads one deal as a JSON object on standard input and writes its settlement.
Show another ruleset's fields with: score --help --ruleset NAME (rulesets: {rulesets}).

Fields of the {ruleset} rules ({game}; absent and null are the same; a field that
cannot apply is an error):
{fields}

House rules ("options") of the {ruleset} rules, with this preset's values:
{options}

Output: {{"bidder_won", "game_value", "transfers": [{{"from", "to", "chips", "reason",
"explanation"}}], "net": {{player: chips}}}}, exit 0. On bad input:
{{"errors": [{{"field", "message"}}]}} on standard output, exit 1.

Example:
  echo '{{"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
         "bidder": "Anna", "bid": "four", "partner": "Cyril", "blind": "second",
         "bidder_points": 41}}' | python -m taroky_scoring score
"""


def score_help(ruleset: str) -> str:
    """``score --help`` for one ruleset, from its game's description of the document."""
    game = game_for(ruleset)
    rules = game.rules(ruleset)
    values = rules.options() if callable(getattr(rules, "options", None)) else rules.options
    options = "\n".join(
        f"  {o.name:<26} {o.wanted()}; here {json.dumps(values[o.name])}" for o in game.option_list
    )
    return SCORE_HELP.format(
        rulesets=", ".join(ruleset_names()),
        ruleset=ruleset,
        game=game.title,
        fields=help_text(game.fields(rules)),
        options=options,
    )


POINTS_HELP = """\
Reads a counted pile as JSON on standard input and writes its card points.

Input: {"cards": 7, "counting": ["king", "queen"]}: the number of cards in the pile
and its counting cards, named skies, tarok21, tarok1, king, queen, horseman, jack.
Optional "ruleset" chooses the game's counting (default: packets of three, as in
Nebraska; the Texas games count every card singly, 106 in the pack).
Output: {"points": 9}, exit 0; on bad input {"errors": [...]}, exit 1.
"""


def _read_json(stream: TextIO) -> Any:
    text = stream.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise OutcomeError(
            [FieldError("input", f"The input is not valid JSON: {e.msg}.")]
        ) from None
    except RecursionError:
        # No deal document nests deeper than a few levels.
        raise OutcomeError([FieldError("input", "The input nests too deeply.")]) from None


def run_score(stream: TextIO) -> dict[str, Any]:
    return score(_read_json(stream)).as_dict()


def run_points(stream: TextIO) -> dict[str, Any]:
    document = _read_json(stream)
    if not isinstance(document, dict):
        raise OutcomeError([FieldError("input", "The pile must be a JSON object.")])
    unknown = sorted(set(document) - {"cards", "counting", "ruleset"})
    if unknown:
        raise OutcomeError([FieldError(k, f"Unknown field '{k}'.") for k in unknown])
    if "cards" not in document:
        raise OutcomeError([FieldError("cards", "Required: the number of cards in the pile.")])
    counting = document.get("counting") or []
    if not isinstance(counting, list):
        raise OutcomeError([FieldError("counting", "Must be a list of counting cards.")])
    ruleset = document.get("ruleset")
    if ruleset is not None:
        game_for(ruleset)  # an unknown ruleset is an error in "ruleset"
    return {"points": card_points(document["cards"], counting, ruleset)}


def main(
    argv: list[str] | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taroky_scoring",
        description="Taroky scoring: JSON in on standard input, JSON out.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score_parser = commands.add_parser(
        "score",
        help="settle one deal",
        add_help=False,
        description="Settle one deal (score --help --ruleset NAME for its fields).",
    )
    score_parser.add_argument("-h", "--help", action="store_true", help="show the fields")
    score_parser.add_argument("--ruleset", default=DEFAULT_RULESET, help="for --help")
    commands.add_parser(
        "points",
        help="count the card points of a pile",
        description=POINTS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands.add_parser("rulesets", help="list the rulesets and their options")
    args = parser.parse_args(argv)
    try:
        if args.command == "score" and args.help:
            stdout.write(score_help(args.ruleset))
            return 0
        if args.command == "score":
            result = run_score(stdin)
        elif args.command == "points":
            result = run_points(stdin)
        else:
            result = {"rulesets": listing()}
    except OutcomeError as e:
        json.dump(e.as_dict(), stdout, ensure_ascii=False)
        stdout.write("\n")
        return 1
    json.dump(result, stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return 0
