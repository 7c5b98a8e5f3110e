"""The server's clubs: which club an event or season is saved in.

A server with one club (what ``make run`` starts) never asks: its events and seasons
are its club's, and the club is made with its first event or season.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Q

from ..models import Club
from ..models.clubs import MoreThanOneClub
from .errors import ServiceError


def the_club() -> Club:
    """The server's only club, made when first needed."""
    try:
        return Club.objects.the_club()
    except MoreThanOneClub as e:
        raise ServiceError(str(e)) from None


# What ``new_signing_key`` makes (43 characters), or any key as long and as plain.
KEY = re.compile(r"[A-Za-z0-9_-]{32,100}")


def set_signing_key(which: str, key: str) -> Club:
    """The laptop's club given the key its club has on the circuit's server (copied
    from the club's page there), so the event files it signs are the club's.

    ``which``: the club's slug or name here; a laptop with one club (what ``make run``
    makes) takes it whatever its club is called there."""
    key = key.strip()
    if not KEY.fullmatch(key):
        raise ServiceError(
            "That is not a club's key: copy the whole key from the club's page on the "
            "circuit's server (32 to 100 letters, digits, - and _)."
        )
    with transaction.atomic():
        club = (
            Club.objects.select_for_update()
            .filter(Q(slug=which) | Q(name__iexact=which.strip()))
            .first()
        )
        if club is None:
            try:
                club = Club.objects.the_club()
            except MoreThanOneClub:
                raise ServiceError(
                    f"No club here is called {which!r}; say one of: "
                    + ", ".join(Club.objects.values_list("slug", flat=True))
                    + "."
                ) from None
        Club.objects.filter(pk=club.pk).update(signing_key=key)
        club.signing_key = key
    return club
