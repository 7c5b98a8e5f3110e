"""An event's prize categories (Open, Newcomers, Seniors): a name and its players, each
registered player in any number of them, and a prize table of its own
(``tournaments.prizes``). Generic on purpose: standings per category can read them."""

from __future__ import annotations

from django.db import models

from ..scoping import club_manager
from .events import Event
from .players import Player


class PrizeCategory(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prize_categories")
    name = models.CharField(max_length=60)
    players = models.ManyToManyField(Player, related_name="prize_categories", blank=True)
    prize_table = models.TextField(
        blank=True, help_text="As the event's: a line a place, an amount or a percentage."
    )

    MAX_PER_EVENT = 20

    objects = club_manager("event__club")  # tournaments.scoping

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="unique_prize_category_name")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def prizes_said(self) -> str:
        """Its prize table on one line: "$5.00, $3.00"."""
        return ", ".join(line for line in self.prize_table.splitlines() if line)
