"""Export and import of whole events (JSON), CSV downloads, player CSV import.

An exported event carries its players, rounds, tables, seats and every deal version.
The ledger is not exported: importing replays the versions through the deal services,
which derive the same ledger again.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction

from . import services
from .models import ChipCount, Deal, DealVersion, Event, LedgerEntry, Player, Registration, Round
from .services.deals import record_deal
from .services.permissions import can_manage
from .standings import standings

FORMAT = "taroky-event/1"


def export_event(event: Event) -> dict:
    """The whole event as one JSON-ready document."""
    registrations = Registration.objects.filter(event=event).select_related("player")
    rounds = event.rounds.prefetch_related("present", "byes", "tables__seats__player")
    versions = (
        DealVersion.objects.filter(deal__table__round__event=event)
        .select_related("deal", "created_by")
        .order_by("deal__table_id", "deal__number", "number")
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
                "document": v.document,
                "reason": v.reason,
                "created_by": v.created_by.get_username(),
                "created_at": v.created_at.isoformat(),
            }
        )
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
                            {"number": n, "versions": vs}
                            for n, vs in sorted(by_table.get(t.pk, {}).items())
                        ],
                    }
                    for t in rnd.tables.select_related("first_forehand")
                ],
            }
            for rnd in rounds
        ],
    }


class ExchangeError(services.ServiceError):
    pass


@transaction.atomic
def import_event(document: dict, user) -> Event:
    """Create an event from an export, replaying every deal version through the services."""
    if document.get("format") != FORMAT:
        raise ExchangeError(f"Not a {FORMAT} document.")
    spec = document["event"]
    # Settings added since the export was written keep their defaults.
    event = services.create_event(user, **{f: spec[f] for f in Event.SETTINGS if f in spec})
    players = {}
    for p in document["players"]:
        player, _ = Player.objects.get_or_create(
            name=p["name"], defaults={"club": p.get("club", ""), "notes": p.get("notes", "")}
        )
        players[p["name"]] = player
        Registration.objects.create(event=event, player=player, withdrawn=p.get("withdrawn", False))
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    in_order = {}
    for r in document["rounds"]:
        rnd = services.create_round(event, user)
        rnd.present.set(players[n] for n in r["present"])
        rnd.byes.set(players[n] for n in r["byes"])
        if r.get("seed") is not None:
            Round.objects.filter(pk=rnd.pk).update(seed=r["seed"])
        for t in r["tables"]:
            table = services.create_table(
                rnd, user, [players[n] for n in t["seats"]], players.get(t.get("first_forehand"))
            )
            for d in t["deals"]:
                for v in d["versions"]:
                    in_order[v["sequence"]] = (table, d["number"], v)
    deals: dict[tuple[int, int], Deal] = {}
    may_manage: dict[int, bool] = {}
    for _, (table, number, v) in sorted(in_order.items()):
        author = users.get(v["created_by"], user)
        if author.pk not in may_manage:
            may_manage[author.pk] = can_manage(author, event)
        if not may_manage[author.pk]:
            # Entered through a table link (or by an organizer of the original event
            # only): replayed as the importing organizer.
            author = user
        deal = deals.get((table.pk, number))
        if deal is None:
            deal = _record_unchecked(table, v["document"], author)
        elif v["action"] == DealVersion.Action.VOIDED:
            deal = services.void_deal(deal, author, v["reason"])
        else:
            deal = services.correct_deal(deal, v["document"], author, v["reason"])
        deals[(table.pk, number)] = deal
        DealVersion.objects.filter(deal=deal, number=v["number"]).update(created_at=v["created_at"])
    return event


def _record_unchecked(table, document, user) -> Deal:
    """record_deal, except that a session that ended may still take its own deals:
    an export holds exactly the deals that were accepted at the time."""
    return record_deal(table, document, user, check_session=False)


# -- CSV ---------------------------------------------------------------------------


def _csv(rows: Iterable[Iterable]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerows(rows)
    return out.getvalue()


def deals_csv(event: Event) -> str:
    deals = (
        Deal.objects.filter(table__round__event=event)
        .select_related("table__round", "dealer", "bidder")
        .order_by("table__round__number", "table__number", "number")
    )
    rows = [
        [
            "round",
            "table",
            "deal",
            "version",
            "kind",
            "dealer",
            "bidder",
            "bid",
            "partner",
            "bidder_points",
            "bidder_won",
            "voided",
            "document",
        ]
    ]
    for d in deals:
        doc = d.document
        rows.append(
            [
                d.table.round.number,
                d.table.number,
                d.number,
                d.version,
                d.kind,
                d.dealer.name if d.dealer else "",
                d.bidder.name if d.bidder else "",
                d.bid,
                doc.get("partner") or "",
                d.outcome.points_of_bidder_team if d.kind == "played" else "",
                "" if d.bidder_won is None else d.bidder_won,
                d.voided,
                json.dumps(doc, ensure_ascii=False),
            ]
        )
    return _csv(rows)


def ledger_csv(event: Event) -> str:
    entries = (
        LedgerEntry.objects.filter(event=event)
        .select_related("deal__table__round", "deal_version", "payer", "payee", "created_by")
        .order_by("id")
    )
    rows = [
        [
            "id",
            "round",
            "table",
            "deal",
            "version",
            "from",
            "to",
            "chips",
            "reason",
            "explanation",
            "reverses",
            "created_by",
            "created_at",
        ]
    ]
    for e in entries:
        rows.append(
            [
                e.pk,
                e.deal.table.round.number,
                e.deal.table.number,
                e.deal.number,
                e.deal_version.number,
                e.payer.name,
                e.payee.name,
                e.chips,
                e.reason,
                e.explanation,
                e.reverses_id or "",
                e.created_by.get_username(),
                e.created_at.isoformat(),
            ]
        )
    return _csv(rows)


def standings_csv(event: Event, after_round: int | None = None) -> str:
    rows = [
        [
            "rank",
            "player",
            "club",
            "net_chips",
            "deals",
            "as_bidder",
            "bidder_wins",
            "best_deal",
            "worst_deal",
            "byes",
        ]
    ]
    for s in standings(event, after_round=after_round):
        rows.append(
            [
                s.rank,
                s.player.name,
                s.club,
                s.chips,
                s.deals_played,
                s.deals_as_bidder,
                s.bidder_wins,
                "" if s.best_deal is None else s.best_deal,
                "" if s.worst_deal is None else s.worst_deal,
                s.byes,
            ]
        )
    return _csv(rows)


def chip_counts_csv(event: Event) -> str:  # pragma: no cover - convenience download
    rows = [["table", "player", "counted", "expected", "difference"]]
    for c in ChipCount.objects.filter(table__round__event=event).select_related("table", "player"):
        rows.append([c.table_id, c.player.name, c.counted, c.expected, c.difference])
    return _csv(rows)


def import_players_csv(text: str, event: Event | None = None, user=None) -> tuple[int, int]:
    """Players from CSV with a header row: name, club (optional), notes (optional).

    Returns (created, existing). With ``event`` the players are also registered.
    """
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "name" not in [f.strip().lower() for f in reader.fieldnames]:
        raise services.ServiceError("The CSV needs a header row with a 'name' column.")
    created = existing = 0
    with transaction.atomic():
        for row in reader:
            row = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
            name = " ".join(row.get("name", "").split())
            if not name:
                continue
            player, was_created = Player.objects.get_or_create(
                name=name, defaults={"club": row.get("club", ""), "notes": row.get("notes", "")}
            )
            created += was_created
            existing += not was_created
            if event is not None:
                services.register_player(event, user, player=player)
    return created, existing
