"""The activity log: who changed what in an event or season, for every state change
a service makes."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .events import Event
from .seasons import Season


class ActivityEntry(models.Model):
    """Who changed what in an event, for every state change a service makes."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="activity", null=True)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="activity", null=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    action = models.CharField(max_length=50)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table kept its first name: the append-only triggers are on it.
        db_table = "tournaments_auditentry"
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "activity entries"

    def __str__(self) -> str:
        return f"{self.action} by {self.user} at {self.created_at:%Y-%m-%d %H:%M}"
