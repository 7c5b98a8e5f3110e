"""The prize list as CSV: a row a player paid, then the fees and what is left over."""

from __future__ import annotations

from ..prizes import PrizeList
from .downloads import _csv


def money(cents: int) -> str:
    """Dollars for a spreadsheet: 1250 -> "12.50" (a number, no "$")."""
    return f"{cents // 100}.{cents % 100:02d}"


def prize_list_csv(listing: PrizeList) -> str:
    rows: list[list] = [["place", "player", "club", "net_chips", "prize_dollars", "note"]]
    for row in listing.rows:
        note = row.note + (" (withdrawn)" if row.withdrawn else "")
        rows.append(
            [row.place, row.player.name, row.club, row.chips, money(row.cents), note.strip()]
        )
    # What the list says under its rows, each a row of its own, in the note column.
    rows += [["", "", "", "", "", words] for words in listing.words()]
    return _csv(rows)
