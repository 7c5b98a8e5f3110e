"""How an event ranks (docs/organizers.md, "How an event ranks"): its players' places
at each table in each round and the table points they score, read from the deal nets
in two queries whatever the event's size. The standings (tournaments.standings) rank
by chips, table points, or chips plus table points, ties broken by the event's
tie-breaks (tournaments.tie_breaks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Sum

from . import seat_holders, tie_breaks
from .models import Event, PlayerAlias, Seat, Substitution
from .places import place_text, points_text

# What a seat row of the ranking reads: its player, table, round and substitution.
SEAT_COLUMNS = (
    "player_id",
    "player__name",
    "table_id",
    "table__number",
    "table__round__number",
    "sub_player",
    "substitution__substitute__name",
    "sub_mode",
    "held_before",
    "held_after",
    "table__round__closed_at",
)
# What a round at a table that recorded no deal says (FORMATS.md, "A table with no deal").
NO_DEAL = "no deal"


@dataclass(frozen=True)
class SeatRow:
    """A seat as ``SEAT_COLUMNS`` read it (and the event's id before them)."""

    player: int
    name: str
    table_id: int
    table: int
    round: int
    sub_player: int | None
    sub_name: str | None
    sub_mode: str | None
    held_before: int
    held_after: int
    closed_at: object  # the round's, when closed

    @property
    def credit(self) -> int:
        """Whom the seat's place goes to (``seat_holders.seat_credit``)."""
        return seat_holders.seat_credit(
            self.player, self.sub_player, self.sub_mode, self.held_before, self.held_after
        )

    @property
    def in_own_name(self) -> bool:
        """A substitute took the seat playing in their own name."""
        return self.sub_player is not None and self.sub_mode == Substitution.Mode.AS_HIMSELF


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
    """A player's round at one table: their own chips there, their seat's place and its
    points. A seat shared by the player who left and a substitute playing in their own
    name is placed on the seat's chips (``seat_chips``), and only one of the two is
    ``credited`` its place, points and table win (FORMATS.md); each has their own chips
    for the best round and head to head. A substitute playing for the leaver has no
    chips of their own there (``own`` False); ``note`` says why a round scores no place.
    """

    round: int
    table: int  # its number in the round
    table_id: int
    chips: int
    place: int
    shared: bool
    points: Fraction
    size: int  # the players seated (a sitting-out dealer counted)
    seat_chips: int | None = None  # the seat's, when not the player's own
    credited: bool = True  # the seat's place, points and table win are the player's
    own: bool = True  # the chips are the player's own (for the best round, head to head)
    note: str = ""  # why no place: "played for Dana", "left: the seat's place is Ivan's"

    @property
    def win(self) -> bool:
        return self.credited and self.place == 1

    @property
    def no_deal(self) -> bool:
        """The table recorded no deal in the round: nobody is placed there."""
        return self.note == NO_DEAL

    @property
    def place_shown(self) -> str:
        """ "1st=", "3rd"; the note when the place is not the player's."""
        if not self.credited:
            return self.note
        return place_text(self.place, self.shared, ordinal_form=True)

    @property
    def place_of(self) -> str:
        """The place among the table's players, "1st= of 4", said on the seat's chips
        when they are not the player's own; the note when it is not the player's."""
        if not self.credited:
            return self.note
        seat = self.seat_chips
        said = "" if seat in (None, self.chips) else f" (the seat's {seat:+d})"
        return f"{self.place_shown} of {self.size}{said}"

    @property
    def points_shown(self) -> str:
        return points_text(self.points)

    @property
    def words(self) -> str:
        """ "R2 T3: 1st= 4" as the standings say it; "R2 T3: played for Dana"."""
        if not self.credited:
            return f"R{self.round} T{self.table}: {self.note}"
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
    each when equal, each counting their own chips; ``mine``'s points."""
    chips = {p.table_id: p.chips for p in theirs if p.own}
    won = Fraction(0)
    for p in mine:
        if p.own and p.table_id in chips:
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
        # A merged player's nets (services/merging.py) are the kept player's.
        for p, t, n in nets.annotate(account=PlayerAlias.kept_account("player"))
        .values("account", "table_id")
        .annotate(n=Sum("chips"))
        .values_list("account", "table_id", "n")
        .order_by()
    }
    of_event: dict[int, list] = {pk: [] for pk in by_id}
    for event_id, *seat in seats.order_by():
        of_event[event_id].append(seat)
    return {pk: _placed(by_id[pk], of_event[pk], net) for pk in by_id}


def _placed(event: Event, seats, net: dict) -> dict[int, list[TablePlace]]:
    """The places at the tables of ``seats`` (``SEAT_COLUMNS``) by ``net`` ((player,
    table id) -> chips): no query. A seat is placed on its chips (a substitute's who
    played in their own name added) and its place goes to ``SeatRow.credit``; each who
    sat in it has their own chips there."""
    played = {t for _, t in net}
    tables: dict[int, list[SeatRow]] = {}
    idle: dict[int, list[SeatRow]] = {}  # tables without a deal
    for row in seats:
        seat = SeatRow(*row)
        (tables if seat.table_id in played else idle).setdefault(seat.table_id, []).append(seat)
    average = event.shared_places == Event.SharedPlaces.AVERAGE
    out: dict[int, list[TablePlace]] = {}
    _no_deal(idle, {s.round for seated in tables.values() for s in seated}, out)
    for table_id, seated in tables.items():
        size = len(seated)
        chips = {
            s.credit: seat_holders.seat_chips(net, s.player, s.sub_player, s.sub_mode, table_id)
            for s in seated
        }
        table_points = (event.table_points or {}).get(str(size), [])
        placed = table_places(chips, table_points, average)
        ties = [place for place, _ in placed.values()]
        for seat in seated:
            place, points = placed[seat.credit]
            shared = ties.count(place) > 1
            for player, own, note, owns in _sitters(seat, net):
                credited = player == seat.credit
                out.setdefault(player, []).append(
                    TablePlace(
                        seat.round,
                        seat.table,
                        table_id,
                        own,
                        place,
                        shared,
                        points if credited else Fraction(0),
                        size,
                        chips[seat.credit],
                        credited,
                        owns,
                        "" if credited else note,
                    )
                )
    for rows in out.values():
        rows.sort(key=lambda p: p.round)
    return out


def _no_deal(idle: dict[int, list[SeatRow]], played: set[int], out: dict) -> None:
    """The rounds at tables that recorded no deal, in rounds over (closed, or a later
    round played): no place, no points, no table win and no round played for their
    players (FORMATS.md); a table of a round still on is not played there yet."""
    for seated in idle.values():
        first = seated[0]
        if first.closed_at is None and not any(r > first.round for r in played):
            continue
        for seat in seated:
            out.setdefault(seat.player, []).append(
                TablePlace(
                    first.round,
                    first.table,
                    first.table_id,
                    0,
                    0,
                    False,
                    Fraction(0),
                    len(seated),
                    credited=False,
                    own=False,
                    note=NO_DEAL,
                )
            )


def _sitters(seat: SeatRow, net: dict) -> list[tuple[int, int, str, bool]]:
    """Who sat in ``seat``: (player, their own chips there, what is said of their round
    when the seat's place is not theirs, whether the chips are their own). The player
    who left when they played a deal of it or score it; a substitute when they played
    one; one who played for the leaver with no chips of their own."""
    own = net.get((seat.player, seat.table_id), 0)
    if seat.sub_player is None:
        return [(seat.player, own, "", True)]
    sitters = []
    if seat.held_before or seat.credit == seat.player:
        sitters.append((seat.player, own, f"left: the seat's place is {seat.sub_name}'s", True))
    if not seat.in_own_name:
        if seat.held_after:
            sitters.append((seat.sub_player, 0, f"played for {seat.name}", False))
    elif seat.held_after or seat.credit == seat.sub_player:
        theirs = net.get((seat.sub_player, seat.table_id), 0)
        said = f"in {seat.name}'s seat: the seat's place is {seat.name}'s"
        sitters.append((seat.sub_player, theirs, said, True))
    return sitters
