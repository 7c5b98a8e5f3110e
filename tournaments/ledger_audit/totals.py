"""The audit's checks of totals kept beside the ledger: each chip count's expected
chips, and each season's chips per player and event, against the ledger's rows."""

from __future__ import annotations

from collections import Counter, defaultdict

from ..models import Round, Season
from ..season_standings import event_placings, season_events
from .events import where_table


def audit_chip_counts(counts, entries, report, alias=None) -> None:
    """What a count expected: starting chips + the player's rows at the table before it."""
    counts = list(counts)
    if not counts:
        return
    rows_at = defaultdict(list)
    for e in entries.filter(table__in={c.table_id for c in counts}).only(
        "table_id", "payer_id", "payee_id", "chips", "created_at"
    ):
        rows_at[e.table_id].append(e)
    alias = alias or {}
    for c in counts:
        report.chip_counts += 1
        # A merged player's rows are the kept player's (aliases.py).
        payer = {e.pk: alias.get(e.payer_id, e.payer_id) for e in rows_at[c.table_id]}
        payee = {e.pk: alias.get(e.payee_id, e.payee_id) for e in rows_at[c.table_id]}
        net = sum(
            (e.chips if payee[e.pk] == c.player_id else -e.chips)
            for e in rows_at[c.table_id]
            if c.player_id in (payer[e.pk], payee[e.pk]) and e.created_at <= c.recorded_at
        )
        expected = c.table.round.event.starting_chips + net
        if c.expected != expected:
            report.problems.append(
                f"{where_table(c.table)}: the chip count of {c.player.name} expected "
                f"{c.expected}, the ledger says {expected}"
            )


def audit_seasons(entries, event_ids, report, alias=None) -> None:
    """Every season with an audited event: the chips its standings give each player in
    each event are the ledger's (plus bye credits)."""
    seasons = Season.objects.filter(events__isnull=False).distinct().order_by("pk")
    if event_ids:
        seasons = seasons.filter(events__in=event_ids)
    alias = alias or {}
    ledger: Counter = Counter()  # (event id, player id) -> net in the ledger
    for e in entries:
        if e.payee_id is not None:
            ledger[(e.event_id, alias.get(e.payee_id, e.payee_id))] += e.chips
        if e.payer_id is not None:
            ledger[(e.event_id, alias.get(e.payer_id, e.payer_id))] -= e.chips
    for season in seasons:
        events = season_events(season)
        byes = Counter(
            Round.byes.through.objects.filter(round__event__in=events).values_list(
                "round__event_id", "player_id"
            )
        )
        players, placings = event_placings(events)
        for event in events:
            if event_ids and event.pk not in event_ids:
                continue
            for pid, placing in placings[event.pk].items():
                expected = ledger[(event.pk, pid)] + byes[(event.pk, pid)] * event.bye_chips
                if placing.chips != expected:
                    report.problems.append(
                        f"Season {season.name}: {event}: {players[pid].name}'s chips in the "
                        f"standings are {placing.chips}, the ledger's {expected}"
                    )
        report.seasons += 1
