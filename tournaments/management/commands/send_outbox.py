from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services.results_mail import send_outbox


class Command(BaseCommand):
    help = (
        "Send the results by email that wait in the outbox (queued on an event's "
        "“Send the results” page), through the mail server the settings name (EMAIL_HOST; "
        "without one, into a file under var/sent-email/). A message the server refuses is "
        "kept, with the reason, to be sent again by the next run."
    )

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, help="Only this event's messages (its id).")

    def handle(self, *args, event=None, **options):
        chosen = None
        if event is not None:
            chosen = Event.objects.filter(pk=event).first()
            if chosen is None:
                raise CommandError(f"No event has the id {event}.")
        done = send_outbox(chosen)
        for reason in done.reasons:
            self.stderr.write(f"Failed: {reason}")
        self.stdout.write(done.summary())
        if done.failed:
            raise CommandError(f"{done.failed} message(s) failed; run send_outbox again later.")
