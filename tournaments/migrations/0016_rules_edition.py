# Each deal version records the edition of the scoring rules it was scored under
# (taroky_scoring.editions): the versions there already were scored before contract
# section 19, edition 1; a new one gets the core's edition of the day.
#
# The column is added with 1 for the rows there (no UPDATE: the deal versions are
# append-only); only the model's default, not the database's, then becomes the
# core's edition.

from django.db import migrations, models

import tournaments.models

HELP = "The scoring rules' edition it was scored under (1: before contract section 19)."


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0015_rejected_version_origin"),
    ]

    operations = [
        migrations.AddField(
            model_name="dealversion",
            name="rules_edition",
            field=models.PositiveSmallIntegerField(default=1, help_text=HELP),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="dealversion",
                    name="rules_edition",
                    field=models.PositiveSmallIntegerField(
                        default=tournaments.models.rules_edition_now, help_text=HELP
                    ),
                ),
            ],
        ),
    ]
