"""Forms of the schedule: how many rounds to draw at once, and a round seated by the
ranking."""

from __future__ import annotations

from django import forms

from .. import schedule
from ..models import Player, Round
from .fields import PlayerChoice, from_to, from_to_words

SEED_WHY = " (leave it empty for a new random schedule)"


class DrawAllRoundsForm(forms.Form):
    rounds = forms.IntegerField(
        label="Rounds",
        **from_to(1, schedule.MAX_ROUNDS, from_to_words("Rounds", 1, schedule.MAX_ROUNDS)),
        help_text="Every round of the day; the rounds played already are kept.",
    )
    seed = forms.IntegerField(
        required=False,
        **from_to(0, Round.MAX_SEED, from_to_words("A seed", 0, Round.MAX_SEED, SEED_WHY)),
        help_text="Leave empty for a new random schedule; give a seed to repeat one.",
    )


class SeatByRankingForm(forms.Form):
    how = forms.ChoiceField(
        label="Seat by the ranking",
        choices=[
            ("top", "Top with top (the best at table 1)"),
            ("spread", "One from each band at every table"),
        ],
        initial="top",
    )


class CannotMoveForm(forms.Form):
    """A registered player marked (``cannot_move`` 1) or unmarked (0)."""

    player = PlayerChoice(queryset=Player.objects.none())
    cannot_move = forms.TypedChoiceField(
        choices=[("1", "cannot move"), ("0", "may move")], coerce=lambda v: v == "1"
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(registrations__event=event)
