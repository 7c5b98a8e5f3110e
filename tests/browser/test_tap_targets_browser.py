"""At a phone's size (390 x 844) every button of the table's and the organizer's
pages, and every link that acts as one (a .button, a .link, a details' summary), is a
tap target of at least 44 x 44 CSS px (Enter deal, Undo, the roll call's buttons, Sign
out, withdraw were 19 to 41 px tall); the players page's withdraw asks first."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Registration

from ..conftest import played_doc
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TARGETS = "button, a.button, input[type=submit], .link, summary"
SMALL = f"""() => [...document.querySelectorAll('{TARGETS}')]
    .filter(e => e.offsetParent !== null)
    .map(e => {{ const r = e.getBoundingClientRect();
        return [e.textContent.trim().replace(/\\s+/g, ' '), Math.round(r.width),
                Math.round(r.height)]; }})
    .filter(([, w, h]) => w < 44 || h < 44)"""


def small_targets(page, url) -> list:
    page.goto(url)
    assert page.locator(TARGETS).count() > 0
    return page.evaluate(SMALL)


@pytest.fixture
def evening(table, organizer):
    """Deal 1 entered through the table's link (so the link may correct or undo it), a
    player registered, and round 2 not drawn yet (its roll call)."""
    event = table.round.event
    link = services.issue_link(table, organizer)
    deal = services.record_deal(table, played_doc(), None, link=link)
    services.register_player(event, organizer, name="Emil", club="Heun")
    later = services.create_round(event, organizer)
    return {"event": event, "link": link, "deal": deal, "round2": later}


def test_every_button_is_a_44px_tap_target_on_a_phone(live_server, phone, evening, table):
    base = live_server.url
    link, event = evening["link"], evening["event"]
    small = {}
    # The table's pages, as its link shows them: Enter deal, Correct and Undo deal 1.
    for path in (f"/t/{link.token}/", f"/t/{link.token}/deal/"):
        small[path] = small_targets(phone, base + path)
    phone.goto(f"{base}/t/{link.token}/")
    expect(phone.locator("#undo-last")).to_be_visible()
    # A deal kept on the phone: Send now.
    phone.goto(f"{base}/t/{link.token}/deal/")
    phone.context.set_offline(True)
    choose(phone, "bidder", "Bill")
    choose(phone, "bid", "Four")
    choose(phone, "blind", "Second half")
    choose(phone, "partner", "Dana")
    phone.fill("#id_bidder_points", "20")
    phone.click("#save-deal")
    expect(phone.locator("#send-now")).to_be_visible()
    small["kept"] = phone.evaluate(SMALL)
    # The kept deal forgotten and its page left while still offline: back online, that
    # page would send the deal and navigate, aborting the sign-in's own navigation.
    phone.evaluate("localStorage.clear()")
    phone.goto("about:blank")
    phone.context.set_offline(False)
    # The organizer's.
    sign_in(phone, live_server)
    for path in (
        "/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/players/",
        f"/events/{event.pk}/inbox/",
        f"/rounds/{evening['round2'].pk}/",
        f"/rounds/{table.round.pk}/",
        f"/rounds/{table.round.pk}/links/",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/deals/new/",
        f"/tables/{table.pk}/chips/",
        f"/deals/{evening['deal'].pk}/",
    ):
        small[path] = small_targets(phone, base + path)
        if path == f"/rounds/{evening['round2'].pk}/":
            expect(phone.locator("#roll-call button")).to_have_text("Save roll call")
    assert {path: found for path, found in small.items() if found} == {}


def test_withdraw_asks_first(live_server, page, evening):
    event = evening["event"]
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{event.pk}/players/")
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        (dialog.dismiss if len(asked) == 1 else dialog.accept)()

    page.on("dialog", answer)
    withdraw = page.locator("#registrations tr", has_text="Emil").get_by_role(
        "button", name="withdraw"
    )
    withdraw.click()
    assert asked == [
        "Withdraw Emil from later rounds? Their chips so far still count; registering them "
        "again undoes it."
    ]
    assert not Registration.objects.get(player__name="Emil").withdrawn
    withdraw.click()
    expect(page.locator(".messages")).to_contain_text("Emil withdrawn from later rounds.")
    assert Registration.objects.get(player__name="Emil").withdrawn
