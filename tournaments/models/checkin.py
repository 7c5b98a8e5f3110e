"""Self check-in: an event's check-in link (the QR code at the door) and who checked in."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from ..scoping import club_manager
from .events import Event
from .links import TokenLink
from .players import Player


class CheckInLink(TokenLink):
    """An unguessable link that lets a registered player of one event say they are here.

    It works until it is closed (``revoked_at``); reopening (reissuing) closes the old
    one. It grants nothing but a check-in of the event's own registered players.
    """

    url_name = "check-in"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="check_in_links")

    objects = club_manager("event__club")  # tournaments.scoping

    class Meta:
        ordering = ["event", "-created_at"]

    def __str__(self) -> str:
        return f"Check-in of {self.event}" + (" (closed)" if self.revoked_at else "")


class CheckIn(models.Model):
    """A registered player said they are here: once an event, the time kept."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    checked_in_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["checked_in_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_check_in")]

    def __str__(self) -> str:
        return f"{self.player} checked in at {self.event}"
