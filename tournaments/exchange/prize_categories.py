"""An event's categories in its file (with or without prizes): exported with their
players' names, checked on import as the category form checks them."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from .. import money
from ..models import PrizeCategory
from .document import ExchangeError


def categories_document(event) -> dict:
    """``{"prize_categories": [...]}`` for an event with categories, else nothing: a
    category's name, its players' names and its prize table (if it has one)."""
    categories = [
        {
            "name": c.name,
            "players": sorted(p.name for p in c.players.all()),
            # A category without prizes says nothing of them (an event may set none).
            **({"prize_table": c.prize_table} if c.prize_table else {}),
        }
        for c in event.prize_categories.prefetch_related("players")
    ]
    if not categories:
        return {}
    # An event without prizes says no word of them: its categories are "categories".
    return {"prize_categories" if event.sets_prizes else "categories": categories}


def categories_of(document: dict) -> list:
    """A file's categories, under either name (``categories_document``)."""
    if "prize_categories" in document and "categories" in document:
        raise ExchangeError("categories: give prize_categories or categories, not both.")
    return document.get("prize_categories", document.get("categories", []))


def check_categories(value, registered: set[str], event: dict) -> list[dict]:
    """A file's prize categories checked as the category form checks them."""
    if not isinstance(value, list) or len(value) > PrizeCategory.MAX_PER_EVENT:
        raise ExchangeError(
            f"prize_categories: a list of at most {PrizeCategory.MAX_PER_EVENT} categories."
        )
    checked, names = [], set()
    for i, c in enumerate(value, 1):
        where = f"prize category {i}"
        if not isinstance(c, dict):
            raise ExchangeError(f"{where}: must be a JSON object.")
        name, players, table = c.get("name"), c.get("players", []), c.get("prize_table", "")
        if not isinstance(name, str) or not 0 < len(" ".join(name.split())) <= 60:
            raise ExchangeError(f"{where}: a name of 1 to 60 characters.")
        name = " ".join(name.split())
        if ";" in name:
            raise ExchangeError(f"{where}: a name has no “;”.")
        if name.lower() in names:
            raise ExchangeError(f"{where}: {name} is listed twice.")
        names.add(name.lower())
        if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
            raise ExchangeError(f"{where}: players must be a list of names.")
        strangers = sorted(set(players) - registered)
        if strangers:
            raise ExchangeError(f"{where}: not among the event's players: {', '.join(strangers)}.")
        if not isinstance(table, str):
            raise ExchangeError(f"{where}: prize_table must be text.")
        if table.strip() and not event.get("prize_table"):
            raise ExchangeError(f"{where}: prizes, and the event sets none.")
        try:
            parsed = money.parse_table(table)
            money.check_table(event.get("entry_fee_cents", 0), parsed)
        except ValidationError as e:
            raise ExchangeError(f"{where}: prize_table: {' '.join(e.messages)}") from e
        checked.append(
            {
                "name": name,
                "players": sorted(set(players)),
                "prize_table": money.table_text(parsed),
            }
        )
    return checked
