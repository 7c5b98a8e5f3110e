"""Standings and player statements: aggregates over the ledger, a fixed number of
queries whatever the size of the event."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, F, Q, Sum

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


def _per_player_sql() -> str:
    ledger = LedgerEntry._meta.db_table
    deal = Deal._meta.db_table
    table = Table._meta.db_table
    rnd = Round._meta.db_table
    # Each transfer counts +chips for the payee and -chips for the payer; summed per
    # player and deal, then per player: net, best deal, worst deal. Voided deals net 0
    # and are left out so they are neither anyone's best nor worst deal.
    side = (
        "SELECT l.{who}_id AS player_id, l.deal_id AS deal_id, {sign}l.chips AS chips "
        f"FROM {ledger} l JOIN {deal} d ON d.id = l.deal_id "
        f"JOIN {table} t ON t.id = l.table_id JOIN {rnd} r ON r.id = t.round_id "
        "WHERE l.event_id = %s AND d.voided = %s AND r.number BETWEEN %s AND %s"
    )
    return (
        "SELECT player_id, SUM(net), MAX(net), MIN(net) FROM ("
        " SELECT player_id, deal_id, SUM(chips) AS net FROM ("
        f"  {side.format(who='payee', sign='')} UNION ALL {side.format(who='payer', sign='-')}"
        " ) AS sides GROUP BY player_id, deal_id"
        ") AS per_deal GROUP BY player_id"
    )


def ledger_by_player(event, first_round: int, last_round: int) -> dict[int, tuple[int, int, int]]:
    """player id -> (net, best deal, worst deal) over rounds first..last."""
    params = [event.pk, False, first_round, last_round] * 2
    with connection.cursor() as cursor:
        cursor.execute(_per_player_sql(), params)
        return {row[0]: (int(row[1]), int(row[2]), int(row[3])) for row in cursor.fetchall()}


def net_by_player_and_round(event) -> dict[tuple[int, int], int]:
    """(player id, round number) -> net chips: two GROUP BY queries."""
    net: dict[tuple[int, int], int] = {}
    rows = LedgerEntry.objects.filter(event=event)
    for side, sign in (("payee_id", 1), ("payer_id", -1)):
        for player, number, chips in (
            rows.values_list(side, "table__round__number").annotate(chips=Sum("chips")).order_by()
        ):
            net[(player, number)] = net.get((player, number), 0) + sign * chips
    return net


def rank(rows: list[Standing]) -> list[Standing]:
    """Order by chips, best first; equal chips share a rank (1, 2, 2, 4)."""
    rows.sort(key=lambda s: (-s.chips, s.player.name))
    for i, row in enumerate(rows):
        same = i and rows[i - 1].chips == row.chips
        row.rank = rows[i - 1].rank if same else i + 1
    return rows


def standings(event, after_round: int | None = None, only_round: int | None = None):
    """Standings over every round up to ``after_round``, or of ``only_round`` alone."""
    last = only_round or after_round or 10**6
    first = only_round or 1
    in_rounds = Q(table__round__event=event, table__round__number__range=(first, last))
    ledger = ledger_by_player(event, first, last)
    seats = (
        Seat.objects.filter(in_rounds)
        .values("player_id")
        .annotate(
            deals=Count("table__deals", filter=Q(table__deals__voided=False)),
            sat_out=Count(
                "table__deals",
                filter=Q(table__deals__voided=False, table__deals__sitting_out=F("player_id")),
            ),
        )
        .order_by()
    )
    played = {r["player_id"]: r["deals"] - r["sat_out"] for r in seats}
    bidding = {
        r["bidder_id"]: (r["n"], r["wins"])
        for r in Deal.objects.filter(in_rounds, voided=False, bidder__isnull=False)
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
