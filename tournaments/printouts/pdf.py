"""The PDFs, drawn with reportlab's platypus from the same queries as the pages."""

from __future__ import annotations

import io
from collections.abc import Callable

from django.utils import timezone
from django.utils.text import slugify
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

import taroky_scoring as core

from .. import queries
from ..hall import seat_finder_rows
from ..models import Event
from ..qr import qr_drawing
from ..standings import standings, standings_series, statement
from . import fonts
from .charts import chips_chart

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
# The filled score sheet is read at the table: 9 pt, not the 7 pt of a dense grid.
SHEET_SIZE = 9
SHEET = ParagraphStyle("sheet", parent=STYLE, fontSize=SHEET_SIZE, leading=SHEET_SIZE * 1.2)
SHEET_BOLD = ParagraphStyle("sheet-bold", parent=SHEET, fontName=fonts.BOLD)


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


def ruleset_words(event: Event) -> str:
    rules = event.rules
    words = f"{rules.title} rules"
    if event.house_rules:
        words += "; house rules: " + ", ".join(f"{k} = {v}" for k, v in event.house_rules.items())
    return words + f"; starting chips {event.starting_chips}"


def _p(text, style=STYLE) -> Paragraph:
    return Paragraph(_escape(str(text)), style)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def _grid(data, widths, header_rows=1, numeric_from=None, row_heights=None) -> Table:
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


def _build(story, pagesize, header: Callable[[], list[str]]) -> bytes:
    """A document whose every page starts with the same header lines."""
    buffer = io.BytesIO()
    lines = header()

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
            f"Printed {timezone.localtime():%Y-%m-%d %H:%M} by the Taroky scorekeeper",
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


# -- score sheets ---------------------------------------------------------------------

# The number and the dealer, then the widths of the game's eight outcome columns (their
# words are the game's: Game.sheet_columns and Game.sheet_headings).
LEAD_COLUMNS = [("#", 16), ("Dealer", 52)]
FIXED_WIDTHS = [w for _, w in LEAD_COLUMNS] + [52, 48, 52, 28, 38, 78, 62, 36]


def _sheet_header(event, table, title) -> list[str]:
    return [
        f"{event.name}: round {table.round.number}, table {table.number}: {title}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        ruleset_words(event),
    ]


def _sheet_widths(pagesize, players: int) -> list[float]:
    fixed = list(FIXED_WIDTHS)
    available = pagesize[0] - 2 * MARGIN - sum(fixed)
    each = available / (2 * players)
    return fixed + [each] * (2 * players)


def _sheet_head_rows(players, labels: list[str]) -> list[list]:
    """The heading rows; ``labels`` are the outcome columns' words (the game's)."""
    fixed = [label for label, _ in LEAD_COLUMNS] + labels
    first = [_p(label, HEADING) for label in fixed]
    second = [""] * len(fixed)
    for p in players:
        first += [_p(p.name, STYLE_BOLD), ""]
        second += ["±", "chips"]
    return [first, second]


def _sheet_style(table: Table, players: int, body_rows: int, n: int = len(FIXED_WIDTHS)) -> None:
    """Spans and rules of a sheet whose players' columns start at column ``n``."""
    style = [("SPAN", (n + 2 * i, 0), (n + 2 * i + 1, 0)) for i in range(players)]
    style += [("SPAN", (c, 0), (c, 1)) for c in range(n)]
    style += [("LINEBEFORE", (n + 2 * i, 0), (n + 2 * i, -1), 0.8, RULE) for i in range(players)]
    style += [("BACKGROUND", (0, 0), (-1, 1), SHADE), ("FONTNAME", (0, 1), (-1, 1), fonts.BOLD)]
    style += [("SPAN", (0, -1), (2, -1)), ("SPAN", (1, 2), (4, 2))]  # "Net", "Starting chips"
    table.setStyle(TableStyle(style))


def seats_words(game, players) -> str:
    """The order of play and the seats in it, as every printout with seats says them
    (the core's order of play; the dealer sits out where more sit than play)."""
    seats = " → ".join(p.name for p in players)
    sits_out = " The dealer sits out each deal." if len(players) > game.active_players else ""
    return f"Seats {game.order_of_play}: {seats}.{sits_out}"


def _outcome_widths(labels: list[str], area: float) -> list[float]:
    """Widths of a blank sheet's outcome columns filling ``area``: each at least as wide
    as its heading's longest word, the room left shared by that width (Notes twice)."""
    least = [
        6 + max(stringWidth(w, fonts.BOLD, 7) for w in (label or "-").split()) for label in labels
    ]
    weights = [w * (2 if label == "Notes" else 1) for w, label in zip(least, labels, strict=True)]
    spare = max(0.0, area - sum(least))
    return [w + spare * k / sum(weights) for w, k in zip(least, weights, strict=True)]


def _spread(cells) -> tuple[list[str], list[tuple[int, int]]]:
    """A row's cells over the sheet's outcome columns: each cell's words, then an empty
    column for each further column it spans; and the (first, last) column of each span."""
    out: list[str] = []
    spans = []
    column = 0
    for cell in cells:
        out += [cell.text] + [""] * (cell.span - 1)
        if cell.span > 1:
            spans.append((column, column + cell.span - 1))
        column += cell.span
    return out, spans


def score_sheet_pdf(table) -> bytes:
    """The filled score sheet of a table: every deal, changes, running chips, chart."""
    sheet = queries.table_sheet(table)
    event = sheet.event
    pagesize = page_size(event, wide=True)
    players = sheet.players
    # The filled sheet in SHEET_SIZE type (the blank sheet keeps its small print). The
    # outcome columns are the game's (its headings and its cells for each deal, a cell
    # spanning columns where the game says so), then the pot after the deal when the
    # game has one.
    pot = [core.registry.Cell("Pot", kind="num")] if sheet.has_pot else []
    labels, heading_spans = _spread(sheet.headings + pot)
    data = [
        [_p(c.text, SHEET_BOLD) if isinstance(c, Paragraph) else c for c in row]
        for row in _sheet_head_rows(players, labels)
    ]
    data.append(
        ["", _p("Starting chips", SHEET)]
        + [""] * (len(FIXED_WIDTHS) - 2)
        + [x for _ in players for x in ("", str(event.starting_chips))]
    )
    spans = [("SPAN", (2 + a, 0), (2 + b, 1)) for a, b in heading_spans]
    for r, row in enumerate(sheet.rows, start=len(data)):
        voided = " (voided)" if row.deal.voided else ""
        cells, row_spans = _spread(row.cells)
        spans += [("SPAN", (2 + a, r), (2 + b, r)) for a, b in row_spans]
        data.append(
            [
                f"{row.deal.number}{voided and '*'}",
                _p(row.deal.document.get("dealer") or "", SHEET),
            ]
            + [_p(c, SHEET) for c in cells]
            + ([str(row.pot)] if sheet.has_pot else [])
            + [x for change, chips in row.pairs for x in (_signed(change), str(chips))]
        )
    # The Net row's pot: the chips in the pot now, as the page's Net row says.
    data.append(
        [_p("Net", SHEET_BOLD)]
        + [""] * (len(FIXED_WIDTHS) - 2)
        + [str(sheet.pot) if sheet.has_pot else ""]
        + [x for total, chips in sheet.total_pairs for x in (_signed(total), str(chips))]
    )
    # Points and Penalties a little wider than on the blank sheet, for 9 pt headings.
    widths = _sheet_widths(pagesize, len(players))
    extra = {5: 8, 9: 11}
    for c, w in extra.items():
        widths[c] += w
    each = sum(extra.values()) / (2 * len(players))
    widths[len(FIXED_WIDTHS) :] = [w - each for w in widths[len(FIXED_WIDTHS) :]]
    grid = _grid(data, widths, header_rows=2, numeric_from=len(FIXED_WIDTHS))
    _sheet_style(grid, len(players), len(sheet.rows))
    grid.setStyle(TableStyle(spans))
    grid.setStyle(
        TableStyle(
            [
                ("FONTSIZE", (0, 0), (-1, -1), SHEET_SIZE),
                ("FONTNAME", (0, -1), (-1, -1), fonts.BOLD),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, INK),
                ("ALIGN", (5, 2), (5, -1), "RIGHT"),
                *([("ALIGN", (9, 0), (9, -1), "RIGHT")] if sheet.has_pot else []),  # the pot
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    series = sheet.chip_series()
    state = sheet.state_words + (
        " · * voided deal, counts nothing" if any(r.deal.voided for r in sheet.rows) else ""
    )
    if sheet.below_zero:
        state += " · Below zero: " + ", ".join(f"{n} {c}" for n, c in sheet.below_zero)
    story = [
        _p(seats_words(core.game_for(event.ruleset), players), SMALL),
        Spacer(1, 3),
        grid,
        Spacer(1, 6),
        _p(state, SMALL),
        Spacer(1, 8),
        KeepTogether(
            [
                _p("Chips after each deal", STYLE_BOLD),
                chips_chart(
                    series,
                    "deal",
                    width=pagesize[0] - 2 * MARGIN,
                    height=170,
                    baseline=event.starting_chips,
                ),
            ]
        ),
        Spacer(1, 18),
        _signatures(players, pagesize),
    ]
    return _build(story, pagesize, lambda: _sheet_header(event, table, "score sheet"))


def _signatures(players, pagesize) -> Table:
    width = (pagesize[0] - 2 * MARGIN) / len(players)
    data = [["" for _ in players], [_p(f"Signature: {p.name}", SMALL) for p in players]]
    table = Table(data, colWidths=[width] * len(players), rowHeights=[18, 11])
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, INK),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 12),
            ]
        )
    )
    return table


def _seated(table) -> list:
    """The table's players clockwise, from prefetched seats when the caller has them."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        return [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    return [s.player for s in table.seats.select_related("player").order_by("position")]


def _link_box(link_url: str, size: float = 58) -> Table:
    """The table link's QR code with a word of what it is for."""
    box = Table(
        [[qr_drawing(link_url, size), _p("Scan to enter this table's deals", SMALL)]],
        colWidths=[size + 4, 70],
    )
    box.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0)])
    )
    return box


def _blank_sheet_story(table, pagesize, prefix: str = "", link_url: str | None = None) -> list:
    event = table.round.event
    players = _seated(table)
    rows = event.deals_per_session or 20
    game = core.game_for(event.ruleset)
    # The game's outcome columns (those it needs, fewer and wider where it has fewer),
    # then the pot's where the game has one, as on the filled sheet.
    count = core.registry.SHEET_CELLS - (1 if game.has_pot else 0)
    labels = [label for label in game.sheet_columns(event.rules, count) if label]
    labels += ["Pot"] if game.has_pot else []
    notes = game.sheet_notes(event.rules, count)
    n = 2 + len(labels)
    data = _sheet_head_rows(players, labels)
    data.append(
        ["", _p("Starting chips")]
        + [""] * (n - 2)
        + [x for _ in players for x in ("", str(event.starting_chips))]
    )
    data += [[str(n_)] + [""] * (n - 1 + 2 * len(players)) for n_ in range(1, rows + 1)]
    data.append([_p("Net", STYLE_BOLD)] + [""] * (n - 1 + 2 * len(players)))
    # Fixed row heights: twenty deals, the reminder and the signatures fit on one page.
    heights = [None, None, 12] + [15] * rows + [15]
    widths = _sheet_widths(pagesize, len(players))
    outcome = sum(widths[2 : len(FIXED_WIDTHS)])
    widths = widths[:2] + _outcome_widths(labels, outcome) + widths[len(FIXED_WIDTHS) :]
    grid = _grid(
        data,
        widths,
        header_rows=2,
        numeric_from=n,
        row_heights=heights,
    )
    _sheet_style(grid, len(players), rows, n)
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 2), (-1, -1), "MIDDLE"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, INK),
            ]
        )
    )
    box = Table(
        [[_p("Payments", STYLE_BOLD)]]
        + [[_p(line, SMALL)] for line in game.payment_table(event.rules)],
        colWidths=[pagesize[0] - 2 * MARGIN],
    )
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.8, INK),
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fbf9f5")),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
            ]
        )
    )
    heading = _p(prefix + seats_words(game, players), SMALL)
    if link_url:
        width = pagesize[0] - 2 * MARGIN
        heading = Table([[heading, _link_box(link_url)]], colWidths=[width - 140, 140])
        heading.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
    said = [_p("Notes: " + "; ".join(notes) + ".", SMALL), Spacer(1, 3)] if notes else []
    return [
        heading,
        Spacer(1, 3),
        grid,
        Spacer(1, 5),
        *said,
        KeepTogether([box, Spacer(1, 4), _signatures(players, pagesize)]),
    ]


def blank_sheet_pdf(table, link_url: str | None = None) -> bytes:
    """A blank sheet for a physical game, names filled in, with the payment table and,
    for an organizer, the QR code of the table's link."""
    event = table.round.event
    pagesize = page_size(event, wide=True)
    return _build(
        _blank_sheet_story(table, pagesize, link_url=link_url),
        pagesize,
        lambda: _sheet_header(event, table, "score sheet"),
    )


CARD_NUMBER = ParagraphStyle(
    "card-number", fontName=fonts.BOLD, fontSize=150, leading=160, alignment=1
)
CARD_NAMES = ParagraphStyle("card-names", parent=LARGE, fontSize=22, leading=28, alignment=1)
CARD_NOTE = ParagraphStyle("card-note", parent=BODY, fontSize=12, leading=15, alignment=1)


FINDER_ROWS = 24  # names a column holds on a landscape Letter or A4 page
FINDER_COLUMNS = 4


def _seat_finder(finder: list[dict], pagesize, title: str, order: str = "") -> list:
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
            _p(title + (f" ({number + 1})" if number else ""), TITLE),
            *([_p(f"Seats are numbered {order} from 1.", BODY)] if order else []),
            _finder_page(page, pagesize),
        ]
    return story


def _finder_page(rows, pagesize) -> Table:
    columns = max(1, -(-len(rows) // FINDER_ROWS))
    per_column = -(-len(rows) // columns) if rows else 0
    width = (pagesize[0] - 2 * MARGIN) / max(columns, 2)
    head = [_p("Player", STYLE_BOLD), _p("Table", STYLE_BOLD), _p("Seat", STYLE_BOLD)]
    blocks = []
    for c in range(columns):
        part = rows[c * per_column : (c + 1) * per_column]
        data = [head] + [[_p(n, BODY), _p(t, LARGE_BOLD), _p(s, BODY)] for n, t, s in part]
        block = _grid(data, [width - 80, 40, 30], numeric_from=1)
        block.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 9)]))
        blocks.append(block)
    layout = Table([blocks], colWidths=[width] * columns, hAlign="LEFT")
    layout.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)])
    )
    return layout


def _table_card(table, pagesize, link_url: str | None) -> list:
    """A page to stand on the table: its number large, its players, its link's QR code."""
    players = _seated(table)
    names = " → ".join(p.name for p in players)
    story = [
        Spacer(1, 20),
        _p(f"Table {table.number}", CARD_NUMBER),
        Spacer(1, 10),
        _p(names, CARD_NAMES),
        _p(f"Seats {table.round.event.order_of_play}", CARD_NOTE),
    ]
    if link_url:
        size = 190
        qr = Table([[qr_drawing(link_url, size)]], colWidths=[size], rowHeights=[size])
        story += [
            Spacer(1, 14),
            qr,
            _p("Scan to enter this table's deals (no account needed).", CARD_NOTE),
        ]
    return story


def round_pack_pdf(rnd, link_urls: dict[int, str] | None = None) -> bytes:
    """Find your seat, the seat list by table, then for each table a large table card
    and its blank sheet; ``link_urls`` (table id -> URL, for organizers) adds the QR
    codes of the table links. A constant number of queries whatever the round's size."""
    event = rnd.event
    link_urls = link_urls or {}
    pagesize = page_size(event, wide=True)
    tables = list(rnd.tables.prefetch_related("seats__player").order_by("number"))
    finder = seat_finder_rows(rnd, tables)
    byes = [r["name"] for r in finder if r["table"] is None]
    story = _seat_finder(
        finder, pagesize, f"Round {rnd.number}: find your seat", event.order_of_play
    )
    story.append(PageBreak())
    data = [[_p("Table", LARGE_BOLD), _p(f"Players, {event.order_of_play}", LARGE_BOLD)]]
    for t in tables:
        names = [p.name for p in _seated(t)]
        data.append([_p(f"Table {t.number}", LARGE_BOLD), _p(" → ".join(names), LARGE)])
    story.append(_p(f"Round {rnd.number}: seats {event.order_of_play}", TITLE))
    seat_list = _grid(data, [70, pagesize[0] - 2 * MARGIN - 70])
    seat_list.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 10)]))
    story.append(seat_list)
    if byes:
        story += [Spacer(1, 6), _p(f"Bye: {', '.join(byes)}", LARGE)]
    if rnd.seed is not None:
        story += [Spacer(1, 4), _p(f"Drawn with seed {rnd.seed}.", SMALL)]
    for t in tables:
        t.round = rnd  # the sheets read the event from it: no query per table
        url = link_urls.get(t.pk)
        story += [PageBreak(), *_table_card(t, pagesize, url)]
        story += [
            PageBreak(),
            *_blank_sheet_story(t, pagesize, prefix=f"Table {t.number} · ", link_url=url),
        ]
    header = [
        f"{event.name}: round {rnd.number}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        ruleset_words(event),
    ]
    return _build(story, pagesize, lambda: header)


# -- standings and statements ---------------------------------------------------------


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
                _signed(s.chips) if s.chips else "0",
                str(s.deals_played),
                f"{s.bidder_wins} of {s.deals_as_bidder}" if s.deals_as_bidder else "",
            ]
            + ([str(s.byes or "")] if any_byes else [])
        )
    data = [[_p(h, small) for h in head]]
    for s, t in zip(rows, texts[1:], strict=True):
        name = _escape(s.player.name) + (" (withdrawn)" if s.withdrawn else "")
        club = f"<font size={size * 0.6:.1f}> {_escape(s.club)}</font>" if s.club else ""
        data.append(
            [_p(t[0], bold), Paragraph(f"<b>{name}</b>{club}", cell), _p(t[2], bold)]
            + [_p(x, cell) for x in t[3:]]
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
        _p(
            title,
            ParagraphStyle("wall-title", parent=bold, fontSize=size * 1.3, leading=size * 1.6),
        ),
        grid,
        Spacer(1, 6),
        _p(
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
            _p("Net chips after each round (top 10)", LARGE_BOLD),
            chips_chart(series, "round", width=width, height=min(height - 40, width), baseline=0),
        ]
    header = [
        f"{event.name}: {title.lower()}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        ruleset_words(event),
    ]
    return _build(story, pagesize, lambda: header)


def statement_pdf(event, player) -> bytes:
    pagesize = page_size(event)
    lines = statement(event, player)
    head = [
        "Round",
        "Table",
        "Deal",
        "Version",
        "From / to",
        "Rule",
        "How",
        "Chips",
        "Net",
        "At table",
    ]
    data = [[_p(h, STYLE_BOLD) for h in head]]
    for line in lines:
        e = line.entry
        other = f"from {e.payer_words}" if line.change > 0 else f"to {e.payee_words}"
        version = f"{e.deal_version.number}" + (f" {line.kind}" if line.kind else "")
        deal = f"{e.deal.number}" + (" voided" if e.deal.voided else "")
        data.append(
            [
                str(e.deal.table.round.number),
                str(e.deal.table.number),
                _p(deal),
                _p(version),
                _p(other),
                _p(e.get_reason_display()),
                _p(e.explanation),
                _signed(line.change),
                "" if line.balance is None else _signed(line.balance),
                "" if line.chips is None else str(line.chips),
            ]
        )
    width = pagesize[0] - 2 * MARGIN
    widths = [30, 28, 34, 50, 80, 50, 0, 30, 30, 34]
    widths[6] = width - sum(widths)
    grid = _grid(data, widths)
    grid.setStyle(TableStyle([("ALIGN", (7, 0), (9, -1), "RIGHT")]))
    balance = lines[-1].balance if lines else 0
    story = [
        _p(f"Net chips: {_signed(balance)}", TITLE),
        grid,
        Spacer(1, 6),
        _p(
            f"Deals in the order they were played; seats {event.order_of_play}. "
            "A correction reverses the deal's earlier transfers "
            "(reversal) and posts the new ones (correction) under the deal; a voided deal is "
            "reversed only. After a deal's last row: Net, the net chips over the event so "
            f"far; At table, the chips in hand at that table ({event.starting_chips} at the "
            "start plus the net there), as on the score sheet.",
            SMALL,
        ),
    ]
    header = [
        f"{event.name}: statement of {player.name}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        ruleset_words(event),
    ]
    return _build(story, pagesize, lambda: header)
