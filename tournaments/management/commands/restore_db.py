from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournaments.models import Event, Player


class Command(BaseCommand):
    help = (
        "Restore a backup written by backup_db into an empty, migrated database "
        "(run `manage.py migrate` first). Refuses a database that already holds users, "
        "players or events. Ledger rows are loaded as they were, never re-posted."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The backup file (JSON) written by backup_db.")

    def handle(self, *args, path, **options):
        if Event.objects.exists() or Player.objects.exists() or get_user_model().objects.exists():
            raise CommandError("The database is not empty: restore only into a new database.")
        with transaction.atomic():
            call_command("loaddata", path, verbosity=0)
        self.stdout.write(
            f"Restored {Event.objects.count()} events and {Player.objects.count()} players."
        )
