# Every event there gets every setting fixed once it has deals (how it ranks and its
# teams, beside the ruleset, house rules and starting chips that migration 0017
# recorded) and its prizes recorded in its activity log, by the upgrade: the ledger
# audit compares them with the log's last record. No column changes. The log is
# append-only: a record is added, none changed. Going back leaves them (they say what
# was so). And a lodge's help names no player "his".

from django.db import migrations, models

WHY = (
    "The ledger audit checks the settings fixed once an event has deals, and its prizes, "
    "against the activity log's last record of them: these are the event's when the app "
    "was upgraded."
)
# As they were when this was written (Event.FIXED_ONCE_DEALT, Event.PRIZE_SETTINGS).
FIXED = (
    "ruleset",
    "house_rules",
    "starting_chips",
    "ranking",
    "table_points",
    "shared_places",
    "points_scale",
    "bye_points",
    "tie_breaks",
    "team_ranking",
    "team_size",
    "lodge_best",
)
PRIZES = ("entry_fee_cents", "prize_table", "prizes_club_adds", "prizes_in_each_list")


def record(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    ActivityEntry = apps.get_model("tournaments", "ActivityEntry")
    ActivityEntry.objects.bulk_create(
        ActivityEntry(
            event=event,
            user=None,
            action="record_fixed_settings",
            detail={
                "fixed": {name: getattr(event, name) for name in FIXED},
                "prizes": {name: getattr(event, name) for name in PRIZES},
                "by": "the upgrade",
                "why": WHY,
            },
        )
        for event in Event.objects.order_by("pk").iterator()
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0029_who_pays_reserves_one_prize"),
    ]

    operations = [
        migrations.RunPython(record, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="lodge_best",
            field=models.PositiveSmallIntegerField(
                default=3,
                help_text="Lodges only: a player's lodge is their club or lodge as registered.",
                verbose_name="a lodge's best players counted",
            ),
        ),
    ]
