"""What creating an event and creating a season share: who may, the club whose it is,
and its first organizer."""

from __future__ import annotations

from collections.abc import Callable

from django.db import models

from .clubs import the_club
from .errors import PermissionDenied
from .permissions import can_create_events, organized_club_ids


def create_organized(user, model: type[models.Model], fields: dict, clean: Callable, noun: str):
    """A new ``model`` (an Event, a Season) of ``fields``, checked by ``clean``; the
    server's only club's unless ``fields`` name its club (``ClubOwned.owner_field``);
    its creator its first organizer. ``noun``: what an account that may not create
    them is told it may not create."""
    if not can_create_events(user):
        raise PermissionDenied(f"Only organizer accounts may create {noun}.")
    club = fields.get(model.owner_field)
    if club is not None and not user.is_superuser and club.pk not in organized_club_ids(user):
        raise PermissionDenied(f"Only the organizers of {club.name} may create its {noun}.")
    made = model(**fields)
    clean(made)
    if getattr(made, f"{made.owner_field}_id") is None:
        setattr(made, made.owner_field, the_club())
    made.save()
    made.organizers.add(user)
    return made
