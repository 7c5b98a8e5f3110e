from tournaments.exchange import import_season
from tournaments.management.importing import ImportCommand


class Command(ImportCommand):
    help = (
        "Create a season and its events from a JSON document written by export_season. "
        "Everything is checked first (the season as its form checks it, each event as "
        "import_event does); nothing is saved if anything fails."
    )
    user_help = "User name of the organizer who imports: the season's and its events' organizer."

    def imported(self, document, organizer, notes):
        return import_season(document, organizer, notes=notes)

    def done(self, season) -> str:
        return f"Imported {season} as season {season.pk} with {season.events.count()} events."
