"""The score sheets: filled (``score_sheet_pdf``) and blank (``blank_sheet_pdf``)."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

import taroky_scoring as core

from .. import queries
from ..qr import qr_drawing
from . import fonts
from .charts import chips_chart
from .common import (
    HEADING,
    INK,
    MARGIN,
    RULE,
    SHADE,
    SMALL,
    STYLE,
    STYLE_BOLD,
    build,
    grid_table,
    page_size,
    para,
    ruleset_lines,
    signed,
)

# The filled score sheet is read at the table: 9 pt, not the 7 pt of a dense grid.
SHEET_SIZE = 9
SHEET = ParagraphStyle("sheet", parent=STYLE, fontSize=SHEET_SIZE, leading=SHEET_SIZE * 1.2)
SHEET_BOLD = ParagraphStyle("sheet-bold", parent=SHEET, fontName=fonts.BOLD)


# The number and the dealer, then the widths of the sheet's outcome columns, one for each
# of queries.SHEET_CELLS (their words are the game's: Game.sheet_columns and
# Game.sheet_headings).
LEAD_COLUMNS = [("#", 16), ("Dealer", 52)]
FIXED_WIDTHS = [w for _, w in LEAD_COLUMNS] + [52, 48, 52, 28, 38, 78, 62, 36]


def _sheet_header(event, table, title) -> list[str]:
    return [
        f"{event.name}: round {table.round.number}, table {table.number}: {title}",
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        *ruleset_lines(event),
    ]


def _sheet_widths(pagesize, players: int) -> list[float]:
    fixed = list(FIXED_WIDTHS)
    available = pagesize[0] - 2 * MARGIN - sum(fixed)
    each = available / (2 * players)
    return fixed + [each] * (2 * players)


def _sheet_head_rows(players, labels: list[str], heads: list[str] | None = None) -> list[list]:
    """The heading rows; ``labels`` are the outcome columns' words (the game's);
    ``heads`` each seat's heading, when one changed hands (else its player's name)."""
    fixed = [label for label, _ in LEAD_COLUMNS] + labels
    first = [para(label, HEADING) for label in fixed]
    second = [""] * len(fixed)
    for head in heads or [p.name for p in players]:
        first += [para(head, STYLE_BOLD), ""]
        second += ["±", "chips"]
    return [first, second]


def _sheet_style(table: Table, players: int, n: int = len(FIXED_WIDTHS)) -> None:
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
    sits_out = " The dealer sits out each deal." if game.dealer_sits_out(len(players)) else ""
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
        [para(c.text, SHEET_BOLD) if isinstance(c, Paragraph) else c for c in row]
        for row in _sheet_head_rows(players, labels, sheet.seat_heads)
    ]
    data.append(
        ["", para("Starting chips", SHEET)]
        + [""] * (len(FIXED_WIDTHS) - 2)
        + [x for _ in players for x in ("", str(event.starting_chips))]
    )
    spans = [("SPAN", (2 + a, 0), (2 + b, 1)) for a, b in heading_spans]
    for r, row in enumerate(sheet.rows, start=len(data)):
        cells, row_spans = _spread(row.cells)
        spans += [("SPAN", (2 + a, r), (2 + b, r)) for a, b in row_spans]
        data.append(
            [
                _number(row),
                para(row.dealer, SHEET),
            ]
            + [para(c, SHEET) for c in cells]
            + ([str(row.pot)] if sheet.has_pot else [])
            + [x for change, chips in row.pairs for x in (signed(change), str(chips))]
        )
    # The Net row's pot: the chips in the pot now, as the page's Net row says.
    data.append(
        [para("Net", SHEET_BOLD)]
        + [""] * (len(FIXED_WIDTHS) - 2)
        + [str(sheet.pot) if sheet.has_pot else ""]
        + [x for total, chips in sheet.total_pairs for x in (signed(total), str(chips))]
    )
    # Points and Penalties a little wider than on the blank sheet, for 9 pt headings.
    widths = _sheet_widths(pagesize, len(players))
    extra = {5: 8, 9: 11}
    for c, w in extra.items():
        widths[c] += w
    each = sum(extra.values()) / (2 * len(players))
    widths[len(FIXED_WIDTHS) :] = [w - each for w in widths[len(FIXED_WIDTHS) :]]
    if any(row.tag for row in sheet.rows):
        _widen_the_number(widths, labels, [_one_column(row.cells) for row in sheet.rows])
    grid = grid_table(data, widths, header_rows=2, numeric_from=len(FIXED_WIDTHS))
    _sheet_style(grid, len(players))
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
    state = sheet.state_words + "".join(
        f" · {words}" for tag, words in TAG_WORDS.items() if any(r.tag == tag for r in sheet.rows)
    )
    if sheet.seat_changes:
        state += " · " + " ".join(sheet.seat_changes)
    if sheet.below_zero:
        state += " · Below zero: " + ", ".join(f"{n} {c}" for n, c in sheet.below_zero)
    story = [
        para(seats_words(core.game_for(event.ruleset), players), SMALL),
        Spacer(1, 3),
        grid,
        Spacer(1, 6),
        para(state, SMALL),
        Spacer(1, 8),
        KeepTogether(
            [
                para("Chips after each deal", STYLE_BOLD),
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
    return build(story, pagesize, lambda: _sheet_header(event, table, "score sheet"))


# What a deal's tag on the filled sheet means, said under the grid where a deal has it.
TAG_WORDS = {
    "corrected": "corrected: the deal as corrected (its page keeps every version)",
    "voided": "voided: the deal counts nothing",
}
TAG_SIZE = 7


def _number(row) -> Paragraph | str:
    """A deal's number on the filled sheet, and what became of it under it (``tag``)."""
    if not row.tag:
        return str(row.deal.number)
    return Paragraph(f'{row.deal.number}<br/><font size="{TAG_SIZE}">{row.tag}</font>', SHEET)


def _one_column(cells) -> list[str]:
    """A row's words in each outcome column a cell has to itself ("" under a span)."""
    return [t for c in cells for t in ([c.text] if c.span == 1 else [""] * c.span)]


def _widen_the_number(widths: list[float], labels: list[str], rows: list[list[str]]) -> None:
    """The number's column wide enough for a tag under the number, taken from the
    outcome columns (``labels``: their headings; ``rows``: each deal's words in them)
    wider than their heading's words and their words on one line need: no heading,
    name or figure wraps that did not; what they cannot spare, the players' columns."""
    wanted = 5 + max(stringWidth(tag, fonts.REGULAR, TAG_SIZE) for tag in TAG_WORDS)
    first, players = len(LEAD_COLUMNS), len(FIXED_WIDTHS)
    spare = []
    for i, label in enumerate(labels):
        words = [stringWidth(w, fonts.BOLD, SHEET_SIZE) for w in label.split()]
        words += [
            stringWidth(w, fonts.REGULAR, SHEET_SIZE)
            for row in rows
            if i < len(row)
            for w in row[i].split()
        ]
        spare.append(max(0.0, widths[first + i] - 6 - max(words, default=0)))
    more = max(0.0, wanted - widths[0])
    taken = min(more, sum(spare))
    for i, room in enumerate(spare):
        widths[first + i] -= taken * room / sum(spare) if room else 0
    each = (more - taken) / (len(widths) - players)
    widths[players:] = [w - each for w in widths[players:]]
    widths[0] += more


def _signatures(players, pagesize) -> Table:
    width = (pagesize[0] - 2 * MARGIN) / len(players)
    data = [["" for _ in players], [para(f"Signature: {p.name}", SMALL) for p in players]]
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


def seated(table) -> list:
    """The table's players clockwise, from prefetched seats when the caller has them."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        return [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    return [s.player for s in table.seats.select_related("player").order_by("position")]


def _link_box(link_url: str, size: float = 58) -> Table:
    """The table link's QR code with a word of what it is for."""
    box = Table(
        [[qr_drawing(link_url, size), para("Scan to enter this table's deals", SMALL)]],
        colWidths=[size + 4, 70],
    )
    box.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0)])
    )
    return box


def blank_sheet_story(table, pagesize, prefix: str = "", link_url: str | None = None) -> list:
    event = table.round.event
    players = seated(table)
    rows = event.deals_per_session or 20
    game = core.game_for(event.ruleset)
    # The game's outcome columns (those it needs, fewer and wider where it has fewer),
    # then the pot's where the game has one, as on the filled sheet.
    count = queries.SHEET_CELLS - (1 if game.has_pot else 0)
    labels = [label for label in game.sheet_columns(event.rules, count) if label]
    labels += ["Pot"] if game.has_pot else []
    notes = game.sheet_notes(event.rules, count)
    n = 2 + len(labels)
    data = _sheet_head_rows(players, labels)
    data.append(
        ["", para("Starting chips")]
        + [""] * (n - 2)
        + [x for _ in players for x in ("", str(event.starting_chips))]
    )
    data += [[str(n_)] + [""] * (n - 1 + 2 * len(players)) for n_ in range(1, rows + 1)]
    data.append([para("Net", STYLE_BOLD)] + [""] * (n - 1 + 2 * len(players)))
    # Fixed row heights: twenty deals, the reminder and the signatures fit on one page.
    heights = [None, None, 12] + [15] * rows + [15]
    widths = _sheet_widths(pagesize, len(players))
    outcome = sum(widths[2 : len(FIXED_WIDTHS)])
    widths = widths[:2] + _outcome_widths(labels, outcome) + widths[len(FIXED_WIDTHS) :]
    grid = grid_table(
        data,
        widths,
        header_rows=2,
        numeric_from=n,
        row_heights=heights,
    )
    _sheet_style(grid, len(players), n)
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 2), (-1, -1), "MIDDLE"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, INK),
            ]
        )
    )
    box = Table(
        [[para("Payments", STYLE_BOLD)]]
        + [[para(line, SMALL)] for line in game.payment_table(event.rules)],
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
    heading = para(prefix + seats_words(game, players), SMALL)
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
    said = [para("Notes: " + "; ".join(notes) + ".", SMALL), Spacer(1, 3)] if notes else []
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
    return build(
        blank_sheet_story(table, pagesize, link_url=link_url),
        pagesize,
        lambda: _sheet_header(event, table, "score sheet"),
    )
