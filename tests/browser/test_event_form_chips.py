"""The event form's page script proposes the chosen ruleset's starting chips and
keeps a number the organizer typed (Chromium)."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Event

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_starting_chips_follow_the_ruleset_until_typed(live_server, page, organizer):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/new/")
    chips = page.locator("#id_starting_chips")
    expect(chips).to_have_value("20")
    page.select_option("#id_ruleset", "texas-xix")
    expect(chips).to_have_value("100")
    page.select_option("#id_ruleset", "clarkson")
    expect(chips).to_have_value("20")
    page.select_option("#id_ruleset", "petrtyl-three")
    expect(chips).to_have_value("100")
    # The organizer's own number stays whatever ruleset is chosen after it.
    chips.fill("60")
    page.select_option("#id_ruleset", "la-vista")
    expect(chips).to_have_value("60")
    page.select_option("#id_ruleset", "texas-king")
    expect(chips).to_have_value("60")
    page.fill("#id_name", "Texas King night")
    page.fill("#id_date", "2026-11-27")
    page.locator("#event-form button[type=submit]").click()
    page.wait_for_url(lambda url: "/events/new/" not in url)
    assert Event.objects.values_list("ruleset", "starting_chips").get() == ("texas-king", 60)


def test_a_ruleset_chosen_without_typing_saves_its_chips(live_server, page, organizer):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/new/")
    page.select_option("#id_ruleset", "petrtyl")
    page.fill("#id_name", "Petrtyl night")
    page.fill("#id_date", "2026-11-27")
    page.locator("#event-form button[type=submit]").click()
    page.wait_for_url(lambda url: "/events/new/" not in url)
    assert Event.objects.values_list("ruleset", "starting_chips").get() == ("petrtyl", 100)
