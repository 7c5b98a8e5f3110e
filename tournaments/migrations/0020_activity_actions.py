"""The activity log's actions are declared once, with their words
(``ActivityEntry.Action``, offered by a callable so that new words need no migration);
choices change nothing in the database."""

import tournaments.models.activity
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_activity_entry"),
    ]

    operations = [
        migrations.AlterField(
            model_name="activityentry",
            name="action",
            field=models.CharField(
                choices=tournaments.models.activity.action_choices, max_length=50
            ),
        ),
    ]
