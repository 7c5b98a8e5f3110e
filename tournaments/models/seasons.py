"""A club's season: events ranked together, and how."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.template.defaultfilters import pluralize
from django.urls import reverse

from ..names import clean_names
from ..scoping import club_manager
from .club_owned import ClubOwned
from .clubs import Club


def default_placement_points() -> list[int]:
    """Points for 1st, 2nd, 3rd ... of an event, as many clubs give them."""
    return [10, 8, 6, 5, 4, 3, 2, 1]


def default_tie_breaks() -> list[str]:
    return [Season.TieBreak.CHIPS, Season.TieBreak.EVENTS_WON, Season.TieBreak.HEAD_TO_HEAD]


class Season(ClubOwned, models.Model):
    """A club's season or a tournament series: standings across its events, of any game.

    Its scoring (``SCORING``) says how the events count: the chips won, or placement
    points per event (a table for 1st, 2nd, ... and points for taking part), optionally
    only each player's best N of the M events, and ties broken in a stated order. The
    scoring is fixed once the season is published; every change is in the audit.
    """

    class Basis(models.TextChoices):
        CHIPS = "chips", "Total chips won"
        PLACEMENT = "placement", "Placement points per event"

    class TieBreak(models.TextChoices):
        CHIPS = "chips", "Chips won over the season"
        EVENTS_WON = "events_won", "Events won"
        HEAD_TO_HEAD = "head_to_head", "Head-to-head: placed above the other in more events"

    # Bounds an organizer's numbers must keep (a table of points is short and small).
    MAX_PLACES = 64
    MAX_POINTS = 10_000
    MAX_EVENTS = 1_000
    # Each number of the scoring: its least, its most, and what its field is said as.
    NUMBERS = {
        "participation_points": (0, MAX_POINTS, "Points for taking part"),
        "planned_events": (1, MAX_EVENTS, "Events in the season (M)"),
        "best_of": (1, MAX_EVENTS, "Each player's best N events: N"),
    }

    name = models.CharField(max_length=150)
    club = models.CharField("club or series", max_length=100, blank=True)
    start_date = models.DateField()
    end_date = models.DateField()
    basis = models.CharField(
        "the season ranks by", max_length=20, choices=Basis.choices, default=Basis.CHIPS
    )
    placement_points = models.JSONField(
        "points for 1st, 2nd, 3rd ...",
        default=default_placement_points,
        blank=True,
        help_text="Placement points only: the points of each place in an event.",
    )
    participation_points = models.PositiveIntegerField(
        "points for taking part",
        default=0,
        help_text="Placement points only: added for every event a player plays.",
    )
    planned_events = models.PositiveIntegerField(
        "events in the season (M)",
        null=True,
        blank=True,
        help_text="How many events the season has; needed to count the best N of them.",
    )
    best_of = models.PositiveIntegerField(
        "count each player's best N events",
        null=True,
        blank=True,
        help_text="Leave empty to count every event.",
    )
    tie_breaks = models.JSONField(
        "ties broken by, in order", default=default_tie_breaks, blank=True
    )
    published = models.BooleanField(
        default=False,
        help_text="Anyone may read the season's standings; its scoring is then fixed.",
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_seasons", blank=True
    )
    # The club whose season it is (``club`` is the text its pages show, "club or
    # series"); blank: saved as the server's only club's (ClubOwned.save).
    owner_field = "owner_club"
    owner_club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="seasons", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    objects = club_manager("owner_club")  # tournaments.scoping

    class Meta:
        ordering = ["-start_date", "name"]

    # How the season ranks: fixed once it is published.
    SCORING = (
        "basis",
        "placement_points",
        "participation_points",
        "planned_events",
        "best_of",
        "tie_breaks",
    )
    # What an organizer sets on the season form and what an export carries.
    SETTINGS = ("name", "club", "start_date", "end_date", *SCORING, "published")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season-detail", args=[self.pk])

    @classmethod
    def placement_points_error(cls, points, typed: bool = False) -> str:
        """What is wrong with a table of placement points, "" if nothing: whole numbers
        from 0 to MAX_POINTS, at most MAX_PLACES of them. The season's form asks it of
        each number as it reads the text typed (``typed``: the number is said).

        >>> Season.placement_points_error([10, -2]), Season.placement_points_error([-2], True)
        ('Points cannot be below 0.', 'Points cannot be below 0 (not -2).')
        >>> Season.placement_points_error([12, 20_000]), Season.placement_points_error([8, 6])
        ('At most 10,000 points a place.', '')
        """
        if not isinstance(points, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in points
        ):
            return "Give whole numbers of points, one a place: 10, 8, 6, 5."
        below = [p for p in points if p < 0]
        if below:
            return f"Points cannot be below 0{f' (not {below[0]})' if typed else ''}."
        if any(p > cls.MAX_POINTS for p in points):
            return f"At most {cls.MAX_POINTS:,} points a place."
        if len(points) > cls.MAX_PLACES:
            return f"At most {cls.MAX_PLACES} places."
        return ""

    @classmethod
    def number_words(cls, name: str) -> str:
        """What a number of the scoring may be, in words (its field's message).

        >>> Season.number_words("best_of")
        "Each player's best N events: N must be from 1 to 1,000."
        """
        low, high, what = cls.NUMBERS[name]
        return f"{what} must be from {low:,} to {high:,}."

    def clean(self):
        # Its name and club as players' names are stored; one no name holds, said.
        errors: dict[str, list[str]] = clean_names(self, {"name": "name", "club": "club"})
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors.setdefault("end_date", []).append("The season ends on or after its start.")
        points = self.placement_points
        wrong = self.placement_points_error(points)
        if wrong:
            errors.setdefault("placement_points", []).append(wrong)
        if self.basis == self.Basis.PLACEMENT and not points and not self.participation_points:
            errors.setdefault("placement_points", []).append(
                "Give the points of at least the first place (or for taking part)."
            )
        for name, (low, high, _) in self.NUMBERS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                if value is not None:  # clean_fields says what it is not
                    errors.setdefault(name, [])
                continue
            if not low <= value <= high:
                errors.setdefault(name, []).append(self.number_words(name))
        if (
            self.best_of is not None
            and not errors.get("best_of")
            and "planned_events" not in errors
        ):
            if self.planned_events is None:
                errors.setdefault("planned_events", []).append(
                    "Give how many events the season has (M) to count the best N."
                )
            elif self.best_of > self.planned_events:
                errors.setdefault("best_of", []).append(
                    f"N ({self.best_of}) cannot be larger than the season's "
                    f"{self.planned_events} event{pluralize(self.planned_events)} (M)."
                )
        breaks = self.tie_breaks
        known = set(self.TieBreak.values)
        if (
            not isinstance(breaks, list)
            or not all(isinstance(b, str) and b in known for b in breaks)
            or len(set(breaks)) != len(breaks)
        ):
            errors.setdefault("tie_breaks", []).append(
                f"Each of {', '.join(self.TieBreak.values)} at most once, in order."
            )
        errors = {name: said for name, said in errors.items() if said}
        if errors:
            raise ValidationError(errors)

    @property
    def counts_best(self) -> bool:
        return self.best_of is not None
