"""A refused Save on a phone (390x844): the page comes back at the first field in error,
with the focus on it and in view, and the Save bar says to fix the marked fields with a
link to that field (the error was 1,650 px below, the focus in the first empty box and
the bar said "Net per player shows here as you fill the deal.")."""

import pytest
from playwright.sync_api import expect

from ..conftest import game_table
from ..web.every_game import NAMES
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IN_VIEW = """el => { const r = el.getBoundingClientRect(), bar =
    document.querySelector('.deal-form .actions').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= bar.top; }"""


def test_a_refused_save_brings_the_field_in_error_into_view_on_a_phone(
    live_server, phone, organizer
):
    table = game_table(organizer, "texas-xix", NAMES[:4])
    sign_in(phone, live_server)
    phone.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(phone, "bidder", "Anna")
    choose(phone, "bid", "Povinost")
    choose(phone, "partner", "Čada")
    phone.fill("#id_bidder_points", "60")
    # Krale (all four Kings) claimed by two players: the core refuses it.
    choose(phone, "bonuses__0__player", "Anna")
    choose(phone, "bonuses__0__kind", "Krale")
    choose(phone, "bonuses__1__player", "Bill")
    choose(phone, "bonuses__1__kind", "Krale")
    # The phone's script sends it, then posts the form for the server's page of it.
    with phone.expect_navigation():
        phone.click("#save-deal")
    expect(phone.locator("#field-bonuses .errorlist:not(.live-error)")).to_contain_text(
        "These claims need more than the pack holds"
    )
    assert not table.deals.exists()
    # The focus is in the field in error, and the field's error is in view above the bar.
    focused = phone.evaluate("document.activeElement.closest('#field-bonuses') !== null")
    assert focused
    assert phone.evaluate("document.activeElement.name") == "bonuses__0__player"
    assert phone.locator("#field-bonuses .errorlist").evaluate(IN_VIEW)
    assert phone.evaluate(f"({IN_VIEW})(document.activeElement)")
    # The bar says what to do, with a link to the field.
    link = phone.locator("#net-summary a")
    expect(phone.locator("#net-summary")).to_have_text(
        "Fix the marked fields: Bonuses for holdings."
    )
    expect(link).to_have_text("Fix the marked fields")
    expect(link).to_have_attribute("href", "#field-bonuses")
