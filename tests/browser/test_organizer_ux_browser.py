"""What a new organizer stumbled on (issue 16), in Chromium at phone and desktop size:
the roll call, the deal form on a phone, greyed-out choices, the registry search.

With SCREENSHOT_DIR set, each test also saves full-page screenshots there to check
by eye."""

import os
import re

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Player

from ..conftest import TOURNAMENT_PLAYERS
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]
TAP = 44  # px: a comfortable tap target


@pytest.fixture(params=SIZES)
def sized_page(request, browser):
    context = browser.new_context(viewport=request.param, has_touch=request.param is PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.size_name = request.node.callspec.id
    yield page
    context.close()


def assert_fits(page):
    """Nothing wider than the screen: no sideways scrolling on a phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def shot(page, name):
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=f"{folder}/{name}-{page.size_name}.png", full_page=True)
        page.screenshot(path=f"{folder}/{name}-{page.size_name}-screen.png")


def test_a_new_round_draws_at_once_with_everyone_ticked(live_server, sized_page, tournament):
    page = sized_page
    for name in ("Jan Šťastný", "Karel", "Ludmila", "Marie Nováková"):  # 13 players
        services.register_player(tournament, tournament.organizers.get(), name=name)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{tournament.pk}/")
    page.click("text=Add round")
    page.wait_for_url(re.compile(r".*/rounds/\d+/$"))
    boxes = page.locator("#roll-call input[name=present]")
    assert boxes.count() == 13
    assert all(boxes.nth(i).is_checked() for i in range(13))
    expect(page.locator("#present-count")).to_have_text("13")
    sizes = page.locator("#roll-call label").evaluate_all(
        "(labels) => labels.map((l) => l.getBoundingClientRect().height)"
    )
    assert len(sizes) == 13 and min(sizes) >= TAP
    # Karel did not come: untick him and draw straight away, without saving.
    page.locator("#roll-call label", has_text="Karel").click()
    expect(page.locator("#present-count")).to_have_text("12")
    assert_fits(page)
    shot(page, "roll-call")
    page.fill("#id_seed", "16")
    page.click("#draw button")
    page.wait_for_load_state()  # the new page loaded, not only begun
    expect(page.locator(".messages")).to_contain_text(
        "Round 1 drawn with seed 16: 3 tables, 0 byes"
    )
    seated = page.locator("#seat-list span.seat").all_inner_texts()
    assert sorted(seated) == sorted(
        [*TOURNAMENT_PLAYERS, "Jan Šťastný", "Ludmila", "Marie Nováková"]
    )
    expect(page.locator("#add-table")).to_be_visible()


def test_the_deal_form_on_a_phone_keeps_the_nets_beside_save(live_server, sized_page, table):
    page = sized_page
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    # The form opens at the first field to fill: the bidder (the dealer is suggested).
    assert page.evaluate("document.activeElement.name") == "bidder"
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Four")
    choose(page, "blind", "Second half")
    choose(page, "partner", "Čada")
    page.fill("#id_bidder_points", "41")
    summary = page.locator("#net-summary")
    if page.size_name == "phone":
        expect(summary).to_have_text("Anna +5 · Bill -5 · Čada +5 · Dana -5")
        # While the organizer is still at the top of the form, the nets and Save are
        # on the screen (the full preview is far below).
        page.locator("#field-bidder").scroll_into_view_if_needed()
        for element in (summary, page.locator("#save-deal")):
            box = element.bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
        assert page.locator("#preview").bounding_box()["y"] > PHONE["height"]
    else:
        expect(summary).to_be_hidden()  # the payments panel is beside the form
        expect(page.locator("#preview-body")).to_contain_text("Anna +5")
    # Every radio and checkbox on show is a comfortable tap target.
    small = page.evaluate(
        """(tap) => Array.from(document.querySelectorAll(
              '#deal-form input[type=radio], #deal-form input[type=checkbox]'))
            .filter((i) => i.offsetParent !== null)
            .map((i) => [i.name + '=' + i.value, i.closest('label').getBoundingClientRect()])
            .filter(([, r]) => r.height < tap || r.width < tap)
            .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""",
        TAP,
    )
    assert small == []
    choose(page, "king_last__outcome", "Won")
    page.locator("#field-king_last__announced label").click()  # a single checkbox, by label
    assert page.locator("#id_king_last__announced").is_checked()
    page.locator("#field-bid").scroll_into_view_if_needed()
    assert_fits(page)
    shot(page, "deal-form")
    page.click("#save-deal")
    page.wait_for_url(f"{live_server.url}/tables/{table.pk}/")
    expect(page.locator("#session-state")).to_have_text("Running: 1 deal played")


def test_the_sitting_out_dealer_and_the_bidder_are_greyed_out(live_server, sized_page, table5):
    page = sized_page
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table5.pk}/deals/new/")
    # Emil holds the tarok 2, so Ivan (to his right) deals and sits out.
    assert page.locator("#field-dealer input:checked").get_attribute("value") == "Ivan"

    def unavailable(field):
        return page.locator(f"#field-{field} input:disabled").evaluate_all(
            "(inputs) => inputs.map((i) => i.value)"
        )

    assert unavailable("bidder") == ["Ivan"]
    assert unavailable("declarations__0__player") == ["Ivan"]
    # One row of declarations waits to be filled; the next shows once it is.
    expect(page.locator("#field-declarations .item-row:visible")).to_have_count(1)
    choose(page, "declarations__0__player", "Hana")
    expect(page.locator("#field-declarations .item-row:visible")).to_have_count(2)
    choose(page, "declarations__0__kind", "Three High")
    choose(page, "bidder", "Fanny")
    assert unavailable("partner") == ["Fanny", "Ivan"]
    expect(page.locator("#field-partner label.unavailable")).to_have_count(2)
    assert_fits(page)
    shot(page, "five-player-table")
    # Another dealer: Fanny now sits out, so she is no longer the bidder.
    choose(page, "dealer", "Fanny")
    assert unavailable("bidder") == ["Fanny"]
    assert page.locator("#field-bidder input:checked").count() == 0
    assert unavailable("partner") == ["Fanny"]


def test_registry_search_without_accents_and_the_duplicate_warning(live_server, sized_page, event):
    page = sized_page
    Player.objects.create(name="Josef Kučera", club="Heun")
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{event.pk}/players/")
    page.fill("input[name=q]", "kucera")
    page.click("form.inline-search button")
    page.wait_for_load_state()  # the new page loaded, not only begun
    expect(page.locator("#search-result")).to_have_text(
        "1 player in the registry matches “kucera” (case and accents ignored)."
    )
    options = page.locator("#id_player option").all_inner_texts()
    assert options[1:] == ["Josef Kučera"]
    expect(page.locator("#id_player option:checked")).to_have_text("Josef Kučera")
    assert_fits(page)
    page.select_option("#id_player", index=0)
    page.fill("#id_name", "josef kucera")
    page.click("#register-form button[type=submit]")
    expect(page.locator("#register-form .errorlist")).to_have_text(
        "“josef kucera” looks like Josef Kučera (Heun), already in the registry. Pick them "
        "from the registry, or tick “a different person” to register a new player."
    )
    box = page.locator("label.check", has_text="a different person").bounding_box()
    assert box["height"] >= TAP
    shot(page, "duplicate-warning")
    assert Player.objects.count() == 1


def test_a_drawn_table_names_its_first_forehand_then_the_statement(
    live_server, sized_page, tournament
):
    page = sized_page
    organizer = tournament.organizers.get()
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(
        rnd, organizer, list(Player.objects.filter(name__in=["Anna", "Bill", "Čada", "Dana"]))
    )
    services.draw_seating(rnd, organizer, seed=4)
    table = rnd.tables.get()
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.locator("#next-deal")).to_have_count(0)
    page.select_option("#first-forehand select", label=seats[1])
    page.click("#first-forehand button")
    expect(page.locator("#next-deal")).to_contain_text(f"Next deal: {seats[0]} deals")
    page.click("#enter-deal")
    assert page.locator("#field-dealer input:checked").get_attribute("value") == seats[0]
    # The bidder alone loses a Five Over (no kontra at Clarkson): 16 to each, below zero.
    choose(page, "bidder", seats[1])
    choose(page, "bid", "Five Over")
    choose(page, "partner", "Alone")
    page.fill("#id_bidder_points", "20")
    expect(page.locator("#preview-body")).to_contain_text(f"{seats[1]} -48")
    page.click("#save-deal")
    page.wait_for_url(f"{live_server.url}/tables/{table.pk}/")
    expect(page.locator("#below-zero")).to_contain_text(f"Below zero: {seats[1]} has -28 chips.")
    shot(page, "sheet-below-zero")
    page.locator("#score-sheet thead a", has_text=seats[1]).click()
    page.wait_for_load_state()  # the new page loaded, not only begun
    expect(page.locator("#balance")).to_have_text("-48")
    last = page.locator("#statement tbody tr").last.locator("td").all_inner_texts()
    assert last[-3:] == ["-16", "-48", "-28"]
    # Rows of a line or two, the table scrolling sideways in its box on a phone.
    heights = page.locator("#statement tbody tr").evaluate_all(
        "(rows) => rows.map((r) => r.getBoundingClientRect().height)"
    )
    assert max(heights) < 70, heights
    assert_fits(page)
    shot(page, "statement")
