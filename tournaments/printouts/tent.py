"""What a tent card is drawn with (name cards, table cards): a card folded along its
middle into a tent, its upper face drawn turned half a turn so both faces stand upright
once folded; the fold and cut lines; a name fitted to a face.

Drawn straight on a reportlab canvas: platypus lays out pages, and a face is a band of
a page drawn in its own turned coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .common import page_size

GUIDE = colors.HexColor("#9a9389")
ELLIPSIS = "…"


def new_canvas(event, title: str) -> tuple[Canvas, io.BytesIO, tuple[float, float]]:
    """A portrait canvas on the event's paper (A4 or US Letter), titled."""
    fonts.register()
    buffer = io.BytesIO()
    pagesize = page_size(event)
    canvas = Canvas(buffer, pagesize=pagesize)
    canvas.setTitle(title)
    canvas.setAuthor("Taroky scorekeeper")
    return canvas, buffer, pagesize


def draw_card(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    height: float,
    face: Callable[[Canvas, float, float], None],
) -> None:
    """A tent card in the box (x, y, width, height): ``face(canvas, width, height / 2)``
    drawn twice, in the lower half upright and in the upper half turned 180° (its foot
    at the top edge of the sheet: upright once folded), and the fold line between."""
    half = height / 2
    canvas.saveState()
    canvas.translate(x, y)
    face(canvas, width, half)
    canvas.restoreState()
    canvas.saveState()
    # Turned about the upper half's centre: its (0, 0) is the box's top right corner.
    canvas.translate(x + width, y + height)
    canvas.rotate(180)
    face(canvas, width, half)
    canvas.restoreState()
    guide_line(canvas, x, y + half, width, "fold")


def guide_line(canvas: Canvas, x: float, y: float, width: float, word: str) -> None:
    """A line across the sheet, said at both ends: dashed where it folds ("fold"),
    solid where it is cut ("cut")."""
    canvas.saveState()
    canvas.setStrokeColor(GUIDE)
    canvas.setFillColor(GUIDE)
    canvas.setLineWidth(0.5)
    if word == "fold":
        canvas.setDash(4, 3)
    label = stringWidth(word, fonts.REGULAR, 6.5) + 6
    canvas.line(x + label, y, x + width - label, y)
    canvas.setFont(fonts.REGULAR, 6.5)
    canvas.drawString(x + 2, y - 2.2, word)
    canvas.drawRightString(x + width - 2, y - 2.2, word)
    canvas.restoreState()


def fit_name(
    name: str, width: float, largest: float, smallest: float, lines: int = 2
) -> tuple[float, list[str]]:
    """(size, lines) of ``name`` in bold: on one line at the largest size from
    ``largest`` down to ``smallest`` that fits ``width``; else wrapped at ``smallest``
    on at most ``lines`` lines, the last cut short with "…" when even they are too few
    (never smaller than ``smallest``: read from across the table)."""
    size = largest
    while size >= smallest:
        if stringWidth(name, fonts.BOLD, size) <= width:
            return size, [name]
        size -= 2
    wrapped = _wrap(name, width, smallest)
    if len(wrapped) > lines:
        wrapped = wrapped[: lines - 1] + [_cut(" ".join(wrapped[lines - 1 :]), width, smallest)]
    return smallest, wrapped


def _fits(text: str, width: float, size: float) -> bool:
    return stringWidth(text, fonts.BOLD, size) <= width


def _wrap(text: str, width: float, size: float) -> list[str]:
    """Lines between words; a word wider than the line split where it must."""
    result: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if _fits(candidate, width, size):
            line = candidate
            continue
        if line:
            result.append(line)
        while not _fits(word, width, size):
            cut = len(word) - 1
            while cut > 1 and not _fits(word[:cut], width, size):
                cut -= 1
            result.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        result.append(line)
    return result or [""]


def _cut(text: str, width: float, size: float) -> str:
    """``text`` cut short to fit ``width`` with "…" at its end."""
    while text and not _fits(text + ELLIPSIS, width, size):
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def draw_lines(
    canvas: Canvas, lines: list[str], size: float, x: float, top: float, width: float
) -> float:
    """``lines`` in bold at ``size``, centred in (x, width), the first line's top at
    ``top``; returns the baseline of the last."""
    canvas.setFont(fonts.BOLD, size)
    leading = size * 1.08
    baseline = top - size * 0.8
    for line in lines:
        canvas.drawCentredString(x + width / 2, baseline, line)
        baseline -= leading
    return baseline + leading


def lines_height(count: int, size: float) -> float:
    """The height ``draw_lines`` takes for ``count`` lines (the last one's descent in)."""
    return size * 0.8 + (count - 1) * size * 1.08 + size * 0.22


def shortened(text: str, width: float, size: float) -> str:
    """A line of regular type cut short with "…" where it is too wide."""
    if stringWidth(text, fonts.REGULAR, size) <= width:
        return text
    while text and stringWidth(text + ELLIPSIS, fonts.REGULAR, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
