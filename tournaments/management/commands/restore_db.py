from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection, transaction

from tournaments.audit import audit_ledger
from tournaments.management.files import read_json
from tournaments.models import Event, FormerName, Player, RejectedVersion, Season, Seat
from tournaments.names import fold
from tournaments.rejected_versions import fill_rejected_names
from tournaments.views.common import counted


class Command(BaseCommand):
    help = (
        "Restore a backup written by backup_db into an empty, migrated database "
        "(run `manage.py migrate` first). Refuses a database that already holds users, "
        "players or events. Ledger rows are loaded as they were, never re-posted; the "
        "ledger audit runs before anything is kept: a backup that fails it (a tampered "
        "ledger) is not restored and the database stays empty."
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
        with transaction.atomic():
            self.load(data, path)
            report = audit_ledger()
            if not report.ok:
                shown = "\n".join(f"PROBLEM {p}" for p in report.problems[:10])
                raise CommandError(
                    f"Nothing was restored: the backup's ledger fails the audit "
                    f"({len(report.problems)} problems).\n{shown}"
                )
        self.stdout.write(
            f"Restored {Event.objects.count()} events, {counted(Season.objects.count(), 'season')}"
            f" and {Player.objects.count()} players; the ledger audit found no problem."
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
        except (DeserializationError, DatabaseError, ValidationError, LookupError) as e:
            raise CommandError(f"{path} cannot be restored: {e}") from None


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
