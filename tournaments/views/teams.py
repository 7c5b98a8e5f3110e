"""An event's teams: its organizers' page listing them, with a form to add one or to
change one (views write through services.teams)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render

from .. import services
from ..forms.teams import TeamForm
from ..models import Team, TeamMember
from ..services.teams import delete_team, save_team
from .common import check_manage, event_or_404, form_errors, organizer_view


@organizer_view
def event_teams(request, pk, team_pk=None):
    """The event's teams and a form to add one; with ``team_pk``, that team's form
    (change it, or remove it)."""
    event = event_or_404(request, pk)
    check_manage(request, event)
    team = get_object_or_404(Team, pk=team_pk, event=event) if team_pk else None
    form = TeamForm(event, request.POST or None, team=team)
    if request.method == "POST" and team and "delete" in request.POST:
        delete_team(team, request.user)
        messages.success(request, f"Team {team.name} removed.")
        return redirect("event-teams", event.pk)
    if request.method == "POST" and form.is_valid():
        try:
            saved = save_team(event, request.user, team=team, **form.settings())
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, f"Team {saved.name} saved.")
            return redirect("event-teams", event.pk)
    members: dict[int, list[str]] = {}
    for team_id, name in (
        TeamMember.objects.filter(event=event)
        .order_by("player__name")
        .values_list("team_id", "player__name")
    ):
        members.setdefault(team_id, []).append(name)
    teams = [(t, members.get(t.pk, [])) for t in Team.objects.filter(event=event)]
    return render(
        request,
        "tournaments/teams.html",
        {"event": event, "form": form, "team": team, "teams": teams},
    )
