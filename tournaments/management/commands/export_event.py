from django.core.management.base import BaseCommand

from tournaments.exchange import export_event
from tournaments.exchange.signed import signed_file
from tournaments.management.files import check_writable, write_document
from tournaments.management.lookup import one_with_id
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Write one event as a JSON document: players, rounds (roll call, byes, seed), "
        "tables and seats, and every version of every deal. The ledger is not written: "
        "import_event derives it again from the deals."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="The event's id (see its page's URL).")
        parser.add_argument(
            "-o",
            "--output",
            help="File to write (default: standard output).",
        )
        parser.add_argument(
            "--signed",
            action="store_true",
            help="The file to send to the circuit: signed with the club's key, with the "
            "standings it claims (set the key first: set_club_key).",
        )

    def handle(self, *args, event_id, output=None, signed=False, **options):
        if output:
            check_writable(output)
        event = one_with_id(Event, event_id)
        document = signed_file(event) if signed else export_event(event)
        write_document(self, document, output, str(event))
