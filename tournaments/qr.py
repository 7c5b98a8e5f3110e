"""QR codes of table links and the hall's URL, drawn by segno (pure Python, offline)."""

from __future__ import annotations

import segno
from django.conf import settings
from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors


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
    from django.urls import reverse

    from .models import TableLink

    links = TableLink.objects.filter(table__in=tables, revoked_at__isnull=True).order_by(
        "created_at"
    )
    return {
        link.table_id: hall_url(request, reverse("link-sheet", args=[link.token])) for link in links
    }


def qr_svg(data: str, scale: int = 4) -> str:
    """An inline <svg> of the QR code, for pages."""
    return segno.make(data, error="m").svg_inline(scale=scale, border=2, omitsize=True)


def qr_drawing(data: str, size: float) -> Drawing:
    """The QR code as a vector drawing ``size`` points square, for the PDFs."""
    code = segno.make(data, error="m")
    border = 2
    rows = list(code.matrix)
    modules = len(rows) + 2 * border
    unit = size / modules
    drawing = Drawing(size, size)
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            # One rectangle per run of dark modules: few shapes, crisp at any size.
            drawing.add(
                Rect(
                    (start + border) * unit,
                    size - (y + 1 + border) * unit,
                    (x - start) * unit,
                    unit,
                    fillColor=colors.black,
                    strokeColor=None,
                    strokeWidth=0,
                )
            )
    return drawing
