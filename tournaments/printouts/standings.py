"""The standings for the wall (``standings_pdf``): overall, after a round or for one
round."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from ..standings import standings, standings_series
from . import fonts
from .charts import chips_chart
from .common import (
    LARGE_BOLD,
    MARGIN,
    RULE,
    SHADE,
    SMALL,
    build,
    escape,
    page_size,
    para,
    ruleset_words,
    signed,
)

# Standings go on the hall's wall: type sized to fill the page, from WALL_MIN points
# (still readable from a couple of metres, on more pages) up to WALL_MAX.
WALL_MIN, WALL_MAX = 16, 30


def standings_pdf(event, after_round: int | None = None, only_round: int | None = None) -> bytes:
    pagesize = page_size(event)
    rows = standings(event, after_round=after_round, only_round=only_round)
    width = pagesize[0] - 2 * MARGIN
    height = pagesize[1] - 2 * MARGIN - 11 * 3 - 6
    any_byes = any(s.byes for s in rows)
    title = "Standings" + (
        f": round {only_round}"
        if only_round
        else f" after round {after_round}"
        if after_round
        else ""
    )
    # Rows plus the header row and the title (about two rows) fill the page.
    size = max(WALL_MIN, min(WALL_MAX, height / (len(rows) + 3) / 1.3))
    cell = ParagraphStyle("wall", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.15)
    bold = ParagraphStyle("wall-bold", parent=cell, fontName=fonts.BOLD)
    small = ParagraphStyle("wall-small", parent=cell, fontSize=size * 0.6, leading=size * 0.7)
    head = ["", "Player", "Net chips", "Deals", "Bids won"] + (["Byes"] if any_byes else [])
    texts = [head]
    for s in rows:
        texts.append(
            [
                str(s.rank),
                s.player.name,
                signed(s.chips) if s.chips else "0",
                str(s.deals_played),
                f"{s.bidder_wins} of {s.deals_as_bidder}" if s.deals_as_bidder else "",
            ]
            + ([str(s.byes or "")] if any_byes else [])
        )
    data = [[para(h, small) for h in head]]
    for s, t in zip(rows, texts[1:], strict=True):
        name = escape(s.player.name) + (" (withdrawn)" if s.withdrawn else "")
        club = f"<font size={size * 0.6:.1f}> {escape(s.club)}</font>" if s.club else ""
        data.append(
            [para(t[0], bold), Paragraph(f"<b>{name}</b>{club}", cell), para(t[2], bold)]
            + [para(x, cell) for x in t[3:]]
        )
    # Number columns as wide as their widest figure; the names get the rest.
    numbers = [
        8
        + max(stringWidth(t[c], fonts.BOLD, size if r else size * 0.6) for r, t in enumerate(texts))
        for c in [0, *range(2, len(head))]
    ]
    widths = [numbers[0], width - sum(numbers), *numbers[1:]]
    grid = Table(data, colWidths=widths, repeatRows=1)
    style = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.5, RULE),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.05),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.1),
    ]
    # Numbers right-aligned: the paragraphs of columns 0 and 2 onwards.
    for row in data:
        for c in [0, *range(2, len(row))]:
            row[c].style = ParagraphStyle(f"r{c}", parent=row[c].style, alignment=2)
    grid.setStyle(TableStyle(style))
    story = [
        para(
            title,
            ParagraphStyle("wall-title", parent=bold, fontSize=size * 1.3, leading=size * 1.6),
        ),
        grid,
        Spacer(1, 6),
        para(
            "Ties share a rank. Net chips are summed from the chip ledger"
            + (f", plus {event.bye_chips} per bye." if event.bye_chips else ".")
            + f" Bids won: deals won as {event.game.bidder_word}, of those bid."
            + f" Seats {event.order_of_play} at every table.",
            SMALL,
        ),
    ]
    series = standings_series(event, rows) if not only_round else []
    if series and len(series[0][1]) > 2:
        story += [
            PageBreak(),
            para("Net chips after each round (top 10)", LARGE_BOLD),
            chips_chart(series, "round", width=width, height=min(height - 40, width), baseline=0),
        ]
    header = [
        f"{event.name}: {title.lower()}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        ruleset_words(event),
    ]
    return build(story, pagesize, lambda: header)
