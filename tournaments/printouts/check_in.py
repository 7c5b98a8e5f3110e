"""The door's check-in page: the self check-in's QR code and address, large, to put up
at the door (the round pack's first page while the check-in is open)."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Spacer, Table

from ..qr import qr_drawing
from . import fonts
from .common import BODY, build, page_size, para

DOOR_TITLE = ParagraphStyle("door-title", fontName=fonts.BOLD, fontSize=40, leading=46, alignment=1)
DOOR_TEXT = ParagraphStyle("door-text", parent=BODY, fontSize=18, leading=24, alignment=1)
DOOR_URL = ParagraphStyle("door-url", parent=BODY, fontSize=13, leading=17, alignment=1)
QR_SIZE = 250


def door_page(event, url: str) -> list:
    """The story of the door's page, ending with a page break."""
    qr = Table([[qr_drawing(url, QR_SIZE)]], colWidths=[QR_SIZE], rowHeights=[QR_SIZE])
    return [
        para(f"Check in: {event.name}", DOOR_TITLE),
        Spacer(1, 8),
        para("Scan the code with your phone, find your name, tap “I am here”.", DOOR_TEXT),
        Spacer(1, 10),
        qr,
        Spacer(1, 8),
        para(f"Or open {url}", DOOR_URL),
        para("Not on the list? Ask the organizer: only the organizer registers players.", DOOR_URL),
        PageBreak(),
    ]


def door_pdf(event, url: str) -> bytes:
    """The door's page on its own, to print before round 1 is drawn (the round pack's
    first page says the same once a round is drawn)."""
    story = door_page(event, url)[:-1]  # one page: no break after it
    header = [event.name, f"{event.date:%A, %B %-d, %Y}{', ' + event.venue if event.venue else ''}"]
    return build(story, page_size(event, wide=True), lambda: header)
