"""The prize form (an entry fee in dollars, the prize table, the club's tick) and a
category's form (its name, its players, its own prize table)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from .. import money
from .groups import GroupForm


class PrizeTableField(forms.CharField):
    """A prize table as typed, a line a place, cleaned to the words it is kept in; a
    line that is no prize is refused with its place ("2nd place: ...")."""

    def __init__(self, *, rows: int, help_text: str):
        super().__init__(
            label="Prizes",
            required=False,
            max_length=4000,
            widget=forms.Textarea(attrs={"rows": rows, "cols": 20}),
            help_text=help_text,
        )

    def clean(self, value) -> str:
        text = super().clean(value)
        try:
            return money.table_text(money.parse_table(text))
        except ValidationError as e:
            raise ValidationError(e.messages) from e


class PrizesForm(forms.Form):
    entry_fee = forms.CharField(
        label="Entry fee",
        required=False,
        max_length=20,
        help_text="In dollars, e.g. $10.00 "
        f"(at most {money.dollars(money.MAX_CENTS)}); empty: no fee.",
    )
    prize_table = PrizeTableField(
        rows=6,
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

    def settings(self) -> dict:
        """As services.prizes.set_prizes takes them."""
        data = self.cleaned_data
        return {
            "entry_fee_cents": data["entry_fee"],
            "prize_table": data["prize_table"],
            "prizes_club_adds": data["prizes_club_adds"],
            "prizes_in_each_list": data["prizes_in_each_list"],
        }


class CategoryForm(GroupForm):
    """A category: its name, its players (the event's registered ones, ticked), its
    prize table (only for an event that sets prizes)."""

    name_help = "e.g. Open, Newcomers, Seniors, a lodge."

    prize_table = PrizeTableField(
        rows=4,
        help_text="As the event's: a line a place, an amount ($20.00) or a percentage of "
        "the fees collected (10%).",
    )

    def __init__(self, event, *args, **kwargs):
        super().__init__(event, *args, **kwargs)
        if not event.sets_prizes:
            del self.fields["prize_table"]  # no word of money for an event without prizes

    def initial_of(self, category) -> dict:
        return {
            "name": category.name,
            "players": list(category.players.all()),
            "prize_table": category.prize_table,
        }

    def settings(self) -> dict:
        """As services.prizes.save_category takes them."""
        return super().settings() | {"prize_table": self.cleaned_data.get("prize_table", "")}
