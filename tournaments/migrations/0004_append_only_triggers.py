# Triggers that refuse UPDATE and DELETE on ledger rows, deal nets and deal versions.

from django.db import migrations

from tournaments import append_only


def install(apps, schema_editor):
    append_only.install(schema_editor.connection)


def uninstall(apps, schema_editor):
    append_only.uninstall(schema_editor.connection)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0003_deal_version_names_and_origin"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
