"""What the commands look up by what an organizer types: a user by name, a row by id; a
clear error (exit 1) when there is none."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def user_named(name: str):
    try:
        return get_user_model().objects.get(username=name)
    except get_user_model().DoesNotExist:
        raise CommandError(f"No user named {name!r}.") from None


def one_with_id(model, pk: int):
    """``model``'s row ``pk``, or "No season with id 7."."""
    try:
        return model.objects.get(pk=pk)
    except model.DoesNotExist:
        raise CommandError(f"No {model._meta.verbose_name} with id {pk}.") from None
