"""Whole events to and from JSON, the CSV and XLSX downloads, and players from CSV and
spreadsheets.

``document``: the format and the import's error; ``export``: an event as a document;
``reading``: a file's JSON read strictly, every value checked; ``limits``: what a file
may hold; ``validation``: a document checked before anything is saved; ``registry``: a
file's players against the registry; ``imports``: an event created from a document;
``seasons``: a season and its events, both ways; ``downloads``: the CSV downloads;
``players``: players from CSV; ``player_categories``: its categories column;
``sheets``: a players list read from XLSX, ODS or CSV (tablib), bounded; ``roster``: its
preview line by line and the import of its good lines; ``workbook``: the downloads as
XLSX, from the CSV's rows.
"""

from .document import FORMAT, ExchangeError
from .downloads import (
    FORMULA_STARTS,
    chip_counts_csv,
    deals_csv,
    ledger_csv,
    players_csv,
    season_standings_csv,
    spreadsheet_safe,
    standings_csv,
)
from .export import export_event
from .imports import import_event
from .players import MAX_ROW_ERRORS, PlayersImport, import_players_csv
from .seasons import SEASON_FORMAT, export_season, import_season

__all__ = [
    "FORMAT",
    "FORMULA_STARTS",
    "MAX_ROW_ERRORS",
    "SEASON_FORMAT",
    "ExchangeError",
    "PlayersImport",
    "chip_counts_csv",
    "deals_csv",
    "export_event",
    "export_season",
    "import_event",
    "import_players_csv",
    "import_season",
    "ledger_csv",
    "players_csv",
    "season_standings_csv",
    "spreadsheet_safe",
    "standings_csv",
]
