"""A phone at a table enters two deals through its table link; the organizer confirms one."""

import pytest
from playwright.sync_api import expect

from tournaments import services

from .helpers import enter_deal, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_enters_two_deals_through_a_table_link_and_the_organizer_confirms_one(
    live_server, browser, page, table, organizer
):
    event = table.round.event
    services.update_event(event, organizer, table_deals_need_confirmation=True)
    link = services.issue_link(table, organizer)
    phone_context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    sheet_url = f"{live_server.url}/t/{link.token}/"
    try:
        phone.goto(sheet_url)
        expect(phone.locator("h1")).to_have_text("Table 1")
        enter_deal(phone, "Anna", "Čada", 41, "Anna +5")
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
        enter_deal(phone, "Bill", "Dana", 20, "Bill -5")
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("Deal 2 saved.")
        rows = phone.locator("#score-sheet tbody tr.unconfirmed")
        expect(rows).to_have_count(2)
        # Unconfirmed deals count at once: Bill and Dana lose a Four, 5 each to Anna and
        # Čada, who won deal 1 too.
        cells = phone.locator("#score-sheet tbody tr[data-deal='2'] td.num").all_inner_texts()
        assert cells == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]
        # The phone fits the page: nothing but the sheet itself scrolls sideways.
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
    finally:
        phone_context.close()

    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{event.pk}/inbox/")
    inbox = page.locator("#inbox tbody tr")
    expect(inbox).to_have_count(2)
    expect(inbox.nth(0)).to_contain_text("Bill → Anna 5")
    expect(inbox.nth(1)).to_contain_text("Bill → Čada 5")
    expect(inbox.nth(1)).to_contain_text("Dana → Anna 5")
    inbox.nth(0).locator("button", has_text="Confirm").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 at table 1 confirmed.")
    expect(inbox).to_have_count(1)
    expect(inbox.nth(0)).to_contain_text("Deal 2")
