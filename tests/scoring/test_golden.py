"""Nebraska's CLI output is byte-identical to the golden file written before the
core became a registry of games (see tests/scoring/golden/generate.py)."""

import gzip
import json
import re

from taroky_scoring.registry import ruleset_names

from .golden.generate import GOLDEN, inputs, run

# The one message that changes as games are added: an unknown ruleset's error lists
# every registered ruleset. The file keeps the list as it was when it was last written
# (rewritten once since, when "The deck has only" became "The pack has only"); the rest
# of each output must be byte-identical.
CHOICES = re.compile(r"Choose one of: [^.]*\.")


def _without_choices(stdout: str) -> str:
    return CHOICES.sub("Choose one of: ...", stdout)


def _golden():
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_golden_inputs_are_the_generators():
    # The file holds what the generator makes: a changed generator needs a new file.
    records = _golden()
    assert [(r["command"], r["stdin"]) for r in records] == inputs()
    assert len(records) == 3807


def test_cli_output_is_byte_identical_to_the_golden_file():
    records = _golden()
    changed = []
    listed = 0
    for r in records:
        code, stdout = run(r["command"], r["stdin"])
        if (code, _without_choices(stdout)) != (r["exit"], _without_choices(r["stdout"])):
            changed.append((r["stdin"], r["stdout"], stdout))
        for choices in CHOICES.findall(stdout):
            listed += 1
            assert choices == f"Choose one of: {', '.join(ruleset_names())}."
    assert not changed, f"{len(changed)} outputs changed, first: {changed[0] if changed else ''}"
    assert listed == 10


def test_golden_file_covers_every_kind_ruleset_and_refusal():
    records = _golden()
    scored = [json.loads(r["stdin"]) for r in records if r["command"] == "score" and r["exit"] == 0]
    assert {d["kind"] for d in scored} == {"played", "surrendered", "thrown_in", "misdeal"}
    assert {d.get("ruleset") for d in scored} == {None, "la-vista", "heun", "clarkson"}
    assert sum(1 for d in scored if d.get("options")) > 100
    assert sum(1 for r in records if r["exit"] == 1) > 1000
