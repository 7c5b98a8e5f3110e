"""A round on the clock in the browser: the wall (desktop) and a table's phone count down
to the same bell from the server's time, the phone's own clock an hour wrong; at the bell
the phone enters the deal in progress and then its link stops taking deals."""

import datetime
import re
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services

from .helpers import enter_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone's clock runs an hour fast: the countdown must not follow it.
WRONG_CLOCK = (
    "Date.now = (function (now) { return function () { return now() + 3600000; }; })"
    "(Date.now.bind(Date));"
)


def seconds(text: str) -> int:
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def test_the_clock_counts_on_the_wall_and_the_phone_and_stops_a_table_at_the_bell(
    live_server, browser, page, table, organizer
):
    rnd = table.round
    services.update_event(rnd.event, organizer, session_end="timed", published=True)
    link = services.issue_link(table, organizer)
    services.set_round_length(rnd, organizer, 5)
    # Started 4 minutes 45 seconds ago: the bell rings in 15 seconds.
    started = timezone.now() - datetime.timedelta(minutes=4, seconds=45)
    with mock.patch("django.utils.timezone.now", return_value=started):
        services.start_round(rnd, organizer)
    phone_context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone_context.add_init_script(WRONG_CLOCK)
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    sheet_url = f"{live_server.url}/t/{link.token}/"
    try:
        page.goto(f"{live_server.url}/events/{rnd.event_id}/wall/")
        phone.goto(sheet_url)
        wall_left = page.locator("#wall-round-clock [data-clock-left]")
        phone_left = phone.locator("#clock [data-clock-left]")
        for left in (wall_left, phone_left):
            expect(left).to_have_text(re.compile(r"^0:(0\d|1[0-5])$"))
        first = seconds(phone_left.inner_text())
        phone.wait_for_timeout(2100)
        assert 1 <= first - seconds(phone_left.inner_text()) <= 3  # it counts, by the second
        assert abs(seconds(wall_left.inner_text()) - seconds(phone_left.inner_text())) <= 1
        # The wall's clock is large: a tenth of the screen's height or more.
        assert wall_left.bounding_box()["height"] >= 0.1 * 900
        # The bell.
        expect(phone_left).to_have_text("Time is up", timeout=25_000)
        expect(wall_left).to_have_text("Time is up")
        expect(phone.locator("#clock")).to_contain_text("finish the deal in progress")
        # The deal in progress: one more through the link, then the link stops.
        enter_deal(phone, "Anna", "Čada", 41, "Anna +5")
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
        expect(phone.locator("#session-state")).to_contain_text(
            "Time is up: the round's bell rang at"
        )
        expect(phone.locator("#session-state")).to_contain_text(
            "the director enters any further deal."
        )
        expect(phone.locator("#enter-deal")).to_have_count(0)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        phone_context.close()
