"""The check-in page's forms: a name searched, a player who taps *I am here*."""

from __future__ import annotations

from django import forms

from ..models import Player
from .fields import column_range


class CheckInSearchForm(forms.Form):
    q = forms.CharField(
        max_length=100,
        required=False,
        label="Your name",
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words", "spellcheck": "false"}
        ),
    )


class CheckInForm(forms.Form):
    """The player who taps *I am here*: an id of the registry (the service says
    whether they are the event's)."""

    player = forms.IntegerField(
        min_value=1,
        max_value=column_range(Player, "id")[1],
        widget=forms.HiddenInput,
        error_messages={
            "required": "Find your name first, then tap I am here.",
            "invalid": "Find your name first, then tap I am here.",
            "min_value": "Find your name first, then tap I am here.",
            "max_value": "Find your name first, then tap I am here.",
        },
    )
