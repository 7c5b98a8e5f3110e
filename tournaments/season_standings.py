"""Season standings, a player's season statement and their results across events.

Everything is summed from the deal nets (``DealNet``, checked against the ledger by
``audit_ledger``), never from stored totals, in a fixed number of queries whatever the
number of events and deals: one GROUP BY (event, player) over the events' current nets,
one count of byes, the registrations. Players are matched across events by the
registry (player ids), never by name, so a renamed player stays one row.

How a season ranks (``Season``'s scoring):

- each event ranks its players by chips (the event's standings: net plus bye credits;
  equal chips share a place), or, when the event ranks by table points, as its
  standings rank them (tournaments.ranking);
- a player's value of an event is its chips, or under placement points the points of
  their place (a shared place gives each the points of that place) plus the points for
  taking part;
- with best N of M, only each player's N best values count (the earlier event first
  among equal values); the rest are dropped;
- the season's players rank by the sum of their counted values; equal sums are broken
  in the season's order by the chips of every event, the events won, and head to
  head (among the players still tied: how often each finished above another of them
  in an event both played; applied again among those it leaves tied, until it parts
  nobody); players still equal share a rank.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import F, OuterRef, Q, Subquery

import taroky_scoring as core
from taroky_scoring.editions import RULES_EDITION

from . import ranking, tie_breaks
from .models import DealNet, DealVersion, Event, Player, Season
from .names import name_key
from .places import place_text, points_text
from .standings import event_standings


@dataclass(frozen=True)
class Placing:
    """A player's result in one event: their place (shared places share the number) and
    chips (net plus bye credits), as the event's standings say."""

    event: Event
    rank: int
    chips: int
    players: int  # how many came to the event (its standings rank them first)
    shared: bool = False  # another player has the same place
    table_points: Fraction | None = None  # when the event ranks by them, bye points in

    @property
    def table_points_shown(self) -> str:
        return "" if self.table_points is None else points_text(self.table_points)

    @property
    def place(self) -> str:
        """The place as sport says a shared one: "3= of 8", "4 of 8"."""
        return f"{place_text(self.rank, self.shared)} of {self.players}"


def event_placings(events: list[Event]) -> tuple[dict[int, Player], dict[int, dict[int, Placing]]]:
    """The placing in each of ``events`` of every player who took part (seated at a
    table, or a bye): (players by id, {event id: {player id: Placing}}), from the
    events' own standings (``standings.event_standings``: the same rows, in a fixed
    number of queries whatever their number). A player registered who was never seated
    and had no bye (they did not come) has no place; the event's standings rank them
    after all who came, so the places here are the event's own."""
    players: dict[int, Player] = {}
    placings: dict[int, dict[int, Placing]] = {}
    ranked = event_standings(events)
    for event in events:
        came = [s for s in ranked[event.pk] if s.took_part]
        sharing = Counter(s.rank for s in came)
        by_points = came[0].scoring.by_points if came else False
        placings[event.pk] = {
            s.player.pk: Placing(
                event,
                s.rank,
                s.chips,
                len(came),
                sharing[s.rank] > 1,
                s.points if by_points else None,
            )
            for s in came
        }
        players.update((s.player.pk, s.player) for s in came)
    return players, placings


@dataclass
class Result:
    """One event of a player's season: their placing, its points, the value it counts for
    (chips, or points) and whether it counted (best N) or was dropped."""

    placing: Placing
    points: int
    value: int
    counted: bool = True

    @property
    def event(self) -> Event:
        return self.placing.event

    @property
    def rank(self) -> int:
        return self.placing.rank

    @property
    def chips(self) -> int:
        return self.placing.chips


@dataclass
class SeasonStanding:
    rank: int
    player: Player
    results: list[Result]  # the events they played, in the season's order
    total: int  # what the season ranks by: counted chips or counted points
    chips: int  # the chips of every event they played
    events_won: int
    decided_by: str = ""  # the tie-break that set them apart from an equal total
    shared: bool = False  # another player has the same rank

    @property
    def place(self) -> str:
        """Their rank as sport says a shared one: "4=", "4"."""
        return place_text(self.rank, self.shared)

    def against(self, other: SeasonStanding) -> int:
        """Head to head: how often they finished above ``other`` in the events both
        played."""
        mine = {r.event.pk: r.rank for r in self.results}
        return sum(1 for r in other.results if r.event.pk in mine and mine[r.event.pk] < r.rank)

    @property
    def events_played(self) -> int:
        return len(self.results)

    @property
    def dropped(self) -> list[Result]:
        return [r for r in self.results if not r.counted]


@dataclass
class SeasonTable:
    season: Season
    events: list[Event]
    rows: list[SeasonStanding] = field(default_factory=list)

    @property
    def by_points(self) -> bool:
        return self.season.basis == Season.Basis.PLACEMENT

    @property
    def total_words(self) -> str:
        """What the total is, as its column is headed."""
        if self.by_points:
            return "Points"
        return "Counted chips" if self.season.counts_best else "Chips"

    @property
    def chips_differ(self) -> bool:
        """Whether every event's chips are not the total (placement points, or the best
        N's chips), so they are shown beside it."""
        return self.by_points or self.season.counts_best

    @property
    def ties_broken(self) -> bool:
        """Whether a tie-break set a player apart (its column is shown)."""
        return any(r.decided_by for r in self.rows)

    @property
    def table_points_words(self) -> str:
        """How its events that rank by table points place their players, said under
        the season's standings (its PDF and wall); "" when none does."""
        said = []
        for event in self.events:
            scoring = ranking.Scoring.of(event)
            if scoring.by_points:
                words = scoring.words
                said.append(f"{event.name} ({event.date:%b %-d}): {words[0].lower()}{words[1:]}")
        if not said:
            return ""
        return "Events ranked by table points place their players as their standings do. " + (
            " ".join(said)
        )

    def row_of(self, player_id: int) -> SeasonStanding | None:
        return next((r for r in self.rows if r.player.pk == player_id), None)


def place_points(season: Season, rank: int) -> int:
    """The points of a place under the season's table, and for taking part.

    >>> s = Season(placement_points=[10, 8, 6], participation_points=1)
    >>> [place_points(s, r) for r in (1, 2, 3, 4)]
    [11, 9, 7, 1]
    """
    table = season.placement_points or []
    return (table[rank - 1] if rank <= len(table) else 0) + season.participation_points


def season_events(season: Season) -> list[Event]:
    return list(season.events.order_by("date", "name", "pk"))


def season_standings(season: Season, events: list[Event] | None = None) -> SeasonTable:
    """The season's standings (see the module's docstring for how it ranks)."""
    events = season_events(season) if events is None else events
    players, placings = event_placings(events)
    by_points = season.basis == Season.Basis.PLACEMENT
    results: dict[int, list[Result]] = defaultdict(list)
    for event in events:
        for pid, placing in placings[event.pk].items():
            points = place_points(season, placing.rank) if by_points else 0
            value = points if by_points else placing.chips
            results[pid].append(Result(placing, points, value))
    rows = []
    for pid, played in results.items():
        if season.best_of is not None and len(played) > season.best_of:
            order = {id(r): i for i, r in enumerate(played)}  # the season's order
            best = sorted(played, key=lambda r: (-r.value, order[id(r)]))[: season.best_of]
            kept = {id(r) for r in best}
            for r in played:
                r.counted = id(r) in kept
        rows.append(
            SeasonStanding(
                rank=0,
                player=players[pid],
                results=played,
                total=sum(r.value for r in played if r.counted),
                chips=sum(r.chips for r in played),
                events_won=sum(1 for r in played if r.rank == 1),
            )
        )
    return SeasonTable(season, events, _rank(season, rows))


def _rank(season: Season, rows: list[SeasonStanding]) -> list[SeasonStanding]:
    """By total, equal totals split by the season's tie-breaks (``tie_breaks.split``)."""
    breaks = tie_breaks.of(season.tie_breaks)
    out = []
    for position, shared, row in tie_breaks.ranked(
        rows, lambda r: r.total, lambda r: name_key(r.player.name), breaks
    ):
        row.rank, row.shared = position, shared
        out.append(row)
    return out


# -- a player across events and seasons --------------------------------------------------


def player_placings(player: Player, events: list[Event]) -> list[Placing]:
    """The player's placing in each of ``events`` they played (registered), in order."""
    _, placings = event_placings(events)
    return [placings[e.pk][player.pk] for e in events if player.pk in placings[e.pk]]


def running_totals(chips) -> list[int]:
    """0, then the sum after each figure: a chart's line.

    >>> running_totals([6, -7, 0, 1])
    [0, 6, -1, -1, 0]
    """
    values = [0]
    for n in chips:
        values.append(values[-1] + n)
    return values


def chips_series(table: SeasonTable, limit: int = 10) -> list[tuple[str, list[int]]]:
    """The chips of the first ``limit`` players summed after each event of the season (a
    missed event adds nothing), for the chart."""
    series = []
    for row in table.rows[:limit]:
        own = {r.event.pk: r.chips for r in row.results}
        series.append((row.player.name, running_totals(own.get(e.pk, 0) for e in table.events)))
    return series


def _scored_today(document: dict) -> bool:
    try:
        core.parse_deal(document)
    except core.OutcomeError:
        return False
    return True


def player_statistics(player: Player, events: list[Event]) -> list[dict]:
    """The player's statistics in each game they played among ``events``, computed from
    the deal documents through the core (``taroky_scoring.player_statistics``), in
    each game's words: one block a game, as ``Tally.as_dict`` says it, with its title.
    Two queries whatever the number of deals: the deals they took part in (their current
    deal nets) and their current versions' documents with the names they were saved
    under. A deal recorded under earlier rules that today's refuse is left out (the
    statistics score each document by today's rules)."""
    # Their nets, and those of players merged into them (services/merging.py): the
    # deal names whoever of them sat (a merge refuses two of them at one table).
    took_part = DealNet.objects.current().filter(
        Q(player=player) | Q(player__alias__kept=player), event__in=events
    )
    who = took_part.filter(deal_id=OuterRef("deal_id")).values("player_id")[:1]
    versions = (
        DealVersion.objects.filter(
            deal_id__in=took_part.values("deal_id"), number=F("deal__version")
        )
        .annotate(who=Subquery(who))
        .values_list("document", "names", "rules_edition", "who")
    )
    by_game: dict[str, list[tuple[dict, str]]] = defaultdict(list)
    titles: dict[str, str] = {}
    ordered = versions.order_by("deal__table__round__event__date", "deal_id")
    for document, names, edition, who in ordered:
        name = next((n for n, pk in names.items() if int(pk) == who), None)
        if name is None:
            continue  # pragma: no cover - every deal net is a player named in the deal
        if edition < RULES_EDITION and not _scored_today(document):
            continue  # recorded under earlier rules, which today's refuse: not counted
        game = core.game_of_document(document)
        key = game.family or game.name
        titles[key] = game.title
        by_game[key].append((document, name))
    blocks = []
    for key, deals in by_game.items():
        tally = core.player_statistics(deals).as_dict()
        for group in tally["groups"]:
            group["results"] = any(r["won"] or r["lost"] for r in group["rows"])
        blocks.append({"key": key, "title": titles[key], **tally})
    return blocks
