"""The circuit's ranking list for a date (today unless --date): shown, or with --publish
kept as the latest published list (who moved since the one before is kept with it).
A nightly run: ``manage.py compute_ranking_list --publish``."""

from __future__ import annotations

import datetime

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournaments.circuit.ranking_list import render_csv
from tournaments.services import circuit_list


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--date {text!r}: give a date as YYYY-MM-DD.") from None


class Command(BaseCommand):
    help = "Compute the circuit's ranking list (print its CSV), or publish it."

    def add_arguments(self, parser):
        parser.add_argument("--date", help="The list's date, YYYY-MM-DD (today if not given).")
        parser.add_argument("--publish", action="store_true", help="Keep it as published.")

    def handle(self, *args, **options):
        day = _date(options["date"]) if options["date"] else timezone.localdate()
        if options["publish"]:
            published = circuit_list.publish(day)
            players = len(published.names)
            self.stdout.write(
                f"Published the ranking list of {day:%Y-%m-%d}: "
                f"{players} players, {len(published.moves)} moved."
            )
            return
        ranking, _, names = circuit_list.compute(day)
        self.stdout.write(render_csv(ranking, names).decode(), ending="")
