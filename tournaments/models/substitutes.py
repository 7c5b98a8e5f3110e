"""A substitute in a seat of a table from a given deal on (docs/organizers.md,
"Substitutes"): one per seat, holding to the end of the table's session in its round."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .events import Seat
from .players import Player


class Substitution(models.Model):
    """The seat's player (``seat.player``, the leaver) replaced by ``substitute`` from
    deal ``from_deal`` on, playing for the leaver or as himself."""

    class Mode(models.TextChoices):
        # The deals name the leaver: his chips, place and table points.
        FOR_LEAVER = "for_leaver", "Plays for the player who left"
        # The deals name the substitute: the ledger follows whoever sat.
        AS_HIMSELF = "as_himself", "Plays as himself"

    # One substitution a seat: a seat changes hands once a session (the seat's
    # holder at any deal is then the leaver before ``from_deal``, else the substitute).
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="substitution")
    from_deal = models.PositiveIntegerField()
    substitute = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    mode = models.CharField(max_length=20, choices=Mode.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(from_deal__gte=1), name="substitution_from_first_deal"
            )
        ]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.seat.player} from deal {self.from_deal}"

    @property
    def for_leaver(self) -> bool:
        return self.mode == self.Mode.FOR_LEAVER
