"""The ledger audit's checks of an event as a whole (__init__.py checks each deal).

- Its fixed settings: the ruleset and house rules every version of its deals was
  recorded under (in its document) are the event's; the starting chips, which no
  document holds, are those its activity log last recorded (``create_event``,
  ``update_event`` and the admin's edits record them; for an event from before, the
  upgrade or ``restore_db`` did).
- Its table links: a link the activity log says was revoked is still revoked, is not
  brought back under a new id (no working link carries its token's hash) nor missing
  while its table stands, and no table has two links working at once.
- Rows whose deal is missing (or is another event's): a deal's ledger rows, deal nets
  and versions are found by their own columns, not only through the deal.

Each reads what it needs in one or two queries, whatever the size of the events.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from django.db.models import Min

import taroky_scoring as core

from ..models import ActivityEntry, Deal, DealVersion, Event, Table, TableLink
from ..words import version_author_words
from .links import carried, stamped

# The activity log's actions that record the fixed settings (``detail["fixed"]``):
# the services', the admin's, and the record an upgrade or a restore adds for an event
# whose log had none (migration ``fixed_settings_recorded``, ``restore_db``).
RECORDED = ActivityEntry.Action.RECORD_FIXED_SETTINGS
RECORDS_SETTINGS = (
    ActivityEntry.Action.CREATE_EVENT,
    ActivityEntry.Action.UPDATE_EVENT,
    ActivityEntry.Action.ADMIN_CREATE_EVENT,
    ActivityEntry.Action.ADMIN_EDIT_EVENT,
    RECORDED,
)


def recorded_settings(event_ids) -> dict[int, int]:
    """Event id -> the starting chips its activity log last recorded (one query)."""
    logged = {}
    for event_id, detail in (
        ActivityEntry.objects.filter(event__in=event_ids, action__in=RECORDS_SETTINGS)
        .order_by("pk")
        .values_list("event_id", "detail")
    ):
        chips = (detail.get("fixed") or {}).get("starting_chips")
        if chips is not None:
            logged[event_id] = chips
    return logged


def where_table(t) -> str:
    return f"{t.round.event.name}, round {t.round.number}, table {t.number}"


def where_deal(deal) -> str:
    return f"{where_table(deal.table)}, deal {deal.number}"


def checked_words(deal, versions, rows) -> list[str]:
    """What the audit checks of ``deal`` in words (``audit_ledger --verbose``): the deal,
    with its versions and ledger rows, then each version after the first, who made it
    and why, so that an organizer can point at the disputed one."""
    where = where_deal(deal)
    said = [
        f"{where}: {counted(len(versions), 'version')}, {counted(len(rows), 'ledger row')}"
        + (" (voided)" if deal.voided else "")
    ]
    for v in versions[1:]:
        why = f": {v.reason}" if v.reason else ""
        said.append(
            f"{where}, version {v.number}: {v.get_action_display()} by "
            f"{version_author_words(v, deal.table)}{why}"
        )
    return said


def _said(options) -> str:
    return json.dumps(options or {}, sort_keys=True, ensure_ascii=False)


def counted(n: int, what: str) -> str:
    """>>> counted(1, "deal net"), counted(2, "deal net")
    ('1 deal net', '2 deal nets')
    """
    return f"{n} {what}" + ("" if n == 1 else "s")


def _listed(parts: list[str]) -> str:
    return " and ".join(filter(None, [", ".join(parts[:-1]), parts[-1]]))


class RecordedUnder:
    """What each event's deal versions say they were scored under."""

    def __init__(self):
        self.rulesets: dict[Event, set[str]] = defaultdict(set)
        self.house_rules: dict[Event, set[str]] = defaultdict(set)

    def note(self, event: Event, document: dict) -> None:
        self.rulesets[event].add(document.get("ruleset") or core.DEFAULT_RULESET)
        self.house_rules[event].add(_said(document.get("options")))

    def check(self, problems: list[str]) -> None:
        for event in sorted(self.rulesets, key=lambda e: e.pk):
            other = sorted(self.rulesets[event] - {event.ruleset})
            if other:
                problems.append(
                    f"{event.name}: its ruleset is {event.ruleset}, its deals were "
                    f"recorded under {' and '.join(other)}"
                )
            other = sorted(self.house_rules[event] - {_said(event.house_rules)})
            if other:
                problems.append(
                    f"{event.name}: its house rules are {_said(event.house_rules)}, its "
                    f"deals were recorded under {' and '.join(other)}"
                )
        self._check_starting_chips(problems)

    def _check_starting_chips(self, problems: list[str]) -> None:
        dealt = {e.pk: e for e in self.rulesets}
        for event_id, chips in sorted(recorded_settings(dealt).items()):
            event = dealt[event_id]
            if chips != event.starting_chips:
                problems.append(
                    f"{event.name}: its starting chips are {event.starting_chips}, its "
                    f"deals were played from {chips} (its activity log)"
                )


def check_links(event_ids, problems: list[str]) -> None:
    """Revoked links stay revoked; a table has at most one working link.

    A revoked link deleted and inserted again with its token (a new id, not revoked)
    would make the old QR code work: no working link may carry the hash of a token the
    log says was revoked, and a revoked link may be missing only with its table (a
    round not yet started drawn again). An older log entry, without the table's id
    and the tokens' hashes, names a missing link when its round had deals by the time
    it was revoked (no draw could remove its table after that)."""
    links = TableLink.objects.select_related("table__round__event").order_by("pk")
    revocations = ActivityEntry.objects.filter(
        action__in=(
            ActivityEntry.Action.ISSUE_TABLE_LINK,
            ActivityEntry.Action.REISSUE_TABLE_LINK,
            ActivityEntry.Action.REVOKE_TABLE_LINK,
        )
    ).select_related("event")
    if event_ids:
        links = links.filter(table__round__event_id__in=event_ids)
        revocations = revocations.filter(event_id__in=event_ids)
    revocations = [e for e in revocations.order_by("pk") if e.detail.get("revoked")]
    links = {link.pk: link for link in links}
    working = Counter(link.table for link in links.values() if link.revoked_at is None)
    for table, n in sorted(working.items(), key=lambda item: item[0].pk):
        if n > 1:
            problems.append(f"{where_table(table)}: {n} table links work at once")
    if not revocations:
        return
    carrying = carried(TableLink, "table__round__event")
    logged = {pk for entry in revocations for pk in entry.detail["revoked"]}
    found = TableLink.objects.in_bulk(logged - set(links))
    tables = set(
        Table.objects.filter(
            pk__in={e.detail.get("table_id") for e in revocations} - {None}
        ).values_list("pk", flat=True)
    )
    missing = logged - set(links) - set(found)
    started = _first_deals(revocations) if missing else {}
    for entry in revocations:
        when = stamped("revoked", entry)
        detail = entry.detail
        hashes = detail.get("revoked_token_sha256") or [None] * len(detail["revoked"])
        for pk, token_hash in zip(detail["revoked"], hashes, strict=False):
            link = links.get(pk) or found.get(pk)
            again = carrying.get(token_hash)
            if link is not None and link.revoked_at is None:
                problems.append(
                    f"{where_table(link.table)}: table link {pk} works again; it was {when}"
                )
            elif again is not None and again.pk != pk:
                problems.append(
                    f"{where_table(again.table)}: table link {again.pk} carries the token "
                    f"of table link {pk}, {when}: the old QR code works again"
                )
            if link is None and (
                detail.get("table_id") in tables
                or started.get((entry.event_id, detail.get("round")), entry.created_at)
                < entry.created_at
            ):
                problems.append(
                    f"{entry.event.name}, round {detail.get('round')}, table "
                    f"{detail.get('table')}: table link {pk}, {when}, is missing: a link "
                    "goes only with its table, when a round not yet started is drawn again"
                )


def _first_deals(entries) -> dict:
    """(event id, round number) -> when its first deal was recorded, for the rounds of
    the log ``entries``."""
    return {
        (event_id, number): first
        for event_id, number, first in DealVersion.objects.filter(
            deal__table__round__event_id__in={e.event_id for e in entries}, number=1
        )
        .values_list("deal__table__round__event_id", "deal__table__round__number")
        .annotate(first=Min("created_at"))
        .values_list("deal__table__round__event_id", "deal__table__round__number", "first")
        .order_by()
    }


def check_left_over(versions, rows, nets, problems: list[str]) -> None:
    """Versions, ledger rows and deal nets (by deal id) whose deal was not audited with
    them: a deal that is missing (the standings still count its nets), or another
    event's while they are filed under an audited one."""
    deal_ids = sorted(set(versions) | set(rows) | set(nets))
    if not deal_ids:
        return
    deals = Deal.objects.select_related("table__round__event").in_bulk(deal_ids)
    tables = Table.objects.select_related("round__event").in_bulk(
        {
            r.table_id
            for deal_id in deal_ids
            for r in [*rows.get(deal_id, ()), *nets.get(deal_id, ())]
        }
    )
    for deal_id in deal_ids:
        left = [
            counted(len(found), what)
            for found, what in (
                (versions.get(deal_id, ()), "version"),
                (rows.get(deal_id, ()), "ledger row"),
                (nets.get(deal_id, ()), "deal net"),
            )
            if found
        ]
        deal = deals.get(deal_id)
        if deal is not None:
            problems.append(
                f"{where_deal(deal)}: {_listed(left)} of the deal are filed under another event"
            )
            continue
        filed = [r.table_id for r in [*rows.get(deal_id, ()), *nets.get(deal_id, ())]]
        where = where_table(tables[filed[0]]) if filed and filed[0] in tables else "The ledger"
        problems.append(
            f"{where}: deal id {deal_id} is missing, its {_listed(left)} are left"
            + (" (the standings count its nets)" if nets.get(deal_id) else "")
        )
