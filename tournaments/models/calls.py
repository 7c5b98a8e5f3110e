"""A table's call for the director: raised from the table's link, open until an
organizer marks it handled. A table has one open call at most (a constraint)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from ..scoping import club_manager
from .events import Table
from .links import TableLink

CALL_WORD_LENGTH = 200  # the optional word a table adds to its call


class DirectorCall(models.Model):
    """A table calls the director: why, an optional word, when; and who handled it."""

    class Reason(models.TextChoices):
        DISPUTE = "dispute", "A dispute"
        MISDEAL = "misdeal", "A misdeal"
        QUESTION = "question", "A question"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="director_calls")
    reason = models.CharField(max_length=20, choices=Reason.choices)
    word = models.CharField(max_length=CALL_WORD_LENGTH, blank=True)
    raised_via = models.ForeignKey(
        TableLink, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    raised_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = club_manager("table__round__event__club")  # tournaments.scoping

    class Meta:
        ordering = ["raised_at", "id"]
        constraints = [
            # A table cannot flood the director: one open call at a time.
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(handled_at__isnull=True),
                name="one_open_director_call_per_table",
            )
        ]

    def __str__(self) -> str:
        state = "handled" if self.handled_at else "open"
        return f"{self.get_reason_display()} at {self.table} ({state})"
