"""Printouts: score sheets, blank sheets, round packs, standings and statements as PDF,
and the chip chart shared by the PDFs and the HTML pages."""

from .charts import chart_svg, chips_chart, web_chart
from .common import filename
from .round_pack import round_pack_pdf
from .sheets import blank_sheet_pdf, score_sheet_pdf
from .standings import season_standings_pdf, standings_pdf
from .statement import statement_pdf

__all__ = [
    "blank_sheet_pdf",
    "chart_svg",
    "chips_chart",
    "filename",
    "round_pack_pdf",
    "score_sheet_pdf",
    "season_standings_pdf",
    "standings_pdf",
    "statement_pdf",
    "web_chart",
]
