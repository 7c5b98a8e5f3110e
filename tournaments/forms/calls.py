"""A table's call for the director: why, and an optional word (cleaned as typed text)."""

from __future__ import annotations

from django import forms

from ..models import DirectorCall
from ..models.calls import CALL_WORD_LENGTH
from .fields import clean_typed_name


class DirectorCallForm(forms.Form):
    reason = forms.ChoiceField(
        label="Why",
        choices=DirectorCall.Reason.choices,
        widget=forms.RadioSelect,
        error_messages={"required": "Say why you call the director."},
    )
    word = forms.CharField(
        label="A word for the director (optional)",
        required=False,
        max_length=CALL_WORD_LENGTH,
        error_messages={"max_length": f"Say it in {CALL_WORD_LENGTH} characters or fewer."},
    )

    def clean_word(self) -> str:
        return clean_typed_name(self.cleaned_data["word"], "word", self.fields["word"])
