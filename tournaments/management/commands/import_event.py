from tournaments.exchange import import_event
from tournaments.management.importing import ImportCommand


class Command(ImportCommand):
    help = (
        "Create an event from a JSON document written by export_event. The whole "
        "document is checked with the pages' rules; every deal version is replayed "
        "through the app's services as the importing organizer (who entered it and "
        "when, originally, is kept with it), so the chip ledger is derived again and "
        "comes out the same; the ledger audit runs last. Nothing is saved if anything "
        "fails."
    )
    user_help = (
        "User name of the organizer who imports: the event's organizer and "
        "the one who records every version."
    )

    def imported(self, document, organizer, notes):
        return import_event(document, organizer, notes=notes)

    def done(self, event) -> str:
        return f"Imported {event} as event {event.pk}."
