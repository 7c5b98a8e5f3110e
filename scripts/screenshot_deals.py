"""The screenshots of the deals and the hall (scripts/screenshots.py): a deal entered
and its sheet, the round's table links, a corrected deal and its changes, the standings,
a Petrtyl correction's pot, a season, a player, the wall, the results website offline,
a table's phone (and in larger text) and the director's view of a call.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from screenshot_helpers import (
    DESKTOP,
    PHONE,
    WALL,
    Camera,
    check_width,
    choose,
    fill_nebraska_four,
    save,
    seats_of,
    wait_for_preview,
)


def deals_and_hall(cam: Camera) -> None:
    """The pictures asked for of the deals and the hall. Issues the last round's table
    links (in the temporary database) for the QR codes and the phones."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
    if cam.wanted("deal-entry"):
        page.goto(f"{base}/tables/{ids['entry_table']}/deals/new/")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        cam.shot(page, "deal-entry")
    if cam.wanted("score-sheet"):
        page.goto(f"{base}/tables/{ids['sheet_table']}/")
        cam.shot(page, "score-sheet", height=1000)
    # Issue the round's table links (in the temporary database), for the QR codes.
    page.goto(f"{base}/rounds/{ids['round']}/links/")
    if page.locator("#issue-links").count():
        page.click("#issue-links")
        page.wait_for_load_state("load")
    links = page.locator(".link-url a").all_inner_texts()
    if cam.wanted("table-links"):
        cam.shot(page, "table-links")
    if cam.wanted("dispute"):
        page.goto(f"{base}/deals/{ids['corrected_deal']}/")
        cam.shot(page, "dispute", height=1100)
    if cam.wanted("deal-changes"):
        page.goto(f"{base}/deals/{ids['corrected_deal']}/")
        history = page.locator("section.card", has=page.locator("#versions"))
        history.screenshot(path=cam.out / "deal-changes.png")
        save(cam.out / "deal-changes.png")
    if cam.wanted("standings"):
        page.goto(f"{base}/events/{ids['clarkson']}/standings/")
        cam.shot(page, "standings", full_page=True)
    if cam.wanted("correction-pot"):
        # The misdeal was a redeal after all: the later deals' pot would be empty.
        page.goto(f"{base}/deals/{ids['misdeal']}/correct/")
        choose(page, "kind", "Thrown in")
        wait_for_preview(page, "Later deals that will play for another pot")
        page.locator("#preview").scroll_into_view_if_needed()
        page.locator("#preview").screenshot(path=cam.out / "correction-pot.png")
        save(cam.out / "correction-pot.png")
    if cam.wanted("season"):
        page.goto(f"{base}/seasons/{ids['season']}/")
        cam.shot(page, "season", height=1000)
    if cam.wanted("player"):
        page.goto(f"{base}/players/{ids['player']}/")
        cam.shot(page, "player", height=1400)
    ctx.close()

    if cam.wanted("wall"):
        ctx = cam.browser.new_context(viewport=WALL)
        page = ctx.new_page()
        page.goto(f"{base}/events/{ids['clarkson']}/wall/")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=cam.out / "wall.png")
        save(cam.out / "wall.png")
        ctx.close()

    if cam.wanted("results-site"):
        # The event page's zip, unpacked and opened from disk with the network cut.
        import io
        import zipfile

        # Built in the background: the "being built" page (202) asks again until it is.
        url, deadline = f"{base}/events/{ids['clarkson']}/site.zip", time.monotonic() + 180
        while True:
            with urllib.request.urlopen(url) as response:
                body = response.read()
            if response.status == 200:
                break
            if time.monotonic() > deadline:
                sys.exit("The results website was not built within 3 minutes.")
            url = base + re.search(r'content="\d+; url=([^"]+)"', body.decode()).group(1)
            time.sleep(1)
        archive = zipfile.ZipFile(io.BytesIO(body))
        with tempfile.TemporaryDirectory() as folder:
            archive.extractall(folder)
            (index,) = Path(folder).glob("*/index.html")
            ctx = cam.browser.new_context(viewport=DESKTOP)
            ctx.route(
                "**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort()
            )
            page = ctx.new_page()
            page.goto(index.as_uri())
            cam.shot(page, "results-site", height=1000)
            ctx.close()

    if cam.wanted("phone-deal") and links:
        # A phone holds no account: only the table's link. Its address is the hall's
        # (HALL_URL); the phone here reaches the same server on 127.0.0.1.
        ctx = cam.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        path = links[0].split("://", 1)[1].split("/", 1)[1]
        page.goto(f"{base}/{path}deal/")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        check_width(page, "phone-deal")
        page.screenshot(path=cam.out / "phone-deal.png")
        save(cam.out / "phone-deal.png")
        ctx.close()

    if cam.wanted("larger-text") and links:
        # The same phone after a tap on the header's "Larger text" (remembered on it).
        ctx = cam.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        path = links[0].split("://", 1)[1].split("/", 1)[1]
        page.goto(f"{base}/{path}deal/")
        page.locator("header [data-text-size]").tap()
        page.wait_for_function("document.documentElement.classList.contains('text-large')")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        check_width(page, "larger-text")
        page.screenshot(path=cam.out / "larger-text.png")
        save(cam.out / "larger-text.png")
        ctx.close()

    if cam.wanted("director") and len(links) > 1:
        # Table 2's phone calls the director; the director's view of the round shows it.
        ctx = cam.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        path = links[1].split("://", 1)[1].split("/", 1)[1]
        page.goto(f"{base}/{path}")
        page.click("#call-director summary")
        page.get_by_label("A dispute").check()
        page.fill("#id_call-word", "Who led the trump?")
        page.click("#call-button")
        page.wait_for_selector("#call-open")
        ctx.close()
        ctx, page = cam.context(DESKTOP)
        page.goto(f"{base}/rounds/{ids['round']}/director/")
        cam.shot(page, "director", height=800)
