from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

DEMO_USERNAME = "organizer"
DEMO_PASSWORD = "taroky-demo"


class Command(BaseCommand):
    help = (
        "Load the demo data from fixtures/ (the demo organizer account and the demo "
        "events). Safe to run again: nothing is duplicated."
    )

    def handle(self, *args, **options):
        fixtures = Path(settings.BASE_DIR) / "fixtures"
        # loaddata with fixed primary keys updates in place, so a rerun adds nothing.
        call_command("loaddata", str(fixtures / "demo_users.json"), verbosity=0)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo organizer: user name '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
            )
        )
