"""Whether an event ranks teams or lodges beside its players (tournaments.teams): the
choices and bounds the declaration of the event's settings (event_settings.py) gives
its team settings, and the check that reads the event's teams."""

from __future__ import annotations

from django.db import models


class TeamRanking(models.TextChoices):
    OFF = "off", "No teams"
    TEAMS = "teams", "Teams registered together"
    LODGES = "lodges", "Lodges: each club or lodge's best players"


TEAM_SIZES = ((2, "2 players"), (4, "4 players"))
MAX_LODGE_BEST = 50  # a lodge's best members counted: far past any lodge at a tournament


def teams_of_another_size(event) -> str:
    """A team size that its teams do not have, said ("" if none): change the teams
    first, nothing is dropped."""
    if not event.pk or event.team_ranking != TeamRanking.TEAMS:
        return ""
    wrong = [
        t.name for t in event.teams.annotate(n=models.Count("members")) if t.n != event.team_size
    ]
    if len(wrong) > 1:
        return f"The teams {', '.join(wrong)} are not {event.team_size} players: change them first."
    if wrong:
        return f"The team {wrong[0]} is not {event.team_size} players: change it first."
    return ""
