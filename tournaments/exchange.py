"""Export and import of whole events (JSON), CSV downloads, player CSV import.

An exported event carries its players, rounds, tables, seats and every deal version.
The ledger is not exported: importing replays the versions through the deal services,
which derive the same ledger again.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django import forms
from django.db import transaction
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from taroky_scoring.renaming import rename_players

from . import services
from .audit import audit_ledger
from .forms import PlayerFieldsForm
from .models import (
    ChipCount,
    Deal,
    DealConfirmation,
    DealVersion,
    Event,
    LedgerEntry,
    Player,
    Registration,
    Round,
    Seat,
)
from .names import fold
from .services.audit import audit
from .services.deals import record_deal
from .services.permissions import require_organizer
from .standings import standings

FORMAT = "taroky-event/1"


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
                "document": rename_players(v.document, today),
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


def _restore_confirmation(deal: Deal, state: dict, user) -> None:
    """An imported deal's confirmation state as exported: the replay recorded every deal
    as the importing organizer's, which needs no confirmation."""
    if state["awaiting"]:
        Deal.objects.filter(pk=deal.pk).update(awaiting_confirmation=True)
    for c in state["confirmed"]:
        audit(
            deal.table.round.event,
            user,
            "import_confirmation",
            round=deal.table.round.number,
            table=deal.table.number,
            deal=deal.number,
            **c,
        )


class ExchangeError(services.ServiceError):
    pass


@transaction.atomic
def import_event(document: dict, user) -> Event:
    """Create an event from an export, replaying every deal version through the services.

    Everything is checked first, with the pages' rules: the event's settings (the
    event form), the players (the players form), rounds, tables and seats, and every
    deal and version (numbers consecutive, each sequence once, versions in order).
    The importing organizer records every version; who entered it and when, where it
    came from, are kept on the version as recorded. The deal services refuse what they
    would refuse on the pages (a deal past its table's session, a bad outcome). The
    ledger audit then runs inside the transaction: any problem and nothing is saved.
    """
    plan = _Plan(document)
    event = services.create_event(user, **plan.event)
    players = {}
    for p in plan.players:
        player, _ = Player.objects.get_or_create(
            name=p["name"], defaults={"club": p["club"], "notes": p["notes"]}
        )
        players[p["name"]] = player
        Registration.objects.create(event=event, player=player, withdrawn=p["withdrawn"])
    in_order = {}
    confirmations = {}
    for r in plan.rounds:
        rnd = services.create_round(event, user)
        rnd.present.set(players[n] for n in r["present"])
        rnd.byes.set(players[n] for n in r["byes"])
        if r["seed"] is not None:
            Round.objects.filter(pk=rnd.pk).update(seed=r["seed"])
        for t in r["tables"]:
            table = _step(
                t["where"],
                services.create_table,
                rnd,
                user,
                [players[n] for n in t["seats"]],
                players.get(t["first_forehand"]),
            )
            for d in t["deals"]:
                confirmations[(table.pk, d["number"])] = d["confirmation"]
                for v in d["versions"]:
                    in_order[v["sequence"]] = (table, d["number"], v)
    deals: dict[tuple[int, int], Deal] = {}
    for _, (table, number, v) in sorted(in_order.items()):
        original = {"author": v["created_by"], "at": v["created_at"]}
        if v["number"] == 1:
            deal = _step(
                v["where"], record_deal, table, v["document"], user, number, original=original
            )
        else:
            deal, before = deals[(table.pk, number)], v["number"] - 1
            deal.refresh_from_db(fields=["version"])  # a later deal's pot may have changed
            if v["number"] <= deal.version:
                # Made already: correcting or voiding an earlier Petrtyl deal gives the
                # later deals their new pot, as it did where the event came from.
                _check_replayed(deal, v)
                continue
            if v["action"] == DealVersion.Action.REPOTTED:
                raise ExchangeError(
                    f"{v['where']}: a new pot its event made when an earlier deal changed, "
                    "but no earlier deal of this file changes it."
                )
            if v["action"] == DealVersion.Action.VOIDED:
                deal = _step(
                    v["where"], services.void_deal, deal, user, v["reason"], before, original
                )
            else:
                deal = _step(
                    v["where"],
                    services.correct_deal,
                    deal,
                    v["document"],
                    user,
                    v["reason"],
                    before,
                    original,
                )
        deals[(table.pk, number)] = deal
    for key, state in confirmations.items():
        _restore_confirmation(deals[key], state, user)
    report = audit_ledger([event.pk])
    if not report.ok:
        raise ExchangeError(
            "The imported event fails the ledger audit; nothing was imported: "
            + "; ".join(report.problems[:5])
        )
    return event


def _check_replayed(deal: Deal, v: dict) -> None:
    """A version the import made on its own must be the one the export says."""
    made = deal.versions.get(number=v["number"])
    if (made.action, made.document, made.reason) != (v["action"], v["document"], v["reason"]):
        raise ExchangeError(
            f"{v['where']}: the version does not match the one its event made "
            "when an earlier deal's pot changed."
        )


def _step(where: str, service, *args, **kwargs):
    """A service call of the import; a refusal says where in the document it happened."""
    try:
        return service(*args, **kwargs)
    except services.ServiceError as e:
        details = "; ".join(f"{err.field}: {err.message}" for err in e.field_errors)
        raise ExchangeError(f"{where}: {e.message}" + (f" ({details})" if details else "")) from e


class _Plan:
    """An export document checked through and through before anything is saved."""

    def __init__(self, document):
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ExchangeError(f"Not a {FORMAT} document.")
        self.event = self._event(self._get(document, "event", dict, "the document"))
        self.players = [
            self._player(p, f"player {i}")
            for i, p in enumerate(self._get(document, "players", list, "the document"), 1)
        ]
        names = [p["name"] for p in self.players]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ExchangeError(f"players: listed twice: {', '.join(twice)}.")
        self.registered = set(names)
        self.sequences: set[int] = set()
        rounds = self._get(document, "rounds", list, "the document")
        self._numbered(enumerate(rounds, 1), "rounds", "round")
        self.rounds = [self._round(r, n) for n, r in enumerate(rounds, 1)]

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _get(obj, key, kind, where, required=True):
        if not isinstance(obj, dict):
            raise ExchangeError(f"{where}: must be a JSON object.")
        if key not in obj:
            if required:
                raise ExchangeError(f"{where}: '{key}' is missing.")
            return None
        value = obj[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            if value is None and not required:
                return None
            what = {dict: "an object", list: "a list", str: "text", int: "a whole number"}
            raise ExchangeError(f"{where}: '{key}' must be {what.get(kind, kind.__name__)}.")
        return value

    def _numbered(self, items, where, what):
        numbers = [self._get(item, "number", int, f"{where}, {what} {i}") for i, item in items]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ExchangeError(f"{where}: {what}s must be numbered 1, 2, 3 ... (got {numbers}).")

    def _names(self, value, where) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
            raise ExchangeError(f"{where}: must be a list of names.")
        strangers = sorted(set(value) - self.registered)
        if strangers:
            raise ExchangeError(f"{where}: not among the event's players: {', '.join(strangers)}.")
        if len(set(value)) != len(value):
            raise ExchangeError(f"{where}: a name is listed twice.")
        return value

    # -- the parts -------------------------------------------------------------------

    def _event(self, spec) -> dict:
        from .forms import EventForm

        data = {}
        for name in EventForm.Meta.fields:
            value = spec.get(name, Event._meta.get_field(name).get_default())
            if name == "house_rules":
                value = json.dumps(value)
            data[name] = "" if value is None else value
        form = EventForm(data=data)
        if not form.is_valid():
            raise ExchangeError(
                "event: "
                + "; ".join(f"{field}: {' '.join(errs)}" for field, errs in form.errors.items())
            )
        return {name: form.cleaned_data[name] for name in EventForm.Meta.fields}

    def _player(self, p, where) -> dict:
        from .forms import AddPlayerForm

        name = self._get(p, "name", str, where)
        club = self._get(p, "club", str, where, required=False) or ""
        notes = self._get(p, "notes", str, where, required=False) or ""
        withdrawn = self._get(p, "withdrawn", bool, where, required=False) or False
        form = AddPlayerForm(data={"name": name, "club": club}, registry=Player.objects.none())
        notes_field = forms.CharField(required=False)
        errors = {f: m for f, m in form.errors.items() if f != "__all__"}
        try:
            notes_field.clean(notes)
        except forms.ValidationError as e:
            errors["notes"] = e.messages
        if errors:
            raise ExchangeError(
                f"{where} ({name[:40]!r}): "
                + "; ".join(f"{f}: {' '.join(m)}" for f, m in errors.items())
            )
        return {
            "name": form.cleaned_data["name"],
            "club": form.cleaned_data["club"],
            "notes": notes,
            "withdrawn": withdrawn,
        }

    def _round(self, r, n) -> dict:
        where = f"round {n}"
        seed = self._get(r, "seed", int, where, required=False)
        if seed is not None and not -(2**63) <= seed < 2**63:
            raise ExchangeError(f"{where}: the seed is out of range.")
        tables = self._get(r, "tables", list, where)
        self._numbered(enumerate(tables, 1), where, "table")
        result = {
            "seed": seed,
            "present": self._names(self._get(r, "present", list, where), f"{where}, present"),
            "byes": self._names(self._get(r, "byes", list, where), f"{where}, byes"),
            "tables": [self._table(t, f"{where}, table {i}") for i, t in enumerate(tables, 1)],
        }
        return result

    def _table(self, t, where) -> dict:
        seats = self._names(self._get(t, "seats", list, where), f"{where}, seats")
        forehand = self._get(t, "first_forehand", str, where, required=False)
        if forehand is not None and forehand not in seats:
            raise ExchangeError(f"{where}: the first forehand does not sit at the table.")
        deals = self._get(t, "deals", list, where)
        self._numbered(enumerate(deals, 1), where, "deal")
        return {
            "where": where,
            "seats": seats,
            "first_forehand": forehand,
            "deals": [self._deal(d, i, f"{where}, deal {i}") for i, d in enumerate(deals, 1)],
        }

    def _deal(self, d, number, where) -> dict:
        versions = self._versions(d, where)
        return {
            "number": number,
            "versions": versions,
            "confirmation": self._confirmation(d, versions, where),
        }

    def _confirmation(self, d, versions, where) -> dict:
        """A deal's confirmation state; exports made before it was exported have none."""
        state = self._get(d, "confirmation", dict, where, required=False)
        if state is None:
            return {"awaiting": False, "confirmed": []}
        awaiting = state.get("awaiting", False)
        if not isinstance(awaiting, bool):
            raise ExchangeError(f"{where}: 'awaiting' must be true or false.")
        if awaiting and versions[-1]["action"] == DealVersion.Action.VOIDED:
            raise ExchangeError(f"{where}: a voided deal cannot be awaiting confirmation.")
        confirmed = []
        for c in self._get(state, "confirmed", list, where, required=False) or []:
            c = c if isinstance(c, dict) else {}
            version, by, at = c.get("version"), c.get("by"), c.get("at")
            try:
                when = parse_datetime(at) if isinstance(at, str) else None
            except ValueError:
                when = None
            if (
                not isinstance(version, int)
                or isinstance(version, bool)
                or not isinstance(by, str)
                or not 0 < len(by) <= 150
                or when is None
            ):
                raise ExchangeError(
                    f"{where}: give each confirmation's version, who confirmed it and an "
                    "ISO date-time."
                )
            if not 0 < version <= len(versions):
                raise ExchangeError(
                    f"{where}: a confirmation names version {version}, which the deal "
                    "does not have."
                )
            confirmed.append({"version": version, "by": by, "at": at})
        return {"awaiting": awaiting, "confirmed": confirmed}

    def _versions(self, d, where) -> list[dict]:
        versions = self._get(d, "versions", list, where)
        if not versions:
            raise ExchangeError(f"{where}: has no versions.")
        self._numbered(enumerate(versions, 1), where, "version")
        result = []
        Action = DealVersion.Action
        for i, v in enumerate(versions, 1):
            at = f"{where}, version {i}"
            action = self._get(v, "action", str, at)
            expected = (
                [Action.RECORDED] if i == 1 else [Action.CORRECTED, Action.REPOTTED, Action.VOIDED]
            )
            if action not in expected or (i > 2 and result[-1]["action"] == Action.VOIDED):
                raise ExchangeError(
                    f"{at}: a deal is recorded, then corrected or voided, nothing after a void."
                )
            sequence = self._get(v, "sequence", int, at)
            if sequence in self.sequences:
                raise ExchangeError(f"{at}: sequence {sequence} is used twice.")
            if result and sequence < result[-1]["sequence"]:
                raise ExchangeError(f"{at}: saved before the version it changes.")
            self.sequences.add(sequence)
            created_by = self._get(v, "created_by", str, at)
            try:
                created_at = parse_datetime(self._get(v, "created_at", str, at))
            except ValueError:
                created_at = None
            if created_at is None or len(created_by) > 150:
                raise ExchangeError(f"{at}: give its author (a user name) and an ISO date-time.")
            if timezone.is_naive(created_at):
                created_at = timezone.make_aware(created_at, datetime.UTC)
            result.append(
                {
                    "where": at,
                    "number": i,
                    "sequence": sequence,
                    "action": action,
                    "document": self._get(v, "document", dict, at),
                    "reason": self._get(v, "reason", str, at, required=i > 1) or "",
                    "created_by": created_by,
                    "created_at": created_at,
                }
            )
        return result


# -- CSV ---------------------------------------------------------------------------


# A spreadsheet runs a cell starting with one of these as a formula (=HYPERLINK, +cmd|,
# @SUM, -2+3; tab and CR start one in some programs).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """A text cell a spreadsheet shows as text: a leading ' if it could start a formula.

    Only text is touched: numbers (a negative net included) stay numbers.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(rows: Iterable[Iterable]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return out.getvalue()


def _bidder_points(deal) -> int | str:
    """The declarer's side's card points, from either side's count as the game reads
    them; empty when the deal has none."""
    if deal.kind != "played":
        return ""
    game = deal.game
    points = game.declarer_points(deal.document, game.rules_of(deal.document))
    return "" if points is None else points


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
                _bidder_points(d),
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
                e.payer_name,  # a player, or #pot (the table's pot)
                e.payee_name,
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
    word = event.game.bidder_word  # the game's word: "bidder", "declarer"
    rows = [
        [
            "rank",
            "player",
            "club",
            "net_chips",
            "deals",
            f"as_{word}",
            f"{word}_wins",
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
