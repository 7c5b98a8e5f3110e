"""How an event ranks (FORMATS.md): its players' places at each table in each round and
the table points they score, read from the deal nets in two queries whatever the
event's size. The standings (tournaments.standings) rank by chips, table points, or
chips plus table points, ties broken by the event's tie-breaks (tournaments.tie_breaks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Sum

from . import seat_holders, tie_breaks
from .models import Event, Seat
from .places import place_text, points_text

# What a seat row of the ranking reads: its player, table, round and substitution.
SEAT_COLUMNS = (
    "player_id",
    "table_id",
    "table__number",
    "table__round__number",
    "sub_player",
    "sub_mode",
    "held_before",
    "held_after",
)


def table_places(chips: dict, points: list[int], average: bool) -> dict:
    """Each player's place at a table (as in sport: equal chips share the best place
    they cover, the next counts them all) and its points: each sharer gets the place's
    points, or (``average``) the mean of the points of the places shared, kept exact.

    >>> places = table_places({"A": 5, "B": -2, "C": -2, "D": -1}, [4, 3, 2, 1], False)
    >>> [(k, p, str(pts)) for k, (p, pts) in sorted(places.items())]
    [('A', 1, '4'), ('B', 3, '2'), ('C', 3, '2'), ('D', 2, '3')]
    >>> places = table_places({"A": 0, "B": 0, "C": 3, "D": -3}, [4, 3, 2, 1], True)
    >>> [(k, p, str(pts)) for k, (p, pts) in sorted(places.items())]
    [('A', 2, '5/2'), ('B', 2, '5/2'), ('C', 1, '4'), ('D', 4, '1')]
    """
    out = {}
    for player, mine in chips.items():
        place = 1 + sum(1 for c in chips.values() if c > mine)
        sharing = sum(1 for c in chips.values() if c == mine)
        covered = [
            points[i] if i < len(points) else 0 for i in range(place - 1, place - 1 + sharing)
        ]
        won = Fraction(sum(covered), len(covered)) if average else Fraction(covered[0])
        out[player] = (place, won)
    return out


@dataclass(frozen=True)
class TablePlace:
    """A player's round at one table: his chips there, his place and its points."""

    round: int
    table: int  # its number in the round
    table_id: int
    chips: int
    place: int
    shared: bool
    points: Fraction
    size: int  # the players seated (a sitting-out dealer counted)

    @property
    def win(self) -> bool:
        return self.place == 1

    @property
    def place_shown(self) -> str:
        """ "1st=", "3rd"."""
        return place_text(self.place, self.shared, ordinal_form=True)

    @property
    def points_shown(self) -> str:
        return points_text(self.points)

    @property
    def words(self) -> str:
        """ "R2 T3: 1st= 4" as the standings say it."""
        return f"R{self.round} T{self.table}: {self.place_shown} {self.points_shown}"


@dataclass(frozen=True)
class Method:
    """A way to rank an event (FORMATS.md, "Scores"): its score from a player's chips and
    table points, the sentence that says it, and the standings' columns that rank (the
    score's first; tournaments.columns). A new way is one entry of METHODS."""

    said: str  # "{scale}" stands for the chips a table point counts
    columns: tuple[str, ...]
    score: Callable[[int, int, Fraction], object]  # (scale, chips, points) -> score
    by_points: bool = True  # reads the places at the tables for its score


METHODS: dict[str, Method] = {
    Event.Ranking.CHIPS: Method(
        "Ranked by chips", ("chips",), lambda scale, chips, points: chips, by_points=False
    ),
    Event.Ranking.TABLE_POINTS: Method(
        "Ranked by table points",
        ("points", "chips", "table_wins"),
        lambda scale, chips, points: points,
    ),
    Event.Ranking.CHIPS_AND_POINTS: Method(
        "Ranked by chips plus table points, each point {scale} chips",
        ("score", "points", "chips", "table_wins"),
        lambda scale, chips, points: chips + scale * points,
    ),
}


@dataclass(frozen=True)
class Scoring:
    """How an event ranks, read once from the event: the only place that reads
    ``event.ranking``; every page, printout and file asks it."""

    method: str
    scale: int
    bye_points: int
    breaks: tuple = ()

    @classmethod
    def of(cls, event: Event) -> Scoring:
        return cls(
            event.ranking,
            event.points_scale,
            event.bye_points,
            tuple(tie_breaks.of(event.tie_breaks)),
        )

    @property
    def way(self) -> Method:
        return METHODS.get(self.method, METHODS[Event.Ranking.CHIPS])

    @property
    def by_points(self) -> bool:
        return self.way.by_points

    @property
    def columns(self) -> tuple[str, ...]:
        """The standings' columns that rank, the score's first (tournaments.columns)."""
        return self.way.columns

    @property
    def marks_shared(self) -> bool:
        """Whether the standings write a shared rank "3=": by points; a chip-ranked
        event's standings have always written it bare."""
        return self.by_points

    @property
    def needs_places(self) -> bool:
        """Whether the places at the tables are read (two queries): under table points,
        or for a tie-break that reads them."""
        return self.by_points or any(b.reads_places for b in self.breaks)

    def score(self, chips: int, points: Fraction):
        return self.way.score(self.scale, chips, points)

    @property
    def words(self) -> str:
        """How the event ranks, in a sentence the standings show."""
        breaks = ", then ".join(
            b.words.lower() for b in self.breaks if self.by_points or b.reads_places
        )
        said = self.way.said.format(scale=self.scale)
        return f"{said}; ties broken by {breaks}." if breaks else f"{said}."


def head_to_head(mine, theirs) -> Fraction:
    """Head to head (FORMATS.md): every time two players sat at one table in one round
    (``mine``, ``theirs``: their TablePlaces), 1 to the one with more chips there, 1/2
    each when equal; ``mine``'s points."""
    chips = {p.table_id: p.chips for p in theirs}
    won = Fraction(0)
    for p in mine:
        if p.table_id in chips:
            other = chips[p.table_id]
            won += 1 if p.chips > other else Fraction(1, 2) if p.chips == other else 0
    return won


def places(events, first: int, last: int, nets, tables=None) -> dict[int, dict]:
    """{event id: {player id: their TablePlaces in rounds first..last, in the order of
    the rounds}} of ``events``: two queries whatever their number (the seats, each
    player's current net per table from ``nets``). A table without deals gives no
    places (its round is not played there yet)."""
    by_id = {e.pk: e for e in events}
    seats = seat_holders.with_holders(
        Seat.objects.filter(
            table__round__event__in=list(by_id), table__round__number__range=(first, last)
        )
    ).values_list("table__round__event_id", *SEAT_COLUMNS)
    if tables is not None:
        seats = seats.filter(table__in=tables)  # some tables only (a subquery)
    net = {
        (p, t): n
        for p, t, n in nets.values("player_id", "table_id")
        .annotate(n=Sum("chips"))
        .values_list("player_id", "table_id", "n")
        .order_by()
    }
    of_event: dict[int, list] = {pk: [] for pk in by_id}
    for event_id, *seat in seats.order_by():
        of_event[event_id].append(seat)
    return {pk: _placed(by_id[pk], of_event[pk], net) for pk in by_id}


def _placed(event: Event, seats, net: dict) -> dict[int, list[TablePlace]]:
    """The places at the tables of ``seats`` (``SEAT_COLUMNS``) by ``net`` ((player,
    table id) -> chips): no query. A seat is placed on its chips (a substitute's who
    played as himself added) and its place goes to ``seat_holders.seat_credit``."""
    played = {t for _, t in net}
    tables: dict[int, list] = {}
    for player, table_id, number, round_number, *sub in seats:
        if table_id in played:
            chips = seat_holders.seat_chips(net, player, sub[0], sub[1], table_id)
            credit = seat_holders.seat_credit(player, *sub)
            tables.setdefault(table_id, []).append((credit, number, round_number, chips))
    average = event.shared_places == Event.SharedPlaces.AVERAGE
    out: dict[int, list[TablePlace]] = {}
    for table_id, seated in tables.items():
        size = len(seated)
        chips = {p: c for p, _, _, c in seated}
        table_points = (event.table_points or {}).get(str(size), [])
        placed = table_places(chips, table_points, average)
        ties = [place for place, _ in placed.values()]
        for player, number, round_number, _ in seated:
            place, points = placed[player]
            out.setdefault(player, []).append(
                TablePlace(
                    round_number,
                    number,
                    table_id,
                    chips[player],
                    place,
                    ties.count(place) > 1,
                    points,
                    size,
                )
            )
    for rows in out.values():
        rows.sort(key=lambda p: p.round)
    return out
