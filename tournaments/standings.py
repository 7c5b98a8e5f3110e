"""Standings and player statements: aggregates over the ledger, a fixed number of
queries whatever the size of the event."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Count, Q

from .models import Deal, LedgerEntry, Player, Registration, Round, Seat, Table


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


def _per_table_sql() -> str:
    ledger = LedgerEntry._meta.db_table
    deal = Deal._meta.db_table
    # Each transfer counts +chips for the payee and -chips for the payer. Summed per
    # player and deal, then per player and table: net, best deal, worst deal. Only
    # ledger columns are grouped (joins over every row cost more than the grouping).
    # Voided deals net 0 and are left out so they are nobody's best or worst deal.
    side = "SELECT {who}_id AS player_id, deal_id, table_id, {sign}chips AS chips " + (
        f"FROM {ledger} WHERE event_id = %s"
    )
    return (
        "SELECT player_id, table_id, SUM(net), MAX(net), MIN(net) FROM ("
        " SELECT player_id, deal_id, table_id, SUM(chips) AS net FROM ("
        f"  {side.format(who='payee', sign='')} UNION ALL {side.format(who='payer', sign='-')}"
        f" ) AS sides WHERE deal_id NOT IN (SELECT id FROM {deal} WHERE voided = %s)"
        " GROUP BY player_id, deal_id, table_id"
        ") AS per_deal GROUP BY player_id, table_id"
    )


def ledger_by_round(event) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(player id, round number) -> (net, best deal, worst deal): two queries."""
    round_of = dict(Table.objects.filter(round__event=event).values_list("pk", "round__number"))
    per_round: dict[tuple[int, int], tuple[int, int, int]] = {}
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A big event has one (player, deal) group per player per deal; with the
            # default 4 MB the grouping spills to disk and takes a third longer.
            cursor.execute("SET LOCAL work_mem = '64MB'")
        cursor.execute(_per_table_sql(), [event.pk, event.pk, True])
        rows = cursor.fetchall()
    for player, table, net, best, worst in rows:
        key = (player, round_of[table])
        if key in per_round:
            n, b, w = per_round[key]
            per_round[key] = (n + int(net), max(b, int(best)), min(w, int(worst)))
        else:
            per_round[key] = (int(net), int(best), int(worst))
    return per_round


def _over_rounds(per_round, first: int, last: int) -> dict[int, tuple[int, int, int]]:
    """player id -> (net, best, worst) over rounds first..last."""
    totals: dict[int, tuple[int, int, int]] = {}
    for (player, number), (net, best, worst) in per_round.items():
        if first <= number <= last:
            if player in totals:
                n, b, w = totals[player]
                totals[player] = (n + net, max(b, best), min(w, worst))
            else:
                totals[player] = (net, best, worst)
    return totals


def _deals_played(event, first: int, last: int) -> dict[int, int]:
    """player id -> deals played (not voided, not sitting out): three small queries."""
    deals = Deal.objects.filter(
        voided=False, table__round__event=event, table__round__number__range=(first, last)
    )
    per_table = dict(
        deals.values("table_id").annotate(n=Count("id")).values_list("table_id", "n").order_by()
    )
    played: dict[int, int] = {}
    seats = Seat.objects.filter(
        table__round__event=event, table__round__number__range=(first, last)
    ).values_list("player_id", "table_id")
    for player, table in seats:
        played[player] = played.get(player, 0) + per_table.get(table, 0)
    sat_out = (
        deals.filter(sitting_out__isnull=False)
        .values("sitting_out_id")
        .annotate(n=Count("id"))
        .values_list("sitting_out_id", "n")
        .order_by()
    )
    for player, n in sat_out:
        played[player] = played.get(player, 0) - n
    return played


def rank(rows: list[Standing]) -> list[Standing]:
    """Order by chips, best first; equal chips share a rank (1, 2, 2, 4)."""
    rows.sort(key=lambda s: (-s.chips, s.player.name))
    for i, row in enumerate(rows):
        same = i and rows[i - 1].chips == row.chips
        row.rank = rows[i - 1].rank if same else i + 1
    return rows


def standings(event, after_round: int | None = None, only_round: int | None = None, per_round=None):
    """Standings over every round up to ``after_round``, or of ``only_round`` alone.

    ``per_round`` (from ledger_by_round) may be passed in when the caller needs it too.
    """
    last = only_round or after_round or 10**6
    first = only_round or 1
    per_round = ledger_by_round(event) if per_round is None else per_round
    ledger = _over_rounds(per_round, first, last)
    played = _deals_played(event, first, last)
    bidding = {
        r["bidder_id"]: (r["n"], r["wins"])
        for r in Deal.objects.filter(
            table__round__event=event,
            table__round__number__range=(first, last),
            voided=False,
            bidder__isnull=False,
        )
        .values("bidder_id")
        .annotate(n=Count("id"), wins=Count("id", filter=Q(bidder_won=True)))
        .order_by()
    }
    byes = dict(
        Round.byes.through.objects.filter(round__event=event, round__number__range=(first, last))
        .values("player_id")
        .annotate(n=Count("id"))
        .values_list("player_id", "n")
        .order_by()
    )
    rows = []
    for reg in Registration.objects.filter(event=event).select_related("player"):
        pk = reg.player_id
        net, best, worst = ledger.get(pk, (0, None, None))
        n_byes = byes.get(pk, 0)
        bidder = bidding.get(pk, (0, 0))
        rows.append(
            Standing(
                rank=0,
                player=reg.player,
                club=reg.player.club,
                net=net,
                chips=net + n_byes * event.bye_chips,
                deals_played=played.get(pk, 0),
                deals_as_bidder=bidder[0],
                bidder_wins=bidder[1],
                best_deal=best,
                worst_deal=worst,
                byes=n_byes,
                withdrawn=reg.withdrawn,
            )
        )
    return rank(rows)


def standings_series(event, rows, per_round, limit: int = 10):
    """Cumulative net chips after each round for the first ``limit`` players of rows."""
    numbers = list(event.rounds.values_list("number", flat=True))
    series = []
    for s in rows[:limit]:
        total, values = 0, [0]
        for n in numbers:
            total += per_round.get((s.player.pk, n), (0,))[0]
            values.append(total)
        series.append((s.player.name, values))
    return series


@dataclass
class StatementLine:
    entry: LedgerEntry
    change: int
    balance: int

    @property
    def kind(self) -> str:
        if self.entry.reverses_id:
            return "reversal"
        if self.entry.deal_version.number > 1:
            return "correction"
        return ""


def statement(event, player: Player) -> list[StatementLine]:
    """Every transfer to and from ``player`` in ``event`` with the running balance."""
    entries = (
        LedgerEntry.objects.filter(event=event)
        .filter(Q(payer=player) | Q(payee=player))
        .select_related("deal__table__round", "deal_version", "payer", "payee")
        .order_by("id")
    )
    lines, balance = [], 0
    for e in entries:
        change = e.chips if e.payee_id == player.pk else -e.chips
        balance += change
        lines.append(StatementLine(e, change, balance))
    return lines
