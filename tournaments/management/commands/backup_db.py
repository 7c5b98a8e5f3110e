from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from tournaments.management.files import check_writable

# Rebuilt by migrate or useless in a restore: leaving them out keeps a backup portable
# between SQLite and PostgreSQL.
EXCLUDED = ["contenttypes", "auth.permission", "admin.logentry", "sessions"]


class Command(BaseCommand):
    help = (
        "Back up the whole database (users, players, events, deals with their versions, "
        "the chip ledger, chip counts, the activity log) as one portable JSON file that "
        "restore_db loads into an empty database, SQLite or PostgreSQL."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", required=True, help="The backup file to write (JSON)."
        )

    def handle(self, *args, output, **options):
        check_writable(output)
        try:
            call_command(
                "dumpdata",
                *[f"--exclude={label}" for label in EXCLUDED],
                "--indent=1",
                f"--output={output}",
                verbosity=0,
            )
        except OSError as e:
            raise CommandError(f"Cannot write {output}: {e.strerror}.") from None
        self.stdout.write(f"Backed up the database to {output}.")
