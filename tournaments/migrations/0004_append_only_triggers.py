# Triggers that refuse UPDATE and DELETE on ledger rows, deal nets and deal versions.

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection, {append_only.FIRST})


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection, {append_only.FIRST})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0003_deal_version_names_and_origin"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
