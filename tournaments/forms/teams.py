"""The team form: a name and its players, ticked from the event's registered ones."""

from __future__ import annotations

from django import forms

from ..models import Player


class TeamForm(forms.Form):
    name = forms.CharField(label="Name", max_length=60, help_text="e.g. Lodge Tábor A.")
    players = forms.ModelMultipleChoiceField(
        label="Its players",
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, event, *args, team=None, **kwargs):
        if team is not None:
            kwargs.setdefault(
                "initial",
                {"name": team.name, "players": [m.player for m in team.members.all()]},
            )
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.filter(
            registrations__event=event
        ).order_by("name")
        self.fields["players"].help_text = f"Tick {event.team_size}, registered in the event."

    def settings(self) -> dict:
        """As services.teams.save_team takes them."""
        return {"name": self.cleaned_data["name"], "players": list(self.cleaned_data["players"])}
