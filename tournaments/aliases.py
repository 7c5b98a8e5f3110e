"""Players merged into another (services/merging.py): the append-only ledger's rows go
on naming them, and whoever sums or checks those rows reads them as the kept player."""

from __future__ import annotations

from django.db.models.functions import Coalesce

from .models import PlayerAlias


def merged_aliases() -> dict[int, int]:
    """Merged player id -> the kept player's id (never a chain: a merge re-points the
    older aliases). One query."""
    return dict(PlayerAlias.objects.values_list("player_id", "kept_id"))


def kept_account(player_field: str) -> Coalesce:
    """The player id a row's ``player_field`` (``payee``, ``player``, …) counts for: the
    kept player's where that player was merged into another, else its own. A join in
    the row's own query, no query more."""
    return Coalesce(f"{player_field}__alias__kept_id", f"{player_field}_id")
