"""An event's teams: its organizers' page listing them, with a form to add one or to
change one (views.groups; views write through services.teams)."""

from __future__ import annotations

from .. import teams as sides
from ..forms.teams import TeamForm
from ..models import Team, TeamMember
from ..services.teams import delete_team, save_team
from .common import managed_event, organizer_view
from .groups import GroupPage, group_page


def _teams(event) -> dict:
    members: dict[int, list[str]] = {}
    for team_id, name in (
        TeamMember.objects.filter(event=event)
        .order_by("player__folded", "player__name")
        .values_list("team_id", "player__name")
    ):
        members.setdefault(team_id, []).append(name)
    return {
        "teams": [(t, members.get(t.pk, [])) for t in Team.objects.filter(event=event)],
        "sides_kind": sides.kind(event),
    }


TEAMS = GroupPage(
    model=Team,
    form=TeamForm,
    save=save_team,
    delete=delete_team,
    noun="team",
    listing="event-teams",
    template="tournaments/teams.html",
    listed=_teams,
)


@organizer_view
@managed_event
def event_teams(request, event, team_pk=None):
    """The event's teams and a form to add one; with ``team_pk``, that team's form
    (change it, or remove it)."""
    return group_page(request, event, team_pk, TEAMS)
