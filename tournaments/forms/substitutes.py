"""The substitute form on a table's sheet (an organizer's): whose seat, who takes it (a
player free in the round, or a newcomer registered as a reserve), from which deal, and
whether the substitute plays for the player who left or in their own name."""

from __future__ import annotations

from django import forms

from .. import seat_holders
from ..models import Player, Substitution
from ..services.seats import free_players
from .fields import PlayerChoice, clean_typed_name, from_to

MAX_DEAL = Substitution.MAX_FROM_DEAL
NOT_REGISTERED = "Choose a registered player of this event: register a newcomer first."
NOT_A_DEAL = f"Give the deal's number, a whole number from 1 to {MAX_DEAL:,}."
WHO = "Choose the substitute, or type the name of a newcomer."
NOT_BOTH = "Choose a player of the event or type a newcomer's name, not both."


class SubstituteForm(forms.Form):
    leaver = PlayerChoice(
        queryset=Player.objects.none(), label="Seat of", empty_label="— who left —"
    )
    substitute = PlayerChoice(
        queryset=Player.objects.none(),
        required=False,
        label="Substitute",
        empty_label="— a player free in this round —",
        help_text="Players of the event who sit nowhere in this round.",
    )
    newcomer = forms.CharField(
        max_length=100,
        required=False,
        label="Or a newcomer",
        help_text="Registered as a reserve: no seat in the rounds drawn.",
    )
    pays_fee = forms.BooleanField(
        required=False, label="The newcomer pays the entry fee (a substitute only does not)"
    )
    from_deal = forms.IntegerField(label="From deal", **from_to(1, MAX_DEAL, NOT_A_DEAL))
    mode = forms.ChoiceField(
        label="The substitute plays",
        choices=Substitution.Mode.choices,
        initial=Substitution.Mode.AS_HIMSELF,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, seated, registered, free=None, **kwargs):
        """``seated``: the ids of the seats' players; ``registered``: a queryset of the
        event's players (a substitute chosen must be one: the service says why any
        other is refused); ``free``: those offered, who sit nowhere in the round."""
        super().__init__(*args, **kwargs)
        self.handed_over = []
        self.fields["leaver"].queryset = Player.objects.filter(pk__in=seated)
        field = self.fields["substitute"]
        field.queryset = registered
        field.error_messages["invalid_choice"] = NOT_REGISTERED
        if free is not None:
            # Offered: the players free in the round; accepted: any registered player,
            # whom the service refuses at this field in words if they sit already.
            offered = PlayerChoice(queryset=free, empty_label=field.empty_label)
            field.widget.choices = offered.choices
        self.fields["from_deal"].error_messages.update(invalid=NOT_A_DEAL, required=NOT_A_DEAL)

    @classmethod
    def for_sheet(cls, sheet, data=None) -> SubstituteForm:
        """The form of a table's sheet: the seats not yet handed over, the players free
        in the table's round offered, the next deal given."""
        seated = [s.player_id for s in sheet.seats if seat_holders.substitution_of(s) is None]
        registered = Player.objects.filter(registrations__event=sheet.event)
        next_number = (sheet.rows[-1].deal.number if sheet.rows else 0) + 1
        form = cls(
            data,
            seated=seated,
            registered=registered,
            free=free_players(sheet.table.round),
            initial={"from_deal": next_number},
        )
        # The seats handed over, each with whether it may still be taken back (its
        # first deal not entered): the form lists them with a Cancel button.
        form.handed_over = [
            (sub, sub.from_deal >= next_number) for sub in seat_holders.substituted(sheet.seats)
        ]
        return form

    def clean_newcomer(self):
        return clean_typed_name(self.cleaned_data.get("newcomer", ""), "name")

    def clean(self):
        cleaned = super().clean()
        chosen, typed = cleaned.get("substitute"), cleaned.get("newcomer")
        if "substitute" in self.errors or "newcomer" in self.errors:
            return cleaned
        if chosen is None and not typed:
            self.add_error("substitute", WHO)
        elif chosen is not None and typed:
            self.add_error("newcomer", NOT_BOTH)
        return cleaned
