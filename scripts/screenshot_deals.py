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


def organizer_pages(cam: Camera) -> list[str]:
    """The pictures asked for of the organizer's pages, in one signed-in window; the
    last round's table links, issued (in the temporary database) for the QR codes."""
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
    return links


def wall(cam: Camera) -> None:
    ctx = cam.browser.new_context(viewport=WALL)
    page = ctx.new_page()
    page.goto(f"{cam.base}/events/{cam.ids['clarkson']}/wall/")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=cam.out / "wall.png")
    save(cam.out / "wall.png")
    ctx.close()


def results_site(cam: Camera) -> None:
    """The event page's zip, unpacked and opened from disk with the network cut."""
    import io
    import zipfile

    base = cam.base
    # Built in the background: the "being built" page (202) asks again until it is.
    url, deadline = f"{base}/events/{cam.ids['clarkson']}/site.zip", time.monotonic() + 180
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


def phone(cam: Camera, link: str, then: str = ""):
    """A phone's browser at the table ``link``'s page ``then``. A phone holds no account:
    only the table's link. Its address is the hall's (HALL_URL); the phone here reaches
    the same server on 127.0.0.1."""
    ctx = cam.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    path = link.split("://", 1)[1].split("/", 1)[1]
    page.goto(f"{cam.base}/{path}{then}")
    return ctx, page


def phone_deal(cam: Camera, link: str, name: str) -> None:
    """A deal entered on table ``link``'s phone; as larger-text, after a tap on the
    header's "Larger text" (remembered on the phone)."""
    ctx, page = phone(cam, link, "deal/")
    if name == "larger-text":
        page.locator("header [data-text-size]").tap()
        page.wait_for_function("document.documentElement.classList.contains('text-large')")
    fill_nebraska_four(page, seats_of(page))
    page.evaluate("window.scrollTo(0, 0)")
    check_width(page, name)
    page.screenshot(path=cam.out / f"{name}.png")
    save(cam.out / f"{name}.png")
    ctx.close()


def director(cam: Camera, link: str) -> None:
    """Table ``link``'s phone calls the director; the director's view of the round
    shows it."""
    ctx, page = phone(cam, link)
    page.click("#call-director summary")
    page.get_by_label("A dispute").check()
    page.fill("#id_call-word", "Who led the trump?")
    page.click("#call-button")
    page.wait_for_selector("#call-open")
    ctx.close()
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{cam.base}/rounds/{cam.ids['round']}/director/")
    cam.shot(page, "director", height=800)


def deals_and_hall(cam: Camera) -> None:
    """The pictures asked for of the deals and the hall, in the order they were always
    taken; the phones use the table links the organizer's pages issue."""
    links = organizer_pages(cam)
    if cam.wanted("wall"):
        wall(cam)
    if cam.wanted("results-site"):
        results_site(cam)
    for name in ("phone-deal", "larger-text"):
        if cam.wanted(name) and links:
            phone_deal(cam, links[0], name)
    if cam.wanted("director") and len(links) > 1:
        director(cam, links[1])  # table 2's phone
