"""The prize lists as CSV: the overall list, then a list a prize category, each a row a
player paid and then what the list says (a row each, in the note column)."""

from __future__ import annotations

from decimal import Decimal

from ..prizes import PrizeList
from .downloads import csv_text

OVERALL = "Overall"


def money(cents: int) -> Decimal:
    """Dollars for a spreadsheet: 1250 -> 12.50 (a number, no "$"; "12.50" in a CSV)."""
    return Decimal(cents).scaleb(-2)


def prize_list_csv(lists: list[PrizeList]) -> str:
    return csv_text(prize_list_rows(lists))


def prize_list_rows(lists: list[PrizeList]) -> list[list]:
    """A row a player paid: the list, the place, the player, the columns that rank the
    event (net chips; table points, score), the prize, the note."""
    figures = lists[0].columns if lists else []
    blank = [""] * len(figures)
    rows: list[list] = [
        ["list", "place", "player", "club", *[c.csv for c in figures], "prize_dollars", "note"]
    ]
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
                    *row.figures,
                    money(row.cents),
                    note.strip(),
                ]
            )
        said = [listing.empty_words] if listing.empty_words else []
        rows += [[name, "", "", "", *blank, "", words] for words in said + listing.words()]
    return rows
