"""Pages older players can read (issue 28): axe-core finds no serious or critical
violation on the main pages, at a phone's size and a desktop's, in normal and in larger
text; the Larger text switch scales every page and is remembered on the device; the deal
form is filled and saved with the keyboard alone.

The main pages (docs/organizers.md, "Larger text and accessibility"): the home page, an
event's page, a round's page, a table's sheet, the organizer's deal form, a table link's
sheet and its deal form, the standings, the wall, a season's page, a player's statement
and the sign-in page. axe-core's script comes with axe-playwright-python (axe.min.js in
the package): every request outside the test's own server is refused and counted.
"""

from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Deal, Event, Registration, Season

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
TEXT_KEY = "taroky-text-size"
SERIOUS = {"serious", "critical"}


def main_pages():
    """The main pages of the demo (load_demo), by name: (path, signed in?). The table
    link's pages and the sign-in page are seen as a player sees them, signed out."""
    tournament = Event.objects.get(kind=Event.Kind.TOURNAMENT)
    rnd = tournament.rounds.order_by("-number").first()
    table = rnd.tables.order_by("number").first()
    organizer = tournament.organizers.get()
    link = services.issue_link(table, organizer)
    player = Registration.objects.filter(event=tournament).order_by("pk").first().player
    season = Season.objects.get()
    return {
        "home": ("/", True),
        "event": (tournament.get_absolute_url(), True),
        "round": (f"/rounds/{rnd.pk}/", True),
        "table sheet": (f"/tables/{table.pk}/", True),
        "deal form": (f"/tables/{table.pk}/deals/new/", True),
        "standings": (f"/events/{tournament.pk}/standings/", True),
        "wall": (f"/events/{tournament.pk}/wall/", True),
        "season": (f"/seasons/{season.pk}/", True),
        "statement": (f"/events/{tournament.pk}/players/{player.pk}/statement/", True),
        "table link's sheet": (link.get_absolute_url(), False),
        "table link's deal form": (f"{link.get_absolute_url()}deal/", False),
        "sign-in": ("/accounts/login/", False),
    }


def offline_context(browser, live_server, viewport, large, outside):
    """A browser context that reaches the test's server only (every other request is
    refused and noted in ``outside``), in larger text or not from its first page."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE)
    host = urlsplit(live_server.url).netloc

    def only_ours(route):
        if urlsplit(route.request.url).netloc == host:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_ours)
    if large:
        context.add_init_script(f"localStorage.setItem('{TEXT_KEY}', 'large')")
    return context


def serious_violations(axe, page) -> list[str]:
    results = axe.run(page).response
    return [
        f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:3])}"
        for v in results["violations"]
        if v["impact"] in SERIOUS
    ]


def test_axe_checks_the_page_it_is_given(browser):
    """The check itself can fail: faint grey on white and a nameless button are
    reported (were axe's script missing or not run, the main pages' test would pass on
    nothing)."""
    axe = axe_sync.Axe()
    context = browser.new_context()
    page = context.new_page()
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main>'
        '<p style="color:#bbb;background:#fff">faint</p><button></button></main></body></html>'
    )
    found = {v.split(" ")[0] for v in serious_violations(axe, page)}
    context.close()
    assert found == {"color-contrast", "button-name"}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_main_pages_pass_axe_fit_a_phone_and_grow_with_larger_text(live_server, browser, viewport):
    """0 serious or critical axe violations on each main page at 390x844 and 1280x900,
    in normal and larger text; no page wider than the screen (the phone's 390 px in larger
    text too); each page's type a quarter larger in larger text at desktop size (its
    heading, and its first table cell, choice or label), the wall's too. One test per
    screen size: each is half a minute."""
    call_command("load_demo", verbosity=0)
    pages = main_pages()
    axe = axe_sync.Axe()
    violations, wide, outside, sizes = {}, {}, [], {}
    for large in (False, True):
        context = offline_context(browser, live_server, viewport, large, outside)
        for signed_in in (True, False):
            page = context.new_page()
            page.set_default_timeout(10_000)
            if signed_in:
                sign_in(page, live_server, "organizer", "taroky-demo")
            for name, (path, signed) in pages.items():
                if signed is not signed_in:
                    continue
                page.goto(live_server.url + path)
                where = (name, viewport["width"], "larger" if large else "normal")
                assert (
                    page.evaluate("document.documentElement.classList.contains('text-large')")
                    is large
                ), where
                found = serious_violations(axe, page)
                if found:
                    violations[where] = found
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > viewport["width"]:
                    wide[where] = width
                if viewport is DESKTOP:
                    sizes[where] = page.evaluate(
                        """() => ['h1', 'main td, main .choices label, main label'].map(s =>
                            parseFloat(getComputedStyle(document.querySelector(s)).fontSize))"""
                    )
            page.close()
        context.close()
    assert violations == {}
    assert wide == {}
    assert outside == []
    if viewport is DESKTOP:  # the type grows alike on a phone; measured at one size
        grew = {
            name: [
                round(big / small, 3)
                for big, small in zip(
                    sizes[(name, 1280, "larger")], sizes[(name, 1280, "normal")], strict=True
                )
            ]
            for name in pages
        }
        assert grew == {name: [1.25, 1.25] for name in pages}


def first_frame_class(page) -> str:
    """The class <html> had as the page's first frame was drawn, once that frame is
    drawn (a slow machine may evaluate before it)."""
    page.wait_for_function("window.firstFrameClass !== undefined")
    return page.evaluate("window.firstFrameClass")


def test_the_larger_text_switch_is_remembered_on_the_device(live_server, page, table, event):
    """The header's switch says what it will do, puts the page in larger text, and the
    next pages (the deal form, the wall) open in it before they are first drawn; Normal
    text puts it back and forgets it."""
    # The class on <html> as the first frame is drawn (a deferred script would be late).
    page.add_init_script(
        "requestAnimationFrame(() => { window.firstFrameClass = "
        "document.documentElement.className; });"
    )
    sign_in(page, live_server)
    switch = page.locator("header [data-text-size]")
    expect(switch).to_have_text("Larger text")
    root = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    assert page.evaluate(root) == 16
    switch.click()
    expect(switch).to_have_text("Normal text")
    assert page.evaluate(root) == 20
    assert page.evaluate(f"localStorage.getItem('{TEXT_KEY}')") == "large"

    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    assert first_frame_class(page) == "text-large"
    assert page.evaluate(root) == 20
    expect(page.locator("header [data-text-size]")).to_have_text("Normal text")

    page.goto(f"{live_server.url}/events/{event.pk}/wall/")
    assert first_frame_class(page) == "text-large"
    wall_switch = page.locator(".wall-head [data-text-size]")
    expect(wall_switch).to_have_text("Normal text")
    heading = "parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)"
    large_heading = page.evaluate(heading)
    wall_switch.click()
    expect(wall_switch).to_have_text("Larger text")
    assert page.evaluate(heading) == pytest.approx(large_heading / 1.25, abs=0.05)
    assert page.evaluate(f"localStorage.getItem('{TEXT_KEY}')") is None

    page.goto(f"{live_server.url}/")
    assert first_frame_class(page) == ""
    assert page.evaluate(root) == 16


# -- the deal form with the keyboard alone -------------------------------------------------

FOCUSED_FIELD = (
    "document.activeElement.closest('.field') && document.activeElement.closest('.field').id"
)


def tab_to(page, field):
    """Tab (forward) until the focus is in ``field``'s box; each stop in plain view,
    clear of the phone's sticky Save bar."""
    for _ in range(60):
        page.keyboard.press("Tab")
        assert_focus_in_view(page)
        if page.evaluate(FOCUSED_FIELD) == f"field-{field}":
            return
    raise AssertionError(f"Tab never reached {field}")


def arrow_to(page, field, label):
    """Arrow keys within a radio group until ``label``'s choice is checked."""
    for _ in range(12):
        checked = page.evaluate(
            f"""() => {{ const i = document.querySelector('#field-{field} input:checked');
                return i ? i.closest('label').textContent.trim() : null; }}"""
        )
        if checked is not None and checked.startswith(label):
            return
        page.keyboard.press("ArrowRight")
        assert_focus_in_view(page)
    raise AssertionError(f"{label} not reached in {field} with the arrow keys")


def assert_focus_in_view(page):
    box = page.evaluate(
        """() => { const el = document.activeElement;
            const r = (el.closest('label') || el).getBoundingClientRect();
            const bar = document.querySelector('.deal-form .actions');
            const sticky = bar && getComputedStyle(bar).position === 'sticky'
                && !bar.contains(el) ? bar.getBoundingClientRect().top : innerHeight;
            return {tag: el.tagName, id: el.id, top: r.top, bottom: r.bottom, limit: sticky}; }"""
    )
    if box["tag"] == "BODY":
        return
    assert box["top"] >= 0 and box["bottom"] <= box["limit"] + 0.5, box


@pytest.mark.parametrize("size", ["phone", "page"])
@pytest.mark.parametrize("large", [False, True], ids=["normal text", "larger text"])
def test_a_deal_is_filled_and_saved_with_the_keyboard_alone(
    live_server, request, size, large, table
):
    """Tab between the fields, arrow keys within a choice, Space to tick, digits in the
    points, Enter on Save: no click anywhere (sign-in too). Each field the focus
    reaches is in view, not under the phone's Save bar. Anna bids a Four with Čada,
    second half, 41 points: she wins 5 from each opponent."""
    page = request.getfixturevalue(size)
    if large:
        page.add_init_script(f"localStorage.setItem('{TEXT_KEY}', 'large')")
    page.goto(f"{live_server.url}/accounts/login/?next=/tables/{table.pk}/deals/new/")
    page.focus("#id_username")
    page.keyboard.type("org")
    page.keyboard.press("Tab")
    page.keyboard.type("secret-org-pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/tables/{table.pk}/deals/new/")
    page.wait_for_load_state("load")
    # The form opens at the first field still to fill: the bidder.
    assert page.evaluate(FOCUSED_FIELD) == "field-bidder"
    assert_focus_in_view(page)
    page.keyboard.press("Space")  # the first choice, Anna, is focused, not yet checked
    assert page.is_checked("#field-bidder input[value=Anna]")
    tab_to(page, "bid")
    arrow_to(page, "bid", "Four")
    tab_to(page, "partner")
    page.keyboard.press("Space")
    arrow_to(page, "partner", "Čada")
    tab_to(page, "blind")
    arrow_to(page, "blind", "Second half")
    tab_to(page, "bidder_points")
    page.keyboard.type("41")
    page.wait_for_function(
        "document.querySelector('#preview-body').textContent.includes('Anna +5')"
    )
    for _ in range(60):
        page.keyboard.press("Tab")
        assert_focus_in_view(page)
        if page.evaluate("document.activeElement.id") == "save-deal":
            break
    else:
        raise AssertionError("Tab never reached Save")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/tables/{table.pk}/")
    doc = Deal.objects.get().document
    assert {k: doc.get(k) for k in ("bidder", "bid", "partner", "blind", "bidder_points")} == {
        "bidder": "Anna",
        "bid": "four",
        "partner": "Čada",
        "blind": "second",
        "bidder_points": 41,
    }
