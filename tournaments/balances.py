"""What a table's ledger holds: each player's net, the chips in its pot, and whether its
session has ended. Sums over the ledger, one query each, read by the pages and by the
services that save deals alike."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q, Sum

import taroky_scoring as core

from .models import Event, LedgerEntry, PlayerAlias, Table


def accounts(entries):
    """LedgerEntry rows with each side's account: a player merged into another
    (services/merging.py) counts as the kept player, who holds the duplicate's seats
    now; the rows themselves go on naming the duplicate (the ledger is append-only)."""
    return entries.annotate(
        payee_account=PlayerAlias.kept_account("payee"),
        payer_account=PlayerAlias.kept_account("payer"),
    )


def net_by_player(entries) -> dict[int, int]:
    """Net chips per player id over a LedgerEntry queryset: one GROUP BY query (by payee
    and payer together: a handful of pairs at a table)."""
    net: dict[int, int] = defaultdict(int)
    pairs = accounts(entries).values("payee_account", "payer_account")
    for row in pairs.annotate(chips=Sum("chips")).order_by():
        net[row["payee_account"]] += row["chips"]
        net[row["payer_account"]] -= row["chips"]
    return dict(net)


def net_by_deal_and_player(entries) -> dict[int, dict[int, int]]:
    """Net chips per deal id and player id: one GROUP BY query."""
    net: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    rows = accounts(entries).values("deal_id", "payee_account", "payer_account")
    for row in rows.annotate(chips=Sum("chips")).order_by():
        deal = net[row["deal_id"]]
        deal[row["payee_account"]] += row["chips"]
        deal[row["payer_account"]] -= row["chips"]
    return net


def pot_before(table_id: int, number: int | None = None) -> int:
    """The chips in a table's pot before its deal ``number`` (None: now, after every
    deal): one query over the ledger (reversals cancel what they reverse, so every row
    counts)."""
    rows = LedgerEntry.objects.filter(table_id=table_id)
    if number is not None:
        rows = rows.filter(deal__number__lt=number)
    sums = rows.aggregate(
        paid_in=Sum("chips", filter=Q(payee_is_pot=True), default=0),
        taken=Sum("chips", filter=Q(payer_is_pot=True), default=0),
    )
    return sums["paid_in"] - sums["taken"]


def with_ledger_pot(table_id: int, document: dict, number: int | None = None) -> dict:
    """The deal ``document`` playing for the pot the table's ledger holds before its deal
    ``number`` (None: now), as deals are saved (a pot is never typed in); a game without
    a pot's as it is, with no query."""
    game = core.game_of_document(document)
    return game.with_pot(document, pot_before(table_id, number)) if game.has_pot else document


def session_state(
    event: Event, net: dict[str, int], deals_played: int, clock: core.Clock | None = None
) -> core.SessionState:
    """The core's word on a table's session: each player's net (by name) and the live
    deals played, under the event's way of ending a session (timed: ``clock``, the
    table's bell, ``tournaments.clock``)."""
    return core.session_state(
        event.starting_chips,
        net,
        deals_played,
        core.SessionEnd(event.session_end),
        event.deals_per_session,
        clock,
    )


def table_session(
    table: Table,
    seats=None,
    live: int | None = None,
    before: int | None = None,
    clock: core.Clock | None = None,
) -> core.SessionState:
    """Whether the table's session has ended: three small queries, two when the caller
    knows the seats (name -> player) and one when it knows the live deals too.
    ``before``: whether it had ended before deal ``before`` (after the deals before it,
    as the ledger holds them now). ``clock``: a timed table's (``tournaments.clock``)."""
    entries = LedgerEntry.objects.filter(table=table)
    deals = table.deals.filter(voided=False)
    if before is not None:
        entries = entries.filter(deal__number__lt=before)
        deals = deals.filter(number__lt=before)
    net = net_by_player(entries)
    if seats is None:
        seated = table.seats.values_list("player_id", "player__name").order_by()
    else:
        seated = [(p.pk, name) for name, p in seats.items()]
    if live is None:
        live = deals.count()
    net = {name: net.get(pk, 0) for pk, name in seated}
    return session_state(table.round.event, net, live, clock)
