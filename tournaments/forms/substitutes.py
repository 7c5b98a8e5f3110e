"""The substitute form on a table's sheet (an organizer's): whose seat, who takes it,
from which deal, and whether he plays for the player who left."""

from __future__ import annotations

from django import forms

from ..models import Player, Substitution
from .fields import PlayerChoice, from_to

# A deal number an organizer types: past any session's deals, within a column's range.
MAX_DEAL = 100_000
NOT_REGISTERED = "Choose a registered player of this event: register a newcomer first."
NOT_A_DEAL = f"Give the deal's number, a whole number from 1 to {MAX_DEAL:,}."


class SubstituteForm(forms.Form):
    leaver = PlayerChoice(
        queryset=Player.objects.none(), label="Seat of", empty_label="— who left —"
    )
    substitute = PlayerChoice(
        queryset=Player.objects.none(),
        label="Substitute",
        empty_label="— a registered player —",
        help_text="A player of the event (register a newcomer on the players page first).",
    )
    from_deal = forms.IntegerField(label="From deal", **from_to(1, MAX_DEAL, NOT_A_DEAL))
    mode = forms.ChoiceField(
        label="He plays",
        choices=Substitution.Mode.choices,
        initial=Substitution.Mode.AS_HIMSELF,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, seated, registered, **kwargs):
        """``seated``: the ids of the seats' players; ``registered``: a queryset of the
        event's players (the substitute's choices)."""
        super().__init__(*args, **kwargs)
        self.fields["leaver"].queryset = Player.objects.filter(pk__in=seated)
        self.fields["substitute"].queryset = registered
        self.fields["substitute"].error_messages["invalid_choice"] = NOT_REGISTERED
        self.fields["from_deal"].error_messages.update(invalid=NOT_A_DEAL, required=NOT_A_DEAL)
