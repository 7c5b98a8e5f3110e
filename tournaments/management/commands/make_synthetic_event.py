import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.synthetic import SIZES, Size, make_synthetic_event
from tournaments.words import counted


class Command(BaseCommand):
    help = (
        "Build a synthetic tournament for benchmarks: valid, varied deals made with the "
        "scoring core and recorded through the deal services. Sizes: S = 64 players, "
        "4 rounds of 16 tables, 20 deals a table (1,280 deals); L = the same for 313 "
        "rounds (100,160 deals)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--size", choices=sorted(SIZES), default="S", help="S or L.")
        parser.add_argument("--rounds", type=int, help="Override the size's rounds.")
        parser.add_argument("--players", type=int, help="Override the size's players.")
        parser.add_argument("--seed", type=int, default=1, help="Random seed (default 1).")
        parser.add_argument(
            "--user",
            default="organizer",
            help="User name of the organizer (default: organizer, created if missing).",
        )

    def handle(self, *args, size, rounds=None, players=None, seed=1, user="organizer", **options):
        base = SIZES[size]
        chosen = Size(players or base.players, rounds or base.rounds, base.deals_per_table)
        if chosen.players < 4:
            raise CommandError("At least four players.")
        organizer, _ = get_user_model().objects.get_or_create(
            username=user, defaults={"is_staff": True}
        )
        if not organizer.is_staff:
            raise CommandError(f"{user} is not an organizer account (staff).")
        start = time.perf_counter()
        event = make_synthetic_event(organizer, chosen, seed=seed)
        deals = (
            event.rounds.count()
            and sum(t.deals.count() for r in event.rounds.all() for t in r.tables.all())
            if chosen.rounds <= 10
            else None
        )
        self.stdout.write(
            f"Made event {event.pk} ({event.name}): {chosen.players} players, "
            f"{counted(chosen.rounds, 'round')}{f', {deals} deals' if deals else ''} in "
            f"{time.perf_counter() - start:.1f} s."
        )
