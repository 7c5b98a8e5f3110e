"""The standings for the wall: an event's (``standings_pdf``: overall, after a round or
for one round) and a season's (``season_standings_pdf``)."""

from __future__ import annotations

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from .. import columns, teams
from ..columns import Columns
from ..season_standings import chips_series
from ..standings import RANK_WORDS, among, no_deal_words, standings, standings_series
from ..words import counted, scoring_words
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
    ruleset_lines,
    signed,
)

# Standings go on the hall's wall: type sized to fill the page, from WALL_MIN points
# (still readable from a couple of metres, on more pages) up to WALL_MAX.
WALL_MIN, WALL_MAX = 16, 30
ONE_LINE = 20  # the smallest type a name is kept on one line for (see _fitting_styles)


def wall_styles(rows: int, height: float, largest: float = WALL_MAX):
    """Type sized to fill the page with ``rows`` rows (and the header and title), at most
    ``largest``: the cell, bold and small styles, and the size."""
    size = max(WALL_MIN, min(largest, height / (rows + 3) / 1.3))
    cell = ParagraphStyle("wall", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.15)
    bold = ParagraphStyle("wall-bold", parent=cell, fontName=fonts.BOLD)
    small = ParagraphStyle("wall-small", parent=cell, fontSize=size * 0.6, leading=size * 0.7)
    return size, cell, bold, small


def wall_widths(head: list[str], texts: list[list[str]], width: float, size: float, words=()):
    """The columns' widths: a number column as wide as its widest figure, a column of
    ``words`` (small type, wrapping between words) as its widest word; the name column
    (the second) gets the rest."""

    def widest(c: int) -> float:
        if c in words:
            # Split at spaces only: a no-break space keeps a piece whole.
            pieces = [w for t in [head, *texts] for w in t[c].split(" ")]
            return max((stringWidth(w, fonts.BOLD, size * 0.6) for w in pieces), default=0)
        every = [head, *texts]
        return max(
            stringWidth(t[c], fonts.BOLD, size if r else size * 0.6) for r, t in enumerate(every)
        )

    numbers = [8 + widest(c) for c in [0, *range(2, len(head))]]
    return [numbers[0], width - sum(numbers), *numbers[1:]]


def wall_grid(
    head: list[str], texts: list[list[str]], names: list[str], width: float, styles, words=()
):
    """The standings in large type: a row a player (``texts``: rank, name, then the
    figures, the third column in bold; ``names``: the name column's markup; ``words``:
    the columns of words in small type), the name column taking what the others leave."""
    size, cell, bold, small = styles
    data = [[para(h, small) for h in head]]
    for t, name in zip(texts, names, strict=True):
        data.append(
            [para(t[0], bold), Paragraph(name, cell), para(t[2], bold)]
            + [para(x, small if c in words else cell) for c, x in enumerate(t[3:], start=3)]
        )
    widths = wall_widths(head, texts, width, size, words)
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
    return grid


def _name(name: str, club: str, size: float, note: str = "") -> str:
    club = f"<font size={size * 0.6:.1f}> {escape(club)}</font>" if club else ""
    return f"<b>{escape(name)}{note}</b>{club}"


def _title(text: str, bold) -> Paragraph:
    size = bold.fontSize
    return para(
        text, ParagraphStyle("wall-title", parent=bold, fontSize=size * 1.3, leading=size * 1.6)
    )


def standings_pdf(
    event,
    after_round: int | None = None,
    only_round: int | None = None,
    category=None,
    circuit: bool = False,
) -> bytes:
    """The standings, the engine's columns for a printout (``columns.Columns.pdf``); of
    a ``category`` (PrizeCategory): its players ranked among themselves, its name in the
    title. ``circuit`` (a server of several clubs): each player's circuit number beside
    their club."""
    pagesize = page_size(event)
    rows = standings(event, after_round=after_round, only_round=only_round)
    if category is not None:
        rows = among(rows, category.players.values_list("pk", flat=True))
    width = pagesize[0] - 2 * MARGIN
    height = pagesize[1] - 2 * MARGIN - 11 * 3 - 6
    title = (
        "Standings"
        + (f" of {category.name}" if category is not None else "")
        + (
            f": round {only_round}"
            if only_round
            else f" after round {after_round}"
            if after_round
            else ""
        )
    )
    shown = Columns.of(event)
    printed = shown.pdf(rows)
    head = [c.heading if c.pdf_heading is None else c.pdf_heading for c in printed]
    texts = [[c.print_text(s) for c in printed] for s in rows]
    words = {i for i, c in enumerate(printed) if c.kind == columns.WORDS}
    ties = [columns.tie_note(s, printed) for s in rows]
    header = [
        f"{event.name}: {title[0].lower()}{title[1:]}",  # a category keeps its capital
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        *ruleset_lines(event),
    ]
    if shown.scoring.by_points:
        # Smaller type than chips alone (more columns); a round's place kept on one line.
        styles = wall_styles(len(rows), height, largest=18)
        size, bold = styles[0], styles[2]
        said = (
            shown.scoring.words + " Places at a table are by the chips won there in the round;"
            " players on equal chips share the place. " + RANK_WORDS
        )
        said += " " + no_deal_words(rows) if no_deal_words(rows) else ""
    else:
        # Rows plus the header row and the title (about two rows) fill the page.
        styles = wall_styles(len(rows), height)
        size, bold = styles[0], styles[2]
        said = (
            RANK_WORDS
            + " Net chips are summed from the chip ledger"
            + (f", plus {event.bye_chips} per bye." if event.bye_chips else ".")
            + f" Bids won: deals won as {event.game.bidder_word}, of those bid."
            + f" Seats {event.order_of_play} at every table."
        )
    names = [
        _name(
            s.player.name,
            " · ".join(
                x
                for x in (
                    s.club,
                    s.player.circuit_number if circuit else "",
                    f"tie broken by {tie}" if tie else "",
                )
                if x
            ),
            size,
            " (withdrawn)" if s.withdrawn else "",
        )
        for s, tie in zip(rows, ties, strict=True)
    ]
    story = [
        _title(title, bold),
        wall_grid(head, texts, names, width, styles, words),
        Spacer(1, 6),
        para(said, SMALL),
    ]
    story += team_story(event, rows, width, height) if category is None else []
    series = standings_series(event, rows) if not only_round and not shown.scoring.by_points else []
    if series and len(series[0][1]) > 2:
        story += [
            PageBreak(),
            para("Net chips after each round (top 10)", LARGE_BOLD),
            chips_chart(series, "round", width=width, height=min(height - 40, width), baseline=0),
        ]
    return build(story, pagesize, lambda: header)


def team_story(event, rows, width: float, height: float) -> list:
    """The flowables of the teams' page, none when the event ranks no teams (nor in a
    category's standings: teams rank on every player's score)."""
    ranked = teams.kind(event)
    if not ranked.ranks:
        return []
    sides = teams.sides(event, rows)
    title = ranked.title
    lodges = not ranked.teams
    styles = wall_styles(max(len(sides), 1) * 2, height, largest=20)
    size, bold = styles[0], styles[2]
    head = ["", ranked.heading, "Score"]
    texts, names = [], []
    for side in sides:
        # The players under the name, in small type: the name column is the wide one.
        players = " · ".join(
            f"{escape(n)}\u00a0{s}{'*' if c and lodges else ''}" for n, s, c in side.members_shown()
        )
        note = "" if side.full else f" (fewer than {event.lodge_best})"
        texts.append([side.rank_shown, side.name, side.score_shown])
        names.append(
            f"<b>{escape(side.name)}</b>{escape(note)}<br/>"
            f"<font size={size * 0.6:.1f}>{players}</font>"
        )
    story = [PageBreak(), _title(title, bold)]
    if sides:
        story.append(wall_grid(head, texts, names, width, styles))
    else:
        story.append(para(f"No {title.lower()} yet.", SMALL))
    return [*story, Spacer(1, 6), para(teams.words(event), SMALL)]


def season_standings_pdf(table) -> bytes:
    """A season's standings (``seasons.SeasonTable``) for the wall, in the same large
    type, on the paper of its latest event, and its chart of chips after each event.

    The chips of every event are shown beside a total they are not (placement points,
    or the best N's chips), the tie-break that set a player apart in a column of its
    own, and the nights dropped by their dates."""
    season = table.season
    pagesize = page_size(table.events[-1]) if table.events else LETTER
    rows = table.rows
    width = pagesize[0] - 2 * MARGIN
    height = pagesize[1] - 2 * MARGIN - 11 * 3 - 6
    tie, chips = table.ties_broken, table.chips_differ
    head = (
        ["", "Player", table.total_words]
        + (["Tie broken by"] if tie else [])
        + (["Chips"] if chips else [])
        + ["Events", "Won"]
        + (["Dropped"] if season.counts_best else [])
    )
    texts = [
        [
            str(s.rank),
            s.player.name,
            str(s.total) if table.by_points else (signed(s.total) if s.total else "0"),
        ]
        + ([s.decided_by] if tie else [])
        + ([signed(s.chips) if s.chips else "0"] if chips else [])
        + [str(s.events_played), str(s.events_won or "")]
        + ([_dates(r.event for r in s.dropped)] if season.counts_best else [])
        for s in rows
    ]
    words = {3} if tie else set()
    if season.counts_best:
        words.add(len(head) - 1)
    styles = _fitting_styles(rows, head, texts, width, height, words)
    size, bold = styles[0], styles[2]
    names = [_name(s.player.name, s.player.club, size) for s in rows]
    story = [
        _title("Season standings", bold),
        wall_grid(head, texts, names, width, styles, words),
        Spacer(1, 6),
        para(
            scoring_words(season)
            + (" Tie broken by: what set a player apart from an equal total." if tie else "")
            + " Players still equal share a rank. Chips are every event's chips, summed from "
            "its chip ledger"
            + ("; dropped: the events that do not count." if season.counts_best else ".")
            + (" " + table.table_points_words if table.table_points_words else ""),
            SMALL,
        ),
    ]
    series = chips_series(table)
    if series and len(table.events) > 1:
        story += [
            PageBreak(),
            para("Chips after each event (top 10)", LARGE_BOLD),
            chips_chart(series, "event", width=width, height=min(height - 40, width), baseline=0),
        ]
    dates = f"{season.start_date:%B %-d, %Y} to {season.end_date:%B %-d, %Y}"
    header = [
        f"{season.name}: season standings",
        f"{season.club + ', ' if season.club else ''}{dates}",
        f"{counted(len(table.events), 'event')}: "
        + ", ".join(f"{e.date:%b %-d} {e.name}" for e in table.events[-6:])
        + (" ..." if len(table.events) > 6 else ""),
    ]
    return build(story, pagesize, lambda: header)


def _dates(events) -> str:
    """Events by their dates, each kept on one line: "Jan 8, Mar 5"."""
    return ", ".join(f"{e.date:%b}\u00a0{e.date.day}" for e in events)


def _fitting_styles(rows, head, texts, width, height, words):
    """The wall's type, made smaller while a name would not fit its column on one line
    (down to ONE_LINE points: a row of two lines fills the page as two), then while the
    longest word of a name or club would not (a name is broken between words only, never
    inside one)."""
    largest = WALL_MAX
    while True:
        styles = wall_styles(len(rows), height, largest)
        size = styles[0]
        room = wall_widths(head, texts, width, size, words)[1] - 6  # the cell's padding
        names = [stringWidth(s.player.name, fonts.BOLD, size) for s in rows]
        pieces = [stringWidth(w, fonts.BOLD, size) for s in rows for w in s.player.name.split()]
        pieces += [
            stringWidth(w, fonts.REGULAR, size * 0.6) for s in rows for w in s.player.club.split()
        ]
        wraps = max(names, default=0) > room and size > ONE_LINE
        if size <= WALL_MIN or not wraps and max(pieces, default=0) <= room:
            return styles
        largest = size - 1
