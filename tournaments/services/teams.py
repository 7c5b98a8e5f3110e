"""An event's teams, set by its organizers: a name and its players (registered in the
event, as many as the event's team size, each in one team of the event)."""

from __future__ import annotations

from .. import teams
from ..models import ActivityEntry, Event, Player, Team, TeamMember
from .activity import log_activity
from .errors import FormError
from .locking import atomic
from .permissions import require_organizer


def _refuse(field: str, said: str):
    raise FormError(said, {field: [said]})


@atomic
def save_team(
    event: Event, user, name: str, players: list[Player], team: Team | None = None
) -> Team:
    """A new team of the event, or ``team`` changed: its name and its players."""
    # The event row locked: two organizers setting teams save one after the other, so
    # the checks below see every other team (the database refuses a player twice too).
    event = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    require_organizer(user, event)
    if not teams.kind(event).teams:
        raise FormError("The event ranks no teams: choose teams in its settings first.")
    name = " ".join(name.split())
    if not name or len(name) > 60:
        _refuse("name", "A team's name is 1 to 60 characters.")
    others = Team.objects.filter(event=event).exclude(pk=team.pk if team else None)
    if others.filter(name__iexact=name).exists():
        _refuse("name", f"The event has a team {name} already.")
    if team is None and others.count() >= Team.MAX_PER_EVENT:
        raise FormError(f"An event has at most {Team.MAX_PER_EVENT} teams.")
    players = list({p.pk: p for p in players}.values())
    if len(players) != event.team_size:
        _refuse(
            "players",
            f"A team is {event.team_size} players: {len(players)} chosen.",
        )
    registered = set(event.registrations.values_list("player_id", flat=True))
    strangers = sorted(p.name for p in players if p.pk not in registered)
    if strangers:
        _refuse("players", f"Not registered in this event: {', '.join(strangers)}.")
    taken = (
        TeamMember.objects.filter(team__in=others, player__in=players)
        .order_by("player__name")
        .values_list("player__name", "team__name")
    )
    if taken:
        _refuse(
            "players",
            "Already in another team: "
            + ", ".join(f"{player} ({other})" for player, other in taken)
            + ".",
        )
    if team is None:
        team = Team(event=event)
    else:
        team = Team.objects.select_for_update(of=("self",)).get(pk=team.pk, event=event)
    team.name = name
    team.save()
    TeamMember.objects.filter(team=team).delete()
    TeamMember.objects.bulk_create(TeamMember(team=team, event=event, player=p) for p in players)
    log_activity(
        event,
        user,
        ActivityEntry.Action.SET_TEAM,
        team=name,
        players=sorted(p.name for p in players),
    )
    return team


@atomic
def delete_team(team: Team, user) -> None:
    event = Event.objects.select_for_update(of=("self",)).get(pk=team.event_id)
    require_organizer(user, event)
    Team.objects.filter(pk=team.pk).delete()
    log_activity(event, user, ActivityEntry.Action.DELETE_TEAM, team=team.name)
