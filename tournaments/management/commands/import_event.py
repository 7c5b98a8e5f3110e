import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import import_event
from tournaments.services import ServiceError


class Command(BaseCommand):
    help = (
        "Create an event from a JSON document written by export_event. Every deal "
        "version is replayed through the app's services, so the chip ledger is derived "
        "again and comes out the same. Nothing is saved if anything fails."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The exported JSON file.")
        parser.add_argument(
            "--user",
            required=True,
            help="User name of the organizer who imports (becomes the event's organizer "
            "and the author of versions whose original author does not exist here).",
        )

    def handle(self, *args, path, user, **options):
        try:
            organizer = get_user_model().objects.get(username=user)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No user named {user!r}.") from None
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        try:
            event = import_event(document, organizer)
        except ServiceError as e:
            raise CommandError(e.message) from e
        self.stdout.write(self.style.SUCCESS(f"Imported {event} as event {event.pk}."))
