from django.core.management.base import BaseCommand, CommandError

from tournaments.ledger_audit import audit_ledger
from tournaments.models import Event
from tournaments.words import counted


class Command(BaseCommand):
    help = (
        "Check the chip ledger against the deals: every deal's rows sum to zero, the "
        "rows each version posted are exactly the scoring core's settlement of its "
        "document (explanations included), every earlier version's rows are reversed, "
        "deal and version numbers run without gaps, the current version's document is "
        "the deal's, no row is filed under another deal, table or event and none is left "
        "by a missing deal; each deal was played in its table's seating under its event's "
        "ruleset, house rules and starting chips; revoked table links stay revoked; the "
        "deal nets, chip counts and seasons' standings agree with the ledger. A deal "
        "version recorded under earlier rules that today's refuse or pay otherwise is "
        "listed as a NOTE, not a problem: its payments stand as recorded, checked against "
        "its own nets. Prints a summary; exits with status 1 if anything is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--event",
            type=int,
            action="append",
            dest="events",
            help="Audit only this event (by id); repeat for several. Default: every event.",
        )
        parser.add_argument(
            "--verbose",
            action="store_true",
            help="List each deal checked and each correction, new pot or void of it, "
            "a line each (CHECKED), before the summary.",
        )

    def handle(self, *args, events=None, verbose=False, **options):
        missing = sorted(set(events or ()) - set(Event.objects.values_list("pk", flat=True)))
        if missing:
            raise CommandError(f"No event with id {', '.join(map(str, missing))}.")
        report = audit_ledger(events, verbose=verbose)
        for checked in report.checked:
            self.stdout.write(f"CHECKED {checked}")
        for note in report.notes:
            self.stdout.write(f"NOTE {note}")
        for problem in report.problems:
            self.stdout.write(f"PROBLEM {problem}")
        self.stdout.write(
            f"Audited {counted(report.deals, 'deal')}, {counted(report.entries, 'ledger row')} "
            f"and {counted(report.nets, 'deal net')}: "
            f"{counted(len(report.problems), 'problem')}."
        )
        if report.notes:
            self.stdout.write(
                f"{counted(len(report.notes), 'deal version')} "
                f"{'was' if len(report.notes) == 1 else 'were'} recorded under earlier "
                "rules (NOTE above): their payments stand as recorded; correcting a deal "
                "scores it under today's rules."
            )
        if report.seasons:
            self.stdout.write(
                f"Checked the standings of {counted(report.seasons, 'season')} against the ledger."
            )
        if not report.ok:
            raise CommandError("The ledger audit found problems.")
