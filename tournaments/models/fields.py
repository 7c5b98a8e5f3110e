"""Declarations several models share: what an imported row keeps of who did it and when
in the database it came from."""

from __future__ import annotations

from django.db import models


def imported_user(did: str) -> models.CharField:
    """An imported row is recorded by the importing organizer; the user name that ``did``
    it ("entered") in the database it came from is kept as recorded, never as our own."""
    return models.CharField(
        max_length=150, blank=True, help_text=f"Imported: the user name that {did} it."
    )


def imported_at(did: str) -> models.DateTimeField:
    """When an imported row was done (``did``: "entered") in the database it came from."""
    return models.DateTimeField(null=True, blank=True, help_text=f"Imported: when it was {did}.")
