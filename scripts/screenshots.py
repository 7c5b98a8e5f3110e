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
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
HALL_URL = "http://192.168.1.20:8000/"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WALL = {"width": 1280, "height": 720}
LOGIN = ("organizer", "taroky-demo")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(folder: Path, port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG")}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        SECRET_KEY="screenshots-" + secrets.token_urlsafe(40),
        HALL_URL=HALL_URL,
        PUBLIC_URL="https://taroky.example.org/",
    )
    os.environ.update(DATABASE_URL=env["DATABASE_URL"], SECRET_KEY=env["SECRET_KEY"])
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"{HOST}:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=5):
                return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                sys.exit(f"The server did not start:\n{server.stderr.read()}")
            time.sleep(0.5)


def demo_ids() -> dict[str, int]:
    """The pages to show, found in the demo by what they are, not by their numbers."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings")
    import django

    django.setup()
    from tournaments.scoping import unscoped_script

    unscoped_script()  # this script reads every club's rows, as a command does
    from tournaments.models import Deal, Event, Player, Season

    thursday = Event.objects.get(name="Thursday club night")
    clarkson = Event.objects.get(name="Clarkson Taroky Tournament")
    texas = Event.objects.get(name="Texas XIX club night")
    last_round = clarkson.rounds.order_by("-number").first()
    corrected = (
        Deal.objects.filter(table__round__event=texas, versions__action="corrected")
        .order_by("number")
        .first()
    )
    tables = last_round.tables.order_by("number")
    petrtyl = Event.objects.get(name="Petrtyl four-handed club night")
    # The pot's last misdeal: deals after it play for the chips it paid in.
    misdeal = (
        Deal.objects.filter(table__round__event=petrtyl, kind="misdeal", voided=False)
        .order_by("-number")
        .first()
    )
    return {
        "misdeal": misdeal.pk,
        "season": Season.objects.get(name="Fall club season 2026").pk,
        # The season's leader, who played Texas and Petrtyl nights.
        "player": Player.objects.get(name="Pete Vlasák").pk,
        "clarkson": clarkson.pk,
        "clarkson_rounds": clarkson.rounds.count(),
        "round": last_round.pk,
        "entry_table": tables.last().pk,
        "sheet_table": thursday.rounds.get(number=1).tables.get(number=1).pk,
        "corrected_deal": corrected.pk,
    }


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


TABLE_POINTS_COPY = """
from django.contrib.auth import get_user_model
from tournaments import exchange
from tournaments.models import Event
document = exchange.export_event(Event.objects.get(pk=%d))
document["event"].update(
    name="Clarkson Taroky Tournament by table points",
    ranking="table_points",
    tie_breaks=["chips", "table_wins"],
)
print(exchange.import_event(document, get_user_model().objects.get(username="organizer")).pk)
"""


TEAMS_COPY = """
from django.contrib.auth import get_user_model
from tournaments import exchange
from tournaments.models import Event
document = exchange.export_event(Event.objects.get(pk=%d))
document["event"].update(
    name="Clarkson Taroky Tournament in pairs", team_ranking="teams", team_size=2
)
names = sorted(p["name"] for p in document["players"])
document["teams"] = [
    {"name": team, "players": names[2 * i : 2 * i + 2]}
    for i, team in enumerate(["Pagát", "Mond", "Škýz", "Trul", "Valat"])
    if len(names) >= 2 * i + 2
]
print(exchange.import_event(document, get_user_model().objects.get(username="organizer")).pk)
"""


# A small tournament whose table 1 saw Dana leave after deal 2 and Ivan take Dana's
# seat, playing in their own name (issue 27: substitutes), by the services; prints the
# table's id.
SUBSTITUTE_TABLE = """
import datetime
from django.contrib.auth import get_user_model
from tournaments import seat_holders, services
from tournaments.models import Event
from tournaments.queries import table_sheet
user = get_user_model().objects.get(username="organizer")
event = services.create_event(user, name="Substitutes at the Clarkson open",
    date=datetime.date(2026, 11, 21), kind=Event.Kind.TOURNAMENT, ruleset="clarkson",
    house_rules={}, starting_chips=100, session_end="fixed_deals", deals_per_session=6)
seated = [services.register_player(event, user, name=n, club="Clarkson")
    for n in ("Anna Horak", "Bill Vesely", "Cada Novak", "Dana Kral", "Ivan Maly")]
rnd = services.create_round(event, user)
table = services.create_table(rnd, user, seated[:4], first_forehand=seated[0])
def deal(bidder, partner, points):
    names = list(seat_holders.names_at(table))
    services.record_deal(table, {"ruleset": "clarkson", "kind": "played", "bid": "five",
        "bidder": bidder, "partner": partner, "bidder_points": points, "players": names,
        "dealer": table_sheet(table).next_deal.dealer}, user)
deal("Anna Horak", "Bill Vesely", 40)
deal("Dana Kral", "Cada Novak", 20)
services.substitute_player(table, user, seated[3], seated[4], 3, "as_himself")
deal("Ivan Maly", "Anna Horak", 45)
print(table.pk)
"""


def take(out: Path, only: set[str], base: str, ids: dict[str, int], browser) -> None:
    def wanted(name):
        return not only or name in only

    def context(viewport, **kw):
        ctx = browser.new_context(viewport=viewport, **kw)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_username", LOGIN[0])
        page.fill("#id_password", LOGIN[1])
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        return ctx, page

    def shot(page, name, height=None, full_page=False):
        """The page as ``name``.png, a window ``height`` tall (or the whole page)."""
        if height:
            page.set_viewport_size({"width": DESKTOP["width"], "height": height})
        page.screenshot(path=out / f"{name}.png", full_page=full_page)
        if height:
            page.set_viewport_size(DESKTOP)
        save(out / f"{name}.png")

    ctx, page = context(DESKTOP)
    if wanted("deal-entry"):
        page.goto(f"{base}/tables/{ids['entry_table']}/deals/new/")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "deal-entry")
    if wanted("score-sheet"):
        page.goto(f"{base}/tables/{ids['sheet_table']}/")
        shot(page, "score-sheet", height=1000)
    # Issue the round's table links (in the temporary database), for the QR codes.
    page.goto(f"{base}/rounds/{ids['round']}/links/")
    if page.locator("#issue-links").count():
        page.click("#issue-links")
        page.wait_for_load_state("load")
    links = page.locator(".link-url a").all_inner_texts()
    if wanted("table-links"):
        shot(page, "table-links")
    if wanted("dispute"):
        page.goto(f"{base}/deals/{ids['corrected_deal']}/")
        shot(page, "dispute", height=1100)
    if wanted("deal-changes"):
        page.goto(f"{base}/deals/{ids['corrected_deal']}/")
        history = page.locator("section.card", has=page.locator("#versions"))
        history.screenshot(path=out / "deal-changes.png")
        save(out / "deal-changes.png")
    if wanted("standings"):
        page.goto(f"{base}/events/{ids['clarkson']}/standings/")
        shot(page, "standings", full_page=True)
    if wanted("correction-pot"):
        # The misdeal was a redeal after all: the later deals' pot would be empty.
        page.goto(f"{base}/deals/{ids['misdeal']}/correct/")
        choose(page, "kind", "Thrown in")
        wait_for_preview(page, "Later deals that will play for another pot")
        page.locator("#preview").scroll_into_view_if_needed()
        page.locator("#preview").screenshot(path=out / "correction-pot.png")
        save(out / "correction-pot.png")
    if wanted("season"):
        page.goto(f"{base}/seasons/{ids['season']}/")
        shot(page, "season", height=1000)
    if wanted("player"):
        page.goto(f"{base}/players/{ids['player']}/")
        shot(page, "player", height=1400)
    ctx.close()

    if wanted("wall"):
        ctx = browser.new_context(viewport=WALL)
        page = ctx.new_page()
        page.goto(f"{base}/events/{ids['clarkson']}/wall/")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=out / "wall.png")
        save(out / "wall.png")
        ctx.close()

    if wanted("results-site"):
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
            ctx = browser.new_context(viewport=DESKTOP)
            ctx.route(
                "**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort()
            )
            page = ctx.new_page()
            page.goto(index.as_uri())
            shot(page, "results-site", height=1000)
            ctx.close()

    if wanted("phone-deal") and links:
        # A phone holds no account: only the table's link. Its address is the hall's
        # (HALL_URL); the phone here reaches the same server on 127.0.0.1.
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        path = links[0].split("://", 1)[1].split("/", 1)[1]
        page.goto(f"{base}/{path}deal/")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        check_width(page, "phone-deal")
        page.screenshot(path=out / "phone-deal.png")
        save(out / "phone-deal.png")
        ctx.close()

    if wanted("larger-text") and links:
        # The same phone after a tap on the header's "Larger text" (remembered on it).
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        path = links[0].split("://", 1)[1].split("/", 1)[1]
        page.goto(f"{base}/{path}deal/")
        page.locator("header [data-text-size]").tap()
        page.wait_for_function("document.documentElement.classList.contains('text-large')")
        fill_nebraska_four(page, seats_of(page))
        page.evaluate("window.scrollTo(0, 0)")
        check_width(page, "larger-text")
        page.screenshot(path=out / "larger-text.png")
        save(out / "larger-text.png")
        ctx.close()

    if wanted("director") and len(links) > 1:
        # Table 2's phone calls the director; the director's view of the round shows it.
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
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
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/rounds/{ids['round']}/director/")
        shot(page, "director", height=800)
    if wanted("check-in"):
        # The organizer opens the tournament's self check-in (in the temporary database);
        # a phone at the door, signed in as nobody, searches "novak".
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/check-in/")
        if not page.locator("#check-in-url").count():
            page.click("button[name=open]")
            page.wait_for_load_state("load")
        path = re.sub(r"^https?://[^/]+", "", page.locator("#check-in-url a").inner_text())
        ctx.close()
        ctx = browser.new_context(viewport=PHONE, is_mobile=True)
        page = ctx.new_page()
        page.goto(f"{base}{path}?q=novak")
        check_width(page, "check-in")
        page.screenshot(path=out / "check-in.png")
        save(out / "check-in.png")
    if wanted("prizes"):
        # The Clarkson tournament given an entry fee and a prize table (in the temporary
        # database), then its prize list.
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/prizes/edit/")
        page.fill("#id_entry_fee", "$10")
        page.fill("#id_prize_table", "40%\n25%\n15%\n10%")
        page.click("#prizes-form button[type=submit]")
        page.wait_for_load_state("load")
        # A category of every other player, ranked among themselves.
        page.goto(f"{base}/events/{ids['clarkson']}/categories/")
        page.fill("#id_name", "Seniors")
        boxes = page.locator("input[name=players]")
        for i in range(0, boxes.count(), 2):
            boxes.nth(i).check()
        page.fill("#id_prize_table", "$5\n$3")
        page.click("#category-form button[type=submit]")
        page.wait_for_load_state("load")
        page.goto(f"{base}/events/{ids['clarkson']}/prizes/")
        shot(page, "prizes", height=900)
        ctx.close()
    if wanted("paperwork"):
        # The Clarkson tournament's name cards (QR codes to the players' pages: it is
        # published), its last round's table cards and its diplomas: a page of each.
        ctx, page = context(DESKTOP)
        files = [
            f"/events/{ids['clarkson']}/name-cards.pdf",
            f"/rounds/{ids['round']}/table-cards.pdf",
            f"/events/{ids['clarkson']}/diplomas.pdf",
        ]
        pdfs = [page.request.get(base + f).body() for f in files]
        ctx.close()
        pages_side_by_side(pdfs, out / "paperwork.png")
    if wanted("results-mail"):
        # The Clarkson tournament's players given addresses, all but two (in the
        # temporary database): each one's message, the first opened.
        from tournaments.models import Player

        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        players = list(Player.objects.filter(registrations__event=ids["clarkson"]))
        for p in players[2:]:
            p.email = re.sub(r"[^a-z]+", ".", p.folded).strip(".") + "@example.org"
        Player.objects.bulk_update(players[2:], ["email"])
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/send-results/")
        page.locator("#queue-form details").first.evaluate("d => d.open = true")
        shot(page, "results-mail", height=900)
        ctx.close()
    if wanted("clock-wall"):
        # A tournament day on the clock (in the temporary database): the Clarkson
        # tournament's players in a timed event, round 1 drawn, 55 minutes, started;
        # the wall counts down from the server's time.
        from django.contrib.auth import get_user_model

        from tournaments import services
        from tournaments.models import Event

        # Playwright's loop runs in this thread: Django's ORM is told it is safe here.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        clarkson = Event.objects.get(pk=ids["clarkson"])
        user = get_user_model().objects.get(username=LOGIN[0])
        timed = services.create_event(
            user,
            name="Clarkson tournament on the clock",
            date=clarkson.date,
            venue=clarkson.venue,
            kind=Event.Kind.TOURNAMENT,
            ruleset=clarkson.ruleset,
            house_rules=clarkson.house_rules,
            starting_chips=clarkson.starting_chips,
            session_end=Event.SessionEnd.TIMED,
            deals_per_session=None,
            published=True,
        )
        for registration in clarkson.registrations.select_related("player"):
            services.register_player(timed, user, player=registration.player)
        rnd = services.create_round(timed, user)
        services.draw_seating(rnd, user, seed=27)
        services.set_round_length(rnd, user, 55)
        services.start_round(rnd, user)
        ctx = browser.new_context(viewport=WALL)
        page = ctx.new_page()
        page.goto(f"{base}/events/{timed.pk}/wall/")
        page.wait_for_function(
            "document.querySelector('[data-clock-left]').textContent.startsWith('54:')"
        )
        page.screenshot(path=out / "clock-wall.png")
        save(out / "clock-wall.png")
        ctx.close()
    if wanted("schedule"):
        # The Clarkson tournament's rounds still to play drawn all at once (in the
        # temporary database): the schedule's page with the players' cards, then one
        # page of cards from the new round's pack, rendered by pdftoppm.
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/schedule/")
        page.fill("#id_rounds", str(ids["clarkson_rounds"] + 2))
        page.fill("#id_seed", "27")
        page.click("#draw-all-form button[type=submit]")
        page.wait_for_load_state("load")
        shot(page, "schedule", full_page=True)
        last = page.locator("#schedule-grid th").last.inner_text().split()[-1]
        rounds = page.request.get(f"{base}/events/{ids['clarkson']}/").text()
        number = re.findall(r'href="/rounds/(\d+)/">Round ' + last + "<", rounds)[0]
        pdf = page.request.get(f"{base}/rounds/{number}/pack.pdf").body()
        ctx.close()
        player_card_png(pdf, out / "player-card.png")
    if wanted("table-points"):
        # The Clarkson tournament copied (export, then import in the temporary database,
        # by the server's manage.py: the ORM is not called from Playwright's loop) as
        # an event ranked by table points, 4/3/2/1, ties by chips then table wins.
        copy = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", TABLE_POINTS_COPY % ids["clarkson"]],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{copy}/standings/")
        shot(page, "table-points", height=800)
        ctx.close()
    if wanted("category_standings"):
        # A category of the Clarkson tournament (in the temporary database): every
        # other player a Senior, on the categories page, then the Seniors' standings.
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/categories/")
        page.fill("#id_name", "Seniors")
        boxes = page.locator("input[name=players]")
        for i in range(1, boxes.count(), 2):
            boxes.nth(i).check()
        page.click("#category-form button[type=submit]")
        page.wait_for_load_state("load")
        link = page.locator("#categories a", has_text="Seniors").first.get_attribute("href")
        category = link.rstrip("/").rsplit("/", 1)[-1]
        page.goto(f"{base}/events/{ids['clarkson']}/standings/?category={category}")
        shot(page, "category-standings", height=800)
        ctx.close()
    if wanted("teams"):
        # The Clarkson tournament copied (as above) with its players in teams of two.
        copy = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", TEAMS_COPY % ids["clarkson"]],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{copy}/standings/")
        page.locator("#team-standings").screenshot(path=out / "teams.png")
        save(out / "teams.png")
        ctx.close()
    if wanted("substitute"):
        # A table whose seat changed hands at deal 3 (made by the server's manage.py, as
        # the table-points copy is): the sheet, its note and the substitute form.
        table = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", SUBSTITUTE_TABLE],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/tables/{table}/")
        page.locator("#order-of-play").scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -120)")
        shot(page, "substitute", height=1000)
        ctx.close()
    if wanted("players-sheet"):
        # A club's roster as a spreadsheet, previewed on the Clarkson tournament's
        # Players page (the preview writes nothing).
        ctx, page = context(DESKTOP)
        page.goto(f"{base}/events/{ids['clarkson']}/players/")
        page.set_input_files(
            "#id_sheet",
            files=[{"name": "roster.xlsx", "mimeType": XLSX, "buffer": roster_xlsx()}],
        )
        page.click("#sheet-form button[type=submit]")
        page.wait_for_selector("#preview-lines")
        shot(page, "players-sheet", height=1080)
        ctx.close()


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


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
                    take(out, set(args.only), f"http://{HOST}:{port}", ids, browser)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)


if __name__ == "__main__":
    main()
