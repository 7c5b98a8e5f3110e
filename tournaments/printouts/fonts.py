"""The Unicode font shipped with the app (DejaVu Sans Condensed, free licence): the
standard PDF fonts cannot show Č, ř, š, ý and the other Czech letters."""

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSansCondensed"
BOLD = "DejaVuSansCondensed-Bold"


def register() -> None:
    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / f"{REGULAR}.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / f"{BOLD}.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
