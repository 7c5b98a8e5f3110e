"""The ledger audit's check of events' check-in links, as events.py checks table links,
and what the two checks share.

A check-in link the activity log says was closed (``revoked`` in its reissue and close
entries) is still closed, is not brought back under a new id (no open link carries its
token's hash) nor missing (a check-in link goes only with its event, which its log
keeps); an event has at most one check-in link open, and none while its log's last
word on the check-in closed it (the one check a log from before it kept the links'
ids allows). Two or three queries, whatever the size of the events.
"""

from __future__ import annotations

from collections import Counter

from django.utils.timezone import localtime

from ..models import ActivityEntry, CheckInLink

Action = ActivityEntry.Action
SAID = (Action.OPEN_CHECK_IN, Action.REISSUE_CHECK_IN, Action.CLOSE_CHECK_IN)


def check_check_in_links(event_ids, problems: list[str]) -> None:
    links = CheckInLink.objects.select_related("event").order_by("pk")
    entries = ActivityEntry.objects.filter(action__in=SAID).select_related("event")
    if event_ids:
        links = links.filter(event_id__in=event_ids)
        entries = entries.filter(event_id__in=event_ids)
    links = {link.pk: link for link in links}
    working = [link for link in links.values() if link.revoked_at is None]
    for event, n in sorted(Counter(link.event for link in working).items(), key=_by_pk):
        if n > 1:
            problems.append(f"{event.name}: {n} check-in links work at once")
    entries = list(entries.order_by("pk"))
    named = _closed_stay_closed(entries, links, problems)
    last = {entry.event_id: entry for entry in entries}
    for link in working:
        entry = last.get(link.event_id)
        if link.pk not in named and entry is not None and entry.action == Action.CLOSE_CHECK_IN:
            problems.append(
                f"{link.event.name}: check-in link {link.pk} works, but the check-in was "
                f"{stamped('closed', entry)}"
            )


def _closed_stay_closed(entries, links: dict, problems: list[str]) -> set[int]:
    """The links the log says were closed: each still closed, none carried again under
    a new id, none missing. The ids of the links named working."""
    closings = [e for e in entries if e.detail.get("revoked")]
    if not closings:
        return set()
    carrying = carried(CheckInLink, "event")
    logged = {pk for entry in closings for pk in entry.detail["revoked"]}
    found = CheckInLink.objects.select_related("event").in_bulk(logged - set(links))
    named = set()
    for entry in closings:
        when = stamped("closed", entry)
        revoked = entry.detail["revoked"]
        hashes = entry.detail.get("revoked_token_sha256") or [None] * len(revoked)
        for pk, token_hash in zip(revoked, hashes, strict=False):
            link = links.get(pk) or found.get(pk)
            again = carrying.get(token_hash)
            if link is not None and link.revoked_at is None:
                problems.append(f"{link.event.name}: check-in link {pk} works again; it was {when}")
                named.add(pk)
            elif again is not None and again.pk != pk:
                problems.append(
                    f"{again.event.name}: check-in link {again.pk} carries the token of "
                    f"check-in link {pk}, {when}: the old QR code works again"
                )
                named.add(again.pk)
            if link is None:
                problems.append(
                    f"{entry.event.name}: check-in link {pk}, {when}, is missing: a "
                    "check-in link goes only with its event"
                )
    return named


def carried(model, related: str) -> dict:
    """``model``'s working links by their token's hash (with ``related`` read): a token
    may come back at any table or event, so every working link is read."""
    return {
        link.token_sha256: link
        for link in model.objects.filter(revoked_at__isnull=True)
        .select_related(related)
        .order_by("pk")
    }


def stamped(word: str, entry) -> str:
    """ "revoked on 2026-11-20 at 19:02": ``word`` and the log ``entry``'s time."""
    return f"{word} on {localtime(entry.created_at):%Y-%m-%d at %H:%M}"


def _by_pk(item) -> int:
    return item[0].pk
