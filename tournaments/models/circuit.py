"""The circuit's ranking list in the database: an officer's approval of an event for the
list (with the class it counts in), and the lists an officer published.

The list itself is computed by the pure module (tournaments/circuit/); these rows are
what it reads (approvals) and what it leaves (published lists, kept for good).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ..circuit.ranking_list import EventClass
from .events import Event


class EventApproval(models.Model):
    """An event approved for the circuit's list; ``withdrawn_at`` set: taken back (the
    row stays, so the list's history can say the event left it)."""

    class Klass(models.IntegerChoices):
        # The pure module's values: the class's weight.
        CLUB_NIGHT = EventClass.CLUB_NIGHT.value, "Club night"
        TOURNAMENT = EventClass.TOURNAMENT.value, "Tournament"
        CHAMPIONSHIP = EventClass.CHAMPIONSHIP.value, "Championship"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="approval")
    klass = models.PositiveSmallIntegerField("class", choices=Klass.choices)
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    approved_at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event__date", "event__pk"]

    def __str__(self) -> str:
        state = "approved" if self.counts else "withdrawn"
        return f"{self.event} ({self.get_klass_display()}, {state})"

    @property
    def counts(self) -> bool:
        return self.withdrawn_at is None


class PublishedList(models.Model):
    """A ranking list an officer published: its date, what it was computed from (the
    counted events as JSON, so it can be recomputed and compared), its CSV bytes and
    who moved since the list published before it."""

    date = models.DateField()
    computed_at = models.DateTimeField()
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    events = models.JSONField(help_text="The counted events: key, date, class, version, places.")
    names = models.JSONField(default=dict, help_text="Each listed player's name then.")
    csv = models.BinaryField()
    moves = models.JSONField(default=list, help_text="Who moved since the list before.")
    # The rating (beta) computed with it: {circuit number: {"mu", "sigma", "history":
    # [[date, event key, round, mu, sigma], ...]}}.
    ratings = models.JSONField(default=dict, help_text="Each player's rating (beta) then.")

    class Meta:
        ordering = ["-date", "-pk"]
        get_latest_by = ["date", "pk"]

    def __str__(self) -> str:
        return f"the ranking list of {self.date:%Y-%m-%d}"
