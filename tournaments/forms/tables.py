"""Forms about seating: a table, its first forehand, the draw and a swap."""

from __future__ import annotations

from django import forms

from taroky_scoring.rotation import number_word

from ..models import Player, Round
from .fields import PlayerChoice, from_to, from_to_words


class TableForm(forms.Form):
    """Seats in the order of play of the event's game, as many as the game seats (the
    core's ``table_sizes``); seats past the smallest table are optional."""

    first_forehand = PlayerChoice(
        queryset=Player.objects.none(),
        required=False,
        label="First forehand",
        help_text="Optional: the dealer of the first deal sits before them.",
    )

    def __init__(self, *args, players, game, free=None, **kwargs):
        """``players``: those a seat accepts; ``free``: those offered (who sit nowhere
        in the round yet: the service says in words why another is refused)."""
        super().__init__(*args, **kwargs)
        self.game = game
        fewest, most = min(game.table_sizes), max(game.table_sizes)
        side = "left" if game.order_of_play == "clockwise" else "right"
        self.seat_names = [f"seat{i}" for i in range(1, most + 1)]
        seats = {}
        for i, name in enumerate(self.seat_names, start=1):
            label = f"Seat {i}"
            if i == 2:
                label += f" ({side} of 1)"
            if i > fewest:
                label += " (optional)"
            seats[name] = PlayerChoice(queryset=players, label=label, required=i <= fewest)
            if free is not None:
                seats[name].widget.choices = PlayerChoice(queryset=free).choices
        # The seats first, in the order of play, then the first forehand.
        self.fields = {**seats, **self.fields}
        self.fields["first_forehand"].queryset = players
        # Who the first forehand is, in the game's words (the core's, section 12).
        self.fields["first_forehand"].label = f"First forehand (holds {game.first_forehand_holds})"

    @property
    def intro(self) -> str:
        """How to seat the table, in the game's words from the core."""
        words = f"Seat the players {self.game.order_of_play}."
        sizes = self.game.table_sizes
        if self.game.dealer_sits_out(max(sizes)):
            words += f" With {number_word(max(sizes))}, the dealer sits out each deal."
        elif len(sizes) == 1:
            words += f" {number_word(sizes[0]).capitalize()} play at a table."
        return words

    def seated(self) -> list[Player]:
        c = self.cleaned_data
        return [c[name] for name in self.seat_names if c.get(name)]


class FirstForehandForm(forms.Form):
    first_forehand = PlayerChoice(
        queryset=Player.objects.none(),
        label="First forehand",
        empty_label="— choose —",
    )

    def __init__(self, *args, players, game, free=None, **kwargs):
        """``players``: those a seat accepts; ``free``: those offered (who sit nowhere
        in the round yet: the service says in words why another is refused)."""
        super().__init__(*args, **kwargs)
        self.fields["first_forehand"].queryset = Player.objects.filter(pk__in=players)
        self.holds = game.first_forehand_holds  # in the game's words, from the core
        self.fields["first_forehand"].label = f"First forehand (holds {self.holds})"


SEED_WHY = ", as a random draw's is"  # the seed a draw shows can be typed again


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        required=False,
        **from_to(0, Round.MAX_SEED, from_to_words("A seed", 0, Round.MAX_SEED, SEED_WHY)),
        help_text="Leave empty for a new random draw; give a seed to repeat a draw.",
    )


class SwapForm(forms.Form):
    first = PlayerChoice(queryset=Player.objects.none(), label="Swap")
    second = PlayerChoice(queryset=Player.objects.none(), label="with")

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = players
        self.fields["second"].queryset = players
