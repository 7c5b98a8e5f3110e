"""The server's clubs: which club an event or season is saved in.

A server with one club (what ``make run`` starts) never asks: its events and seasons
are its club's, and the club is made with its first event or season.
"""

from __future__ import annotations

from ..models import Club
from ..models.clubs import MoreThanOneClub
from .errors import ServiceError


def the_club() -> Club:
    """The server's only club, made when first needed."""
    try:
        return Club.objects.the_club()
    except MoreThanOneClub as e:
        raise ServiceError(str(e)) from None
