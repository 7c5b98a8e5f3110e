"""The prize form: an entry fee in dollars, the prize table, the club's tick."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from .. import money
from ..models import Player


class PrizesForm(forms.Form):
    entry_fee = forms.CharField(
        label="Entry fee",
        required=False,
        max_length=20,
        help_text="In dollars, e.g. $10.00 "
        f"(at most {money.dollars(money.MAX_CENTS)}); empty: no fee.",
    )
    prize_table = forms.CharField(
        label="Prizes",
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 20}),
        help_text="A line a place, first place first: an amount ($40.00) or a percentage of "
        "the fees collected (50%). Empty: no prizes.",
    )
    prizes_club_adds = forms.BooleanField(
        label="The club adds what the fees do not cover",
        required=False,
        help_text="Needed for prizes that pay more than the fees collected.",
    )
    prizes_in_each_list = forms.BooleanField(
        label="A player may take a prize in each list",
        required=False,
        help_text="The event's and a category's. Unticked, one prize per player: a player "
        "placed in both takes the larger (the event's on equal amounts) and the next in "
        "line takes the other.",
    )

    @classmethod
    def for_event(cls, event, data=None):
        initial = {
            "entry_fee": money.dollars(event.entry_fee_cents) if event.entry_fee_cents else "",
            "prize_table": event.prize_table,
            "prizes_club_adds": event.prizes_club_adds,
            "prizes_in_each_list": event.prizes_in_each_list,
        }
        return cls(data, initial=initial)

    def clean_entry_fee(self) -> int:
        text = self.cleaned_data["entry_fee"].strip()
        return money.parse_dollars(text, "The entry fee") if text else 0

    def clean_prize_table(self) -> str:
        try:
            return money.table_text(money.parse_table(self.cleaned_data["prize_table"]))
        except ValidationError as e:
            raise ValidationError(e.messages) from e

    def settings(self) -> dict:
        """As services.prizes.set_prizes takes them."""
        data = self.cleaned_data
        return {
            "entry_fee_cents": data["entry_fee"],
            "prize_table": data["prize_table"],
            "prizes_club_adds": data["prizes_club_adds"],
            "prizes_in_each_list": data["prizes_in_each_list"],
        }


class CategoryForm(forms.Form):
    """A category: its name, its players (the event's registered ones, ticked), its
    prize table (only for an event that sets prizes)."""

    name = forms.CharField(
        label="Name", max_length=60, help_text="e.g. Open, Newcomers, Seniors, a lodge."
    )
    players = forms.ModelMultipleChoiceField(
        label="Its players",
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    prize_table = forms.CharField(
        label="Prizes",
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 20}),
        help_text="As the event's: a line a place, an amount ($20.00) or a percentage of "
        "the fees collected (10%).",
    )

    def __init__(self, event, *args, category=None, **kwargs):
        if category is not None:
            kwargs.setdefault(
                "initial",
                {
                    "name": category.name,
                    "players": list(category.players.all()),
                    "prize_table": category.prize_table,
                },
            )
        super().__init__(*args, **kwargs)
        if not event.sets_prizes:
            del self.fields["prize_table"]  # no word of money for an event without prizes
        self.fields["players"].queryset = Player.objects.filter(
            registrations__event=event
        ).order_by("name")

    def clean_prize_table(self) -> str:
        try:
            return money.table_text(money.parse_table(self.cleaned_data["prize_table"]))
        except ValidationError as e:
            raise ValidationError(e.messages) from e

    def settings(self) -> dict:
        """As services.prizes.save_category takes them."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "players": list(data["players"]),
            "prize_table": data.get("prize_table", ""),
        }
