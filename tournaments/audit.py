"""The ledger audit: does the chip ledger say exactly what the deals say?

For every deal: its rows sum to zero; the rows its current version posted (and that
are not reversed) are exactly the scoring core's settlement of its current outcome
(nothing for a voided deal); every row an earlier version posted is reversed by the
mirror row; and no row points at another deal's version, table or event.

The deal nets (DealNet, what standings sum) are checked too: each version's nets are
what its own ledger rows net to, and the current version's nets are the settlement's,
one for every player in the deal (none for a voided deal).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

import taroky_scoring as core

from .models import Deal, DealNet, DealVersion, LedgerEntry, Seat


@dataclass
class AuditReport:
    deals: int = 0
    entries: int = 0
    nets: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def audit_ledger(event_ids: list[int] | None = None) -> AuditReport:
    deals = Deal.objects.select_related("table__round__event").order_by("pk")
    entries = LedgerEntry.objects.order_by("pk")
    versions = DealVersion.objects.all()
    seats = Seat.objects.select_related("player")
    nets = DealNet.objects.order_by("pk")
    if event_ids:
        deals = deals.filter(table__round__event_id__in=event_ids)
        entries = entries.filter(deal__table__round__event_id__in=event_ids)
        nets = nets.filter(deal__table__round__event_id__in=event_ids)
        versions = versions.filter(deal__table__round__event_id__in=event_ids)
        seats = seats.filter(table__round__event_id__in=event_ids)
    version_of = {v.pk: (v.deal_id, v.number) for v in versions.only("pk", "deal_id", "number")}
    names = {}
    for s in seats:
        names[(s.table_id, s.player.name)] = s.player_id
    rows_by_deal = defaultdict(list)
    report = AuditReport()
    entry_by_pk = {}
    for e in entries:
        rows_by_deal[e.deal_id].append(e)
        entry_by_pk[e.pk] = e
        report.entries += 1
    nets_by_deal = defaultdict(list)
    for n in nets:
        nets_by_deal[n.deal_id].append(n)
        report.nets += 1
    for deal in deals:
        report.deals += 1
        rows = rows_by_deal.pop(deal.pk, [])
        _audit_deal(deal, rows, version_of, names, entry_by_pk, report)
        _audit_nets(deal, rows, nets_by_deal.pop(deal.pk, []), version_of, names, report)
    for deal_id, rows in rows_by_deal.items():  # pragma: no cover - FKs prevent it
        report.problems.append(f"{len(rows)} ledger rows point at missing deal {deal_id}")
    return report


def _where(deal) -> str:
    t = deal.table
    return f"{t.round.event.name}, round {t.round.number}, table {t.number}, deal {deal.number}"


def _audit_deal(deal, rows, version_of, names, entry_by_pk, report) -> None:
    problem = report.problems.append
    where = _where(deal)
    net = Counter()
    for e in rows:
        net[e.payer_id] -= e.chips
        net[e.payee_id] += e.chips
        if version_of.get(e.deal_version_id, (None,))[0] != deal.pk:
            problem(f"{where}: row {e.pk} was posted by another deal's version")
        if e.table_id != deal.table_id or e.event_id != deal.table.round.event_id:
            problem(f"{where}: row {e.pk} is filed under another table or event")
        if e.reverses_id is not None:
            original = entry_by_pk.get(e.reverses_id)
            if (
                original is None
                or original.deal_id != deal.pk
                or (original.payer_id, original.payee_id, original.chips)
                != (e.payee_id, e.payer_id, e.chips)
            ):
                problem(f"{where}: row {e.pk} is not the mirror of the row it reverses")
    if sum(net.values()) != 0:  # pragma: no cover - each row moves chips both ways
        problem(f"{where}: rows do not sum to zero")

    reversed_ids = {e.reverses_id for e in rows if e.reverses_id}
    standing = [e for e in rows if e.reverses_id is None and e.pk not in reversed_ids]
    for e in standing:
        if version_of.get(e.deal_version_id, (None, None))[1] != deal.version:
            problem(f"{where}: row {e.pk} of an earlier version was never reversed")
    try:
        settlement = core.score(deal.document)
    except core.OutcomeError as err:
        problem(f"{where}: its current outcome is invalid: {err}")
        return
    expected = Counter()
    if not deal.voided:
        for t in settlement.transfers:
            payer = names.get((deal.table_id, t.payer))
            payee = names.get((deal.table_id, t.payee))
            expected[(payer, payee, t.chips, t.reason.value)] += 1
    posted = Counter((e.payer_id, e.payee_id, e.chips, e.reason) for e in standing)
    if posted != expected:
        problem(
            f"{where}: the ledger does not match the settlement of version {deal.version} "
            f"({sum(posted.values())} rows standing, {sum(expected.values())} expected)"
        )


def _audit_nets(deal, rows, nets, version_of, names, report) -> None:
    """Each version's nets against its own ledger rows; the current ones in full."""
    problem = report.problems.append
    where = _where(deal)
    posted = defaultdict(Counter)  # version number -> player id -> net of its own rows
    for e in rows:
        if e.reverses_id is None:
            number = version_of.get(e.deal_version_id, (None, None))[1]
            posted[number][e.payer_id] -= e.chips
            posted[number][e.payee_id] += e.chips
    kept = defaultdict(dict)
    for n in nets:
        if n.table_id != deal.table_id or n.event_id != deal.table.round.event_id:
            problem(f"{where}: net {n.pk} is filed under another table or event")
        if n.version > deal.version:
            problem(f"{where}: net {n.pk} belongs to version {n.version}, which does not exist")
        kept[n.version][n.player_id] = (n.chips, n.won_as_bidder)
    for number in sorted(set(posted) | set(kept)):
        nonzero = {p: c for p, (c, _) in kept[number].items() if c}
        if nonzero != {p: c for p, c in posted[number].items() if c}:
            problem(f"{where}: the nets of version {number} are not what its ledger rows net to")
    if deal.voided:
        expected = {}
    else:
        try:
            outcome, rules = core.parse_deal(deal.document)
        except core.OutcomeError:
            return  # reported with the ledger
        settlement = core.payments.settle(outcome, rules)
        expected = {
            names.get((deal.table_id, name)): (chips, core.won_as_bidder(outcome, settlement, name))
            for name, chips in core.nets_in_deal(outcome, settlement).items()
        }
    if kept.get(deal.version, {}) != expected:
        problem(f"{where}: the nets of version {deal.version} are not its settlement's")
