"""An event as one JSON-ready document (``export_event``): its players, rounds, tables,
seats and every deal version; not the ledger, which an import derives again."""

from __future__ import annotations

import taroky_scoring as core
from taroky_scoring.renaming import rename_players

from ..models import Deal, DealConfirmation, DealVersion, Event, Registration, Seat
from .document import FORMAT


def in_field_order(document: dict) -> dict:
    return core.game_of_document(document).in_field_order(document)


def export_event(event: Event) -> dict:
    """The whole event as one JSON-ready document.

    Deal documents come out under the players' names of today: a version keeps the
    player id of each name it was saved with, so a player renamed since is found.
    An imported version keeps the author and time it was originally recorded with.
    """
    registrations = Registration.objects.filter(event=event).select_related("player")
    rounds = event.rounds.prefetch_related("present", "byes", "tables__seats__player")
    versions = (
        DealVersion.objects.filter(deal__table__round__event=event)
        .select_related("deal", "created_by")
        .order_by("deal__table_id", "deal__number", "number")
    )
    name_of = {
        s.player_id: s.player.name
        for s in Seat.objects.filter(table__round__event=event).select_related("player")
    }
    by_table: dict[int, dict[int, list]] = {}
    # ``sequence`` is the order versions were saved across the whole event; importing
    # in that order posts the ledger rows in the same order as the original.
    for sequence, v in enumerate(versions.order_by("pk"), start=1):
        today = {name: name_of.get(pk, name) for name, pk in v.player_ids().items()}
        by_table.setdefault(v.deal.table_id, {}).setdefault(v.deal.number, []).append(
            {
                "number": v.number,
                "sequence": sequence,
                "action": v.action,
                # Keys in the game's order: the same file from SQLite and PostgreSQL.
                "document": in_field_order(rename_players(v.document, today)),
                "reason": v.reason,
                "created_by": v.original_author or v.created_by.get_username(),
                "created_at": (v.original_at or v.created_at).isoformat(),
            }
        )
    confirmation = _confirmation_states(event)
    return {
        "format": FORMAT,
        "event": {**{f: getattr(event, f) for f in Event.SETTINGS}, "date": event.date.isoformat()},
        "players": [
            {
                "name": r.player.name,
                "club": r.player.club,
                "notes": r.player.notes,
                "withdrawn": r.withdrawn,
            }
            for r in registrations
        ],
        "rounds": [
            {
                "number": rnd.number,
                "seed": rnd.seed,
                "present": sorted(p.name for p in rnd.present.all()),
                "byes": sorted(p.name for p in rnd.byes.all()),
                "tables": [
                    {
                        "number": t.number,
                        "seats": [
                            s.player.name for s in sorted(t.seats.all(), key=lambda s: s.position)
                        ],
                        "first_forehand": t.first_forehand.name if t.first_forehand_id else None,
                        "deals": [
                            {"number": n, "versions": vs, "confirmation": confirmation[(t.pk, n)]}
                            for n, vs in sorted(by_table.get(t.pk, {}).items())
                        ],
                    }
                    for t in rnd.tables.select_related("first_forehand")
                ],
            }
            for rnd in rounds
        ],
    }


def _confirmation_states(event: Event) -> dict[tuple[int, int], dict]:
    """Each deal's confirmation state by (table, number): waiting for an organizer, and
    who confirmed which version when (as recorded), so a copy's inbox is the original's."""
    states = {
        (table_id, number): {"awaiting": awaiting, "confirmed": []}
        for table_id, number, awaiting in Deal.objects.filter(
            table__round__event=event
        ).values_list("table_id", "number", "awaiting_confirmation")
    }
    confirmations = DealConfirmation.objects.filter(deal__table__round__event=event)
    for c in confirmations.select_related("deal", "confirmed_by").order_by("pk"):
        states[(c.deal.table_id, c.deal.number)]["confirmed"].append(
            {
                "version": c.version,
                "by": c.confirmed_by.get_username(),
                "at": c.confirmed_at.isoformat(),
            }
        )
    return states
