"""The audit record every event-level service writes (deals keep theirs as versions)."""

from ..models import AuditEntry


def audit(event, user, action: str, **detail) -> None:
    AuditEntry.objects.create(event=event, user=user, action=action, detail=detail)
