"""An event's prize categories in its file: exported with their players' names, checked
on import as the category form checks them."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from .. import money
from ..models import PrizeCategory
from .document import ExchangeError


def categories_document(event) -> dict:
    """``{"prize_categories": [...]}`` for an event with categories, else nothing: a
    category's name, its players' names and its prize table."""
    categories = [
        {
            "name": c.name,
            "players": sorted(p.name for p in c.players.all()),
            "prize_table": c.prize_table,
        }
        for c in event.prize_categories.prefetch_related("players")
    ]
    return {"prize_categories": categories} if categories else {}


def check_categories(value, registered: set[str], event: dict) -> list[dict]:
    """A file's prize categories checked as the category form checks them."""
    if not isinstance(value, list) or len(value) > PrizeCategory.MAX_PER_EVENT:
        raise ExchangeError(
            f"prize_categories: a list of at most {PrizeCategory.MAX_PER_EVENT} categories."
        )
    if value and not event.get("prize_table"):
        raise ExchangeError("prize_categories: the event sets no prizes.")
    checked, names = [], set()
    for i, c in enumerate(value, 1):
        where = f"prize category {i}"
        if not isinstance(c, dict):
            raise ExchangeError(f"{where}: must be a JSON object.")
        name, players, table = c.get("name"), c.get("players", []), c.get("prize_table", "")
        if not isinstance(name, str) or not 0 < len(" ".join(name.split())) <= 60:
            raise ExchangeError(f"{where}: a name of 1 to 60 characters.")
        name = " ".join(name.split())
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
