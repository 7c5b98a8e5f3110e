"""Whether an event ranks teams or lodges beside its players (tournaments.teams), and
the checks of those settings: kept out of events.py, which reads them at its clean."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models


class TeamRanking(models.TextChoices):
    OFF = "off", "No teams"
    TEAMS = "teams", "Teams registered together"
    LODGES = "lodges", "Lodges: each club or lodge's best players"


TEAM_SIZES = ((2, "2 players"), (4, "4 players"))
MAX_LODGE_BEST = 50  # a lodge's best members counted: far past any lodge at a tournament


def clean_team_ranking(event) -> None:
    """The team settings checked: a lodge counts 1 to MAX_LODGE_BEST members; a team
    size that its teams already have (change the teams first, nothing is dropped)."""
    errors: dict[str, list[str]] = {}
    best = event.lodge_best
    if isinstance(best, int) and not 1 <= best <= MAX_LODGE_BEST:
        errors["lodge_best"] = [f"From 1 to {MAX_LODGE_BEST}."]
    if event.team_size not in dict(TEAM_SIZES):
        errors["team_size"] = ["A team is 2 or 4 players."]
    elif event.pk and event.team_ranking == TeamRanking.TEAMS:
        wrong = [
            t.name
            for t in event.teams.annotate(n=models.Count("members"))
            if t.n != event.team_size
        ]
        if wrong:
            errors["team_size"] = [
                f"The teams {', '.join(wrong)} are not {event.team_size} players: "
                "change them first."
                if len(wrong) > 1
                else f"The team {wrong[0]} is not {event.team_size} players: change it first."
            ]
    if errors:
        raise ValidationError(errors)
