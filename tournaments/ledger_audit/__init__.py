"""The ledger audit: does the chip ledger say exactly what the deals say?

Per table: its deals are numbered 1, 2, 3 ... with no gap (a deleted deal leaves one).
Per deal: its versions are numbered 1 ... its current version, recorded first, then
corrected, a void only last; the current version's document is the deal's, and the
deal's indexed columns (bidder, dealer, ...) say what its document says; each version
was played by the table's seated players in the table's order of play (the document's
players are the seats read round from whoever led, without a dealer who sits out).
Per table: its pot (Petrtyl's games) never goes below zero, deal after deal, and each
live deal's document says the pot the ledger holds before it (``pot``).
Per version: the rows it posted are exactly the scoring core's settlement of its own
document (payer, payee, chips, reason and explanation), posted by its author; each row
of the version before it is reversed by the mirror row, with the reversal's
explanation; the rows still standing are those of the current version (none for a
voided deal); every row sums to zero and is filed under its own deal, table and event.

The deal nets (DealNet, what standings sum) are checked too: each version's nets are
what its own ledger rows net to and its settlement's, one for every player in the deal
(none for a voided deal). Chip counts: what each count expected is the starting chips
plus the player's ledger rows at the table posted before it.

Every row of the append-only tables is found by its own columns, not only through its
deal: versions, ledger rows and nets whose deal is missing (the standings count such
nets), or is another event's, are named. Per event (events.py): its ruleset and
house rules are those its deals' versions were recorded under, its starting chips those
its activity log last recorded, and its table links the log says were revoked stay so
(not brought back under a new id, not missing while their table stands), its check-in
links the same (links.py); how it ranks and its prizes are those its activity log last
recorded (settings.py). Seats (seats.py): nobody sits twice in a round, and every
substitution is the one the activity log made (none changed, added or deleted behind
the app's back).

Seasons: each player's chips in each event of a season, as the season's standings
sum them (from the deal nets, plus bye credits), are what the ledger's rows net to plus
the bye credits; nothing of a season's standings is stored.

Names in documents are resolved through each version's own ``names`` (player ids), so
renaming a player changes nothing here.

Each version is scored by today's core. One recorded under an earlier edition of the
rules (``DealVersion.rules_edition``) that today's refuse or pay otherwise is not a
problem but a note: its payments stand as recorded, checked against its own deal nets
(and its players against the seats), not against today's settlement.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db.models import Q

import taroky_scoring as core
from taroky_scoring.editions import EDITIONS, RULES_EDITION

from ..aliases import merged_aliases
from ..models import (
    POT_ACCOUNT,
    ChipCount,
    Deal,
    DealNet,
    DealVersion,
    LedgerEntry,
    Seat,
    Substitution,
)
from ..services.posting import indexed_columns, nets_in_deal, settle_document, won_as_bidder
from ..words import account_words
from .events import (
    RecordedUnder,
    check_left_over,
    check_links,
    checked_words,
    where_deal,
    where_table,
)
from .links import check_check_in_links
from .seats import check_seated_once, check_substitutions
from .settings import check_fixed_settings, check_prizes
from .totals import audit_chip_counts, audit_seasons

Action = DealVersion.Action


@dataclass
class AuditReport:
    deals: int = 0
    entries: int = 0
    nets: int = 0
    chip_counts: int = 0
    seasons: int = 0
    problems: list[str] = field(default_factory=list)
    # Deal versions recorded under an earlier edition of the rules that today's refuse
    # or pay otherwise: not problems, their payments stand as recorded.
    notes: list[str] = field(default_factory=list)
    # With ``verbose``: each deal checked, and each later version of it (a correction,
    # a new pot, a void), a line each, in the order checked.
    checked: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def audit_ledger(event_ids: list[int] | None = None, verbose: bool = False) -> AuditReport:
    """The audit of the events ``event_ids`` (None: every event); ``verbose`` lists what
    it checked (``AuditReport.checked``)."""
    deals = Deal.objects.select_related("table__round__event").order_by("table_id", "number")
    entries = LedgerEntry.objects.order_by("pk")
    versions = DealVersion.objects.order_by("deal_id", "number")
    if verbose:
        versions = versions.select_related("created_by")
    seats = Seat.objects.order_by("table_id", "position")
    nets = DealNet.objects.order_by("pk")
    counts = ChipCount.objects.select_related("table__round__event", "player").order_by("pk")
    if event_ids:
        deals = deals.filter(table__round__event_id__in=event_ids)
        # Rows filed under the event or belonging to its deals: a row whose deal is
        # missing, or is another event's, is found too.
        filed = Q(event_id__in=event_ids) | Q(deal_id__in=deals.values("pk"))
        entries = entries.filter(filed)
        nets = nets.filter(filed)
        versions = versions.filter(deal__table__round__event_id__in=event_ids)
        seats = seats.filter(table__round__event_id__in=event_ids)
        counts = counts.filter(table__round__event_id__in=event_ids)
    report = AuditReport()
    alias = merged_aliases()  # merged players' ledger rows are the kept player's
    # table id -> its seats in the order of play: (player id, substitute's id, their
    # mode, their first deal), the holder at a deal worked out as seat_holders does.
    seats_at = defaultdict(list)
    for table_id, *seat in seats.values_list(
        "table_id",
        "player_id",
        "substitution__substitute_id",
        "substitution__mode",
        "substitution__from_deal",
    ):
        seats_at[table_id].append(seat)
    recorded_under = RecordedUnder()
    versions_of = defaultdict(list)
    version_of = {}
    for v in versions:
        versions_of[v.deal_id].append(v)
        version_of[v.pk] = v
    rows_by_deal = defaultdict(list)
    entry_by_pk = {}
    for e in entries:
        rows_by_deal[e.deal_id].append(e)
        entry_by_pk[e.pk] = e
        report.entries += 1
    nets_by_deal = defaultdict(list)
    for n in nets:
        nets_by_deal[n.deal_id].append(n)
        report.nets += 1
    numbers_at = defaultdict(list)
    pot_at = Counter()  # table -> its pot after the deals so far (in number order)
    for deal in deals:
        report.deals += 1
        numbers_at[deal.table].append(deal.number)
        rows = rows_by_deal.pop(deal.pk, [])
        for v in versions_of.get(deal.pk, []):
            recorded_under.note(deal.table.round.event, v.document)
        if verbose:
            report.checked.extend(checked_words(deal, versions_of.get(deal.pk, []), rows))
        check = _DealAudit(deal, versions_of.pop(deal.pk, []), seats_at, report, alias)
        check.versions()
        check.ledger(rows, version_of, entry_by_pk)
        check.nets(rows, nets_by_deal.pop(deal.pk, []), version_of)
        check.pot(pot_at[deal.table])
        pot_at[deal.table] += sum(
            e.chips if e.payee_is_pot else -e.chips
            for e in rows
            if e.payer_is_pot or e.payee_is_pot
        )
        if pot_at[deal.table] < 0:
            check.problem(f"the pot goes below zero ({pot_at[deal.table]} chips after the deal)")
    for table, numbers in numbers_at.items():
        if numbers != list(range(1, len(numbers) + 1)):
            missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
            report.problems.append(
                f"{where_table(table)}: deal numbers are not consecutive"
                + (f" (missing {', '.join(map(str, missing))})" if missing else "")
            )
    check_left_over(versions_of, rows_by_deal, nets_by_deal, report.problems)
    recorded_under.check(report.problems)
    check_fixed_settings(recorded_under.rulesets, report.problems)
    check_prizes(event_ids, report.problems)
    check_links(event_ids, report.problems)
    check_check_in_links(event_ids, report.problems)
    check_seated_once(event_ids, report.problems)
    check_substitutions(event_ids, report.problems)
    audit_chip_counts(counts, entries, report, alias)
    audit_seasons(entries, event_ids, report, alias)
    return report


def _rotation_of(order: list, seats: list) -> bool:
    """Whether ``order`` is ``seats`` read from one of them round the table."""
    return len(order) == len(seats) and any(
        order == seats[i:] + seats[:i] for i in range(len(seats) or 1)
    )


class _DealAudit:
    def __init__(self, deal, versions, seats_at, report, alias=None):
        self.deal = deal
        self.versions_ = versions
        # Seats compared as people: a merged player's id read as the kept player's.
        self.alias = alias or {}
        self.seats = [
            self.person(
                sub
                if sub is not None and mode == Substitution.Mode.AS_HIMSELF and deal.number >= first
                else player
            )
            for player, sub, mode, first in seats_at.get(deal.table_id, [])
        ]
        self.where = where_deal(deal)
        self.report = report
        self.scored = {}  # version number -> (outcome, settlement, player id of name)
        self.stands = set()  # numbers of the versions noted (see ``note``)

    def person(self, pk):
        return self.alias.get(pk, pk)

    def problem(self, text: str) -> None:
        self.report.problems.append(f"{self.where}: {text}")

    def note(self, v, text: str) -> None:
        """A version of an earlier rules edition that today's rules refuse or pay
        otherwise (``text``): its payments stand, checked against its own nets."""
        self.stands.add(v.number)
        if v.action != Action.VOIDED:  # a void pays nothing: its deal's version is noted
            self.report.notes.append(
                f"{self.where}: version {v.number} was recorded under "
                f"{EDITIONS[v.rules_edition]}; {text}; its payments stand as recorded"
            )

    # -- versions --------------------------------------------------------------------

    def versions(self) -> None:
        deal, vs = self.deal, self.versions_
        numbers = [v.number for v in vs]
        if numbers != list(range(1, len(vs) + 1)):
            self.problem(f"version numbers are not consecutive ({numbers})")
        if not vs or vs[-1].number != deal.version:
            self.problem(f"the deal says version {deal.version}, its last version is {numbers}")
            return
        actions = [v.action for v in vs]
        if (
            actions[0] != Action.RECORDED
            or any(a not in (Action.CORRECTED, Action.REPOTTED) for a in actions[1:-1])
            or (len(vs) > 1 and actions[-1] == Action.RECORDED)
        ):
            self.problem(f"its versions are not recorded, corrected ..., voided ({actions})")
        if deal.voided != (actions[-1] == Action.VOIDED):
            self.problem("voided or not, the deal disagrees with its last version")
        current = vs[-1]
        if current.document != deal.document:
            self.problem(f"the document of version {current.number} is not the deal's")
        for before, v in zip(vs, vs[1:], strict=False):
            if v.action == Action.VOIDED and v.document != before.document:
                self.problem(f"void version {v.number} changed the document")
        for v in vs:
            self._score(v)
        self._indexed_columns(current)

    def _score(self, v) -> None:
        if v.rules_edition not in EDITIONS:
            self.problem(
                f"version {v.number} was recorded under rules edition {v.rules_edition}, "
                f"which this app does not know (it knows 1 to {RULES_EDITION})"
            )
            return
        ids = v.player_ids()
        try:
            outcome, settlement = settle_document(v.document)
        except core.OutcomeError as err:
            if v.rules_edition == RULES_EDITION:
                self.problem(f"the outcome of version {v.number} is invalid: {err}")
            else:
                self.note(v, f"today's rules refuse it: {err}")
                self._seated(v, ids)
            return
        if set(ids) != set(outcome.everyone):
            self.problem(f"version {v.number} does not say who each of its players is")
            return
        if not self._seated(v, ids):
            return
        # Who sat where: the deal's players are the seats in the order of play, from
        # whoever led (and without the dealer, where they sit out).
        sitting_out = self.person(ids.get(outcome.sitting_out)) if outcome.sitting_out else None
        played = [self.person(ids[name]) for name in outcome.players]
        if len(ids) != len(self.seats) or not _rotation_of(
            played, [p for p in self.seats if p != sitting_out]
        ):
            self.problem(
                f"version {v.number} was not played in the table's seating (its players "
                f"in order: {', '.join(outcome.players)})"
            )
        # The pot is the side of a row with no player.
        self.scored[v.number] = (outcome, settlement, {**ids, POT_ACCOUNT: None})

    def _seated(self, v, ids) -> bool:
        strangers = [n for n, pk in ids.items() if self.person(pk) not in self.seats]
        if strangers:
            self.problem(f"version {v.number} names players not seated at the table")
        return not strangers

    def _indexed_columns(self, current) -> None:
        if current.number not in self.scored:
            return
        outcome, settlement, ids = self.scored[current.number]
        deal = self.deal
        columns = indexed_columns(outcome, settlement, ids)
        expected = {
            (f"{name}_id" if name in ("dealer", "sitting_out", "bidder") else name): value
            for name, value in columns.items()
        }
        if current.number in self.stands:
            del expected["bidder_won"]  # as it was paid, not as today's rules would pay
        wrong = [name for name, value in expected.items() if getattr(deal, name) != value]
        if wrong:
            self.problem(f"its columns disagree with its document ({', '.join(wrong)})")

    # -- the pot ---------------------------------------------------------------------

    def pot(self, before: int) -> None:
        """A live deal of a game with a pot says the pot the ledger holds before it."""
        deal = self.deal
        game = core.game_of_document(deal.document)
        if deal.voided or not game.has_pot:
            return
        said = game.pot_of(deal.document)
        if said != before:
            self.problem(
                f"its document says the pot held {said} chips before it, the ledger {before}"
            )

    # -- ledger ----------------------------------------------------------------------

    def ledger(self, rows, version_of, entry_by_pk) -> None:
        deal, problem = self.deal, self.problem
        net = Counter()
        posted = defaultdict(list)  # version number -> its rows
        for e in rows:
            net[e.payer_id] -= e.chips
            net[e.payee_id] += e.chips
            v = version_of.get(e.deal_version_id)
            if v is None or v.deal_id != deal.pk:
                problem(f"row {e.pk} was posted by another deal's version")
                continue
            posted[v.number].append(e)
            if e.table_id != deal.table_id or e.event_id != deal.table.round.event_id:
                problem(f"row {e.pk} is filed under another table or event")
            if e.created_by_id != v.created_by_id:
                problem(f"row {e.pk} was not posted by the author of version {v.number}")
        if sum(net.values()) != 0:  # pragma: no cover - each row moves chips both ways
            problem("rows do not sum to zero")
        reversed_by = Counter(e.reverses_id for e in rows if e.reverses_id)
        for number, v_rows in posted.items():
            for e in v_rows:
                if e.reverses_id is not None:
                    self._check_reversal(e, number, entry_by_pk.get(e.reverses_id), version_of)
                elif number != deal.version and reversed_by[e.pk] == 0:
                    problem(f"row {e.pk} of an earlier version was never reversed")
                if reversed_by[e.pk] > 1:
                    problem(f"row {e.pk} is reversed more than once")
        for v in self.versions_:
            self._check_settlement(v, posted.get(v.number, []))

    def _check_reversal(self, e, number, original, version_of) -> None:
        if (
            original is None
            or original.deal_id != self.deal.pk
            or (original.payer_id, original.payee_id, original.chips, original.reason)
            != (e.payee_id, e.payer_id, e.chips, e.reason)
        ):
            self.problem(f"row {e.pk} is not the mirror of the row it reverses")
            return
        before = version_of.get(original.deal_version_id)
        if original.reverses_id is not None or before is None or before.number != number - 1:
            self.problem(f"row {e.pk} reverses a row that is not of the version before")
        elif e.explanation != f"Reversal of version {before.number}: {original.explanation}"[:300]:
            self.problem(f"the explanation of row {e.pk} is not its reversal's")

    def _check_settlement(self, v, rows) -> None:
        """The rows a version posted (reversals aside) are its settlement's transfers."""
        if v.number not in self.scored:
            return
        _, settlement, ids = self.scored[v.number]
        expected = Counter()
        if v.action != Action.VOIDED:
            for t in settlement.transfers:
                expected[(ids[t.payer], ids[t.payee], t.chips, t.reason.value, t.explanation)] += 1
        got = Counter(
            (e.payer_id, e.payee_id, e.chips, e.reason, e.explanation)
            for e in rows
            if e.reverses_id is None
        )
        if got != expected and v.rules_edition < RULES_EDITION:
            self.note(v, _paid_otherwise(got, expected, ids, self.scored[v.number][0]))
        elif got != expected:
            wrong_words = Counter(k[:4] for k in got) == Counter(k[:4] for k in expected)
            self.problem(
                f"the ledger does not match the settlement of version {v.number} "
                + (
                    "(an explanation or reason differs)"
                    if wrong_words
                    else f"({sum(got.values())} rows posted, {sum(expected.values())} expected)"
                )
            )

    # -- deal nets -------------------------------------------------------------------

    def nets(self, rows, nets, version_of) -> None:
        """Each version's nets against its own ledger rows and its settlement."""
        deal, problem = self.deal, self.problem
        posted = defaultdict(Counter)  # version number -> player id -> net of its own rows
        for e in rows:
            v = version_of.get(e.deal_version_id)
            if e.reverses_id is None and v is not None:
                posted[v.number][e.payer_id] -= e.chips
                posted[v.number][e.payee_id] += e.chips
                posted[v.number].pop(None, None)  # the pot: an account with no DealNet
        kept = defaultdict(dict)
        for n in nets:
            if n.table_id != deal.table_id or n.event_id != deal.table.round.event_id:
                problem(f"net {n.pk} is filed under another table or event")
            if n.version > deal.version:
                problem(f"net {n.pk} belongs to version {n.version}, which does not exist")
            kept[n.version][n.player_id] = (n.chips, n.won_as_bidder)
        for number in sorted(set(posted) | set(kept)):
            nonzero = {p: c for p, (c, _) in kept[number].items() if c}
            if nonzero != {p: c for p, c in posted[number].items() if c}:
                problem(f"the nets of version {number} are not what its ledger rows net to")
        for v in self.versions_:
            if v.number not in self.scored or v.number in self.stands:
                continue  # reported with the versions, or noted: its own rows are its nets
            outcome, settlement, ids = self.scored[v.number]
            expected = {}
            if v.action != Action.VOIDED:
                expected = {
                    ids[name]: (chips, won_as_bidder(outcome, settlement, name))
                    for name, chips in nets_in_deal(outcome, settlement).items()
                }
            if kept.get(v.number, {}) != expected:
                problem(f"the nets of version {v.number} are not its settlement's")


def _paid_otherwise(got: Counter, expected: Counter, ids: dict, outcome) -> str:
    """How today's rules pay a version (``expected``) that was paid ``got`` (both
    Counters of (payer id, payee id, chips, ...) rows), in the document's names."""
    name_of = {ids[name]: name for name in outcome.everyone}
    name_of[None] = account_words(POT_ACCOUNT)

    def said(rows: Counter) -> str:
        net = Counter()
        for (payer, payee, chips, *_), n in rows.items():
            net[payer] -= chips * n
            net[payee] += chips * n
        # In the document's order, the pot last.
        order = sorted(net, key=list(name_of).index)
        return ", ".join(f"{name_of[pk]} {net[pk]:+d}" for pk in order if net[pk])

    today, recorded = said(expected), said(got)
    if today == recorded:
        return "today's rules word its payments otherwise (an explanation or reason differs)"
    return f"today's rules pay otherwise ({today}; recorded: {recorded})"
