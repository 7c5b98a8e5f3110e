"""The activity log's model is named for what it is (ActivityEntry, reached from an event
or season as ``activity``); its table keeps its name, which the append-only triggers
are on, so nothing changes in the database."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_rejected_version_names"),
    ]

    operations = [
        migrations.AlterModelTable(name="auditentry", table="tournaments_auditentry"),
        migrations.RenameModel(old_name="AuditEntry", new_name="ActivityEntry"),
        migrations.AlterModelOptions(
            name="activityentry",
            options={"ordering": ["-created_at", "-id"], "verbose_name_plural": "activity entries"},
        ),
        migrations.AlterField(
            model_name="activityentry",
            name="event",
            field=models.ForeignKey(
                null=True,
                on_delete=models.deletion.CASCADE,
                related_name="activity",
                to="tournaments.event",
            ),
        ),
        migrations.AlterField(
            model_name="activityentry",
            name="season",
            field=models.ForeignKey(
                null=True,
                on_delete=models.deletion.CASCADE,
                related_name="activity",
                to="tournaments.season",
            ),
        ),
    ]
