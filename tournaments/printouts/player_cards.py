"""Players' cards for the round pack: a card a player, cut along the lines: their start
number large, their name, and their table and seat (or bye) in every drawn round."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Table, TableStyle

from ..player_cards import Card
from . import fonts
from .common import BODY, INK, MARGIN, RULE, TITLE, para

COLUMNS = 3
NUMBER = ParagraphStyle("card-start", fontName=fonts.BOLD, fontSize=13, leading=16)
NAME = ParagraphStyle("card-name", parent=BODY, fontName=fonts.BOLD, fontSize=10, leading=13)
LINE = ParagraphStyle("card-line", parent=BODY, fontSize=9, leading=11.5)


def _card(card: Card, order: str) -> list:
    lines = [
        para(f"Start number {card.number}", NUMBER),
        para(card.name, NAME),
        *(para(p.words, LINE) for p in card.places),
    ]
    if card.cannot_move:
        lines.append(para("Keeps one table every round.", LINE))
    lines.append(para(f"Seats numbered {order} from 1.", LINE))
    return lines


def cards_story(cards: list[Card], pagesize, order: str) -> list:
    """A page break, a title and the cards in rows of three (as many pages as it
    takes)."""
    if not cards:
        return []
    width = (pagesize[0] - 2 * MARGIN) / COLUMNS
    cells = [_card(c, order) for c in cards if not c.withdrawn]
    rows = [cells[i : i + COLUMNS] for i in range(0, len(cells), COLUMNS)]
    rows[-1] += [""] * (COLUMNS - len(rows[-1]))
    grid = Table(rows, colWidths=[width] * COLUMNS, hAlign="LEFT")
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("GRID", (0, 0), (-1, -1), 0.5, RULE),
                ("TEXTCOLOR", (0, 0), (-1, -1), INK),
                ("TOPPADDING", (0, 0), (-1, -1), 8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 10),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
            ]
        )
    )
    return [PageBreak(), para("Players' cards: cut along the lines", TITLE), grid]
