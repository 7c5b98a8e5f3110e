"""A substitute in a seat of a table from a given deal on (docs/organizers.md,
"Substitutes"): one per seat, holding to the end of the table's session in its round.
And who sits in each round (``Sitting``), the database's hold on "a player sits at one
table of a round at a time"."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .events import Round, Seat
from .players import Player

# A deal number an organizer may give a substitution: past any session's deals (a fixed
# session has at most Event.MAX_DEALS_PER_SESSION), within a column's range.
MAX_FROM_DEAL = 100_000


class Substitution(models.Model):
    """The seat's player (``seat.player``, the leaver) replaced by ``substitute`` from
    deal ``from_deal`` on, playing for the leaver or in their own name.

    Never changed once made (tournaments/append_only.py: no UPDATE): a substitution
    whose first deal is not entered yet is cancelled (deleted, the activity log says
    so), and the ledger audit finds a row changed, added or deleted behind the app's
    back by comparing with the activity log."""

    class Mode(models.TextChoices):
        # The deals name the leaver: the leaver's chips, place and table points.
        FOR_LEAVER = "for_leaver", "Plays for the player who left"
        # The deals name the substitute: the ledger follows whoever sat. (The stored
        # value is the first release's; only its words changed.)
        AS_HIMSELF = "as_himself", "Plays in their own name"

    MAX_FROM_DEAL = MAX_FROM_DEAL

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
            ),
        ]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.seat.player} from deal {self.from_deal}"

    @property
    def for_leaver(self) -> bool:
        return self.mode == self.Mode.FOR_LEAVER


class Sitting(models.Model):
    """A player sitting in a round: at ``seat``, as its own player or as the substitute
    who took it over. The unique (round, player) is the database's hold on the rule
    "a player sits at one table of a round at a time" (services/seats.py keeps the rows
    and says the rule in words before it comes to that): two organizers seating one
    substitute at two tables at once cannot both save, on SQLite or PostgreSQL.

    The seats and substitutions are the record; these rows only guard it (the ledger
    audit reads the seats and substitutions themselves)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_table_a_round")
        ]

    def __str__(self) -> str:
        return f"{self.player} in round {self.round.number}"
