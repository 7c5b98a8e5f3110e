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
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.template.defaultfilters import pluralize

from . import services
from .forms import PlayerFieldsForm
from .models import ChipCount, Deal, DealVersion, Event, LedgerEntry, Player, Registration, Round
from .names import fold
from .services.audit import audit
from .services.deals import record_deal
from .services.permissions import require_organizer
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
    event = services.create_event(user, **{f: spec[f] for f in Event.SETTINGS})
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
    for _, (table, number, v) in sorted(in_order.items()):
        author = users.get(v["created_by"], user)
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


def standings_csv(
    event: Event, after_round: int | None = None, only_round: int | None = None
) -> str:
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
    for s in standings(event, after_round=after_round, only_round=only_round):
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


@dataclass
class PlayersImport:
    """What a players CSV import did, in words for the organizer."""

    created: int = 0
    existing: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        new = f"{self.created} new player{pluralize(self.created)}"
        known = f"{self.existing} already in the registry"
        return " ".join([f"Imported {new} and {known}.", *self.notes])


MAX_ROW_ERRORS = 10


def import_players_csv(text: str, event: Event | None = None, user=None) -> PlayersImport:
    """Players from CSV with a header row: name, club (optional), notes (optional).

    Every row is checked by the register form's rules first; one bad row imports
    nothing. A name the registry has (exactly, or differing only in case and accents
    from one player) is that player: their club is kept and the notes say so. With
    ``event`` the players are also registered. The writes are a few bulk queries in
    one short transaction, so a long list does not hold up deal entry.
    """
    if event is not None:
        require_organizer(user, event)
    reader = csv.DictReader(io.StringIO(text))
    try:
        header = reader.fieldnames
    except csv.Error as e:
        raise services.ServiceError(f"Line 1 is not readable as CSV: {e}.") from e
    if not header or "name" not in [(f or "").strip().lower() for f in header]:
        raise services.ServiceError("The CSV needs a header row with a 'name' column.")
    rows: dict[str, dict] = {}  # folded name -> fields: look-alike rows are one player
    problems = []
    try:
        for raw in reader:
            row = {
                k.strip().lower(): (v if isinstance(v, str) else "") for k, v in raw.items() if k
            }
            if not any(v.strip() for v in row.values()):
                continue
            form = PlayerFieldsForm(data=row)
            if not form.is_valid():
                for name, errors in form.errors.items():
                    problems.append(f"Line {reader.line_num} ({name}): {' '.join(errors)}")
                continue
            rows.setdefault(fold(form.cleaned_data["name"]), form.cleaned_data)
    except csv.Error as e:
        if "field larger than field limit" in str(e):
            e = "a field is longer than 128 KB"
        raise services.ServiceError(
            # line_num counts the lines read before the one that failed
            f"Line {reader.line_num + 1} is not readable as CSV: {e}. Nothing was imported."
        ) from None
    if problems:
        more = len(problems) - MAX_ROW_ERRORS
        raise services.ServiceError(
            " ".join(
                ["Nothing was imported.", *problems[:MAX_ROW_ERRORS]]
                + ([f"And {more} more."] if more > 0 else [])
            )
        )
    return _save_players(rows, event, user)


def _save_players(rows: dict[str, dict], event, user) -> PlayersImport:
    result = PlayersImport()
    with transaction.atomic():
        registry = list(Player.objects.only("pk", "name", "club"))
        by_name = {p.name: p for p in registry}
        by_key: dict[str, list[Player]] = {}
        for p in registry:
            by_key.setdefault(fold(p.name), []).append(p)
        chosen: dict[str, Player] = {}  # clean name in the file -> registry player
        new = []
        fill_club = []
        for key, fields in rows.items():
            name = fields["name"]
            alike = by_key.get(key, [])
            player = by_name.get(name) or (alike[0] if len(alike) == 1 else None)
            if player is None:
                new.append(Player(name=name, club=fields["club"], notes=fields["notes"]))
                continue
            chosen[name] = player
            if player.name != name:
                result.notes.append(f"“{name}” was taken as {player.name}, already registered.")
            if fields["club"] and fields["club"] != player.club:
                if player.club:
                    result.notes.append(
                        f"Kept {player.name}'s club {player.club} (the file says "
                        f"{fields['club']}); change it in the admin if they moved."
                    )
                else:
                    player.club = fields["club"]
                    fill_club.append(player)
        # ignore_conflicts: a player another import just added is simply there.
        Player.objects.bulk_create(new, ignore_conflicts=True)
        if fill_club:
            Player.objects.bulk_update(fill_club, ["club"])
        result.created = len(new)
        result.existing = len({p.pk for p in chosen.values()})
        if event is not None:
            ids = {p.pk for p in chosen.values()} | set(
                Player.objects.filter(name__in=[p.name for p in new]).values_list("pk", flat=True)
            )
            known = set(
                Registration.objects.filter(event=event, player__in=ids).values_list(
                    "player_id", flat=True
                )
            )
            Registration.objects.bulk_create(
                (Registration(event=event, player_id=pk) for pk in sorted(ids - known)),
                ignore_conflicts=True,
            )
            # Registering again undoes a withdrawal, as on the Players page.
            Registration.objects.filter(event=event, player__in=known, withdrawn=True).update(
                withdrawn=False
            )
            audit(event, user, "import_players", created=result.created, known=result.existing)
    return result
