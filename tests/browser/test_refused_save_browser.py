"""A refused Save on a phone (390x844): the page comes back at the first field in error,
with the focus on it and in view, and the Save bar says to fix the marked fields with a
link to that field (the error was 1,650 px below, the focus in the first empty box and
the bar said "Net per player shows here as you fill the deal.")."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from ..conftest import game_table
from ..web.every_game import NAMES
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Within the screen, above the Save bar where it is pinned (a phone).
IN_VIEW = """el => { const r = el.getBoundingClientRect(),
    bar = document.querySelector('.deal-form .actions'),
    bottom = getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().top
        : window.innerHeight;
    return r.top >= 0 && r.bottom <= bottom; }"""


def test_a_refused_save_brings_the_field_in_error_into_view_on_a_phone(
    live_server, phone, organizer
):
    refuse_krale_twice(phone, live_server, organizer)


def test_a_refused_save_brings_the_field_in_error_into_view_at_desktop_size(
    live_server, page, organizer
):
    """1,400 px below on the desktop."""
    refuse_krale_twice(page, live_server, organizer)


def refuse_krale_twice(phone, live_server, organizer):
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


COVERED = """() => {
    const bar = document.querySelector('.deal-form .actions').getBoundingClientRect();
    const fields = [...document.querySelectorAll('#deal-form .field')]
        .filter(f => !f.closest('[hidden]'));
    const i = fields.indexOf(document.activeElement.closest('.field'));
    const next = fields[i + 1];
    return next ? next.getBoundingClientRect().bottom > bar.top : null;
}"""


def test_in_larger_text_on_a_phone_the_save_bar_covers_no_next_choice(
    live_server, phone, organizer
):
    """Each choice tapped brings the next field clear of the pinned Save bar (it covered
    it in larger text); the bar links to the payments, a phone's screens further down;
    the valat's and the Pagat's contra show "None" chosen before the rest is filled."""
    phone.add_init_script("localStorage.setItem('taroky-text-size', 'large')")
    table = game_table(organizer, "texas-xix", NAMES[:4])
    sign_in(phone, live_server)
    phone.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    for field in ("valat__contra", "pagat__contra"):
        expect(phone.locator(f'#field-{field} input[value="none"]')).to_be_checked()
    covered = []
    for field, label in (
        ("dealer", "Dana"),
        ("bidder", "Anna"),
        ("bid", "Povinost"),
        ("partner", "Čada"),
        ("called", "XIX"),
        ("contra", "Re"),
    ):
        choose(phone, field, label)
        # The page scrolls the next field clear: waited for (a loaded machine is slow to
        # scroll), and still covered after two seconds is covered.
        try:
            phone.wait_for_function(f"!({COVERED})()", timeout=2_000)
        except PlaywrightTimeout:
            pass
        covered.append((field, phone.evaluate(COVERED)))
    assert covered == [(field, False) for field, _ in covered]
    phone.fill("#id_bidder_points", "60")
    phone.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna')")
    link = phone.locator("#to-payments")
    expect(link).to_have_attribute("href", "#preview")
    assert not phone.locator("#preview").evaluate(IN_VIEW.replace("r.top >= 0 && ", ""))
    link.click()
    expect(phone.locator("#preview h2")).to_be_in_viewport()
