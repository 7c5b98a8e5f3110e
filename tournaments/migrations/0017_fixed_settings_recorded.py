# Every event there gets its fixed settings (ruleset, house rules, starting chips)
# recorded in its activity log, by the upgrade: the ledger audit checks the starting
# chips, which no deal document holds, against the log's last record of them, which
# only events created or edited since the app began recording them had. The log is
# append-only: a record is added, none changed. Going back leaves them (they say what
# was so).

from django.db import migrations

WHY = (
    "The ledger audit checks the starting chips against the activity log's last record "
    "of them: these are the event's when the app was upgraded."
)


def record(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    AuditEntry.objects.bulk_create(
        AuditEntry(
            event=event,
            user=None,
            action="record_fixed_settings",
            detail={
                "fixed": {
                    "ruleset": event.ruleset,
                    "house_rules": event.house_rules,
                    "starting_chips": event.starting_chips,
                },
                "by": "the upgrade",
                "why": WHY,
            },
        )
        for event in Event.objects.order_by("pk").iterator()
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0016_rules_edition"),
    ]

    operations = [migrations.RunPython(record, migrations.RunPython.noop)]
