"""A deal's players as they are called today: each version keeps the player id of
every name in its document, so a player renamed since shows one name on every page and
is the same player when a deal is sent again. A player merged into another since
(services/merging.py) is called as the kept player is."""

from __future__ import annotations

from django.db.models import F, JSONField, OuterRef, Subquery
from django.db.models.functions import Coalesce

from taroky_scoring.renaming import rename_players

from .models import Deal, DealVersion, Player, PlayerAlias


def with_current_names(deals):
    """Deals with ``current_names``: their current version's player ids by name (what
    ``under_todays_names`` reads), in the same query."""
    # One row (a deal's version number is unique): no ordering, which by DealVersion's
    # default would join each deal's table, round and event again.
    current = DealVersion.objects.filter(deal=OuterRef("pk"), number=OuterRef("version")).order_by()
    return deals.annotate(
        current_names=Subquery(current.values("names")[:1], output_field=JSONField())
    )


def with_kept_names(today: dict[int, str], name_maps) -> dict[int, str]:
    """``today`` (player id -> name) with, for each id of the versions' ``name_maps`` it
    lacks, the name of the player it was merged into: a query only when one is lacking
    (a deal's players are its table's, whose seats a merge moved to the kept player)."""
    missing = {int(pk) for names in name_maps for pk in (names or {}).values()} - today.keys()
    if not missing:
        return today
    kept = PlayerAlias.objects.filter(player__in=missing).values_list("player_id", "kept__name")
    return {**today, **dict(kept)}


def renamed_since(names: dict | None, today: dict[int, str]) -> dict[str, str]:
    """Each name of a document whose player is called otherwise now, and their name now
    (``names``: the name -> player id its version keeps; ``today``: id -> name)."""
    return {
        name: today[int(pk)]
        for name, pk in (names or {}).items()
        if today.get(int(pk), name) != name
    }


def under_todays_names(document: dict, names: dict | None, today: dict[int, str]) -> dict:
    """``document`` with each player as called now (``today``: player id -> name), by
    the ids its version keeps (``names``): a player renamed since shows one name on
    every page. The document itself, unchanged, when nobody was renamed."""
    renamed = renamed_since(names, today)
    return rename_players(document, renamed) if renamed else document


def todays_document(document: dict, names: dict | None) -> dict:
    """``document`` under today's names, its players read by the ids ``names`` keeps."""
    ids = [int(pk) for pk in (names or {}).values()]
    today = dict(
        Player.objects.filter(pk__in=ids).values_list(
            "pk", Coalesce(F("alias__kept__name"), F("name"))
        )
    )
    return under_todays_names(document, names, today)


def deal_under_todays_names(deal: Deal) -> dict:
    """``deal``'s document under today's names, by its current version's player ids."""
    names = deal.versions.values_list("names", flat=True).get(number=deal.version)
    return todays_document(deal.document, names)
