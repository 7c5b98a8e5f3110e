# A published ranking list is kept as it was published (tournaments/append_only.py): no
# UPDATE, no DELETE (nor TRUNCATE on PostgreSQL), and on SQLite no INSERT replacing one.
# Publishing only inserts: a new list is a new row.

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection, {append_only.LISTS_KEPT})


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection, {append_only.LISTS_KEPT})


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0043_club_membership"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
