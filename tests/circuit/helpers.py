"""Building events for the ranking list's tests, and reading a calculation line back."""

from __future__ import annotations

import datetime
import re
from fractions import Fraction

from tournaments.circuit.ranking_list import CountedEvent, EventClass, Placing

CLUB, TOURNAMENT, CHAMPIONSHIP = EventClass


def event(
    key: str,
    date: datetime.date,
    ranked: int,
    placed: dict[str, int | tuple[int, int]],
    klass: EventClass = CLUB,
    version: str = "v1",
    approved: bool = True,
) -> CountedEvent:
    """An event of ``ranked`` players: those ``placed`` at their place (or shared range),
    every other place held by a player of this event alone ("<key>-<place>")."""
    ranges = {p: (at, at) if isinstance(at, int) else at for p, at in placed.items()}
    taken = {place for first, last in ranges.values() for place in range(first, last + 1)}
    others = {f"{key}-{place}": (place, place) for place in range(1, ranked + 1)}
    others = {p: r for p, r in others.items() if r[0] not in taken}
    placings = tuple(Placing(p, first, last) for p, (first, last) in {**ranges, **others}.items())
    return CountedEvent(key, date, klass, placings, version, approved)


_MEAN = r"\((?P<{0}terms>[^)]*)\)/\((?P<{0}weights>[^)]*)\) = (?P<{0}mean>\d+\.\d\d)"
LINE = re.compile(
    "all: "
    + _MEAN.format("all_")
    + r"; best (?P<n>\d): "
    + _MEAN.format("best_")
    + r"; score = \((?P<a>\d+\.\d\d) \+ (?P<b>\d+\.\d\d)\)/2 = (?P<score>\d+\.\d\d)$"
)


def redo(line: str) -> Fraction:
    """The score redone by hand from a calculation line: each mean from the points and
    weights the line shows, then their average. Checks the weights' sum is the line's."""
    found = LINE.fullmatch(line)
    assert found, line
    means = []
    for half in ("all_", "best_"):
        terms = [t.split("x") for t in found[half + "terms"].split(" + ")]
        weights = [Fraction(w) for w in found[half + "weights"].split(" + ")]
        assert weights == [Fraction(w) for _, w in terms]
        means.append(sum(Fraction(p) * Fraction(w) for p, w in terms) / sum(weights))
    return (means[0] + means[1]) / 2
