"""A player's statement (``statement_pdf``): every transfer, the net so far and the
chips at the table; when the event ranks by table points, their place at each table
first, as the statement page shows it."""

from __future__ import annotations

from reportlab.platypus import Spacer, TableStyle

from .. import ranking
from ..seat_holders import statement_words
from ..standings import places_of, statement
from ..words import account_words, reason_words
from . import common
from .common import SMALL, STYLE_BOLD, grid_table, para, signed


def statement_pdf(event, player, circuit: bool = False) -> bytes:
    """A player's statement of an event; ``circuit`` (a server of several clubs): their
    circuit number beside their name."""
    pagesize = common.page_size(event)
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
    data = [[para(h, STYLE_BOLD) for h in head]]
    for line in lines:
        e = line.entry
        other = (
            f"from {account_words(e.payer_name)}"
            if line.change > 0
            else f"to {account_words(e.payee_name)}"
        )
        version = f"{e.deal_version.number}" + (f" {line.kind}" if line.kind else "")
        deal = f"{e.deal.number}" + (" voided" if e.deal.voided else "")
        data.append(
            [
                str(e.deal.table.round.number),
                str(e.deal.table.number),
                para(deal),
                para(version),
                para(other),
                para(reason_words(e.reason, event.game)),
                para(e.explanation),
                signed(line.change),
                "" if line.balance is None else signed(line.balance),
                "" if line.chips is None else str(line.chips),
            ]
        )
    width = pagesize[0] - 2 * common.MARGIN
    widths = [30, 28, 34, 50, 80, 50, 0, 30, 30, 34]
    widths[6] = width - sum(widths)
    grid = grid_table(data, widths)
    grid.setStyle(TableStyle([("ALIGN", (7, 0), (9, -1), "RIGHT")]))
    balance = lines[-1].balance if lines else 0
    story = [
        para(f"Net chips: {signed(balance)}", common.TITLE),
        *_seat_changes(event, player),
        *_places(event, player, width),
        grid,
        Spacer(1, 6),
        para(
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
        f"{event.name}: statement of {player.name}"
        + (f" ({player.circuit_number})" if circuit else ""),
        f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}",
        *common.ruleset_lines(event),
    ]
    return common.build(story, pagesize, lambda: header)


def _seat_changes(event, player) -> list:
    """The seats the player took over or left (the statement page's "Substitutes"), in the
    page's words: nothing when they have none."""
    said = statement_words(event, player)
    if not said:
        return []
    return [
        para("Substitutes", STYLE_BOLD),
        *(para(words) for words in said),
        Spacer(1, 8),
    ]


def _places(event, player, width: float) -> list:
    """The player's place and table points at each table (the statement page's "Places at the
    tables"), when the event ranks by them: nothing otherwise."""
    scoring = ranking.Scoring.of(event)
    if not scoring.by_points:
        return []
    head = ["Round", "Table", "Chips there", "Place", "Table points"]
    data = [[para(h, STYLE_BOLD) for h in head]]
    for p in places_of(event, player):
        data.append(
            [
                str(p.round),
                str(p.table),
                signed(p.chips) if p.own else "—",
                para(p.place_of),
                p.points_shown,
            ]
        )
    style = [("ALIGN", (2, 0), (2, -1), "RIGHT")]
    if len(data) == 1:
        data.append(["No table played yet.", "", "", "", ""])
        style.append(("SPAN", (0, 1), (-1, 1)))
    # The place the widest (a seat's note, "played for Dana"), the statement's width.
    places = grid_table(data, [30, 28, 50, width - 168, 60])
    places.setStyle(TableStyle(style))
    return [
        para("Places at the tables", STYLE_BOLD),
        para(
            f"{scoring.words} Each round, each table ranks its players by the chips won "
            "there; equal chips share the place.",
            SMALL,
        ),
        places,
        Spacer(1, 8),
    ]
