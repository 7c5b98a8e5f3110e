"""The round pack (``round_pack_pdf``): find your seat, the seat list, then per table a
table card and its blank sheet."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

from ..hall import seat_finder_rows
from ..player_cards import player_cards
from ..qr import qr_drawing
from . import fonts
from .check_in import door_page
from .common import (
    BODY,
    LARGE,
    LARGE_BOLD,
    MARGIN,
    SMALL,
    STYLE_BOLD,
    TITLE,
    build,
    grid_table,
    page_size,
    para,
    ruleset_lines,
)
from .player_cards import cards_story
from .sheets import blank_sheet_story, seated

CARD_NUMBER = ParagraphStyle(
    "card-number", fontName=fonts.BOLD, fontSize=150, leading=160, alignment=1
)
CARD_NAMES = ParagraphStyle("card-names", parent=LARGE, fontSize=22, leading=28, alignment=1)
CARD_NOTE = ParagraphStyle("card-note", parent=BODY, fontSize=12, leading=15, alignment=1)


FINDER_ROWS = 24  # names a column holds on a landscape Letter or A4 page
FINDER_COLUMNS = 4


def seat_finder(finder: list[dict], pagesize, title: str, order: str = "") -> list:
    """Every player alphabetically with table and seat (numbered in the ``order`` of
    play), in columns, as many pages as it takes (96 names a page)."""
    rows = [
        (r["name"], str(r["table"]), str(r["seat"])) if r["table"] else (r["name"], "bye", "")
        for r in finder
    ]
    per_page = FINDER_ROWS * FINDER_COLUMNS
    pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    story = []
    for number, page in enumerate(pages):
        if number:
            story.append(PageBreak())
        story += [
            para(title + (f" ({number + 1})" if number else ""), TITLE),
            *([para(f"Seats are numbered {order} from 1.", BODY)] if order else []),
            _finder_page(page, pagesize),
        ]
    return story


def _finder_page(rows, pagesize) -> Table:
    columns = max(1, -(-len(rows) // FINDER_ROWS))
    per_column = -(-len(rows) // columns) if rows else 0
    width = (pagesize[0] - 2 * MARGIN) / max(columns, 2)
    head = [para("Player", STYLE_BOLD), para("Table", STYLE_BOLD), para("Seat", STYLE_BOLD)]
    blocks = []
    for c in range(columns):
        part = rows[c * per_column : (c + 1) * per_column]
        data = [head] + [[para(n, BODY), para(t, LARGE_BOLD), para(s, BODY)] for n, t, s in part]
        block = grid_table(data, [width - 80, 40, 30], numeric_from=1)
        block.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 9)]))
        blocks.append(block)
    layout = Table([blocks], colWidths=[width] * columns, hAlign="LEFT")
    layout.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)])
    )
    return layout


def _table_card(table, pagesize, link_url: str | None) -> list:
    """A page to stand on the table: its number large, its players, its link's QR code."""
    players = seated(table)
    names = " → ".join(p.name for p in players)
    story = [
        Spacer(1, 20),
        para(f"Table {table.number}", CARD_NUMBER),
        Spacer(1, 10),
        para(names, CARD_NAMES),
        para(f"Seats {table.round.event.order_of_play}", CARD_NOTE),
    ]
    if link_url:
        size = 190
        qr = Table([[qr_drawing(link_url, size)]], colWidths=[size], rowHeights=[size])
        story += [
            Spacer(1, 14),
            qr,
            para("Scan to enter this table's deals (no account needed).", CARD_NOTE),
        ]
    return story


def round_pack_pdf(rnd, link_urls: dict[int, str] | None = None, check_in_url: str = "") -> bytes:
    """Find your seat, the seat list by table, then for each table a large table card
    and its blank sheet; ``link_urls`` (table id -> URL, for organizers) adds the QR
    codes of the table links, ``check_in_url`` (the open self check-in's, for
    organizers) a first page for the door. A constant number of queries whatever the
    round's size."""
    event = rnd.event
    link_urls = link_urls or {}
    pagesize = page_size(event, wide=True)
    tables = list(rnd.tables.prefetch_related("seats__player").order_by("number"))
    finder = seat_finder_rows(rnd, tables)
    byes = [r["name"] for r in finder if r["table"] is None]
    story = door_page(event, check_in_url) if check_in_url else []
    story += seat_finder(
        finder, pagesize, f"Round {rnd.number}: find your seat", event.order_of_play
    )
    story.append(PageBreak())
    data = [[para("Table", LARGE_BOLD), para(f"Players, {event.order_of_play}", LARGE_BOLD)]]
    for t in tables:
        names = [p.name for p in seated(t)]
        data.append([para(f"Table {t.number}", LARGE_BOLD), para(" → ".join(names), LARGE)])
    story.append(para(f"Round {rnd.number}: seats {event.order_of_play}", TITLE))
    seat_list = grid_table(data, [70, pagesize[0] - 2 * MARGIN - 70])
    seat_list.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 10)]))
    story.append(seat_list)
    if byes:
        story += [Spacer(1, 6), para(f"Bye: {', '.join(byes)}", LARGE)]
    if rnd.seed is not None:
        story += [Spacer(1, 4), para(f"Drawn with seed {rnd.seed}.", SMALL)]
    for t in tables:
        t.round = rnd  # the sheets read the event from it: no query per table
        url = link_urls.get(t.pk)
        story += [PageBreak(), *_table_card(t, pagesize, url)]
        story += [
            PageBreak(),
            *blank_sheet_story(t, pagesize, prefix=f"Table {t.number} · ", link_url=url),
        ]
    # A schedule drawn in advance: every player's card (start number, every round).
    story += cards_story(player_cards(event), pagesize, event.order_of_play)
    header = [
        f"{event.name}: round {rnd.number}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        *ruleset_lines(event),
    ]
    return build(story, pagesize, lambda: header)
