"""Table cards (``table_cards_pdf``): a sheet a table of a round, folded along its middle
into a tent: the table's number large on both faces (upright once folded), its players
in the order of play, and its table link's QR code. For organizers: the link lets
whoever scans it enter the table's deals."""

from __future__ import annotations

from reportlab.lib import colors

from ..qr import qr_drawing
from . import fonts
from .common import INK
from .sheets import seated
from .tent import draw_card, draw_lines, fit_name, new_canvas, shortened

PAD = 28
NUMBER_LARGEST = 230
QR_LARGEST = 200


def table_cards_pdf(rnd, tables, link_urls: dict[int, str]) -> bytes:
    """A page a table (``tables`` with their seats' players), ``link_urls`` (table id ->
    its working link's address) giving each its QR code; a table without a working
    link says where to issue one. One page saying so for a round without tables."""
    event = rnd.event
    canvas, buffer, (width, height) = new_canvas(event, f"{event.name}: round {rnd.number} tables")
    if not tables:
        canvas.setFont(fonts.BOLD, 14)
        canvas.drawString(PAD, height - PAD * 2, f"{event.name}: round {rnd.number}")
        canvas.setFont(fonts.REGULAR, 11)
        canvas.drawString(PAD, height - PAD * 3, "The round has no tables yet.")
        canvas.showPage()
    for table in tables:
        draw_card(canvas, 0, 0, width, height, _face(rnd, table, link_urls.get(table.pk)))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _face(rnd, table, url: str | None):
    event = rnd.event
    names = " → ".join(p.name for p in seated(table))

    def draw(canvas, width: float, height: float) -> None:
        qr = min(QR_LARGEST, height - 2 * PAD - 40) if url else 0
        room = width - 2 * PAD - (qr + PAD if qr else 0)
        canvas.setFillColor(colors.grey)
        canvas.setFont(fonts.REGULAR, 10)
        said = f"{event.name} · round {rnd.number}"
        canvas.drawString(PAD, height - PAD - 4, shortened(said, width - 2 * PAD, 10))
        canvas.setFillColor(INK)
        canvas.setFont(fonts.BOLD, 30)
        canvas.drawCentredString(PAD + room / 2, height - PAD - 52, "Table")
        size, lines = fit_name(str(table.number), room, NUMBER_LARGEST, 120, lines=1)
        draw_lines(canvas, lines, size, PAD, height - PAD - 62, room)
        canvas.setFont(fonts.REGULAR, 12)
        canvas.drawCentredString(
            width / 2, PAD + 2, shortened(names, width - 2 * PAD, 12) if names else ""
        )
        if qr:
            bottom = PAD + 40
            qr_drawing(url, qr).drawOn(canvas, width - PAD - qr, bottom)
            canvas.setFont(fonts.REGULAR, 9)
            canvas.drawCentredString(
                width - PAD - qr / 2, bottom - 10, "Scan to enter this table's deals"
            )
        else:
            canvas.setFont(fonts.REGULAR, 9)
            canvas.setFillColor(colors.grey)
            canvas.drawCentredString(
                width / 2, PAD + 22, "No table link: issue the round's links, then print again."
            )

    return draw
