"""An event's teams: a name and its players, registered together (tournaments.teams
ranks them beside the individuals). A player plays in at most one team of an event:
the member row repeats the event so the database holds that."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower

from ..scoping import club_manager
from .events import Event
from .players import Player


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=60)

    MAX_PER_EVENT = 200

    objects = club_manager("event__club")  # tournaments.scoping

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "event", name="unique_team_name"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    # The team's event again (services.teams sets it so): one team a player an event.
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["team", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_team_a_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"
