"""Players merged into another (services/merging.py): the append-only ledger's rows go
on naming them, and whoever sums or checks those rows reads them as the kept player."""

from __future__ import annotations

from .models import PlayerAlias


def merged_aliases() -> dict[int, int]:
    """Merged player id -> the kept player's id (never a chain: a merge re-points the
    older aliases). One query."""
    return dict(PlayerAlias.objects.values_list("player_id", "kept_id"))
