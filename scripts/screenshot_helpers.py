"""The screenshots' tools (scripts/screenshots.py): the pages' sizes, the camera that
signs in and saves a picture, the deal form's helpers, the PDF pages made pictures by
pdftoppm, and the roster spreadsheet the players-sheet picture imports.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WALL = {"width": 1280, "height": 720}
LOGIN = ("organizer", "taroky-demo")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass
class Camera:
    """What each group of pictures needs: the browser, the server's address (``base``),
    the demo's ids, the folder the pictures go to and the names asked for (``only``;
    none: all)."""

    browser: object
    base: str
    ids: dict[str, int]
    out: Path
    only: set[str]

    def wanted(self, name: str) -> bool:
        return not self.only or name in self.only

    def context(self, viewport, **kw):
        """A new browser context signed in as the demo organizer, and its page."""
        ctx = self.browser.new_context(viewport=viewport, **kw)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{self.base}/accounts/login/")
        page.fill("#id_username", LOGIN[0])
        page.fill("#id_password", LOGIN[1])
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        return ctx, page

    def shot(self, page, name, height=None, full_page=False):
        """The page as ``name``.png, a window ``height`` tall (or the whole page)."""
        if height:
            page.set_viewport_size({"width": DESKTOP["width"], "height": height})
        page.screenshot(path=self.out / f"{name}.png", full_page=full_page)
        if height:
            page.set_viewport_size(DESKTOP)
        save(self.out / f"{name}.png")


def choose(page, field: str, label: str) -> None:
    page.locator(
        f"#field-{field} label", has_text=re.compile(rf"^\s*{re.escape(label)}")
    ).first.click()


def wait_for_preview(page, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('#preview-body').textContent.includes(t)", arg=text
    )


def fill_nebraska_four(page, seats: list[str]) -> None:
    """A Four with the second half of the blind, won with 41, King Last announced."""
    bidder, partner = seats[1], seats[3]
    choose(page, "bidder", bidder)
    choose(page, "bid", "Four")
    choose(page, "blind", "Second half")
    choose(page, "partner", partner)
    page.fill("#id_bidder_points", "41")
    wait_for_preview(page, f"{bidder.split()[0]}")
    wait_for_preview(page, "+5")


def check_width(page, name: str) -> None:
    """Say so if the page is wider than the screen (a phone would scroll sideways)."""
    wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    if wider > 0:
        print(f"{name}: the page is {wider} px wider than the screen", file=sys.stderr)


def seats_of(page) -> list[str]:
    return page.locator("#field-bidder label").all_inner_texts()


def save(path: Path) -> None:
    """Reduce to 256 colours: the pages are flat colour, and the docs stay small."""
    from PIL import Image

    with Image.open(path) as image:
        reduced = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        reduced.save(path, optimize=True)
    print(f"{path}: {path.stat().st_size // 1024} KB")


def pdf_page(pdf: bytes, number: int | None = None, resolution: int = 110):
    """A page of ``pdf`` (the last unless ``number``) as a PIL image, by pdftoppm."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "file.pdf").write_bytes(pdf)
        if number is None:
            pages = subprocess.run(
                ["pdfinfo", "file.pdf"], cwd=folder, capture_output=True, text=True, check=True
            ).stdout
            number = int(re.search(r"Pages:\s+(\d+)", pages).group(1))
        subprocess.run(
            ["pdftoppm", "-f", str(number), "-l", str(number), "-r", str(resolution), "-png",
             "-singlefile", "file.pdf", "page"],
            cwd=folder,
            check=True,
        )  # fmt: skip
        with Image.open(Path(folder) / "page.png") as image:
            return image.copy()


def player_card_png(pdf: bytes, path: Path) -> None:
    """The top of the last page of a round pack (its players' cards), by pdftoppm."""
    image = pdf_page(pdf)
    image.crop((0, 0, image.width, image.height * 52 // 100)).save(path)
    save(path)


def pages_side_by_side(pdfs: list[bytes], path: Path) -> None:
    """The first page of each of ``pdfs``, small, side by side on grey."""
    from PIL import Image

    pages = [pdf_page(pdf, 1, resolution=40) for pdf in pdfs]
    gap = 12
    width = sum(p.width for p in pages) + gap * (len(pages) + 1)
    height = max(p.height for p in pages) + 2 * gap
    sheet = Image.new("RGB", (width, height), (214, 210, 203))
    x = gap
    for page in pages:
        sheet.paste(page, (x, gap))
        x += page.width + gap
    sheet.save(path)
    save(path)


def roster_xlsx() -> bytes:
    """A roster a secretary might keep: regulars, a look-alike, new players, and five
    lines the import refuses."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    rows = [
        ("name", "club", "email", "categories"),
        ("Anna Nováková", "Clarkson", "anna@example.org", ""),
        ("josef kucera", "Clarkson", "", ""),
        ("Milada Šimková", "Cedar Rapids", "milada@example.org", ""),
        ("", "Cedar Rapids", "", ""),
        ("Anna Novakova", "", "", ""),
        ("Oldřich Beneš", "Wilber", "oldrich@example", ""),
        ("Zuzana Kopecká", "Wilber", "", "Juniors"),
        ("Karel_x0000_ Vávra", "", "", ""),
        ("Vojtěch Jelínek", "Wilber", "vojta@example.org", ""),
    ]
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
