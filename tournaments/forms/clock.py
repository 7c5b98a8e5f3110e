"""Rounds on the clock: a round's length, and more time for one table."""

from __future__ import annotations

from django import forms

from ..models import Round
from ..services.clock import MAX_EXTRA, MIN_EXTRA
from .fields import from_to, from_to_words

NOT_A_NUMBER = "Give the minutes as a whole number, e.g. 55."


class RoundLengthForm(forms.Form):
    minutes = forms.IntegerField(
        label="Length (minutes)",
        help_text="The bell rings this long after you start the round.",
        **from_to(
            Round.MIN_MINUTES,
            Round.MAX_MINUTES,
            from_to_words("A round's length", Round.MIN_MINUTES, Round.MAX_MINUTES, " minutes"),
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # from_to's messages replace the field's own; keep the not-a-number one too.
        self.fields["minutes"].error_messages.update(invalid=NOT_A_NUMBER, required=NOT_A_NUMBER)


class ExtendTableForm(forms.Form):
    extra = forms.IntegerField(
        label="More minutes",
        initial=5,
        **from_to(
            MIN_EXTRA,
            MAX_EXTRA,
            from_to_words("More time for a table", MIN_EXTRA, MAX_EXTRA, " minutes"),
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["extra"].error_messages.update(invalid=NOT_A_NUMBER, required=NOT_A_NUMBER)
