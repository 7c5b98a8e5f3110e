"""The downloads as XLSX beside their CSV: the same rows (one function makes them, the
CSV and the XLSX writers write them), every text cell spreadsheet-safe as in the CSV
(``spreadsheet_safe``: a leading ' before what could start a formula), numbers as
numbers. The statement's rows live here too (it had a PDF only)."""

from __future__ import annotations

import io
from collections.abc import Iterable

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from ..models import Event, Player
from ..standings import statement
from .downloads import spreadsheet_safe

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _cell(value):
    if isinstance(value, bool):
        return str(value)  # as the CSV writes it: True, False
    value = spreadsheet_safe(value)
    if isinstance(value, str):
        # XML holds no control character but tab, line feed and carriage return.
        return ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
    return value


def xlsx(rows: Iterable[Iterable], title: str = "Sheet") -> bytes:
    """The rows as a one-sheet workbook (openpyxl, written as it goes)."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title[:31])  # Excel's longest sheet name
    for row in rows:
        sheet.append([_cell(c) for c in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def statement_rows(event: Event, player: Player) -> list[list]:
    """A player's statement as its page shows it: a row a transfer, the running net and
    the chips at the table on a deal's last row."""
    rows: list[list] = [
        ["round", "table", "deal", "version", "kind", "with", "chips", "reason"]
        + ["explanation", "net_so_far", "chips_at_table"]
    ]
    for line in statement(event, player):
        e = line.entry
        rows.append(
            [
                e.deal.table.round.number,
                e.deal.table.number,
                e.deal.number,
                e.deal_version.number,
                line.kind,
                e.payer_name if line.change > 0 else e.payee_name,
                line.change,
                e.reason,
                e.explanation,
                "" if line.balance is None else line.balance,
                "" if line.chips is None else line.chips,
            ]
        )
    return rows
