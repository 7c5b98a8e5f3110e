"""What import_event and import_season share: the JSON file an export wrote, imported
as the organizer named, each note said; nothing is saved if anything fails."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from ..services import ServiceError
from .files import read_json
from .lookup import user_named


class ImportCommand(BaseCommand):
    user_help = ""  # what the organizer who imports becomes

    def add_arguments(self, parser):
        parser.add_argument("path", help="The exported JSON file.")
        parser.add_argument("--user", required=True, help=self.user_help)

    def handle(self, *args, path, user, **options):
        organizer = user_named(user)
        document = read_json(path)
        notes: list[str] = []
        try:
            made = self.imported(document, organizer, notes)
        except ServiceError as e:
            raise CommandError(f"Nothing was imported. {e.message}") from e
        for note in notes:  # names that look like a registry player's: said, not refused
            self.stdout.write(note)
        self.stdout.write(self.style.SUCCESS(self.done(made)))

    def imported(self, document, organizer, notes: list[str]):
        raise NotImplementedError

    def done(self, made) -> str:
        raise NotImplementedError
