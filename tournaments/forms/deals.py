"""Forms about a deal once it is entered: voiding it, counting its card points, a
table's chip count."""

from __future__ import annotations

from django import forms

import taroky_scoring as core
from taroky_scoring.points import CountingCard

from ..models import ChipCount, Deal, ruleset_choices
from .fields import bounded, from_to, from_to_words


class VoidDealForm(forms.Form):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for voiding", widget=forms.Textarea(attrs={"rows": 2}), required=False
    )


COUNTING_WORDS = {
    CountingCard.SKIES: "Škýz (Skies)",
    CountingCard.TAROK21: "Tarok 21",
    CountingCard.TAROK1: "Tarok 1 (špaček)",
    CountingCard.KING: "Kings",
    CountingCard.QUEEN: "Queens",
    CountingCard.HORSEMAN: "Horsemen",
    CountingCard.JACK: "Jacks",
}


class CardPointsForm(forms.Form):
    """A pile counted as the chosen ruleset's game counts it (its pack and its way of
    counting come from the core); every count is bounded by that pack."""

    ruleset = forms.ChoiceField(label="Game", choices=ruleset_choices, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = self._chosen_ruleset()
        self.pack = core.game_for(self.ruleset).pack
        # Bounded by the pack, so no count builds more than the pack holds.
        self.fields["cards"] = forms.IntegerField(
            label="Cards in the pile", **self._at_most("Cards in the pile", self.pack.cards)
        )
        for card, label in COUNTING_WORDS.items():
            self.fields[card.value] = forms.IntegerField(
                label=label,
                initial=0,
                required=False,
                **self._at_most(label, self.pack.in_pack.get(card, 0)),
            )

    def _at_most(self, label: str, most: int) -> dict:
        """From none to as many as the chosen game's pack has, said in words."""
        pack = f"the {self.pack.cards}-card pack"
        said = (
            from_to_words(label, 0, most, f": {pack} has {most}")
            if most
            else f"{pack[0].upper()}{pack[1:]} has no {label}."
        )
        return from_to(0, most, said)

    def _chosen_ruleset(self) -> str:
        chosen = (self.data or {}).get("ruleset") or self.initial.get("ruleset")
        return chosen if chosen in core.ruleset_names() else core.DEFAULT_RULESET

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        counting = [c.value for c in COUNTING_WORDS for _ in range(cleaned.get(c.value) or 0)]
        try:
            cleaned["points"] = self.pack.points(cleaned["cards"], counting)
        except core.OutcomeError as e:
            for err in e.errors:
                self.add_error("cards" if err.field == "cards" else None, err.message)
        return cleaned


class ChipCountForm(forms.Form):
    """One whole number of chips per player at the table."""

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for p in players:
            self.fields[f"player_{p.pk}"] = forms.IntegerField(
                label=p.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                **from_to(
                    0,
                    ChipCount.MAX_COUNTED,
                    f"A count must be from 0 to {ChipCount.MAX_COUNTED:,} chips.",
                ),
            )
