"""docs/organizers.md's worked example of a player's line is the module's own output:
every figure of its table and its calculation line (CIRCUIT.md lines 43-62)."""

import datetime
import re
from fractions import Fraction
from pathlib import Path

from tournaments.circuit.ranking_list import compute_list, shown, weight_text

from .helpers import CHAMPIONSHIP, CLUB, TOURNAMENT, event

ROOT = Path(__file__).resolve().parents[2]
D = datetime.date
MARIE = "T-00042"


def section() -> str:
    text = (ROOT / "docs" / "organizers.md").read_text(encoding="utf-8")
    return text.split("## The circuit's ranking list and rating\n", 1)[1].split("\n## ", 1)[0]


def maries_line():
    events = [
        event("championship", D(2024, 3, 2), 12, {MARIE: (2, 3), "other": (2, 3)}, CHAMPIONSHIP),
        event("tournament", D(2025, 6, 15), 16, {MARIE: 3}, TOURNAMENT),
        event("september", D(2026, 9, 12), 7, {MARIE: 2}, CLUB),
        event("october", D(2026, 10, 3), 6, {MARIE: 5}, CLUB),
    ]
    return compute_list(events, D(2026, 11, 1)).line(MARIE)


def test_the_worked_example_is_the_modules():
    doc, line = section(), maries_line()
    rows = re.findall(r"^\| (Championship|Tournament|Club night) \|(.*)\|$", doc, re.M)
    assert len(rows) == 4
    for (_, cells), result in zip(rows, line.results, strict=True):
        date, place, points, klass, age, weight = (c.strip() for c in cells.split("|"))
        ahead, behind, figure = re.fullmatch(r"1000 x ([\d.]+) / (\d+) = ([\d.]+)", points).groups()
        assert Fraction(ahead) == result.ranked - result.place  # N - p
        assert int(behind) == result.ranked - 1
        assert figure == shown(result.points)
        assert klass == str(int(result.klass))
        assert age == weight_text(result.age)
        assert weight == weight_text(result.weight)
        assert f"of {result.ranked}" in place
    assert f"```text\n{line.calculation}\n```" in doc
    assert [r.event for r in line.best] == ["tournament", "championship", "september"]
    assert line.rank == 1 and shown(line.score) == "780.09"
    assert f"{float(line.score):.4f}" == "780.0932"
    assert "(here 780.095 by hand, 780.0932... exactly, shown 780.09)" in " ".join(doc.split())
