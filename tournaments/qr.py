"""QR codes of table links and the hall's URL, drawn by segno (pure Python, offline)."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.conf import settings
from django.urls import reverse
from reportlab.lib import colors
from reportlab.platypus import Flowable

from .models import TableLink


def hall_url(request, path: str) -> str:
    """The address a phone in the hall opens for ``path``.

    HALL_URL (filled in by `manage.py serve` on the hall's Wi-Fi) wins over the address
    the organizer's own browser used, which may be 127.0.0.1 on the serving laptop.
    """
    if settings.HALL_URL:
        return settings.HALL_URL.rstrip("/") + path
    return request.build_absolute_uri(path)


def link_urls(request, tables) -> dict[int, str]:
    """Table id -> the address of its working link, for the printouts: one query."""
    links = TableLink.objects.filter(table__in=tables, revoked_at__isnull=True).order_by(
        "created_at"
    )
    return {
        link.table_id: hall_url(request, reverse("link-sheet", args=[link.token])) for link in links
    }


def qr_svg(data: str, scale: int = 4) -> str:
    """An inline <svg> of the QR code, for pages."""
    return segno.make(data, error="m").svg_inline(scale=scale, border=2, omitsize=True)


@lru_cache(maxsize=256)
def _runs(data: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The code's size in modules and its dark runs (row, first column, length);
    cached, as the round pack draws each table's code twice."""
    rows = list(segno.make(data, error="m").matrix)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return len(rows), tuple(runs)


class QrFlowable(Flowable):
    """The QR code as one filled path ``size`` points square, for the PDFs.

    One path of rectangles drawn straight on the canvas: reportlab's shapes cost a
    round pack of 16 tables a second more.
    """

    BORDER = 2  # quiet zone, in modules

    def __init__(self, data: str, size: float):
        super().__init__()
        self.data = data
        self.size = size

    def wrap(self, _available_width, _available_height):
        return self.size, self.size

    def draw(self):
        modules, runs = _runs(self.data)
        unit = self.size / (modules + 2 * self.BORDER)
        path = self.canv.beginPath()
        for y, x, length in runs:
            path.rect(
                (x + self.BORDER) * unit,
                self.size - (y + 1 + self.BORDER) * unit,
                length * unit,
                unit,
            )
        self.canv.setFillColor(colors.black)
        self.canv.drawPath(path, stroke=0, fill=1)


def qr_drawing(data: str, size: float) -> QrFlowable:
    return QrFlowable(data, size)
