from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import import_season
from tournaments.management.files import read_json
from tournaments.management.lookup import user_named
from tournaments.services import ServiceError


class Command(BaseCommand):
    help = (
        "Create a season and its events from a JSON document written by export_season. "
        "Everything is checked first (the season as its form checks it, each event as "
        "import_event does); nothing is saved if anything fails."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The exported JSON file.")
        parser.add_argument(
            "--user",
            required=True,
            help="User name of the organizer who imports: the season's and its events' organizer.",
        )

    def handle(self, *args, path, user, **options):
        organizer = user_named(user)
        document = read_json(path)
        notes: list[str] = []
        try:
            season = import_season(document, organizer, notes=notes)
        except ServiceError as e:
            raise CommandError(f"Nothing was imported. {e.message}") from e
        for note in notes:  # names that look like a registry player's: said, not refused
            self.stdout.write(note)
        events = season.events.count()
        self.stdout.write(
            self.style.SUCCESS(f"Imported {season} as season {season.pk} with {events} events.")
        )
