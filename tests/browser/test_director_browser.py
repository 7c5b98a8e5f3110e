"""A phone at a table calls the director and sees its call open; the director, on the
round's director's view (refreshed in place), sees the call and marks it handled."""

import re

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import DirectorCall

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_calls_the_director_and_the_director_handles_it(
    live_server, browser, page, table, organizer
):
    link = services.issue_link(table, organizer)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/rounds/{table.round.pk}/director/")
    expect(page.locator("#no-calls")).to_have_text("No table is calling.")
    expect(page.locator('#director-tables tr[data-table="1"] td').nth(6)).to_have_text("live")

    phone_context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    sheet_url = f"{live_server.url}/t/{link.token}/"
    try:
        phone.goto(sheet_url)
        phone.click("#call-director summary")
        # The word box is as wide as the form (the phone's width less the card's margins).
        word = phone.locator("#id_call-word").bounding_box()
        form = phone.locator("#call-director form").bounding_box()
        assert word["width"] >= form["width"] - 1 and word["width"] >= 300, (word, form)
        phone.get_by_label("A dispute").check()
        phone.fill("#id_call-word", "Who led the trump?")
        phone.click("#call-button")
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("The director is called")
        expect(phone.locator("#call-open")).to_contain_text(
            "(a dispute: “Who led the trump?”). Your call is open: the director is coming."
        )
        expect(phone.locator("#call-director")).to_have_count(0)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        phone_context.close()

    # The director's view shows the call without a reload (its live part is polled).
    calls = page.locator("#director-calls li")
    expect(calls).to_contain_text("Table 1: a dispute · “Who led the trump?”", timeout=15_000)
    expect(page.locator('#director-tables tr[data-table="1"]')).to_have_class(
        re.compile(r"\bcalling\b")
    )
    page.get_by_role("button", name="Mark handled").click()
    expect(page.locator(".messages")).to_have_text("The call of table 1 is handled.")
    expect(page.locator("#no-calls")).to_be_visible()
    assert DirectorCall.objects.get().handled_by == organizer
