"""The activity log every event-level service writes (deals keep theirs as versions)."""

from .. import stamps
from ..models import ActivityEntry

# The log's actions, as the services name them in their calls.
Action = ActivityEntry.Action


def log_activity(event, user, action: str, **detail) -> None:
    """The record of an event-level change; the event's live pages change with it."""
    ActivityEntry.objects.create(event=event, user=user, action=action, detail=detail)
    stamps.mark(event.pk if event is not None else None)


def log_table_activity(table, user, action: str, **detail) -> None:
    """The record of a change at a table, which says its round and its number."""
    log_activity(
        table.round.event, user, action, round=table.round.number, table=table.number, **detail
    )
