import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import services
from tournaments.models import Event, Player, Season
from tournaments.services import ServiceError, seasons
from tournaments.services.clubs import the_club

DEMO_USERNAME = "organizer"
DEMO_PASSWORD = "taroky-demo"


class Command(BaseCommand):
    help = (
        "Load the demo data from fixtures/: the demo organizer account "
        "(fixtures/demo_users.json) and the demo events (fixtures/demo_events.json), "
        "whose deals are recorded, corrected and voided through the app's services. "
        "The demo account is only ever created, under its own user name when that is "
        "free: an existing account of that name is never changed. The server's club is "
        "made if it has none, and a demo account made now organizes it. Safe to run "
        "again: an event that exists already is left alone."
    )

    def handle(self, *args, **options):
        fixtures = Path(settings.BASE_DIR) / "fixtures"
        try:
            club = the_club()
        except ServiceError:
            self.stdout.write("This server has several clubs: the demo was not loaded.")
            return
        organizer = self.demo_organizer(fixtures / "demo_users.json", club)
        if organizer is None:
            return
        demo = json.loads((fixtures / "demo_events.json").read_text(encoding="utf-8"))
        for p in demo["players"]:
            Player.objects.get_or_create(name=p["name"], defaults={"club": p["club"]})
        for spec in demo["events"]:
            if Event.objects.filter(name=spec["name"], date=spec["date"]).exists():
                continue
            self.load_event(spec, organizer)
            self.stdout.write(f"Loaded demo event: {spec['name']}")
        for spec in demo.get("seasons", []):
            if Season.objects.filter(name=spec["name"]).exists():
                continue
            self.load_season(dict(spec), organizer)
            self.stdout.write(f"Loaded demo season: {spec['name']}")

    def demo_organizer(self, path, club):
        """The demo account: created if its user name is free, as an organizer of the
        ``club``, else left exactly as it is.

        Never loaded with loaddata: a fixed primary key would overwrite whoever is user 1.
        """
        User = get_user_model()
        (spec,) = json.loads(path.read_text(encoding="utf-8"))
        fields = dict(spec["fields"])
        organizer = User.objects.filter(username=DEMO_USERNAME).first()
        if organizer is None:
            # get_or_create: two `make run`s at once still make one account.
            organizer, made = User.objects.get_or_create(username=DEMO_USERNAME, defaults=fields)
            if made:
                club.organizers.add(organizer)
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo organizer: user name '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
                )
            )
        elif organizer.check_password(DEMO_PASSWORD):
            self.stdout.write(
                f"Demo organizer: user name '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
            )
        else:
            self.stdout.write(
                f"The demo organizer '{DEMO_USERNAME}' exists already and was left as it is."
            )
        if not organizer.is_staff:
            self.stdout.write(
                f"The user '{DEMO_USERNAME}' is not an organizer account: "
                "the demo events were not loaded."
            )
            return None
        return organizer

    @transaction.atomic
    def load_season(self, spec, organizer):
        """A season of demo events (by name and date), through the season services; its
        events that are no longer there (deleted by an organizer) are left out."""
        events = spec.pop("events")
        published = spec.pop("published", False)
        season = seasons.create_season(organizer, **spec, published=False)
        for name, date in events:
            event = Event.objects.filter(name=name, date=date, season=None).first()
            if event is not None and event.organizers.filter(pk=organizer.pk).exists():
                seasons.add_event(season, event, organizer)
        if published:
            seasons.update_season(season, organizer, published=True)

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
                        ).deal
                    if deal_spec.get("void"):
                        services.void_deal(deal, organizer, deal_spec["void"])
