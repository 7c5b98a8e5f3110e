from django.core.management.base import BaseCommand, CommandError

from tournaments.services import ServiceError
from tournaments.services.clubs import set_signing_key


class Command(BaseCommand):
    help = (
        "Give this laptop's club the key its club has on the circuit's server (copy it "
        "from the club's page there), so the event files it exports for the circuit are "
        "signed as the club's."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="The club's slug or name (a laptop's one club takes it).")
        parser.add_argument("key", help="The key, as the club's page on the server shows it.")

    def handle(self, *args, club, key, **options):
        try:
            made = set_signing_key(club, key)
        except ServiceError as e:
            raise CommandError(f"Nothing was changed. {e.message}") from e
        self.stdout.write(
            self.style.SUCCESS(
                f"{made.name} signs its event files with the key given; "
                "send them in from each event's page."
            )
        )
