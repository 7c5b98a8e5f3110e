"""An event's teams, set by its organizers: a name and its players (registered in the
event, as many as the event's team size, each in one team of the event). The step all
named groups share is services.groups'."""

from __future__ import annotations

from .. import teams
from ..models import Event, Player, Team, TeamMember
from .activity import Action
from .errors import FormError
from .groups import GroupKind, delete_group, refuse, save_group
from .locking import atomic, lock_event


class Teams(GroupKind):
    model = Team
    noun, plural = "team", "teams"
    action = Action.SET_TEAM
    removed = Action.DELETE_TEAM

    def check_count(self, players: list[Player]) -> None:
        if len(players) != self.event.team_size:
            refuse("players", f"A team is {self.event.team_size} players: {len(players)} chosen.")

    def check(self, others, players: list[Player]) -> dict:
        taken = (
            TeamMember.objects.filter(team__in=others, player__in=players)
            .order_by("player__folded", "player__name")
            .values_list("player__name", "team__name")
        )
        if taken:
            refuse(
                "players",
                "Already in another team: "
                + ", ".join(f"{player} ({other})" for player, other in taken)
                + ".",
            )
        return {}

    def save_members(self, team: Team, players: list[Player]) -> None:
        TeamMember.objects.filter(team=team).delete()
        TeamMember.objects.bulk_create(
            TeamMember(team=team, event=self.event, player=p) for p in players
        )


@atomic
def save_team(
    event: Event, user, name: str, players: list[Player], team: Team | None = None
) -> Team:
    """A new team of the event, or ``team`` changed: its name and its players."""
    # The event row locked: the checks see every other team (the database refuses a
    # player twice too).
    event = lock_event(event.pk, user)
    if not teams.kind(event).teams:
        raise FormError("The event ranks no teams: choose teams in its settings first.")
    return save_group(Teams(event), user, name, players, team)


@atomic
def delete_team(team: Team, user) -> None:
    delete_group(Teams, team, user)
