"""A players list from a spreadsheet (XLSX, ODS) or a CSV file, read by tablib into one
shape: the header row's column names and each later row's cells as text, with its line.

Everything is bounded before it is parsed fully: the upload's bytes, a zip's entries and
their uncompressed size (a small XLSX can unpack to gigabytes), the rows and columns
read (an XLSX's sheet may claim a million rows: openpyxl would fill them in). A cell
holding a formula is read as a ``Formula``, not run or computed, so the row can be
refused saying so.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass

import tablib
from odf import opendocument
from openpyxl import load_workbook
from openpyxl.utils.escape import unescape
from tablib.formats._ods import ODSFormat
from tablib.formats._xlsx import XLSXFormat

from . import limits
from .document import ExchangeError

FORMATS = ("xlsx", "ods", "csv")
MAX_BYTES = 1_000_000  # as the players CSV's upload
MAX_UNPACKED = 20_000_000  # a zip's files together, uncompressed
MAX_ENTRIES = 100  # files in a zip: a spreadsheet has some ten
MAX_COLUMNS = 20  # name, club, notes, categories, email, and room for others


class Formula(str):
    """A cell's formula, as typed ("=A1&B1"): refused, never computed."""


@dataclass
class Sheet:
    columns: list[str]  # the header's names, stripped and lower case
    rows: list[tuple[int, list]]  # (line in the file, cells as text or Formula)


def format_of(filename: str) -> str:
    kind = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if kind not in FORMATS:
        raise ExchangeError(
            f"“{filename[:80]}” is not an XLSX, ODS or CSV file: save the list as one of them."
        )
    return kind


def read_sheet(data: bytes, filename: str) -> Sheet:
    """The file's first sheet; ExchangeError with a message for a file no organizer
    meant (empty, not the format its name says, too large, packed or unpacked)."""
    kind = format_of(filename)
    if not data.strip():
        raise ExchangeError("The file is empty: it needs a header row with a 'name' column.")
    if len(data) > MAX_BYTES:
        raise ExchangeError(
            f"The file is {len(data) / 1e6:.1f} MB; a list of players may be at most "
            f"{MAX_BYTES // 1_000_000} MB."
        )
    if kind == "csv":
        dataset, lines = _csv(data)
    else:
        _check_zip(data, kind)
        dataset, lines = _xlsx(data) if kind == "xlsx" else _ods(data)
    columns = [_text(h).strip().lower() for h in dataset.headers or []]
    while columns and not columns[-1]:
        columns.pop()  # an XLSX's rows are read MAX_COLUMNS wide
    rows = []
    for n, row in zip(lines, dataset, strict=True):
        cells = [_text(c) for c in row]
        if any(isinstance(c, Formula) or c.strip() for c in cells):
            rows.append((n, cells))
    if len(rows) > limits.PLAYERS:
        raise ExchangeError(
            f"A list may hold at most {limits.PLAYERS:,} players; split it. Nothing was imported."
        )
    return Sheet(columns, rows)


def _text(value) -> str:
    """A cell as the text typed: 12.0 -> "12", None -> ""."""
    if value is None:
        return ""
    if isinstance(value, Formula):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _csv(data: bytes) -> tuple[tablib.Dataset, list[int]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ExchangeError(
            "The file is not UTF-8 text: save it as “CSV UTF-8” and try again."
        ) from None
    try:
        return tablib.Dataset().load(text, format="csv"), _csv_lines(text)
    except tablib.InvalidDimensions:
        raise ExchangeError(
            "A row has more cells than the header row has columns: name every column."
        ) from None
    except Exception as e:  # csv.Error: a field past csv's limit, a stray quote
        raise ExchangeError(f"The file is not readable as CSV: {e}.") from None


def _csv_lines(text: str) -> list[int]:
    """The line each row of tablib's dataset starts on: tablib skips blank lines, and a
    quoted cell may hold several lines (csv's reader counts them)."""
    reader = csv.reader(io.StringIO(text))
    starts, end = [], 0
    for i, row in enumerate(reader):
        start, end = end + 1, reader.line_num
        if i > 0 and row:  # as tablib: the first row is the header, blank rows skipped
            starts.append(start)
    return starts


def _check_zip(data: bytes, kind: str) -> None:
    word = kind.upper()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            entries = z.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise ExchangeError(
            f"The file is not an {word} spreadsheet (its name says .{kind}): save it again "
            f"as {word}, or as CSV UTF-8."
        ) from None
    if len(entries) > MAX_ENTRIES or sum(e.file_size for e in entries) > MAX_UNPACKED:
        raise ExchangeError(
            f"The spreadsheet unpacks to more than {MAX_UNPACKED // 1_000_000} MB: a list "
            "of players is far smaller. Save only the list, as CSV UTF-8 if need be."
        )


class _BoundedSheet:
    """An openpyxl read-only sheet as tablib's XLSX reader reads one, at most the rows
    and columns a list may hold: a sheet's own size is what its file claims."""

    def __init__(self, ws):
        self.title = ws.title
        self._ws = ws

    @property
    def rows(self):
        rows = self._ws.iter_rows(max_row=limits.PLAYERS + 2, max_col=MAX_COLUMNS)
        for row in rows:
            yield [_Cell(c) for c in row]


class _Cell:
    def __init__(self, cell):
        value = getattr(cell, "value", None)
        if getattr(cell, "data_type", None) == "f":
            value = Formula(value if isinstance(value, str) else "=")
        elif isinstance(value, str):
            # OOXML writes a control character as _xHHHH_ (a NUL as _x0000_): read as
            # Excel reads it, so a NUL is seen and refused.
            value = unescape(value)
        self.value = value


def _past_the_bound(ws) -> bool:
    """Whether any cell past the rows read holds something (an empty text or a 0 is
    nothing): the whole sheet is parsed (its XML is bounded by MAX_UNPACKED), a row at
    a time, nothing kept."""
    first = limits.PLAYERS + 3
    # any() in C: a million rows a sheet claims are read in a fraction of a second.
    return any(
        any(row) for row in ws.iter_rows(min_row=first, max_col=MAX_COLUMNS, values_only=True)
    )


def _xlsx(data: bytes) -> tuple[tablib.Dataset, list[int]]:
    dataset = tablib.Dataset()
    try:
        # data_only=False: a formula is read as its text, not as the value it last had.
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        try:
            XLSXFormat.import_sheet(dataset, _BoundedSheet(book.active))
            if _past_the_bound(book.active):
                raise ExchangeError(
                    f"The sheet has text past line {limits.PLAYERS + 1:,}: a list may hold "
                    f"at most {limits.PLAYERS:,} players; split it. Nothing was imported."
                )
        finally:
            book.close()
    except ExchangeError:
        raise
    except Exception:  # openpyxl's errors are many: a broken part, a missing sheet
        raise ExchangeError(
            "The file is not an XLSX spreadsheet openpyxl can read: save it again as "
            "XLSX, or as CSV UTF-8."
        ) from None
    # openpyxl fills in the rows a sheet skips: the dataset's rows are the sheet's.
    return dataset, list(range(2, len(dataset) + 2))


def _ods(data: bytes) -> tuple[tablib.Dataset, list[int]]:
    """The first sheet, a row at a time as tablib's ODS reader reads one (its cells by
    ``ODSFormat.read_cell``), with each row's line: tablib's own reader skips a blank
    row (LibreOffice writes one as a repeated empty cell) and counts a repeated row
    once, so its lines would not be the sheet's."""
    try:
        book = opendocument.load(io.BytesIO(data))
        sheet = next(n for n in book.spreadsheet.childNodes if n.qname[1] == "table")
    except Exception:
        raise ExchangeError(
            "The file is not an ODS spreadsheet odfpy can read: save it again as ODS, or "
            "as CSV UTF-8."
        ) from None
    dataset, lines, line = tablib.Dataset(), [], 0
    for row in sheet.childNodes:
        if row.qname[1] != "table-row":
            continue
        line += 1
        cells = _ods_cells(row)
        filled = bool(cells)
        if line == 1:
            dataset.headers = cells
        elif filled:
            if line > limits.PLAYERS + 1:
                raise ExchangeError(
                    f"The sheet has text past line {limits.PLAYERS + 1:,}: a list may hold "
                    f"at most {limits.PLAYERS:,} players; split it. Nothing was imported."
                )
            width = len(dataset.headers or [])
            if len(cells) > width:
                raise ExchangeError(
                    "A row has more cells than the header row has columns: name every column."
                )
            dataset.append(cells + [""] * (width - len(cells)))
            lines.append(line)
        # A run of rows written once (number-rows-repeated): blank, as LibreOffice
        # writes the rest of a sheet; counted, never made.
        line += min(int(row.getAttribute("numberrowsrepeated") or 1), 2**31) - 1
    return dataset, lines


def _ods_cells(row) -> list:
    """A row's values, a cell repeated (number-columns-repeated) as often as it is, at
    most MAX_COLUMNS, the empty ones at the end left out."""
    cells: list = []
    for cell in row.childNodes:
        if cell.qname[1] not in ("table-cell", "covered-table-cell"):
            continue
        times = int(cell.getAttribute("numbercolumnsrepeated") or 1)
        cells += [ODSFormat.read_cell(cell)] * min(times, MAX_COLUMNS)
        if len(cells) >= MAX_COLUMNS:
            break
    cells = cells[:MAX_COLUMNS]
    while cells and cells[-1] in (None, ""):
        cells.pop()
    return cells


def sheet_to_data(sheet: Sheet) -> dict:
    """The sheet as JSON holds it (kept signed in the preview page between preview and
    confirm, never written): a formula cell as {"f": its text}."""
    rows = [
        [n, [{"f": str(c)} if isinstance(c, Formula) else c for c in cells]]
        for n, cells in sheet.rows
    ]
    return {"columns": sheet.columns, "rows": rows}


def sheet_from_data(data: dict) -> Sheet:
    rows = [
        (int(n), [Formula(c["f"]) if isinstance(c, dict) else str(c) for c in cells])
        for n, cells in data["rows"]
    ]
    return Sheet([str(c) for c in data["columns"]], rows)
