import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import services
from tournaments.models import Event, Player

DEMO_USERNAME = "organizer"
DEMO_PASSWORD = "taroky-demo"


class Command(BaseCommand):
    help = (
        "Load the demo data from fixtures/: the demo organizer account "
        "(fixtures/demo_users.json) and the demo events (fixtures/demo_events.json), "
        "whose deals are recorded, corrected and voided through the app's services. "
        "Safe to run again: an event that exists already is left alone."
    )

    def handle(self, *args, **options):
        fixtures = Path(settings.BASE_DIR) / "fixtures"
        # loaddata with fixed primary keys updates in place, so a rerun adds nothing.
        call_command("loaddata", str(fixtures / "demo_users.json"), verbosity=0)
        organizer = get_user_model().objects.get(username=DEMO_USERNAME)
        demo = json.loads((fixtures / "demo_events.json").read_text(encoding="utf-8"))
        for p in demo["players"]:
            Player.objects.get_or_create(name=p["name"], defaults={"club": p["club"]})
        for spec in demo["events"]:
            if Event.objects.filter(name=spec["name"], date=spec["date"]).exists():
                continue
            self.load_event(spec, organizer)
            self.stdout.write(f"Loaded demo event: {spec['name']}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo organizer: user name '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
            )
        )

    @transaction.atomic
    def load_event(self, spec, organizer):
        rounds = spec.pop("rounds")
        event = services.create_event(organizer, **spec)
        spec["rounds"] = rounds
        players = {p.name: p for p in Player.objects.all()}
        seated = {n for r in rounds for t in r["tables"] for n in t["seats"]}
        for name in sorted(seated):
            services.register_player(event, organizer, player=players[name])
        for round_spec in rounds:
            rnd = services.create_round(event, organizer)
            services.set_roll_call(
                rnd,
                organizer,
                [players[n] for t in round_spec["tables"] for n in t["seats"]],
            )
            for table_spec in round_spec["tables"]:
                table = services.create_table(
                    rnd,
                    organizer,
                    [players[name] for name in table_spec["seats"]],
                    players.get(table_spec.get("first_forehand")),
                )
                for deal_spec in table_spec["deals"]:
                    first = deal_spec.get("first_document", deal_spec["document"])
                    deal = services.record_deal(table, first, organizer)
                    for correction in deal_spec.get("corrections", []):
                        deal = services.correct_deal(
                            deal, deal_spec["document"], organizer, correction["reason"]
                        )
                    if deal_spec.get("void"):
                        services.void_deal(deal, organizer, deal_spec["void"])
