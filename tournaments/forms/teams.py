"""The team form: a name and its players, ticked from the event's registered ones."""

from __future__ import annotations

from .groups import GroupForm


class TeamForm(GroupForm):
    name_help = "e.g. Lodge Tábor A."

    def __init__(self, event, *args, **kwargs):
        super().__init__(event, *args, **kwargs)
        self.fields["players"].help_text = f"Tick {event.team_size}, registered in the event."

    def initial_of(self, team) -> dict:
        return {"name": team.name, "players": [m.player for m in team.members.all()]}
