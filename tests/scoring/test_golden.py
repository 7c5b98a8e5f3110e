"""Nebraska's CLI output is byte-identical to the golden file written before the
core became a registry of games (see tests/scoring/golden/generate.py)."""

import gzip
import json

from .golden.generate import GOLDEN, inputs, run


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
    for r in records:
        got = run(r["command"], r["stdin"])
        if got != (r["exit"], r["stdout"]):
            changed.append((r["stdin"], r["stdout"], got[1]))
    assert not changed, f"{len(changed)} outputs changed, first: {changed[0]}"


def test_golden_file_covers_every_kind_ruleset_and_refusal():
    records = _golden()
    scored = [json.loads(r["stdin"]) for r in records if r["command"] == "score" and r["exit"] == 0]
    assert {d["kind"] for d in scored} == {"played", "surrendered", "thrown_in", "misdeal"}
    assert {d.get("ruleset") for d in scored} == {None, "la-vista", "heun", "clarkson"}
    assert sum(1 for d in scored if d.get("options")) > 100
    assert sum(1 for r in records if r["exit"] == 1) > 1000
