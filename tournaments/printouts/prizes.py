"""The prize list of an event (``tournaments.prizes``): the places it pays, ranked by
the event's standings, each player's prize, and what the list says of the fees, the
rounding and the places not paid."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from ..money import dollars
from ..prizes import PrizeList
from . import fonts
from .common import (
    BODY,
    MARGIN,
    RULE,
    SHADE,
    TITLE,
    build,
    escape,
    page_size,
    para,
    ruleset_lines,
)

CELL = ParagraphStyle("prize-cell", fontName=fonts.REGULAR, fontSize=12, leading=15)
CELL_BOLD = ParagraphStyle("prize-bold", parent=CELL, fontName=fonts.BOLD)
RIGHT = ParagraphStyle("prize-right", parent=CELL, alignment=2)
RIGHT_BOLD = ParagraphStyle("prize-right-bold", parent=CELL_BOLD, alignment=2)
NOTE = ParagraphStyle("prize-note", parent=CELL, fontSize=9, leading=11)


def prize_list_pdf(event, lists: list[PrizeList]) -> bytes:
    """The overall list, then each prize category's."""
    pagesize = page_size(event)
    width = pagesize[0] - 2 * MARGIN
    story = []
    for listing in lists:
        story += _section(listing, width)
    header = [
        f"{event.name}: prize list",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        *ruleset_lines(event),
    ]
    return build(story, pagesize, lambda: header)


def _section(listing: PrizeList, width: float) -> list:
    """A list's rows (the figures that rank the event between the player and the prize)
    and its words."""
    head_right = ParagraphStyle("prize-head-right", parent=NOTE, alignment=2)
    head = ["Place", "Player", *listing.headings, "Prize", ""]
    right = {0, *range(2, len(head) - 1)}
    data = [[para(h, head_right if c in right else NOTE) for c, h in enumerate(head)]]
    for row in listing.rows:
        name = f"<b>{escape(row.player.name)}</b>"
        if row.withdrawn:
            name += " (withdrawn)"
        if row.club:
            name += f" <font size=9>{escape(row.club)}</font>"
        data.append(
            [
                para(row.place, RIGHT_BOLD),
                Paragraph(name, CELL),
                *(para(text, RIGHT) for text in row.printed),
                para(dollars(row.cents), RIGHT_BOLD),
                para(row.note, NOTE),
            ]
        )
    figures = [70] * len(listing.headings)
    widths = [48, width - 48 - sum(figures) - 80 - 150, *figures, 80, 150]
    grid = Table(data, colWidths=widths, repeatRows=1)
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, RULE),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ]
        )
    )
    title = f"Category: {listing.category}" if listing.category else "Prize list"
    if listing.provisional and not listing.category:
        title += " (provisional)"
    story = [para(title, TITLE)]
    if listing.rows:
        story += [grid, Spacer(1, 8)]
    elif listing.empty_words:
        story += [para(listing.empty_words, BODY), Spacer(1, 8)]
    return story + [para(words, BODY) for words in listing.words()] + [Spacer(1, 14)]
