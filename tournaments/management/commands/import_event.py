from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import import_event
from tournaments.management.files import read_json
from tournaments.management.lookup import user_named
from tournaments.services import ServiceError


class Command(BaseCommand):
    help = (
        "Create an event from a JSON document written by export_event. The whole "
        "document is checked with the pages' rules; every deal version is replayed "
        "through the app's services as the importing organizer (who entered it and "
        "when, originally, is kept with it), so the chip ledger is derived again and "
        "comes out the same; the ledger audit runs last. Nothing is saved if anything "
        "fails."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The exported JSON file.")
        parser.add_argument(
            "--user",
            required=True,
            help="User name of the organizer who imports: the event's organizer and "
            "the one who records every version.",
        )

    def handle(self, *args, path, user, **options):
        organizer = user_named(user)
        document = read_json(path)
        notes: list[str] = []
        try:
            event = import_event(document, organizer, notes=notes)
        except ServiceError as e:
            raise CommandError(f"Nothing was imported. {e.message}") from e
        for note in notes:  # names that look like a registry player's: said, not refused
            self.stdout.write(note)
        self.stdout.write(self.style.SUCCESS(f"Imported {event} as event {event.pk}."))
