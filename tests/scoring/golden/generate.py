"""Write the golden file: the CLI's exact output for a few thousand Nebraska inputs.

Run from the repository root: ``.venv/bin/python -m tests.scoring.golden.generate``.
The inputs come from a seeded ``random.Random`` (not hypothesis), so the same file
comes out every time: every kind of deal, all three rulesets, house-rule options,
valid deals and deals broken in one or several ways, plus card-point piles. It was
written before the core became a registry of games, so replaying it
(``test_golden.py``) proves the move changed no byte of Nebraska's output.
"""

from __future__ import annotations

import gzip
import io
import json
import random
from pathlib import Path

from taroky_scoring.cli import main as cli_main

GOLDEN = Path(__file__).with_name("nebraska.jsonl.gz")
SEED = 20261123
NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil", "Brichaček", "Fanda"]
RULESETS = [None, "la-vista", "heun", "clarkson"]
OPTION_VALUES = {
    "kontra_allowed": [True, False],
    "tarok1_last_rule": ["tarok1_wins", "team_wins"],
    "surrender_after": ["both_halves", "any_half"],
    "next_dealer": ["forehand", "heun"],
    "blind_half_to_lone_bidder": ["with_king", "top"],
    "starting_chips": [20, 40, 100],
}
BAD_VALUES = [None, "", "x", -1, 0, 1, 36, 71, 3.5, True, [], {}, ["Anna"], {"a": 1}, "Zdeněk"]


def _table(rng: random.Random, doc: dict) -> list[str]:
    seated = rng.sample(NAMES, rng.choice([4, 4, 5]))
    doc["players"] = seated[:4]
    if len(seated) == 5:
        doc["sitting_out"] = seated[4]
        if rng.random() < 0.7:
            doc["dealer"] = seated[4]
    elif rng.random() < 0.4:
        doc["dealer"] = rng.choice(seated)
    return doc["players"]


def _rules(rng: random.Random, doc: dict) -> str:
    name = rng.choice(RULESETS)
    if name is not None:
        doc["ruleset"] = name
    if rng.random() < 0.25:
        keys = rng.sample(sorted(OPTION_VALUES), rng.randint(1, 3))
        doc["options"] = {k: rng.choice(OPTION_VALUES[k]) for k in keys}
    allowed = (name or "la-vista") == "la-vista"
    return doc.get("options", {}).get("kontra_allowed", allowed)


def played(rng: random.Random) -> dict:
    doc: dict = {}
    kontra_allowed = _rules(rng, doc)
    players = _table(rng, doc)
    doc["kind"] = "played"
    bidder = rng.choice(players)
    bid = rng.choice(["four", "four", "five", "five_over"])
    alone = rng.random() < 0.3
    king_in_blind = alone and rng.random() < 0.4
    partner = None if alone else rng.choice([p for p in players if p != bidder])
    doc.update(bidder=bidder, bid=bid, partner=partner)
    if rng.random() < 0.3:
        doc["called"] = rng.choice(["clubs", "spades", "hearts", "diamonds", "fourth_king"])
    if king_in_blind:
        doc["king_in_blind"] = True
    if bid == "four":
        doc["blind"] = rng.choice(["first", "second", "first_after_second"])
    elif kontra_allowed and rng.random() < 0.5:
        doc["kontra"] = rng.choice(["none", "kontra", "rekontra"])
    points = rng.randint(0, 68)
    if rng.random() < 0.2:
        doc["opponent_points"] = 70 - points
        if rng.random() < 0.5:
            doc["bidder_points"] = points
    else:
        doc["bidder_points"] = points
    taker = "bidder" if points >= 36 else "opponents"
    if rng.random() < 0.1:
        doc["valat"] = taker
    elif rng.random() < 0.2:
        doc["valat"] = None
    last = doc.get("valat") or rng.choice(["bidder", "opponents"])
    if not king_in_blind and rng.random() < 0.3:
        announced = rng.random() < 0.5
        outcomes = ["won" if last == "bidder" else "lost"] + (["played_early"] if announced else [])
        doc["king_last"] = {"announced": announced, "outcome": rng.choice(outcomes)}
    if rng.random() < 0.3:
        team = rng.choice(["bidder", "opponents"])
        announced = rng.random() < 0.5
        if team == last:
            outcomes = ["tarok1_won"] + ([] if team == "bidder" and alone else ["partner_won"])
        else:
            outcomes = ["lost"]
        outcomes += ["played_early"] if announced else []
        doc["tarok1_last"] = {"team": team, "announced": announced, "outcome": rng.choice(outcomes)}
    if rng.random() < 0.4:
        declarations = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["ten_taroky", "four_kings", "three_high"])
            holder = rng.choice(players)
            if kind == "four_kings":
                holder = partner or bidder
            declarations.append({"player": holder, "kind": kind})
        doc["declarations"] = declarations
    if bid == "four" and rng.random() < 0.1:
        doc["penalties"] = [{"kind": "forgotten_discard"}]
    return doc


def other(rng: random.Random) -> dict:
    doc: dict = {}
    _rules(rng, doc)
    players = _table(rng, doc)
    kind = rng.choice(["surrendered", "thrown_in", "misdeal"])
    doc["kind"] = kind
    if kind == "misdeal" and "dealer" not in doc:
        doc["dealer"] = doc.get("sitting_out") or rng.choice(players)
    if kind == "surrendered":
        doc["bidder"] = rng.choice(players)
        if rng.random() < 0.7:
            doc["bid"] = "four"
        doc["blind"] = rng.choice(["first", "second", "first_after_second"])
    return doc


def broken(rng: random.Random) -> dict:
    doc = played(rng) if rng.random() < 0.7 else other(rng)
    for _ in range(rng.randint(1, 3)):
        what = rng.random()
        keys = sorted(doc) + ["bidder_points", "partner", "valat", "kontra", "blind", "unknown"]
        key = rng.choice(keys)
        if what < 0.3:
            doc.pop(key, None)
        elif what < 0.9:
            doc[key] = rng.choice(BAD_VALUES + [rng.choice(NAMES)])
        else:
            doc["options"] = {rng.choice(["kontra_allowed", "bogus", "starting_chips"]): "x"}
    return doc


def pile(rng: random.Random) -> dict:
    cards = rng.choice([0, 1, 2, 3, 7, 12, 14, 20, 27, 54, 55, -1, "7"])
    names = ["skies", "tarok21", "tarok1", "king", "queen", "horseman", "jack", "ace"]
    counting = [rng.choice(names) for _ in range(rng.randint(0, 8))]
    doc = {"cards": cards, "counting": counting}
    if rng.random() < 0.05:
        doc["extra"] = 1
    return doc


def inputs() -> list[tuple[str, str]]:
    """(command, standard input) pairs, the same every time."""
    rng = random.Random(SEED)
    cases = []
    for _ in range(2000):
        cases.append(("score", json.dumps(played(rng), ensure_ascii=False)))
    for _ in range(500):
        cases.append(("score", json.dumps(other(rng), ensure_ascii=False)))
    for _ in range(1000):
        cases.append(("score", json.dumps(broken(rng), ensure_ascii=False)))
    for text in ("", "[]", "{", "null", '"deal"', "42", '{"kind": "played"}'):
        cases.append(("score", text))
    for _ in range(300):
        cases.append(("points", json.dumps(pile(rng))))
    return cases


def run(command: str, text: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli_main([command], stdin=io.StringIO(text), stdout=out)
    return code, out.getvalue()


def main() -> None:
    lines = []
    for command, text in inputs():
        code, stdout = run(command, text)
        record = {"command": command, "stdin": text, "exit": code, "stdout": stdout}
        lines.append(json.dumps(record, ensure_ascii=False))
    data = ("\n".join(lines) + "\n").encode()
    with open(GOLDEN, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as gz:
        gz.write(data)
    print(f"wrote {len(lines)} cases to {GOLDEN}")


if __name__ == "__main__":
    main()
