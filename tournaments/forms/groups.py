"""The form of a named group of an event's registered players, a category or a team:
its name and its players, ticked from those registered; each kind's form adds its own
fields (forms.prizes.CategoryForm, forms.teams.TeamForm)."""

from __future__ import annotations

from django import forms

from ..models import Player
from .fields import PlayerIds


class GroupForm(forms.Form):
    name_help = ""  # the kind's examples of a name

    name = forms.CharField(label="Name", max_length=60)
    players = PlayerIds(
        label="Its players",
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, event, *args, group=None, **kwargs):
        if group is not None:
            kwargs.setdefault("initial", self.initial_of(group))
        super().__init__(*args, **kwargs)
        self.fields["name"].help_text = self.name_help
        self.fields["players"].queryset = Player.objects.filter(
            registrations__event=event
        ).order_by("folded", "name")

    def initial_of(self, group) -> dict:
        """The group's fields as the form shows them to be changed."""
        raise NotImplementedError

    def settings(self) -> dict:
        """As the kind's service (services.prizes.save_category, services.teams.save_team)
        takes them."""
        return {"name": self.cleaned_data["name"], "players": list(self.cleaned_data["players"])}
