"""The ledger audit's checks of an event's settings against its activity log, for what
no deal document holds (events.py checks the ruleset and house rules against the
documents, and the starting chips against the log).

- How it ranks and its teams (``Event.FIXED_ONCE_DEALT``, declared in
  models/event_settings.py): fixed once the event has deals, so an event with deals
  ranks as its log last recorded. A record from before every setting was recorded
  holds fewer: those it holds are compared.
- Its prizes (entry fee, prize table, the club's tick): as the log last recorded
  them (the prize page's ``set_prizes``, or the event's creation, its edits and the
  admin's), and each category's prize table as its last save recorded it. An event
  or a category whose log never recorded them (from before it did) is not compared.

Each reads what it needs in two or three queries, whatever the size of the events.
"""

from __future__ import annotations

import json

from .. import money
from ..models import ActivityEntry, Event, PrizeCategory
from .events import RECORDS_SETTINGS

Action = ActivityEntry.Action
# The prize records: the prize page's, and the settings' records that hold ``prizes``.
RECORDS_PRIZES = (*RECORDS_SETTINGS, Action.SET_PRIZES)
# set_prizes' record names the club's ticks its own way, and says "a prize in each
# list" only when ticked (a record without it, older ones too, says one prize each).
SET_PRIZES_WORDS = {"club_adds": "prizes_club_adds", "in_each_list": "prizes_in_each_list"}


def _shown(key: str, value) -> str:
    if key == "entry_fee_cents" and isinstance(value, int):
        return money.dollars(value)
    if isinstance(value, str):
        return "“" + " / ".join(value.splitlines()) + "”" if key == "prize_table" else value
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _records(event_ids):
    """The activity log of the events audited (``event_ids``; None: every event)."""
    records = ActivityEntry.objects.filter(event__isnull=False)
    return records.filter(event__in=event_ids) if event_ids is not None else records


def last_records(records, actions, part: str) -> dict[int, dict]:
    """Event id -> the ``part`` of its last record of ``actions`` that holds it (one
    query). A set_prizes record is its prizes, in the event's words."""
    last = {}
    for event_id, action, detail in (
        records.filter(action__in=actions)
        .order_by("pk")
        .values_list("event_id", "action", "detail")
    ):
        if part == "prizes" and action == Action.SET_PRIZES:
            held = {"prizes_in_each_list": False}
            held.update((SET_PRIZES_WORDS.get(k, k), v) for k, v in detail.items())
            held = {k: v for k, v in held.items() if k in Event.PRIZE_SETTINGS}
        else:
            held = detail.get(part)
        if isinstance(held, dict):
            last[event_id] = held
    return last


def _differ(event: Event, recorded: dict, keys, problems: list[str], what: str) -> None:
    for key in keys:
        if key in recorded and recorded[key] != getattr(event, key):
            problems.append(
                f"{event.name}: its {what} {key} is {_shown(key, getattr(event, key))}, its "
                f"activity log last recorded {_shown(key, recorded[key])}"
            )


def check_fixed_settings(dealt, problems: list[str]) -> None:
    """The events with deals (``dealt``) rank as their log last recorded."""
    dealt = {e.pk: e for e in dealt}
    # The ruleset and house rules are compared with the deals' documents, the starting
    # chips by ``RecordedUnder``: each said once.
    keys = [k for k in Event.FIXED_ONCE_DEALT if k not in Event.SCORED_UNDER]
    recorded_last = last_records(_records(dealt), RECORDS_SETTINGS, "fixed")
    for event_id, recorded in sorted(recorded_last.items()):
        _differ(dealt[event_id], recorded, keys, problems, "setting")


def check_prizes(event_ids, problems: list[str]) -> None:
    """Each event's prizes, and its categories' prize tables, as the log last recorded
    them (``event_ids``: those audited; None, every event)."""
    records = _records(event_ids or None)
    prizes = last_records(records, RECORDS_PRIZES, "prizes")
    events = Event.objects.in_bulk(prizes)
    for event_id, recorded in sorted(prizes.items()):
        _differ(events[event_id], recorded, Event.PRIZE_SETTINGS, problems, "prize setting")
    _check_categories(records, problems)


def _check_categories(records, problems: list[str]) -> None:
    saved = {}  # (event id, category's name folded) -> its last record's detail
    for event_id, action, detail in (
        records.filter(action__in=(Action.SET_PRIZE_CATEGORY, Action.DELETE_PRIZE_CATEGORY))
        .order_by("pk")
        .values_list("event_id", "action", "detail")
    ):
        name = detail.get("category")
        if isinstance(name, str):
            saved[(event_id, name.casefold())] = (action, detail)
    if not saved:
        return
    categories = PrizeCategory.objects.filter(
        event__in={event_id for event_id, _ in saved}
    ).select_related("event")
    for category in categories.order_by("event_id", "pk"):
        action, detail = saved.get((category.event_id, category.name.casefold()), (None, {}))
        where = f"{category.event.name}: its category {category.name}"
        if action == Action.DELETE_PRIZE_CATEGORY:
            problems.append(f"{where} exists, its activity log last recorded it removed")
        elif action is not None and detail.get("prize_table") != category.prize_table:
            problems.append(
                f"{where} has the prize table {_shown('prize_table', category.prize_table)}, "
                f"its activity log last recorded {_shown('prize_table', detail.get('prize_table'))}"
            )


def unrecorded(events) -> list[Event]:
    """The ``events`` whose log's last record of their settings holds fewer than every
    setting fixed once dealt (or has none): an upgrade or a restore records them."""
    events = list(events)
    last = last_records(_records([e.pk for e in events]), RECORDS_SETTINGS, "fixed")
    return [e for e in events if not set(Event.FIXED_ONCE_DEALT) <= set(last.get(e.pk, {}))]
