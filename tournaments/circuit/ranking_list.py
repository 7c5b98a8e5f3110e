"""The circuit's ranking list (CIRCUIT.md, "The ranking list"), from plain data.

Approved events in, the list out: each event's placement points, class and age, each
player's score, rank or "unranked (k of 3)", and a calculation line a person can redo by
hand. Exact arithmetic throughout (``Fraction``); only the shown figures are rounded.

Shared places are given as ranges: a ``Placing`` covers places ``first`` to ``last``
(2nd-3rd shared: both players get ``Placing(key, 2, 3)``). ``placings`` turns the
usual "same place" form (1, 2, 2, 4) into ranges. An event's ranges must cover 1..N,
each range held by as many players as it has places.
"""

from __future__ import annotations

import calendar
import csv
import datetime
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

from ..names import name_key

MIN_RANKED = 4  # an event ranking fewer players does not count
BEST = 3  # the best results a score's second half is the mean of
# Age weight by whole years since the event (12, 24, 36 calendar months); older: gone.
AGE_STEPS = (Fraction(1), Fraction(2, 3), Fraction(1, 3))


class EventClass(IntEnum):
    """The officer's class for an approved event; the value is its weight."""

    CLUB_NIGHT = 1
    TOURNAMENT = 2
    CHAMPIONSHIP = 3


@dataclass(frozen=True)
class Placing:
    player: str  # the player's circuit key (e.g. "T-00042")
    first: int  # the place, or the first of the places a shared place covers
    last: int  # == first unless shared


@dataclass(frozen=True)
class CountedEvent:
    key: str
    date: datetime.date
    klass: EventClass
    placings: tuple[Placing, ...]
    version: str = ""  # changes when a correction changes the event's places
    approved: bool = True


def placings(places: Iterable[tuple[str, int]]) -> tuple[Placing, ...]:
    """Ranges from competition places: players given the same place share the places
    from it to it + (how many share it) - 1.

    >>> placings([("a", 1), ("b", 2), ("c", 2), ("d", 4)])[1:3]
    (Placing(player='b', first=2, last=3), Placing(player='c', first=2, last=3))
    """
    pairs = list(places)
    sharing: dict[int, int] = {}
    for _, place in pairs:
        sharing[place] = sharing.get(place, 0) + 1
    return tuple(Placing(p, place, place + sharing[place] - 1) for p, place in pairs)


def approved_events(events: Iterable[CountedEvent]) -> list[CountedEvent]:
    """Only the events an officer approved for the list (CIRCUIT.md: "An approved event
    counts")."""
    return [e for e in events if e.approved]


def add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` calendar months on; a day the month lacks becomes its last
    (31 Jan + 1 month = 28 or 29 Feb; 29 Feb 2024 + 12 months = 28 Feb 2025).

    >>> add_months(datetime.date(2024, 2, 29), 12)
    datetime.date(2025, 2, 28)
    """
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return datetime.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def age_weight(event_date: datetime.date, list_date: datetime.date) -> Fraction | None:
    """Full until the 12-month anniversary, 2/3 until the 24th, 1/3 until the 36th,
    then 0 (no longer counts); None for an event after the list's date.

    >>> age_weight(datetime.date(2025, 6, 15), datetime.date(2026, 6, 14))
    Fraction(1, 1)
    >>> age_weight(datetime.date(2025, 6, 15), datetime.date(2026, 6, 15))
    Fraction(2, 3)
    """
    if event_date > list_date:
        return None
    for years, weight in enumerate(AGE_STEPS, start=1):
        if list_date < add_months(event_date, 12 * years):
            return weight
    return Fraction(0)


def placement_points(place: Fraction, ranked: int) -> Fraction:
    """``1000 x (N - p) / (N - 1)``; 3rd of 16 is 866.67 (2600/3)."""
    return Fraction(1000) * (ranked - place) / (ranked - 1)


def round_half_up(value: Fraction, places: int = 2) -> Fraction:
    """Half up at ``places`` decimals (2.345 -> 2.35), exactly."""
    scale = 10**places
    shifted = value * scale + Fraction(1, 2)
    return Fraction(shifted.numerator // shifted.denominator, scale)


def shown(value: Fraction) -> str:
    """Two decimals, rounded half up: 2600/3 -> "866.67"."""
    cents = round_half_up(value) * 100
    whole, cent = divmod(int(cents), 100)
    return f"{whole}.{cent:02d}"


def weight_text(weight: Fraction) -> str:
    """A weight as a person writes it: "2", "4/3"."""
    return str(weight.numerator) if weight.denominator == 1 else str(weight)


@dataclass(frozen=True)
class EventOnList:
    """An event as the list sees it: whether it counts, and why not."""

    key: str
    date: datetime.date
    klass: EventClass
    version: str
    ranked: int
    age: Fraction | None
    why_not: str = ""  # empty when it counts

    @property
    def counts(self) -> bool:
        return not self.why_not


@dataclass(frozen=True)
class Result:
    """One counting result of one player."""

    event: str
    date: datetime.date
    ranked: int
    place: Fraction
    points: Fraction
    klass: EventClass
    age: Fraction

    @property
    def weight(self) -> Fraction:
        return self.klass * self.age


@dataclass(frozen=True)
class Line:
    """A player's line: results (all counting), the best 3, the score."""

    player: str
    results: tuple[Result, ...]  # by date, then event
    best: tuple[Result, ...]  # best first
    all_mean: Fraction
    best_mean: Fraction
    score: Fraction
    rank: int | None = None  # None: unranked

    @property
    def rounded(self) -> Fraction:
        return round_half_up(self.score)

    @property
    def standing(self) -> str:
        if self.rank is None:
            return f"unranked ({len(self.results)} of {BEST})"
        return str(self.rank)

    @property
    def calculation(self) -> str:
        return calculation_line(self)


@dataclass(frozen=True)
class RankingList:
    date: datetime.date
    lines: tuple[Line, ...]  # ranked by rank, then the unranked
    events: tuple[EventOnList, ...]  # every event handed in, by date then key

    def line(self, player: str) -> Line | None:
        return next((line for line in self.lines if line.player == player), None)


def check_placings(event: CountedEvent) -> None:
    """An event's ranges must cover 1..N, each held by as many players as places."""
    held: dict[tuple[int, int], int] = {}
    for p in event.placings:
        held[(p.first, p.last)] = held.get((p.first, p.last), 0) + 1
    expected = 1
    for first, last in sorted(held):
        if first != expected or last < first or held[(first, last)] != last - first + 1:
            raise ValueError(f"event {event.key}: places {first}-{last} do not fit")
        expected = last + 1
    if len({p.player for p in event.placings}) != len(event.placings):
        raise ValueError(f"event {event.key}: a player is placed twice")


def event_on_list(event: CountedEvent, list_date: datetime.date) -> EventOnList:
    ranked = len(event.placings)
    age = age_weight(event.date, list_date)
    why_not = ""
    if age is None:
        why_not = "after the list's date"
    elif age == 0:
        why_not = "36 months old or more"
    elif ranked < MIN_RANKED:
        why_not = f"ranked {ranked}, fewer than {MIN_RANKED}"
    return EventOnList(event.key, event.date, event.klass, event.version, ranked, age, why_not)


def _weighted_mean(results: Iterable[Result]) -> Fraction:
    results = list(results)
    return sum((r.points * r.weight for r in results), Fraction(0)) / sum(
        (r.weight for r in results), Fraction(0)
    )


def player_line(player: str, results: Iterable[Result]) -> Line:
    """The score: half the weighted mean of all results plus half that of the best 3
    (highest points; on equal points the heavier weight first; then the later event)."""
    results = tuple(sorted(results, key=lambda r: (r.date, r.event)))
    best = tuple(
        sorted(results, key=lambda r: (-r.points, -r.weight, -r.date.toordinal(), r.event))[:BEST]
    )
    all_mean, best_mean = _weighted_mean(results), _weighted_mean(best)
    return Line(player, results, best, all_mean, best_mean, (all_mean + best_mean) / 2)


def compute_list(
    events: Iterable[CountedEvent],
    list_date: datetime.date,
    names: Mapping[str, str] | None = None,
) -> RankingList:
    """The list on ``list_date`` from approved events (filter with ``approved_events``;
    an unapproved one is refused). Within a shared rank players are in the order of
    their ``names`` (``name_key``: accent-blind), then of their keys."""
    names = names or {}
    on_list, gathered = [], {}
    events = sorted(events, key=lambda e: (e.date, e.key))
    if len({e.key for e in events}) != len(events):
        raise ValueError("an event is given twice")
    for event in events:
        if not event.approved:
            raise ValueError(f"event {event.key} is not approved for the list")
        check_placings(event)
        seen = event_on_list(event, list_date)
        on_list.append(seen)
        if not seen.counts:
            continue
        for p in event.placings:
            place = Fraction(p.first + p.last, 2)
            result = Result(
                event.key,
                event.date,
                seen.ranked,
                place,
                placement_points(place, seen.ranked),
                event.klass,
                seen.age,
            )
            gathered.setdefault(p.player, []).append(result)
    lines = [player_line(player, results) for player, results in gathered.items()]

    def order(line: Line):
        return (-line.rounded, name_key(names.get(line.player, "")), line.player)

    ranked = sorted((li for li in lines if len(li.results) >= BEST), key=order)
    unranked = sorted(
        (li for li in lines if len(li.results) < BEST),
        key=lambda li: (-len(li.results), *order(li)),
    )
    numbered, previous, rank = [], None, 0
    for position, line in enumerate(ranked, start=1):
        if line.rounded != previous:
            rank, previous = position, line.rounded
        numbered.append(_with_rank(line, rank))
    return RankingList(list_date, tuple(numbered + unranked), tuple(on_list))


def _with_rank(line: Line, rank: int) -> Line:
    return Line(
        line.player, line.results, line.best, line.all_mean, line.best_mean, line.score, rank
    )


def _mean_text(results: Iterable[Result]) -> str:
    results = list(results)
    terms = " + ".join(f"{shown(r.points)}x{weight_text(r.weight)}" for r in results)
    weights = " + ".join(weight_text(r.weight) for r in results)
    return f"({terms})/({weights})"


def calculation_line(line: Line) -> str:
    """The score as a person redoes it: points x weight (class x age) over the weights,
    for all results and for the best 3, then their average. From the rounded points
    shown the score comes out within 0.01."""
    return (
        f"all: {_mean_text(line.results)} = {shown(line.all_mean)}; "
        f"best {len(line.best)}: {_mean_text(line.best)} = {shown(line.best_mean)}; "
        f"score = ({shown(line.all_mean)} + {shown(line.best_mean)})/2 = {shown(line.score)}"
    )


# A spreadsheet runs a cell starting with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def render_csv(ranking: RankingList, names: Mapping[str, str] | None = None) -> bytes:
    """The list as CSV bytes (UTF-8, "\\n" line ends): the same list gives the same bytes."""
    names = names or {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "name", "score", "events", "calculation"])
    for line in ranking.lines:
        name = names.get(line.player, "")
        if name.startswith(_FORMULA_STARTS):
            name = "'" + name
        writer.writerow(
            [
                line.standing,
                line.player,
                name,
                shown(line.score),
                len(line.results),
                line.calculation,
            ]
        )
    return out.getvalue().encode("utf-8")
