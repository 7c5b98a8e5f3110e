"""The results by email: one message a player, written when an organizer queues the
results and kept in the outbox until ``send_outbox`` sends it (the hall has no
internet: nothing is sent on a save or on queueing)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .events import Event
from .players import Player
from .seasons import Season


class ResultMessage(models.Model):
    """A player's results as queued: the address, subject and text they get, and what
    became of it (waiting to go, sent, or failed with the reason, to try again)."""

    class State(models.TextChoices):
        WAITING = "waiting", "waiting"
        # Taken by a ``send_outbox`` going now, so a second one at once skips it; one
        # left so by a send that died is tried again after a while (services.results_mail).
        SENDING = "sending", "being sent"
        SENT = "sent", "sent"
        FAILED = "failed", "failed"

    # An event's results; a season's leave ``event`` empty (the model allows both).
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="result_messages", null=True, blank=True
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="result_messages", null=True, blank=True
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="result_messages")
    address = models.EmailField()
    subject = models.CharField(max_length=300)
    body = models.TextField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.WAITING)
    failure = models.TextField(blank=True)  # the server's reason, when it failed
    attempts = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(auto_now_add=True)
    queued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    tried_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["queued_at", "id"]
        indexes = [models.Index(fields=["state"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(event__isnull=False) | models.Q(season__isnull=False),
                name="result_message_of_event_or_season",
            )
        ]

    def __str__(self) -> str:
        return f"{self.subject} to {self.address} ({self.state})"
