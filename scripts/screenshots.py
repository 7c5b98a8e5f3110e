"""Retake the docs' screenshots (docs/*.png) from the current pages, on the demo data.

Starts the app as `make run` does (`manage.py serve`: waitress, DEBUG off) on
127.0.0.1 with a new SQLite database in a temporary folder, so the demo is loaded
fresh, signs in as the demo organizer and drives Debian's Chromium through Playwright:

  deal-entry.png    a Nebraska deal being entered, with its live payments
  score-sheet.png   a Nebraska club night's score sheet
  table-links.png   a tournament round's table links with their QR codes
  phone-deal.png    a deal entered on a phone through a table's link
  larger-text.png   the same phone's deal form in larger text (the header's switch)
  dispute.png       a corrected deal: its transfers and its versions
  deal-changes.png  that deal's history: what the correction changed, each net before and after
  standings.png     a tournament's standings with the chart
  wall.png          the wall
  correction-pot.png  a Petrtyl correction's preview: the later deals whose pot moves
  season.png        the demo's fall club season: its standings and chart
  player.png        a player's page: events, seasons, statistics in each game's words
  director.png      a tournament round's director's view, a table calling the director
  check-in.png      the self check-in at the door on a phone: "novak" found, I am here
  results-site.png  the Clarkson tournament's results website, opened from disk offline
  prizes.png        a tournament's prize list and a category's (the demo given prizes)
  clock-wall.png    the wall of a round on the clock: the time left in large type
  schedule.png      the Clarkson tournament's rounds still to play drawn all at once
  player-card.png   players' cards from that round pack, rendered by pdftoppm
  paperwork.png     a sheet of the Clarkson tournament's name cards, a table card and a
                    diploma side by side, rendered by pdftoppm
  table-points.png  the Clarkson tournament's standings had it ranked by table points
  teams.png         the teams under that tournament's standings had it ranked teams of 2
  results-mail.png  the Clarkson tournament's Send the results page, a message opened
  players-sheet.png a players list from a spreadsheet, previewed before the import

The phones' address (the QR codes, the wall) is shown as http://192.168.1.20:8000/,
as on a hall's Wi-Fi. Each picture is reduced to 256 colours (they are pages of flat
colour) to stay small. Nothing of the project's own database is touched; the table
links it issues live only in the temporary database.

Run: .venv/bin/python scripts/screenshots.py [--out docs] [--only NAME ...]
Needs the test extras (Playwright: `make install-test`) and /usr/bin/chromium.
The pictures are taken by scripts/screenshot_deals.py and scripts/screenshot_formats.py,
with the tools of scripts/screenshot_helpers.py, against the server that
scripts/screenshot_server.py starts.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from screenshot_deals import deals_and_hall
from screenshot_formats import tournament_formats
from screenshot_helpers import Camera
from screenshot_server import HOST, ROOT, demo_ids, free_port, start_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="folder (default docs/)")
    parser.add_argument("--only", nargs="*", default=[], help="names, e.g. wall standings")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder), port)
        try:
            ids = demo_ids()
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM,
                    headless=True,
                    args=["--disable-gpu", "--disable-quic", "--no-sandbox"],
                )
                try:
                    cam = Camera(browser, f"http://{HOST}:{port}", ids, out, set(args.only))
                    deals_and_hall(cam)
                    tournament_formats(cam)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)


if __name__ == "__main__":
    main()
