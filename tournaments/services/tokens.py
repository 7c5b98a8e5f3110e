"""Token links (models/links.py), a table's or an event's check-in: a new token, and
revoking the working links among some, said so in the activity log that the ledger
audit can check they stay revoked."""

from __future__ import annotations

import secrets

from django.utils import timezone


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits: unguessable


def revoke(links) -> list:
    """Revoke the working links of the queryset ``links`` (each locked): those revoked
    now, none if every one was revoked already."""
    found = links.select_for_update(of=("self",)).filter(revoked_at__isnull=True)
    found = list(found.order_by("pk"))
    now = timezone.now()
    for link in found:
        link.revoked_at = now
        link.save(update_fields=["revoked_at"])
    return found


def revoked_detail(links) -> dict:
    """What the activity log says of links revoked: the ledger audit checks that they
    stay revoked (by id) and that no working link carries their token again (by its
    hash)."""
    return {
        "revoked": [link.pk for link in links],
        "revoked_token_sha256": [link.token_sha256 for link in links],
    }
