"""The circuit's rating, beta (CIRCUIT.md, "The rating"): OpenSkill's Plackett-Luce with
the package's defaults (mu 25, sigma 25/3), one update per table per round.

Table-rounds are taken in the order of the events' dates, then the order the events of
one date were held, then rounds, then tables. A table's players are ranked by their
chips in the round (equal chips share a rank); the players of a seat that changed hands
in the round are left out, the others rated (a table left with fewer than two is no
update). The displayed rating is OpenSkill's ordinal, mu - 3 sigma: a newcomer shows
0.00 and rises as the rating becomes surer. A rating is provisional while sigma >= 4.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from openskill.models import PlackettLuce

PROVISIONAL_SIGMA = 4.0


@dataclass(frozen=True)
class TableRound:
    date: datetime.date
    order: int  # the event's order among the events of its date (1 = held first)
    event: str
    round: int
    table: int
    # (player key, chips won or lost in the round): everyone who sat at the table in it,
    # both players of a seat that changed hands included.
    chips: tuple[tuple[str, int], ...]
    changed_hands: frozenset[str] = frozenset()  # both players of such a seat: not rated


@dataclass(frozen=True)
class Point:
    """A player's rating after one update."""

    date: datetime.date
    event: str
    round: int
    mu: float
    sigma: float

    @property
    def displayed(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class PlayerRating:
    player: str
    mu: float
    sigma: float
    history: list[Point] = field(default_factory=list)

    @property
    def displayed(self) -> float:
        """mu - 3 sigma (OpenSkill's ordinal): the rating shown."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA


def chip_ranks(chips: Iterable[int]) -> list[int]:
    """Competition ranks by chips, most first; equal chips share a rank.

    >>> chip_ranks([5, 12, 5, -22])
    [2, 1, 2, 4]
    """
    chips = list(chips)
    return [1 + sum(other > c for other in chips) for c in chips]


def round_order(table_round: TableRound) -> tuple:
    t = table_round
    return (t.date, t.order, t.event, t.round, t.table)


def compute_ratings(table_rounds: Iterable[TableRound]) -> dict[str, PlayerRating]:
    """Every player's rating and history after all the table-rounds, in round order."""
    model = PlackettLuce()
    ratings: dict[str, PlayerRating] = {}
    for t in sorted(table_rounds, key=round_order):
        rated = [(p, c) for p, c in t.chips if p not in t.changed_hands]
        for player, _ in t.chips:
            if player not in ratings:
                ratings[player] = PlayerRating(player, model.mu, model.sigma)
        if len(rated) < 2:
            continue
        teams = [[model.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p, _ in rated]
        updated = model.rate(teams, ranks=chip_ranks(c for _, c in rated))
        for (player, _), (after,) in zip(rated, updated, strict=True):
            rating = ratings[player]
            rating.mu, rating.sigma = after.mu, after.sigma
            rating.history.append(Point(t.date, t.event, t.round, after.mu, after.sigma))
    return ratings


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player: str
    displayed: str  # two decimals
    mu: float
    sigma: float


def rating_list(ratings: dict[str, PlayerRating]) -> list[RatingRow]:
    """Established players (sigma < 4), by displayed rating shown to two decimals; equal
    shown ratings share a rank, then by player key."""
    established = [r for r in ratings.values() if not r.provisional]
    established.sort(key=lambda r: (-Decimal(f"{r.displayed:.2f}"), r.player))
    rows, previous, rank = [], None, 0
    for position, r in enumerate(established, start=1):
        text = f"{r.displayed:.2f}"
        if text != previous:
            rank, previous = position, text
        rows.append(RatingRow(rank, r.player, text, r.mu, r.sigma))
    return rows
