"""The prize lists as CSV: the overall list, then a list a prize category, each a row a
player paid and then what the list says (a row each, in the note column)."""

from __future__ import annotations

from ..prizes import PrizeList
from .downloads import _csv

OVERALL = "Overall"


def money(cents: int) -> str:
    """Dollars for a spreadsheet: 1250 -> "12.50" (a number, no "$")."""
    return f"{cents // 100}.{cents % 100:02d}"


def prize_list_csv(lists: list[PrizeList]) -> str:
    rows: list[list] = [["list", "place", "player", "club", "net_chips", "prize_dollars", "note"]]
    for listing in lists:
        name = listing.category or OVERALL
        for row in listing.rows:
            note = row.note + (" (withdrawn)" if row.withdrawn else "")
            rows.append(
                [
                    name,
                    row.place,
                    row.player.name,
                    row.club,
                    row.chips,
                    money(row.cents),
                    note.strip(),
                ]
            )
        rows += [[name, "", "", "", "", "", words] for words in listing.words()]
    return _csv(rows)
