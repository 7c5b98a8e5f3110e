"""Tent name cards (``name_cards_pdf``): two a sheet, each cut from half the sheet and
folded along its middle, the player's name on both faces (upright once folded) in type
read from across the table, their start number and club (and circuit number, on a
server of several clubs), and a QR code to their public page while the event is
published."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors

from ..names import name_key
from ..qr import qr_drawing
from . import fonts
from .common import INK
from .tent import (
    draw_card,
    draw_lines,
    fit_name,
    guide_line,
    lines_height,
    new_canvas,
    shortened,
)

NAME_LARGEST = 72
NAME_SMALLEST = 48  # read across a table of four
PAD = 24  # clear of a printer's unprinted margin (about 18 pt)
QR_SIZE = 96
CARDS_PER_SHEET = 2


@dataclass
class NameCard:
    name: str
    number: int | None  # the start number, once the schedule is drawn
    club: str
    url: str = ""  # the player's public page, while the event is published
    circuit_number: str = ""  # "T-00042", on a server of several clubs

    @property
    def line(self) -> str:
        """ "No. 7 · Clarkson" (" · T-00042" on a circuit): what the card says under the
        name."""
        said = (self.number and f"No. {self.number}", self.club, self.circuit_number)
        return " · ".join(p for p in said if p)


def name_cards(event, url_of=None, circuit: bool = False) -> list[NameCard]:
    """The cards of the event's players who have not withdrawn: by start number, then
    by name (those without one). ``url_of(player)``: their public page's address (a
    published event's); ``circuit``: each card says the player's circuit number. One
    query."""
    registrations = event.registrations.filter(withdrawn=False).select_related("player")
    cards = [
        NameCard(
            r.player.name,
            r.start_number,
            r.player.club,
            url_of(r.player) if url_of else "",
            r.player.circuit_number if circuit else "",
        )
        for r in registrations
    ]
    return sorted(cards, key=lambda c: (c.number is None, c.number or 0, name_key(c.name)))


def name_cards_pdf(event, cards: list[NameCard]) -> bytes:
    """Two cards a sheet, as many sheets as it takes (one page saying so when nobody
    is registered)."""
    canvas, buffer, (width, height) = new_canvas(event, f"{event.name}: name cards")
    if not cards:
        canvas.setFont(fonts.BOLD, 14)
        canvas.drawString(PAD * 2, height - PAD * 3, f"{event.name}: name cards")
        canvas.setFont(fonts.REGULAR, 11)
        canvas.drawString(
            PAD * 2,
            height - PAD * 4,
            "No card to print: no player is registered, or every one withdrew.",
        )
        canvas.showPage()
    for first in range(0, len(cards), CARDS_PER_SHEET):
        sheet = cards[first : first + CARDS_PER_SHEET]
        half = height / CARDS_PER_SHEET
        for i, card in enumerate(sheet):
            top = height - i * half
            draw_card(canvas, 0, top - half, width, half, _face(event, card))
        guide_line(canvas, 0, half, width, "cut")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _face(event, card: NameCard):
    def draw(canvas, width: float, height: float) -> None:
        qr = QR_SIZE if card.url else 0
        room = width - 2 * PAD - (qr + PAD if qr else 0)
        canvas.setFillColor(colors.grey)
        canvas.setFont(fonts.REGULAR, 9)
        canvas.drawString(PAD, height - PAD - 6, shortened(event.name, room, 9))
        canvas.setFillColor(INK)
        size, lines = fit_name(card.name, room, NAME_LARGEST, NAME_SMALLEST)
        below = 30 if card.line else 0
        # The name centred in the face's room between the event's line and the club's.
        free_top, free_bottom = height - PAD - 12, PAD + below
        used = lines_height(len(lines), size)
        top = free_top - max(0, (free_top - free_bottom - used) / 2)
        draw_lines(canvas, lines, size, PAD, top, room)
        if card.line:
            canvas.setFont(fonts.REGULAR, 16)
            canvas.drawCentredString(PAD + room / 2, PAD + 4, shortened(card.line, room, 16))
        if qr:
            bottom = (height - qr) / 2 + 4
            qr_drawing(card.url, qr).drawOn(canvas, width - PAD - qr, bottom)
            canvas.setFont(fonts.REGULAR, 7)
            canvas.drawCentredString(width - PAD - qr / 2, bottom - 6, "Scan: my results")

    return draw
