# Check-in links and table links are one kind of token link (models/links.py): the
# check-in link's closing stamp takes the table link's name, ``revoked_at`` (the data
# kept), and a closed check-in link stays closed in the database, as a revoked table
# link does (tournaments/append_only.py).

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection, {append_only.LINKS_KEPT})


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection, {append_only.LINKS_KEPT})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0030_every_fixed_setting_recorded"),
    ]

    operations = [
        migrations.RenameField(
            model_name="checkinlink",
            old_name="closed_at",
            new_name="revoked_at",
        ),
        migrations.RunPython(install, uninstall),
    ]
