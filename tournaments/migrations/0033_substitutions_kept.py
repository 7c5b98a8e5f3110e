# A substitution is never changed in the database (tournaments/append_only.py): no
# UPDATE, and on SQLite no INSERT replacing one. Cancelling one deletes its row and the
# activity log says so; the ledger audit finds a row deleted or added behind the app's
# back by comparing with the log.

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection, {append_only.KEPT})


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection, {append_only.KEPT})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0032_sittings"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
