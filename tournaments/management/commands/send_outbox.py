from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Event, Season
from tournaments.services.results_mail import send_outbox


class Command(BaseCommand):
    help = (
        "Send the results by email that wait in the outbox (queued on an event's or a "
        "season's “Send the results” page), through the mail server the settings name "
        "(EMAIL_HOST; without one, into a file under var/sent-email/). A message the "
        "server refuses is kept, with the reason, to be sent again by the next run."
    )

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--event", type=int, help="Only this event's messages (its id).")
        which.add_argument("--season", type=int, help="Only this season's messages (its id).")

    def handle(self, *args, event=None, season=None, **options):
        target = None
        for model, pk, what in ((Event, event, "event"), (Season, season, "season")):
            if pk is not None:
                target = model.objects.filter(pk=pk).first()
                if target is None:
                    raise CommandError(f"No {what} has the id {pk}.")
        done = send_outbox(target)
        for reason in done.reasons:
            self.stderr.write(f"Failed: {reason}")
        self.stdout.write(done.summary())
        if done.failed:
            raise CommandError(f"{done.failed} message(s) failed; run send_outbox again later.")
