from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments.ledger_audit import audit_ledger
from tournaments.ledger_audit.events import RECORDED
from tournaments.ledger_audit.settings import unrecorded
from tournaments.management.files import read_json
from tournaments.models import (
    ActivityEntry,
    Club,
    Event,
    FormerName,
    Player,
    RejectedVersion,
    Season,
    Seat,
    Sitting,
    Substitution,
)
from tournaments.models.clubs import DEFAULT_NAME, new_signing_key
from tournaments.names import fold
from tournaments.rejected_versions import fill_rejected_names
from tournaments.services.events import fixed_settings, prize_settings
from tournaments.sittings import fill_sittings, record_substitutions
from tournaments.words import counted


class Command(BaseCommand):
    help = (
        "Restore a backup written by backup_db into an empty, migrated database "
        "(run `manage.py migrate` first). Refuses a database that already holds users, "
        "players or events. Ledger rows are loaded as they were, never re-posted; the "
        "ledger audit runs before anything is kept: a backup that fails it (a tampered "
        "ledger) is not restored and the database stays empty; deals recorded under "
        "earlier rules are restored as they were paid and listed (NOTE)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The backup file (JSON) written by backup_db.")

    def handle(self, *args, path, **options):
        if Event.objects.exists() or Player.objects.exists() or get_user_model().objects.exists():
            raise CommandError("The database is not empty: restore only into a new database.")
        data = read_json(path)
        if not isinstance(data, list) or not all(
            isinstance(o, dict) and {"model", "fields"} <= set(o) for o in data
        ):
            raise CommandError(f"{path} is not a backup written by backup_db.")
        _of_edition_1(data)
        _check_in_links_revoked(data)
        _into_one_club(data)
        with transaction.atomic():
            self.load(data, path)
            report = audit_ledger()
            if not report.ok:
                shown = "\n".join(f"PROBLEM {p}" for p in report.problems[:10])
                raise CommandError(
                    f"Nothing was restored: the backup's ledger fails the audit "
                    f"({counted(len(report.problems), 'problem')}).\n{shown}"
                )
        for note in report.notes:
            self.stdout.write(f"NOTE {note}")
        stand = (
            f" ({counted(len(report.notes), 'deal version')} recorded under earlier rules "
            "stand as recorded: NOTE above)"
            if report.notes
            else ""
        )
        self.stdout.write(
            f"Restored {counted(Event.objects.count(), 'event')}, "
            f"{counted(Season.objects.count(), 'season')} and "
            f"{counted(Player.objects.count(), 'player')}; the ledger audit found no "
            f"problem{stand}."
        )

    def load(self, data, path) -> None:
        """What loaddata does (raw saves, constraints checked at the end), with errors said."""
        models = set()
        try:
            with connection.constraint_checks_disabled():
                deferred = []
                for obj in serializers.deserialize("python", data, handle_forward_references=True):
                    obj.save()
                    models.add(type(obj.object))
                    if obj.deferred_fields:
                        deferred.append(obj)
                for obj in deferred:
                    obj.save_deferred_fields()
            connection.check_constraints(table_names=[m._meta.db_table for m in models])
            _fold_names()
            # A backup written before rejected versions kept their players' ids.
            fill_rejected_names(RejectedVersion, Seat, FormerName)
            # Restored rows keep their ids: the sequences must continue after them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(self.style, list(models)):
                    cursor.execute(sql)
            _record_fixed_settings()  # new rows: after the restored ones' ids
            # A backup from before the rounds' sittings and the substitutions' log ids.
            fill_sittings(Seat, Substitution, Sitting)
            record_substitutions(ActivityEntry, Substitution, "restore_db")
        except (DeserializationError, DatabaseError, ValidationError, LookupError) as e:
            raise CommandError(f"{path} cannot be restored: {e}") from None


def _of_edition_1(data: list) -> None:
    """A backup written before deal versions kept their rules edition: its versions were
    scored before contract section 19, as migration ``rules_edition`` says of the rows
    it finds (the model's default would say today's)."""
    for row in data:
        if row["model"] == "tournaments.dealversion" and isinstance(row["fields"], dict):
            row["fields"].setdefault("rules_edition", 1)


def _check_in_links_revoked(data: list) -> None:
    """A backup written before a check-in link's closing stamp took the table link's
    name (migration ``check_in_links_stay_revoked``): ``closed_at`` is ``revoked_at``."""
    for row in data:
        fields = row["fields"]
        if row["model"] == "tournaments.checkinlink" and isinstance(fields, dict):
            if "closed_at" in fields:
                fields.setdefault("revoked_at", fields.pop("closed_at"))


def _into_one_club(data: list) -> None:
    """A backup written before clubs (migration ``clubs``): its events and seasons go
    into one club, made as the migration makes it: named from the seasons' "club or
    series" when they all say the same, its organizers every user who organizes an
    event or a season, and every superuser."""
    rows = [r for r in data if isinstance(r["fields"], dict)]
    if Club.objects.exists() or any(r["model"] == "tournaments.club" for r in rows):
        return
    events = [r for r in rows if r["model"] == "tournaments.event"]
    seasons = [r for r in rows if r["model"] == "tournaments.season"]
    users = [r for r in rows if r["model"] == settings.AUTH_USER_MODEL.lower()]
    if not (events or seasons or users):
        return
    said = {" ".join(str(r["fields"].get("club") or "").split()) for r in seasons} - {""}
    name = said.pop() if len(said) == 1 else DEFAULT_NAME
    organizers = {pk for r in events + seasons for pk in r["fields"].get("organizers") or []}
    organizers |= {r.get("pk") for r in users if r["fields"].get("is_superuser") is True}
    club = {
        "name": name,
        "slug": slugify(name)[:60].strip("-") or slugify(DEFAULT_NAME),
        "signing_key": new_signing_key(),
        "created_at": timezone.now().isoformat(),
        "organizers": sorted(pk for pk in organizers if isinstance(pk, int)),
    }
    data.insert(0, {"model": "tournaments.club", "pk": 1, "fields": club})
    for row in events:
        row["fields"].setdefault("club", 1)
    for row in seasons:
        row["fields"].setdefault("owner_club", 1)


def _record_fixed_settings() -> None:
    """Each event whose activity log never recorded every setting fixed once it has
    deals (a backup from before the log did) gets them recorded, with its prizes, as
    the upgrade does: the audit checks its starting chips and how it ranks against
    them."""
    ActivityEntry.objects.bulk_create(
        ActivityEntry(
            event=event,
            action=RECORDED,
            detail={
                "fixed": fixed_settings(event),
                "prizes": prize_settings(event),
                "by": "restore_db",
                "why": "The ledger audit checks the settings fixed once an event has deals, "
                "and its prizes, against the activity log's last record of them: these are "
                "the event's when the app was restored.",
            },
        )
        for event in unrecorded(Event.objects.order_by("pk"))
    )


def _fold_names() -> None:
    """Every player's folded name and club as the registry's search and look-alike check
    read them (a backup written before the columns were kept has none; raw saves do not
    fill them)."""
    columns = [c for pair in Player.FOLDED.items() for c in pair]
    stale = []
    for player in Player.objects.only("pk", *columns):
        folded = {f: fold(getattr(player, text)) for text, f in Player.FOLDED.items()}
        if any(getattr(player, f) != value for f, value in folded.items()):
            for f, value in folded.items():
                setattr(player, f, value)
            stale.append(player)
    Player.objects.bulk_update(stale, list(Player.FOLDED.values()), batch_size=2000)
