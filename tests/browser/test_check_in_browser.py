"""Self check-in in the browser: a phone at the door finds "novak" and taps I am here;
at a desktop the same, and the organizer's roll call then shows the time."""

import os

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import CheckIn, Player
from tournaments.services import checkin

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("CHECK_IN_SHOTS")  # a folder: keep the pages as PNGs to look at


def fits_the_screen(page) -> None:
    wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wider <= 0, f"{wider} px wider than the screen"


def check_in_as_novak(page, url) -> str:
    page.goto(url)
    page.fill("#id_q", "novak")
    page.click("text=Find my name")
    expect(page.locator(".check-name")).to_have_text(["Jan Novák Wilber"])
    box = page.get_by_role("button", name="I am here: Jan Novák").bounding_box()
    assert box["height"] >= 56 and box["width"] >= 100  # a thumb's target
    fits_the_screen(page)
    page.get_by_role("button", name="I am here: Jan Novák").click()
    made = CheckIn.objects.get(player__name="Jan Novák")
    at = f"{timezone.localtime(made.checked_in_at):%H:%M}"
    expect(page.locator("#check-in-done")).to_contain_text(
        f"Thank you, Jan Novák. You are checked in ({at})."
    )
    fits_the_screen(page)
    return at


@pytest.fixture
def door(tournament, organizer):
    services.register_player(tournament, organizer, name="Jan Novák", club="Wilber")
    return checkin.open_check_in(tournament, organizer)


def test_a_phone_at_the_door_checks_in(live_server, phone, door):
    url = f"{live_server.url}/c/{door.token}/"
    at = check_in_as_novak(phone, url)
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/phone-done.png")
    # Twice: said when, nothing more saved.
    check_again = phone.locator("text=Check in someone else")
    check_again.click()
    phone.fill("#id_q", "NOVÁK")
    phone.click("text=Find my name")
    expect(phone.locator(".check-at")).to_have_text(f"Checked in at {at}")
    assert CheckIn.objects.count() == 1


def test_at_a_desktop_and_the_roll_call_shows_it(live_server, page, door, organizer):
    at = check_in_as_novak(page, f"{live_server.url}/c/{door.token}/")
    rnd = services.create_round(door.event, organizer)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/rounds/{rnd.pk}/")
    novak = Player.objects.get(name="Jan Novák")
    expect(page.locator(f"label:has(input[value='{novak.pk}'])")).to_have_text(
        f"Jan Novák · checked in {at}"
    )
    page.click("#tick-checked-in")
    expect(page.locator("#present-count")).to_have_text("1")
    expect(page.locator("input[name=present]:checked")).to_have_count(1)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/roll-call.png", full_page=True)
        page.goto(f"{live_server.url}/events/{door.event.pk}/check-in/")
        page.screenshot(path=f"{SHOTS}/desk.png", full_page=True)
        page.goto(f"{live_server.url}/events/{door.event.pk}/wall/")
        page.screenshot(path=f"{SHOTS}/wall.png")
