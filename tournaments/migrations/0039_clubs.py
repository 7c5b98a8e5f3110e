# Clubs (the circuit's first step): every event and season is a club's. A server with
# data gets one club holding all of it, and every user who organizes an event or a
# season, and every superuser, becomes its organizer; a new server gets its club when
# its first event or season is saved (Club.objects.the_club).

import secrets

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q
from django.utils.text import slugify

import tournaments.models.clubs

DEFAULT_NAME = "Our club"


def club_name(Season) -> str:
    """The seasons' "club or series" when they all say the same, else "Our club"."""
    said = {" ".join(c.split()) for c in Season.objects.values_list("club", flat=True)}
    said.discard("")
    return said.pop() if len(said) == 1 else DEFAULT_NAME


def into_one_club(apps, schema_editor):
    Club = apps.get_model("tournaments", "Club")
    Event = apps.get_model("tournaments", "Event")
    Season = apps.get_model("tournaments", "Season")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    if not (Event.objects.exists() or Season.objects.exists() or User.objects.exists()):
        return  # a new server: its club is made with its first event or season
    name = club_name(Season)
    club = Club.objects.create(
        name=name,
        slug=slugify(name)[:60].strip("-") or slugify(DEFAULT_NAME),
        signing_key=secrets.token_urlsafe(32),
    )
    Event.objects.update(club=club)
    Season.objects.update(owner_club=club)
    organizers = User.objects.filter(
        Q(organized_events__isnull=False)
        | Q(organized_seasons__isnull=False)
        | Q(is_superuser=True)
    ).distinct()
    club.organizers.add(*organizers)
    if schema_editor.connection.vendor == "postgresql":
        # The checks of the rows written now, before the columns become NOT NULL (an
        # ALTER TABLE refuses a table with checks still pending).
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0038_email_outbox"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Club",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=150)),
                ("slug", models.SlugField(max_length=60, unique=True)),
                (
                    "signing_key",
                    models.CharField(
                        default=tournaments.models.clubs.new_signing_key,
                        editable=False,
                        max_length=100,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "organizers",
                    models.ManyToManyField(
                        blank=True, related_name="organized_clubs", to=settings.AUTH_USER_MODEL
                    ),
                ),
            ],
            options={
                "ordering": ["name", "pk"],
            },
        ),
        migrations.AddField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="tournaments.club",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="owner_club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seasons",
                to="tournaments.club",
            ),
        ),
        migrations.RunPython(into_one_club, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                blank=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="tournaments.club",
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="owner_club",
            field=models.ForeignKey(
                blank=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seasons",
                to="tournaments.club",
            ),
        ),
    ]
