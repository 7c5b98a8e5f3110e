"""An event's teams in its file: exported with their players' names, checked on import
as the team form checks them (services.teams)."""

from __future__ import annotations

from ..models import Team, TeamMember
from .document import ExchangeError


def teams_document(event) -> dict:
    """``{"teams": [...]}`` for an event with teams, else nothing: a team's name and
    its players' names."""
    members: dict[int, list[str]] = {}
    for team_id, name in TeamMember.objects.filter(event=event).values_list(
        "team_id", "player__name"
    ):
        members.setdefault(team_id, []).append(name)
    found = [
        {"name": t.name, "players": sorted(members.get(t.pk, []))}
        for t in Team.objects.filter(event=event)
    ]
    return {"teams": found} if found else {}


def check_teams(value, registered: set[str], event: dict) -> list[dict]:
    """A file's teams checked as the team form checks them: the event ranks teams, a
    name once, as many players as the event's team size, each registered and in one
    team."""
    if not isinstance(value, list) or len(value) > Team.MAX_PER_EVENT:
        raise ExchangeError(f"teams: a list of at most {Team.MAX_PER_EVENT} teams.")
    if value and event.get("team_ranking") != "teams":
        raise ExchangeError("teams: the event ranks no teams (team_ranking).")
    size = event.get("team_size")
    checked, names, placed = [], set(), set()
    for i, t in enumerate(value, 1):
        where = f"team {i}"
        if not isinstance(t, dict):
            raise ExchangeError(f"{where}: must be a JSON object.")
        name, players = t.get("name"), t.get("players")
        if not isinstance(name, str) or not 0 < len(" ".join(name.split())) <= 60:
            raise ExchangeError(f"{where}: a name of 1 to 60 characters.")
        name = " ".join(name.split())
        if name.casefold() in names:
            raise ExchangeError(f"{where}: {name} is listed twice.")
        names.add(name.casefold())
        if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
            raise ExchangeError(f"{where}: players must be a list of names.")
        if len(set(players)) != size:
            raise ExchangeError(f"{where}: a team is {size} players.")
        strangers = sorted(set(players) - registered)
        if strangers:
            raise ExchangeError(f"{where}: not among the event's players: {', '.join(strangers)}.")
        twice = sorted(set(players) & placed)
        if twice:
            raise ExchangeError(f"{where}: already in another team: {', '.join(twice)}.")
        placed |= set(players)
        checked.append({"name": name, "players": sorted(set(players))})
    return checked
