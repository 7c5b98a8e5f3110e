"""A club of the circuit: a lodge or parish club running its own events and seasons.

A server holds one circuit of clubs. A server with one club (what ``make run`` starts)
works and reads as if there were no circuit: every event and season is that club's.
"""

from __future__ import annotations

import secrets
from datetime import date

from django.conf import settings
from django.db import models
from django.utils.text import slugify

# What a server's first club is called when nothing names it (the migration names an
# existing server's club from its seasons' "club or series", when they agree).
DEFAULT_NAME = "Our club"


def new_signing_key() -> str:
    """A club's secret: it will sign the event files the club sends in. Never shown on
    a public page."""
    return secrets.token_urlsafe(32)


class MoreThanOneClub(Exception):
    """The server has several clubs: whose the event or season is must be said."""


class ClubQuerySet(models.QuerySet):
    def several(self) -> bool:
        """Whether the server holds more than one club (a circuit): pages and printouts
        then say a player's circuit number and an event's club. One query."""
        return len(self.order_by().values_list("pk", flat=True)[:2]) > 1

    def the_club(self) -> Club:
        """The server's only club, made when first needed (a new server has none).

        With several clubs there is no default: saying whose an event is falls to the
        caller, never to a guess."""
        clubs = list(self.order_by("pk")[:2])
        if len(clubs) > 1:
            raise MoreThanOneClub("This server has several clubs: say which club's it is.")
        if clubs:
            return clubs[0]
        # get_or_create: two first events at once still make one club.
        club, _ = self.get_or_create(slug=slugify(DEFAULT_NAME), defaults={"name": DEFAULT_NAME})
        return club


class Club(models.Model):
    name = models.CharField(max_length=150)
    slug = models.SlugField(max_length=60, unique=True)
    signing_key = models.CharField(max_length=100, default=new_signing_key, editable=False)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_clubs", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        # The circuit's officers (CIRCUIT.md): they approve clubs' events for the ranking
        # list, merge a player recorded twice, publish the list and read every club's
        # events. A permission, so the admin gives it to a user or a group.
        permissions = [("circuit_officer", "Is a circuit officer")]

    def __str__(self) -> str:
        return self.name


class ClubMembership(models.Model):
    """A player is a member of a club (CIRCUIT.md): the club's members' list of the
    ranking list reads it. A player may belong to several clubs; playing a club's
    event does not make a member by itself."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="memberships"
    )
    since = models.DateField(default=date.today)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player__name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="one_membership_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.club}"


class ReceivedFile(models.Model):
    """A signed event file received (exchange.received): its digest, unique, so the
    same file uploaded again is refused instead of making a second event."""

    digest = models.CharField(max_length=64, unique=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="received_files")
    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="received_file"
    )
    received_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event} from {self.club}"
