# Who sits in each round (Sitting), the database's hold on "a player sits at one table
# of a round at a time": a row for each seat's player and each substitute, filled for
# the seats and substitutions there. And each substitution made before the activity
# log kept its ids is recorded in the log (the ledger audit compares the substitutions
# with it). A substitute "plays in their own name" (the stored value stays).

import django.db.models.deletion
from django.db import migrations, models

from tournaments import sittings


def fill(apps, schema_editor):
    sittings.fill_sittings(
        apps.get_model("tournaments", "Seat"),
        apps.get_model("tournaments", "Substitution"),
        apps.get_model("tournaments", "Sitting"),
    )
    sittings.record_substitutions(
        apps.get_model("tournaments", "ActivityEntry"),
        apps.get_model("tournaments", "Substitution"),
        "the upgrade",
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0031_check_in_links_stay_revoked"),
    ]

    operations = [
        migrations.AlterField(
            model_name="substitution",
            name="mode",
            field=models.CharField(
                choices=[
                    ("for_leaver", "Plays for the player who left"),
                    ("as_himself", "Plays in their own name"),
                ],
                max_length=20,
            ),
        ),
        migrations.CreateModel(
            name="Sitting",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.player",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tournaments.round",
                    ),
                ),
                (
                    "seat",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tournaments.seat",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("round", "player"), name="one_table_a_round")
                ],
            },
        ),
        # The log is append-only: records are added, none changed; going back leaves them.
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
