"""What every PDF shares: styles, paper, file names, the grid, the page header and
footer (``build``)."""

from __future__ import annotations

import io
from collections.abc import Callable

# A ReportLab paragraph is XML markup: its text escaped as XML's (&, <, >).
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.text import slugify
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from ..models import Event
from ..moments import moment
from ..words import house_rules_words
from . import fonts

MARGIN = 0.45 * inch
INK = colors.HexColor("#1d1d1f")
RULE = colors.HexColor("#b9b3a9")
SHADE = colors.HexColor("#f1ebe0")

fonts.register()
STYLE = ParagraphStyle("cell", fontName=fonts.REGULAR, fontSize=7, leading=8.4, textColor=INK)
STYLE_BOLD = ParagraphStyle("cell-bold", parent=STYLE, fontName=fonts.BOLD)
# A column's heading wraps between words only ("Declarations", never "De claration s").
HEADING = ParagraphStyle("heading", parent=STYLE_BOLD, splitLongWords=0)
TITLE = ParagraphStyle("title", fontName=fonts.BOLD, fontSize=14, leading=17, spaceAfter=4)
BODY = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9, leading=11.5)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=7.5, leading=9.5)
LARGE = ParagraphStyle("large", parent=BODY, fontSize=11, leading=14)
LARGE_BOLD = ParagraphStyle("large-bold", parent=LARGE, fontName=fonts.BOLD)


def page_size(event: Event, wide: bool = False):
    size = A4 if event.paper_size == Event.PaperSize.A4 else LETTER
    return landscape(size) if wide else size


def event_slug(event: Event) -> str:
    slug = slugify(event.name)
    year = str(event.date.year)
    return slug if year in slug else f"{slug}-{year}"


def filename(event: Event, *parts) -> str:
    """e.g. clarkson-taroky-tournament-2026-round-2-table-3.pdf"""
    return "-".join([event_slug(event), *(slugify(str(p)) for p in parts)]) + ".pdf"


def ruleset_lines(event: Event) -> list[str]:
    """The header's lines of the event's rules: the ruleset and the starting chips, then
    its house rules in the words the event form and page show for each option (the
    core's), as the event's page says them."""
    lines = [f"{event.rules.title} rules; starting chips {event.starting_chips}"]
    said = house_rules_words(event)
    if said:
        lines.append("House rules: " + "; ".join(said))
    return lines


def para(text, style=STYLE) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def grid_table(data, widths, header_rows=1, numeric_from=None, row_heights=None) -> Table:
    table = Table(data, colWidths=widths, repeatRows=header_rows, rowHeights=row_heights)
    style = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("FONTSIZE", (0, 0), (-1, -1), 7),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
        ("FONTNAME", (0, 0), (-1, header_rows - 1), fonts.BOLD),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    if numeric_from is not None:
        style.append(("ALIGN", (numeric_from, 0), (-1, -1), "RIGHT"))
    table.setStyle(TableStyle(style))
    return table


def build(story, pagesize, header: Callable[[], list[str]]) -> bytes:
    """A document whose every page starts with the same header lines; a line too long
    for the page (house rules in words) wraps between words."""
    buffer = io.BytesIO()
    lines = header()
    width = pagesize[0] - 2 * MARGIN
    # The title's room leaves the page number's; a line under it wraps at the margins.
    lines = [lines[0]] + [
        part for line in lines[1:] for part in simpleSplit(line, fonts.REGULAR, 8, width) or [""]
    ]

    def on_page(canvas, doc):
        canvas.saveState()
        width, height = pagesize
        y = height - MARGIN + 6
        canvas.setFont(fonts.BOLD, 11)
        canvas.drawString(MARGIN, y, lines[0])
        canvas.setFont(fonts.REGULAR, 8)
        for line in lines[1:]:
            y -= 11
            canvas.drawString(MARGIN, y, line)
        canvas.drawRightString(width - MARGIN, height - MARGIN + 6, f"page {doc.page}")
        canvas.setFont(fonts.REGULAR, 6.5)
        canvas.setFillColor(colors.grey)
        canvas.drawString(
            MARGIN,
            MARGIN / 2,
            f"Printed {moment(timezone.now())} by the Taroky scorekeeper",
        )
        canvas.restoreState()

    top = MARGIN + 11 * len(lines) + 6
    doc = SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=top,
        bottomMargin=MARGIN,
        title=lines[0],
        author="Taroky scorekeeper",
    )
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()
