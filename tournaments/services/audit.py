"""The audit record every event-level service writes (deals keep theirs as versions)."""

from .. import stamps
from ..models import AuditEntry


def audit(event, user, action: str, **detail) -> None:
    """The record of an event-level change; the event's live pages change with it."""
    AuditEntry.objects.create(event=event, user=user, action=action, detail=detail)
    stamps.mark(event.pk if event is not None else None)
