"""The screenshots of the tournament formats (scripts/screenshots.py): the self
check-in, the prizes, the paperwork, the results' mail, the wall on the clock, the
schedule and its players' cards, table points, a category's standings, teams, a
substitute and a players list from a spreadsheet. Each adds what it shows to the
temporary database, through the pages or the server's manage.py.
"""

from __future__ import annotations

import os
import re

from screenshot_helpers import (
    DESKTOP,
    LOGIN,
    PHONE,
    WALL,
    XLSX,
    Camera,
    check_width,
    pages_side_by_side,
    player_card_png,
    roster_xlsx,
    save,
)
from screenshot_server import manage_shell

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


def check_in(cam: Camera) -> None:
    """The organizer opens the tournament's self check-in (in the temporary database);
    a phone at the door, signed in as nobody, searches "novak"."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{ids['clarkson']}/check-in/")
    if not page.locator("#check-in-url").count():
        page.click("button[name=open]")
        page.wait_for_load_state("load")
    path = re.sub(r"^https?://[^/]+", "", page.locator("#check-in-url a").inner_text())
    ctx.close()
    ctx = cam.browser.new_context(viewport=PHONE, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{base}{path}?q=novak")
    check_width(page, "check-in")
    page.screenshot(path=cam.out / "check-in.png")
    save(cam.out / "check-in.png")


def prizes(cam: Camera) -> None:
    """The Clarkson tournament given an entry fee and a prize table (in the temporary
    database), then its prize list."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
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
    cam.shot(page, "prizes", height=900)
    ctx.close()


def paperwork(cam: Camera) -> None:
    """The Clarkson tournament's name cards (QR codes to the players' pages: it is
    published), its last round's table cards and its diplomas: a page of each."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
    files = [
        f"/events/{ids['clarkson']}/name-cards.pdf",
        f"/rounds/{ids['round']}/table-cards.pdf",
        f"/events/{ids['clarkson']}/diplomas.pdf",
    ]
    pdfs = [page.request.get(base + f).body() for f in files]
    ctx.close()
    pages_side_by_side(pdfs, cam.out / "paperwork.png")


def results_mail(cam: Camera) -> None:
    """The Clarkson tournament's players given addresses, all but two (in the
    temporary database): each one's message, the first opened."""
    base, ids = cam.base, cam.ids
    from tournaments.models import Player

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    players = list(Player.objects.filter(registrations__event=ids["clarkson"]))
    for p in players[2:]:
        p.email = re.sub(r"[^a-z]+", ".", p.folded).strip(".") + "@example.org"
    Player.objects.bulk_update(players[2:], ["email"])
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{ids['clarkson']}/send-results/")
    page.locator("#queue-form details").first.evaluate("d => d.open = true")
    cam.shot(page, "results-mail", height=900)
    ctx.close()


def clock_wall(cam: Camera) -> None:
    """A tournament day on the clock (in the temporary database): the Clarkson
    tournament's players in a timed event, round 1 drawn, 55 minutes, started;
    the wall counts down from the server's time."""
    base, ids = cam.base, cam.ids
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
    ctx = cam.browser.new_context(viewport=WALL)
    page = ctx.new_page()
    page.goto(f"{base}/events/{timed.pk}/wall/")
    page.wait_for_function(
        "document.querySelector('[data-clock-left]').textContent.startsWith('54:')"
    )
    page.screenshot(path=cam.out / "clock-wall.png")
    save(cam.out / "clock-wall.png")
    ctx.close()


def schedule(cam: Camera) -> None:
    """The Clarkson tournament's rounds still to play drawn all at once (in the
    temporary database): the schedule's page with the players' cards, then one
    page of cards from the new round's pack, rendered by pdftoppm."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{ids['clarkson']}/schedule/")
    page.fill("#id_rounds", str(ids["clarkson_rounds"] + 2))
    page.fill("#id_seed", "27")
    page.click("#draw-all-form button[type=submit]")
    page.wait_for_load_state("load")
    cam.shot(page, "schedule", full_page=True)
    last = page.locator("#schedule-grid th").last.inner_text().split()[-1]
    rounds = page.request.get(f"{base}/events/{ids['clarkson']}/").text()
    number = re.findall(r'href="/rounds/(\d+)/">Round ' + last + "<", rounds)[0]
    pdf = page.request.get(f"{base}/rounds/{number}/pack.pdf").body()
    ctx.close()
    player_card_png(pdf, cam.out / "player-card.png")


def table_points(cam: Camera) -> None:
    """The Clarkson tournament copied (export, then import in the temporary database,
    by the server's manage.py: the ORM is not called from Playwright's loop) as
    an event ranked by table points, 4/3/2/1, ties by chips then table wins."""
    base, ids = cam.base, cam.ids
    copy = manage_shell(TABLE_POINTS_COPY % ids["clarkson"])
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{copy}/standings/")
    cam.shot(page, "table-points", height=800)
    ctx.close()


def category_standings(cam: Camera) -> None:
    """A category of the Clarkson tournament (in the temporary database): every
    other player a Senior, on the categories page, then the Seniors' standings."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
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
    cam.shot(page, "category-standings", height=800)
    ctx.close()


def teams(cam: Camera) -> None:
    """The Clarkson tournament copied (as for table points) with its players in teams of two."""
    base, ids = cam.base, cam.ids
    copy = manage_shell(TEAMS_COPY % ids["clarkson"])
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{copy}/standings/")
    page.locator("#team-standings").screenshot(path=cam.out / "teams.png")
    save(cam.out / "teams.png")
    ctx.close()


def substitute(cam: Camera) -> None:
    """A table whose seat changed hands at deal 3 (made by the server's manage.py, as
    the table-points copy is): the sheet, its note and the substitute form."""
    base = cam.base
    table = manage_shell(SUBSTITUTE_TABLE)
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/tables/{table}/")
    page.locator("#order-of-play").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")
    cam.shot(page, "substitute", height=1000)
    ctx.close()


def players_sheet(cam: Camera) -> None:
    """A club's roster as a spreadsheet, previewed on the Clarkson tournament's
    Players page (the preview writes nothing)."""
    base, ids = cam.base, cam.ids
    ctx, page = cam.context(DESKTOP)
    page.goto(f"{base}/events/{ids['clarkson']}/players/")
    page.set_input_files(
        "#id_sheet",
        files=[{"name": "roster.xlsx", "mimeType": XLSX, "buffer": roster_xlsx()}],
    )
    page.click("#sheet-form button[type=submit]")
    page.wait_for_selector("#preview-lines")
    cam.shot(page, "players-sheet", height=1080)
    ctx.close()


# In the order they were always taken: each adds to the temporary database, several
# to the Clarkson tournament.
PICTURES = [
    ("check-in", check_in),
    ("prizes", prizes),
    ("paperwork", paperwork),
    ("results-mail", results_mail),
    ("clock-wall", clock_wall),
    ("schedule", schedule),
    ("table-points", table_points),
    ("category_standings", category_standings),
    ("teams", teams),
    ("substitute", substitute),
    ("players-sheet", players_sheet),
]


def tournament_formats(cam: Camera) -> None:
    """The pictures asked for of the tournament formats."""
    for name, take in PICTURES:
        if cam.wanted(name):
            take(cam)
