"""The ranking engine: an event's standings (``Standing`` rows, ranked), the one source
of every ranked output (the standings page, the wall, the CSV, the PDF, the prize list,
a category's standings, teams and lodges, a season placing its events), and player
statements. A fixed number of queries whatever the size of the event, or the number of
events (``event_standings``).

Standings sum the deal nets (DealNet: each player's net per deal version, posted with
the ledger rows and checked against them by audit_ledger): one GROUP BY (event, player)
gives net chips, best and worst deal, deals played and bids won. How an event ranks is
tournaments.ranking; which columns its standings show, tournaments.columns. Statements
list the ledger rows themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from django.db.models import Count, Exists, F, Max, Min, OuterRef, Q, Sum

from . import ranking, tie_breaks
from .models import (
    DealNet,
    LedgerEntry,
    Player,
    PlayerAlias,
    Registration,
    Round,
    Seat,
    Substitution,
    Table,
)
from .names import name_key
from .places import place_text, points_text


@dataclass
class Standing:
    rank: int
    player: Player
    club: str
    net: int
    chips: int  # net plus bye credits
    deals_played: int
    deals_as_bidder: int
    bidder_wins: int
    best_deal: int | None
    worst_deal: int | None
    byes: int
    withdrawn: bool
    took_part: bool = True  # seated at a table, or had a bye (see rank)
    # How the event ranks (tournaments.ranking): read only when it needs the places.
    scoring: ranking.Scoring | None = None
    places: tuple = ()  # the player's TablePlaces, round by round
    points: Fraction = Fraction(0)  # table points, bye points included
    table_wins: int = 0
    best_round: int | None = None  # the player's most chips in one round played
    score: Any = 0  # what the player is ranked by: chips, points, or chips plus points
    decided_by: str = ""  # the tie-break that set the player apart from an equal score
    shared: bool = False  # another player has the same rank

    @property
    def rank_shown(self) -> str:
        """ "3", or "3=" when shared where the event's standings mark it (by points)."""
        marked = self.shared and self.scoring is not None and self.scoring.marks_shared
        return place_text(self.rank, marked)

    @property
    def points_shown(self) -> str:
        return points_text(self.points)

    @property
    def score_shown(self) -> str:
        return points_text(self.score)

    @property
    def places_shown(self) -> str:
        """Each round's place and points, "R1 T2: 1st 4 · R2 T1: 3rd= 2"."""
        return " · ".join(p.words for p in self.places)

    @property
    def last_place_shown(self) -> str:
        """The latest round's table, place and points (the wall's), "—" before any."""
        return self.places[-1].words if self.places else "—"

    def against(self, other: Standing) -> Fraction:
        """Head to head against ``other`` (ranking.head_to_head)."""
        return ranking.head_to_head(self.places, other.places)


ALL_ROUNDS = 10**6


def _current_nets(events, first: int = 1, last: int = ALL_ROUNDS):
    """The current deal nets (see DealNet) of ``events`` (ids), in rounds first..last."""
    nets = DealNet.objects.current().filter(event_id__in=events)
    if (first, last) != (1, ALL_ROUNDS):
        # A subquery, not a join: the few tables are looked up, not joined to every row.
        tables = Table.objects.filter(
            round__event_id__in=events, round__number__range=(first, last)
        )
        nets = nets.filter(table__in=tables.values("pk"))
    return nets


@dataclass(frozen=True)
class Totals:
    """A player's figures over some rounds, from their current deal nets."""

    net: int = 0
    best: int | None = None
    worst: int | None = None
    deals: int = 0
    bids: int = 0
    bids_won: int = 0


def deal_totals(events, first: int = 1, last: int = ALL_ROUNDS) -> dict[tuple[int, int], Totals]:
    """(event id, player id) -> Totals over rounds first..last of ``events`` (ids): one
    GROUP BY, about as cheap as summing the ledger itself."""
    # A merged player's nets (services/merging.py) count as the kept player's.
    rows = (
        _current_nets(events, first, last)
        .values("event_id", account=PlayerAlias.kept_account("player"))
        .annotate(
            net=Sum("chips"),
            best=Max("chips"),
            worst=Min("chips"),
            deals=Count("id"),
            bids=Count("id", filter=Q(won_as_bidder__isnull=False)),
            bids_won=Count("id", filter=Q(won_as_bidder=True)),
        )
        .order_by()
    )
    return {(row.pop("event_id"), row.pop("account")): Totals(**row) for row in rows}


# How places are given, said under every standings (page and printout).
RANK_WORDS = (
    "Ties share a rank; a player registered who did not come (never seated, no bye) ranks "
    "after all who came."
)


def rank(rows: list[Standing]) -> list[Standing]:
    """Order by score (chips, unless the event ranks by table points), best first;
    equal scores are split by the event's tie-breaks, and players still equal share a
    rank (1, 2, 2, 4). A registered player who was never seated and had no bye comes
    after all who were, at one shared rank: not coming is no place above a loser (and a
    season counts the same places, among those who took part)."""
    took_part = [s for s in rows if s.took_part]
    scoring = next((s.scoring for s in rows if s.scoring), None)
    breaks = list(scoring.breaks) if scoring else []
    # A row made without the event's scoring (a test's, say) ranks by its chips.
    ranked = tie_breaks.ranked(
        took_part, lambda s: s.score if s.scoring else s.chips, _by_name, breaks
    )
    waiting = sorted((s for s in rows if not s.took_part), key=_by_name)
    ranked += [(len(took_part) + 1, len(waiting) > 1, s) for s in waiting]
    for position, shared, row in ranked:
        row.rank, row.shared = position, shared
    return [row for _, _, row in ranked]


def no_deal_words(rows: list[Standing]) -> str:
    """What the standings say of the tables that recorded no deal in a round over
    (FORMATS.md): "No deal at table 3 in round 2: its players score nothing for that
    round." ("" when every table played)."""
    found = sorted({(p.round, p.table) for s in rows for p in s.places if p.no_deal})
    if not found:
        return ""
    said = [f"table {table} in round {rnd}" for rnd, table in found]
    tables = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    whose = "its players score" if len(said) == 1 else "their players score"
    return (
        f"No deal at {tables}: {whose} nothing for that round (no table points, no table "
        "win, no round played)."
    )


def among(rows: list[Standing], players) -> list[Standing]:
    """The rows of ``players`` (ids) alone, ranked among themselves by ``rank``: a
    category's standings (places 1..n within it, ties shared as in the event's)."""
    members = set(players)
    # What set a player apart among all is not what sets them apart among these.
    return rank([replace(s, decided_by="") for s in rows if s.player.pk in members])


def _by_name(s: Standing) -> tuple[str, str]:
    return name_key(s.player.name)


def registrations_seated(registrations, first: int = 1, last: int = ALL_ROUNDS):
    """``registrations`` with ``seated``: whether the player has a seat at a table of
    the registration's event, in rounds first..last (a subquery: no query more)."""
    seats = Seat.objects.filter(
        _sat_at(OuterRef("player")),
        table__round__event=OuterRef("event"),
        table__round__number__range=(first, last),
    )
    return registrations.annotate(seated=Exists(seats))


def _sat_at(player) -> Q:
    """The seats ``player`` sat in: their own, and those they took over in their own
    name (a substitute playing for the leaver plays the leaver's game, not their own)."""
    return Q(player=player) | Q(
        substitution__substitute=player, substitution__mode=Substitution.Mode.AS_HIMSELF
    )


def came(seated: bool, byes: int) -> bool:
    """Whether a registered player took part in an event (or its rounds): seated at a
    table, if only as a dealer who sat out every deal, or given a bye. The standings
    rank who came first; a season places only them."""
    return seated or byes > 0


def standings(event, after_round: int | None = None, only_round: int | None = None):
    """The event's standings over every round up to ``after_round``, or of
    ``only_round`` alone: every registered player's row, ranked."""
    last = only_round or after_round or ALL_ROUNDS
    first = only_round or 1
    return _standings([event], first, last)[event.pk]


def event_standings(events) -> dict[int, list[Standing]]:
    """{event id: its standings over every round} of ``events``, the rows ``standings``
    gives each: four queries whatever their number, six when one ranks by the places at
    the tables (a season placing its events)."""
    return _standings(list(events), 1, ALL_ROUNDS) if events else {}


def _standings(events, first: int, last: int) -> dict[int, list[Standing]]:
    ids = [e.pk for e in events]
    totals = deal_totals(ids, first, last)
    byes = _byes(ids, first, last)
    scorings = {e.pk: ranking.Scoring.of(e) for e in events}
    placing = [e for e in events if scorings[e.pk].needs_places]
    placed = (
        ranking.places(placing, first, last, _current_nets([e.pk for e in placing], first, last))
        if placing
        else {}
    )
    by_id = {e.pk: e for e in events}
    rows: dict[int, list[Standing]] = {pk: [] for pk in ids}
    registered = registrations_seated(Registration.objects.filter(event_id__in=ids), first, last)
    for reg in registered.select_related("player").order_by():
        event, scoring = by_id[reg.event_id], scorings[reg.event_id]
        key = (reg.event_id, reg.player_id)
        t = totals.get(key, Totals())
        n_byes = byes.get(key, 0)
        mine = tuple(placed.get(reg.event_id, {}).get(reg.player_id, ()))
        rounds: dict[int, int] = {}
        for p in mine:
            if p.own:  # a round played with chips of their own (FORMATS.md)
                rounds[p.round] = rounds.get(p.round, 0) + p.chips
        points = sum((p.points for p in mine), Fraction(0)) + n_byes * scoring.bye_points
        chips = t.net + n_byes * event.bye_chips
        rows[reg.event_id].append(
            Standing(
                rank=0,
                player=reg.player,
                club=reg.player.club,
                net=t.net,
                chips=chips,
                deals_played=t.deals,
                deals_as_bidder=t.bids,
                bidder_wins=t.bids_won,
                best_deal=t.best,
                worst_deal=t.worst,
                byes=n_byes,
                withdrawn=reg.withdrawn,
                took_part=came(reg.seated, n_byes),
                scoring=scoring,
                places=mine,
                points=points,
                table_wins=sum(1 for p in mine if p.win),
                best_round=max(rounds.values()) if rounds else None,
                score=scoring.score(chips, points),
            )
        )
    return {pk: rank(found) for pk, found in rows.items()}


def _byes(ids, first: int, last: int) -> dict[tuple[int, int], int]:
    """(event id, player id) -> the rounds first..last the player had a bye in: one
    query."""
    return {
        (event, player): n
        for event, player, n in Round.byes.through.objects.filter(
            round__event_id__in=ids, round__number__range=(first, last)
        )
        .values("round__event_id", "player_id")
        .annotate(n=Count("id"))
        .values_list("round__event_id", "player_id", "n")
        .order_by()
    }


def places_of(event, player: Player) -> list:
    """The player's place, chips and table points at each table of the event, round by
    round (``ranking.TablePlace``): the places of every table they sat at, in their own
    name or for a player who left, two queries."""
    sat = Q(player=player) | Q(substitution__substitute=player)
    tables = Seat.objects.filter(sat, table__round__event=event).values("table_id")
    nets = _current_nets([event.pk]).filter(table__in=tables)
    return ranking.places([event], 1, ALL_ROUNDS, nets, tables)[event.pk].get(player.pk, [])


def standings_series(event, rows, limit: int = 10) -> list[tuple[str, list[int]]]:
    """Cumulative net chips after each round played for the first ``limit`` players of
    rows: their current nets summed per table, then per round."""
    shown = rows[:limit]
    per_table = (
        _current_nets([event.pk])
        .annotate(account=PlayerAlias.kept_account("player"))
        .filter(account__in=[s.player.pk for s in shown])
        .values("account", "table_id")
        .annotate(net=Sum("chips"))
        .values_list("account", "table_id", "net")
        .order_by()
    )
    # Tables mapped to rounds here: a join to tables and rounds on every net costs more.
    round_of = dict(Table.objects.filter(round__event=event).values_list("pk", "round__number"))
    per_round: dict[tuple[int, int], int] = {}
    for player, table, net in per_table:
        key = (player, round_of[table])
        per_round[key] = per_round.get(key, 0) + net
    # Only the rounds played so far: a round drawn and not begun draws no line.
    played = max((n for _, n in per_round), default=0)
    numbers = [n for n in event.rounds.values_list("number", flat=True) if n <= played]
    series = []
    for s in shown:
        total, values = 0, [0]
        for n in numbers:
            total += per_round.get((s.player.pk, n), 0)
            values.append(total)
        series.append((s.player.name, values))
    return series


@dataclass
class StatementLine:
    """One transfer to or from the player. The last line of each deal carries the
    running figures after that deal: ``balance`` is the net over the event so far,
    ``chips`` the chips in hand at that table (the score sheet's chips column)."""

    entry: LedgerEntry
    change: int
    balance: int | None = None
    chips: int | None = None

    @property
    def kind(self) -> str:
        if self.entry.reverses_id:
            return "reversal"
        if self.entry.deal_version.number > 1:
            return "correction"
        return ""


def statement(event, player: Player) -> list[StatementLine]:
    """Every transfer to and from ``player`` in ``event``, in the order of play (round,
    table, deal), a deal's reversals and corrections under it, with the running net
    and the chips at the table after each deal."""
    # The player's rows and those of players merged into them (services/merging.py).
    mine = Q(payer=player) | Q(payee=player) | Q(payer__alias__kept=player)
    entries = (
        event.ledger.filter(mine | Q(payee__alias__kept=player))  # each row knows its event
        .annotate(payee_kept=F("payee__alias__kept_id"))
        .select_related("deal__table__round", "deal_version", "payer", "payee")
        .order_by("deal__table__round__number", "deal__table__number", "deal__number", "id")
    )
    lines: list[StatementLine] = []
    balance = 0
    at_table: dict[int, int] = {}
    for e in entries:
        received = player.pk in (e.payee_id, e.payee_kept)
        change = e.chips if received else -e.chips
        balance += change
        at_table[e.deal.table_id] = at_table.get(e.deal.table_id, 0) + change
        if lines and lines[-1].entry.deal_id == e.deal_id:
            lines[-1].balance = lines[-1].chips = None  # only a deal's last line
        lines.append(
            StatementLine(e, change, balance, event.starting_chips + at_table[e.deal.table_id])
        )
    return lines
