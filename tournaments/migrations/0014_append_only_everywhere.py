# The append-only triggers everywhere (tournaments/append_only.py says what each refuses):
# TRUNCATE of the ledger on PostgreSQL, SQLite's REPLACE over a ledger row, the activity
# log, a deal's deletion, a revoked table link's revocation.

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection, {append_only.EVERYWHERE})


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection, {append_only.EVERYWHERE})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0013_player_names"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
