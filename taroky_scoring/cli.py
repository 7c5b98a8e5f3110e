"""``python -m taroky_scoring``: score a deal or count a pile, JSON in, JSON out."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import card_points, preset_listing, score
from .errors import FieldError, OutcomeError

SCORE_HELP = """\
Reads one deal as a JSON object on standard input and writes its settlement.

Fields (absent and null are the same; a field that cannot apply is an error):
  ruleset         la-vista (default) | heun | clarkson
  options         house rules overriding the preset, e.g. {"kontra_allowed": false}:
                  kontra_allowed (bool), tarok1_last_rule (tarok1_wins | team_wins),
                  surrender_after (both_halves | any_half), next_dealer (forehand |
                  heun), blind_half_to_lone_bidder (with_king | top), starting_chips
  players         the four active players in clockwise seat order
  sitting_out     at a five-player table: the dealer, who sits out
  dealer          required for a misdeal, optional otherwise
  kind            played | surrendered | thrown_in | misdeal
  bidder          who won the bidding (played, surrendered)
  bid             four | five | five_over (a surrender is always a Four)
  partner         holder of the called King, or null when the bidder plays alone
  called          clubs | spades | hearts | diamonds | fourth_king (for the record)
  king_in_blind   true when the called King was in the blind (partner must be null)
  blind           Four only: first | second | first_after_second
  kontra          none | kontra | rekontra (Five and Five Over, where allowed)
  bidder_points   card points of the bidder's team, 0-70 (or opponent_points)
  valat           null | bidder | opponents: that team took all 12 tricks
  king_last       {"announced": bool, "outcome": won | lost | played_early}
  tarok1_last     {"team": bidder | opponents, "announced": bool,
                   "outcome": tarok1_won | partner_won | lost | played_early}
  declarations    [{"player": name, "kind": ten_taroky | four_kings | three_high}]
  penalties       [{"kind": "forgotten_discard"}]

Output: {"bidder_won", "game_value", "transfers": [{"from", "to", "chips", "reason",
"explanation"}], "net": {player: chips}}, exit 0. On bad input:
{"errors": [{"field", "message"}]} on standard output, exit 1.

Example:
  echo '{"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
         "bidder": "Anna", "bid": "four", "partner": "Cyril", "blind": "second",
         "bidder_points": 41}' | python -m taroky_scoring score
"""

POINTS_HELP = """\
Reads a counted pile as JSON on standard input and writes its card points.

Input: {"cards": 7, "counting": ["king", "queen"]}: the number of cards in the pile
and its counting cards, named skies, tarok21, tarok1, king, queen, horseman, jack.
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


def run_score(stream: TextIO) -> dict[str, Any]:
    return score(_read_json(stream)).as_dict()


def run_points(stream: TextIO) -> dict[str, Any]:
    document = _read_json(stream)
    if not isinstance(document, dict):
        raise OutcomeError([FieldError("input", "The pile must be a JSON object.")])
    unknown = sorted(set(document) - {"cards", "counting"})
    if unknown:
        raise OutcomeError([FieldError(k, f"Unknown field '{k}'.") for k in unknown])
    if "cards" not in document:
        raise OutcomeError([FieldError("cards", "Required: the number of cards in the pile.")])
    counting = document.get("counting") or []
    if not isinstance(counting, list):
        raise OutcomeError([FieldError("counting", "Must be a list of counting cards.")])
    return {"points": card_points(document["cards"], counting)}


def main(
    argv: list[str] | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taroky_scoring",
        description="Nebraska Taroky scoring: JSON in on standard input, JSON out.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "score",
        help="settle one deal",
        description=SCORE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands.add_parser(
        "points",
        help="count the card points of a pile",
        description=POINTS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands.add_parser("rulesets", help="list the rulesets and their options")
    args = parser.parse_args(argv)
    try:
        if args.command == "score":
            result = run_score(stdin)
        elif args.command == "points":
            result = run_points(stdin)
        else:
            result = {"rulesets": preset_listing()}
    except OutcomeError as e:
        json.dump(e.as_dict(), stdout, ensure_ascii=False)
        stdout.write("\n")
        return 1
    json.dump(result, stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return 0
