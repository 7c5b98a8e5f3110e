"""An event as one JSON-ready document (``export_event``): its players, rounds, tables,
seats, every deal version and the versions sent from a table and not saved (rejected
versions); not the ledger, which an import derives again."""

from __future__ import annotations

import taroky_scoring as core

from .. import seat_holders
from ..models import (
    Deal,
    DealConfirmation,
    DealVersion,
    Event,
    Registration,
    RejectedVersion,
    Seat,
)
from ..todays_names import under_todays_names
from .document import FORMAT
from .prize_categories import categories_document
from .teams import teams_document


def in_field_order(document: dict) -> dict:
    return core.game_of_document(document).in_field_order(document)


def export_event(event: Event) -> dict:
    """The whole event as one JSON-ready document.

    Deal documents come out under the players' names of today: a version keeps the
    player id of each name it was saved with, so a player renamed since is found.
    An imported version keeps the author and time it was originally recorded with.
    """
    registrations = Registration.objects.filter(event=event).select_related("player")
    rounds = event.rounds.prefetch_related(
        "present", "byes", "tables__seats__player", "tables__seats__substitution__substitute"
    )
    versions = (
        DealVersion.objects.filter(deal__table__round__event=event)
        .select_related("deal", "created_by")
        .order_by("deal__table_id", "deal__number", "number")
    )
    name_of = dict(
        Seat.objects.filter(table__round__event=event).values_list("player_id", "player__name")
    )
    by_table: dict[int, dict[int, list]] = {}
    # ``sequence`` is the order versions were saved across the whole event; importing
    # in that order posts the ledger rows in the same order as the original.
    for sequence, v in enumerate(versions.order_by("pk"), start=1):
        by_table.setdefault(v.deal.table_id, {}).setdefault(v.deal.number, []).append(
            {
                "number": v.number,
                "sequence": sequence,
                "action": v.action,
                # Keys in the game's order: the same file from SQLite and PostgreSQL.
                "document": in_field_order(under_todays_names(v.document, v.names, name_of)),
                "reason": v.reason,
                "created_by": v.original_author or v.created_by.get_username(),
                "created_at": (v.original_at or v.created_at).isoformat(),
            }
        )
    confirmation = _confirmation_states(event)
    rejected = _rejected_versions(event, name_of)
    return {
        "format": FORMAT,
        "event": {
            # Nothing about prizes in the file of an event without them, nor about
            # ranking in the file of one ranked as every event was before formats.
            **{
                f: getattr(event, f)
                for f in Event.SETTINGS
                if (event.sets_prizes or f not in Event.PRIZE_SETTINGS)
                and (not event.ranks_by_default or f not in Event.RANKING_SETTINGS)
            },
            "date": event.date.isoformat(),
        },
        **categories_document(event),
        **teams_document(event),
        "players": [
            {
                "name": r.player.name,
                "club": r.player.club,
                "notes": r.player.notes,
                # Only where known (older files have none): for the organizers' results
                # by email, in their own file, never in the results website.
                **({"email": r.player.email} if r.player.email else {}),
                "withdrawn": r.withdrawn,
                # A schedule drawn in advance: only where set (older files have none).
                **({"start_number": r.start_number} if r.start_number else {}),
                **({"cannot_move": True} if r.cannot_move else {}),
                # Only where not as by default: everyone pays, nobody is a reserve.
                **({"pays_fee": False} if not r.pays_fee else {}),
                **({"reserve": True} if r.reserve else {}),
            }
            for r in registrations
        ],
        "rounds": [
            {
                "number": rnd.number,
                "seed": rnd.seed,
                # A round on the clock: its length (a file without is a round without).
                **({"minutes": rnd.minutes} if rnd.minutes else {}),
                "present": sorted(p.name for p in rnd.present.all()),
                "byes": sorted(p.name for p in rnd.byes.all()),
                "tables": [
                    {
                        "number": t.number,
                        "seats": [
                            s.player.name for s in sorted(t.seats.all(), key=lambda s: s.position)
                        ],
                        "first_forehand": t.first_forehand.name if t.first_forehand_id else None,
                        # Only where a seat changed hands: an export without stays as it was.
                        **_substitutes(t),
                        "deals": [
                            {
                                "number": n,
                                "versions": vs,
                                "confirmation": confirmation[(t.pk, n)],
                                # Only where there are some: an export without stays as it was.
                                **(
                                    {"rejected": rejected[(t.pk, n)]}
                                    if (t.pk, n) in rejected
                                    else {}
                                ),
                            }
                            for n, vs in sorted(by_table.get(t.pk, {}).items())
                        ],
                    }
                    for t in rnd.tables.select_related("first_forehand")
                ],
            }
            for rnd in rounds
        ],
    }


def _substitutes(table) -> dict:
    """A table's substitutions (``seat_holders``), if it has any: whose seat, who took
    it, from which deal and how they played."""
    subs = seat_holders.substituted(sorted(table.seats.all(), key=lambda s: s.position))
    if not subs:
        return {}
    return {
        "substitutes": [
            {
                "seat": s.seat.player.name,
                "substitute": s.substitute.name,
                "from_deal": s.from_deal,
                "mode": s.mode,
            }
            for s in subs
        ]
    }


def _confirmation_states(event: Event) -> dict[tuple[int, int], dict]:
    """Each deal's confirmation state by (table, number): waiting for an organizer, and
    who confirmed which version when (as recorded, an imported one as it came), so a
    copy's inbox and confirmations are the original's."""
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
                "by": c.confirmer,
                "at": (c.original_at or c.confirmed_at).isoformat(),
            }
        )
    return states


def _rejected_versions(event: Event, name_of: dict[int, str]) -> dict[tuple[int, int], list[dict]]:
    """Each deal's rejected versions by (table, number), oldest first: who sent each and
    when, handled or not (by whom, when, adopted as which version), as recorded. A
    document comes out under today's names by the player ids it keeps, as a version's
    (``name_of``: player id -> name)."""
    rows = (
        RejectedVersion.objects.filter(deal__table__round__event=event)
        .select_related("deal", "sent_by", "handled_by")
        .order_by("sent_at", "id")
    )
    result: dict[tuple[int, int], list[dict]] = {}
    for r in rows:
        document = under_todays_names(r.document, r.names, name_of)
        result.setdefault((r.deal.table_id, r.deal.number), []).append(
            {
                "sent_by": r.sender,
                "via_link": r.via_link,
                "sent_at": r.sent_at.isoformat(),
                **({"kept_at": r.kept_at.isoformat()} if r.kept_at else {}),
                "document": in_field_order(document),
                "handled": r.handled or None,
                "handled_by": r.handler or None,
                "handled_at": r.handled_at.isoformat() if r.handled_at else None,
                "adopted_version": r.adopted_version,
            }
        )
    return result
