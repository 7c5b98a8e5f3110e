from django.core.management.base import BaseCommand, CommandError

from tournaments import services
from tournaments.management.lookup import user_named
from tournaments.models import Table


class Command(BaseCommand):
    help = (
        "Repair the pots of tables with a pot (Petrtyl): give every live deal the pot its "
        "table's ledger holds before it, as a 'New pot' version, where it says another "
        "(deals saved before a correction of an earlier deal moved the pot of later deals; "
        "audit_ledger reports them). Tables whose pots agree are left as they are."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--user", required=True, help="User name of an organizer of the events repaired."
        )
        parser.add_argument("--event", type=int, help="Only this event (its id).")

    def handle(self, *args, user, event=None, **options):
        organizer = user_named(user)
        tables = Table.objects.select_related("round__event").order_by("pk")
        if event is not None:
            tables = tables.filter(round__event_id=event)
        repaired = 0
        for table in tables:
            if not table.round.event.game.has_pot:
                continue
            try:
                numbers = services.repot_table(table, organizer)
            except services.ServiceError as e:
                raise CommandError(f"{table} of {table.round.event}: {e.message}") from e
            if numbers:
                repaired += 1
                said = ", ".join(str(n) for n in numbers)
                self.stdout.write(f"{table.round.event}, {table}: new pot for deals {said}.")
        self.stdout.write(self.style.SUCCESS(f"{repaired} table(s) repaired."))
