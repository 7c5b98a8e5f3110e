"""The event form's Format select fills how the event ranks on the page, from the JSON
the server renders from the settings' declaration; a field changed afterwards says the
settings are the director's own, and the change is saved (Chromium, phone and
desktop)."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in(page, live_server):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "org")
    page.fill("#id_password", "secret-org-pw")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_format_fills_the_fields_and_a_change_stands(
    live_server, browser, organizer, size, tmp_path
):
    viewport = {"width": 390, "height": 844} if size == "phone" else {"width": 1200, "height": 900}
    context = browser.new_context(viewport=viewport, is_mobile=size == "phone")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        signed_in(page, live_server)
        page.goto(f"{live_server.url}/events/new/")
        select = page.locator("#id_format")
        expect(select).to_have_value("club_night")
        select.select_option("czech_day")
        expect(page.locator("#id_ranking")).to_have_value("table_points")
        expect(page.locator("#id_shared_places")).to_have_value("average")
        expect(page.locator("#id_bye_points")).to_have_value("2")
        expect(page.locator("#id_points_at_5")).to_have_value("4, 3, 2, 1, 1")
        expect(page.locator("#id_tie_break_1")).to_have_value("table_wins")
        expect(page.locator("#id_tie_break_2")).to_have_value("chips")
        page.screenshot(path=str(tmp_path / f"formats-{size}.png"), full_page=True)
        # Tirol cup: back to the default table points and places, chips plus points.
        select.select_option("tirol_cup")
        expect(page.locator("#id_ranking")).to_have_value("chips_and_points")
        expect(page.locator("#id_shared_places")).to_have_value("place")
        expect(page.locator("#id_bye_points")).to_have_value("0")
        expect(page.locator("#id_tie_break_1")).to_have_value("chips")
        expect(page.locator("#id_tie_break_2")).to_have_value("")
        # Czech day again, then the director's own bye points: no format any more.
        select.select_option("czech_day")
        page.fill("#id_bye_points", "3")
        expect(select).to_have_value("")
        page.fill("#id_name", "Czech day in Clarkson")
        page.fill("#id_date", "2026-11-27")
        page.locator("#event-form button[type=submit]").click()
        page.wait_for_url(lambda url: "/events/new/" not in url)
        event = Event.objects.get()
        assert (
            event.ranking,
            event.shared_places,
            event.bye_points,
            event.tie_breaks,
            event.table_points["5"],
        ) == ("table_points", "average", 3, ["table_wins", "chips"], [4, 3, 2, 1, 1])
        expect(page.locator("#how-it-ranks")).to_have_text(
            "Ranked by table points; ties broken by table wins (first places), then total chips."
        )
    finally:
        context.close()
