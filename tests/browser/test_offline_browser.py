"""A phone that loses the network while saving: the deal is kept on the phone, survives a
reload without network (the service worker's copy of the page), and is sent exactly
once when the network is back; the same deal saved meanwhile by another phone is
"already saved", another deal of that number is a conflict shown with both versions
(here the organizer saves them, on the laptop)."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.audit import audit_ledger
from tournaments.models import Deal

from .test_deal_entry_browser import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = "Saved on this phone, not yet sent (deal {})"


class Laptop:
    """The hall's laptop out of reach of the table's phone: its browser context is
    offline and, as a guard, the table link's deal page answers nothing meanwhile.
    (Chromium's offline emulation can let a request of a page being reloaded through,
    sent by the service worker before the emulation reaches the new page; a dropped
    Wi-Fi lets nothing through. A deal posted then gets a server error, which the page
    treats as no answer, like the network's.) The organizer, on the laptop, still
    enters deals."""

    def __init__(self, monkeypatch):
        from tournaments.views import hall

        self.reachable = True
        answer = hall.deal_entry

        def deal_entry(request, *args, **kwargs):
            if not self.reachable and request.method == "POST":
                raise ConnectionError("the laptop is out of reach")
            return answer(request, *args, **kwargs)

        monkeypatch.setattr(hall, "deal_entry", deal_entry)

    def drop(self, context):
        self.reachable = False
        context.set_offline(True)

    def back(self, context):
        self.reachable = True
        context.set_offline(False)


def new_phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def fill(phone, bidder, partner, points):
    choose(phone, "bidder", bidder)
    choose(phone, "bid", "Four")
    choose(phone, "blind", "Second half")
    choose(phone, "partner", partner)
    phone.fill("#id_bidder_points", str(points))


def chips(phone, number):
    return phone.locator(f"#score-sheet tbody tr[data-deal='{number}'] td.num").all_inner_texts()


def outbox(phone):
    return phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('taroky-outbox'))")


def test_a_deal_saved_offline_is_kept_through_a_reload_and_sent_once(
    live_server, browser, table, organizer, monkeypatch
):
    laptop = Laptop(monkeypatch)
    link = services.issue_link(table, organizer)
    sheet_url = f"{live_server.url}/t/{link.token}/"
    deal_url = f"{sheet_url}deal/"
    context, phone = new_phone(browser)
    other_context, other = new_phone(browser)  # the organizer, on the laptop
    sign_in(other, live_server)
    organizers_form = f"{live_server.url}/tables/{table.pk}/deals/new/"
    organizers_sheet = f"{live_server.url}/tables/{table.pk}/"
    try:
        phone.goto(deal_url)
        # The service worker takes the page over; from then on it keeps a copy of it.
        phone.wait_for_function("navigator.serviceWorker.controller !== null")
        phone.reload()

        # -- deal 1: the network drops while the player taps Save ---------------------
        assert phone.locator("input[name='dealer']:checked").count() == 1  # suggested
        laptop.drop(context)
        fill(phone, "Anna", "Čada", 41)
        expect(phone.locator("#preview-body")).to_contain_text("Payment preview when connected.")
        phone.click("#save-deal")
        expect(phone.locator("#outbox")).to_contain_text(KEPT.format(1))
        expect(phone.locator("h1")).to_have_text("Deal 2")
        # Deal 1's dealer was suggested; who deals deal 2 follows from deal 1 (the core's
        # rotation, on the server), so offline the phone suggests nobody.
        expect(phone.locator("#outbox")).to_contain_text(
            "Choose who deals deal 2: the phone suggests it once deal 1 is sent."
        )
        assert phone.locator("input[name='dealer']:checked").count() == 0
        expect(phone.locator("#next-dealer")).to_be_hidden()
        assert Deal.objects.count() == 0
        # A reload without network: the page from the phone, the deal still kept.
        phone.reload()
        expect(phone.locator("#outbox")).to_contain_text(KEPT.format(1))
        expect(phone.locator("#save-deal")).to_have_text("Save deal 2")
        assert Deal.objects.count() == 0
        # The network is back: sent once, and the sheet says so.
        laptop.back(context)
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
        assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
        assert outbox(phone) == []
        assert Deal.objects.count() == 1

        # -- deal 2: kept offline; the organizer saves the same deal meanwhile ---------
        phone.goto(deal_url)
        laptop.drop(context)
        fill(phone, "Bill", "Dana", 20)
        phone.click("#save-deal")
        expect(phone.locator("#outbox")).to_contain_text(KEPT.format(2))
        other.goto(organizers_form)
        fill(other, "Bill", "Dana", 20)
        other.click("#save-deal")
        other.wait_for_url(organizers_sheet)
        expect(other.locator(".messages")).to_contain_text("Deal 2 saved.")
        laptop.back(context)
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text(
            "Deal 2 is already saved (it was sent twice and counted once)."
        )
        assert Deal.objects.count() == 2
        assert chips(phone, 2) == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]

        # -- deal 3: kept offline; the organizer saves another deal 3 ------------------
        phone.goto(deal_url)
        laptop.drop(context)
        fill(phone, "Anna", "Čada", 20)
        phone.click("#save-deal")
        expect(phone.locator("#outbox")).to_contain_text(KEPT.format(3))
        other.goto(organizers_form)
        fill(other, "Anna", "Čada", 41)
        other.click("#save-deal")
        other.wait_for_url(organizers_sheet)
        laptop.back(context)
        conflict = phone.locator("#outbox #deal-conflict")
        expect(conflict).to_contain_text("Two versions of deal 3")
        expect(phone.locator("#outbox")).to_contain_text(
            "Deal 3 was already entered; the next deal at this table is 4."
        )
        expect(conflict.locator("#conflict-saved .net")).to_have_text(
            "Anna +5 · Bill -5 · Čada +5 · Dana -5"
        )
        expect(conflict.locator("#conflict-yours .net")).to_have_text(
            "Anna -5 · Bill +5 · Čada -5 · Dana +5"
        )
        assert outbox(phone) == []
        assert list(Deal.objects.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
        assert Deal.objects.get(number=3).document["bidder_points"] == 41
        assert audit_ledger([table.round.event_id]).problems == []
    finally:
        context.close()
        other_context.close()


def test_a_server_error_keeps_the_deal_and_says_so_and_send_now_sends_it(
    live_server, browser, table, organizer, monkeypatch
):
    """The network is up but the server answers Save with an error (a 500: a fault, or a
    proxy while the app restarts): the deal stays on the phone, the page says the server
    answered with an error (not "when the network is back"), and Send now sends it once
    the server is well."""
    laptop = Laptop(monkeypatch)
    link = services.issue_link(table, organizer)
    sheet_url = f"{live_server.url}/t/{link.token}/"
    context, phone = new_phone(browser)
    try:
        phone.goto(f"{sheet_url}deal/")
        laptop.reachable = False  # POSTs fail on the server; the phone is online
        fill(phone, "Anna", "Čada", 41)
        phone.click("#save-deal")
        expect(phone.locator("#outbox")).to_have_text(
            "Saved on this phone, not yet sent (deal 1). The server answered with an error "
            "(500); it is tried again every 15 seconds. If this goes on, show this phone to "
            "the organizer. Choose who deals deal 2: the phone suggests it once deal 1 is "
            "sent.Send now"
        )
        assert Deal.objects.count() == 0
        laptop.reachable = True
        phone.click("#send-now")
        phone.wait_for_url(sheet_url)
        expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
        assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
        assert outbox(phone) == []
        assert Deal.objects.count() == 1
    finally:
        context.close()
