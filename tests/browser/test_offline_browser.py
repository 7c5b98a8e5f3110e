"""A phone that loses the network while saving: the deal is kept on the phone, survives a
reload without network (the service worker's copy of the page), and is sent exactly
once when the network is back; the same deal saved meanwhile by another phone is
"already saved", another deal of that number is a conflict shown with both versions
(here the organizer saves them, on the laptop)."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Deal, RejectedVersion

from ..conftest import played_doc
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = "Saved on this phone, not yet sent (deal {})"


class Laptop:
    """The hall's laptop out of reach of the table's phone: its browser context is
    offline and, as a guard, the table link's deal page answers nothing meanwhile.
    (Chromium's offline emulation lets some of a page's requests through: a deal a page
    sends while offline can reach the server while the page is told it failed, and be
    answered after the network is back, its answer lost; a dropped Wi-Fi lets nothing
    through. So a request sent out of reach carries a cookie saying so, and a deal posted
    with it, whenever it arrives, gets a server error, which the page treats as no
    answer, like the network's.) The organizer, on the laptop, still enters deals."""

    COOKIE = "out_of_reach"

    def __init__(self, monkeypatch, url):
        from tournaments.views import hall

        self.reachable = True
        self.url = url
        answer = hall.deal_entry

        def deal_entry(request, *args, **kwargs):
            sent_out_of_reach = self.COOKIE in request.COOKIES
            if request.method == "POST" and (sent_out_of_reach or not self.reachable):
                raise ConnectionError("the laptop is out of reach")
            return answer(request, *args, **kwargs)

        monkeypatch.setattr(hall, "deal_entry", deal_entry)

    def drop(self, context):
        self.reachable = False
        context.add_cookies([{"name": self.COOKIE, "value": "1", "url": self.url}])
        context.set_offline(True)

    def back(self, context):
        # The cookie goes first, then the network: the phone's resend, which the network's
        # return sets off, goes without it.
        context.clear_cookies(name=self.COOKIE)
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


class AtTheTable:
    """The table's phone on its link (``sheet_url``), out of the laptop's reach after
    ``drop`` and back in it after ``back``."""

    def __init__(self, browser, live_server, link, laptop):
        self.context, self.phone = new_phone(browser)
        self.sheet_url = f"{live_server.url}/t/{link.token}/"
        self.laptop = laptop

    def drop(self):
        self.laptop.drop(self.context)

    def back(self):
        self.laptop.back(self.context)

    def keep(self, number, bidder, partner, points):
        """The table saves a deal the phone cannot send: the phone keeps it."""
        fill(self.phone, bidder, partner, points)
        self.phone.click("#save-deal")
        expect(self.phone.locator("#outbox")).to_contain_text(KEPT.format(number))


@pytest.fixture
def table_phone(live_server, browser, table, organizer, monkeypatch):
    at = AtTheTable(
        browser,
        live_server,
        services.issue_link(table, organizer),
        Laptop(monkeypatch, live_server.url),
    )
    yield at
    at.context.close()


@pytest.fixture
def laptop_page(live_server, browser):
    """The organizer, signed in on the laptop."""
    context, page = new_phone(browser)
    sign_in(page, live_server)
    yield page
    context.close()


def organizer_saves(laptop_page, live_server, table, bidder, partner, points):
    """The organizer enters the table's next deal on the laptop."""
    laptop_page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    fill(laptop_page, bidder, partner, points)
    laptop_page.click("#save-deal")
    laptop_page.wait_for_url(f"{live_server.url}/tables/{table.pk}/")


def test_a_deal_saved_offline_is_kept_through_a_reload_and_sent_once(
    live_server, table_phone, table, organizer, laptop_page
):
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    other = laptop_page
    deal_url = f"{sheet_url}deal/"
    phone.goto(deal_url)
    # The service worker takes the page over; from then on it keeps a copy of it.
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.reload()

    # -- deal 1: the network drops while the player taps Save ---------------------
    assert phone.locator("input[name='dealer']:checked").count() == 1  # suggested
    table_phone.drop()
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
    table_phone.back()
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    assert outbox(phone) == []
    assert Deal.objects.count() == 1

    # -- deal 2: kept offline; the organizer saves the same deal meanwhile ---------
    phone.goto(deal_url)
    table_phone.drop()
    table_phone.keep(2, "Bill", "Dana", 20)
    organizer_saves(other, live_server, table, "Bill", "Dana", 20)
    expect(other.locator(".messages")).to_contain_text("Deal 2 saved.")
    table_phone.back()
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 2 is saved.")
    assert Deal.objects.count() == 2
    assert chips(phone, 2) == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]

    # -- deal 3: kept offline; the organizer saves another deal 3 ------------------
    phone.goto(deal_url)
    table_phone.drop()
    table_phone.keep(3, "Anna", "Čada", 20)
    organizer_saves(other, live_server, table, "Anna", "Čada", 41)
    table_phone.back()
    conflict = phone.locator("#outbox #deal-conflict")
    expect(conflict).to_contain_text("Two versions of deal 3")
    expect(phone.locator("#outbox")).to_contain_text(
        "Deal 3 was saved first, so yours was not saved; the next deal at this table is 4."
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


def test_a_server_error_keeps_the_deal_and_says_so_and_send_now_sends_it(
    live_server, table_phone, table, organizer
):
    """The network is up but the server answers Save with an error (a 500: a fault, or a
    proxy while the app restarts): the deal stays on the phone, the page says the server
    answered with an error (not "when the network is back"), and Send now sends it once
    the server is well."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    table_phone.laptop.reachable = False  # POSTs fail on the server; the phone is online
    fill(phone, "Anna", "Čada", 41)
    phone.click("#save-deal")
    expect(phone.locator("#outbox")).to_have_text(
        "Saved on this phone, not yet sent (deal 1). The server answered with an error "
        "(500); it is tried again every 15 seconds. If this goes on, show this phone to "
        "the organizer. Choose who deals deal 2: the phone suggests it once deal 1 is "
        "sent.Send now"
    )
    assert Deal.objects.count() == 0
    table_phone.laptop.reachable = True
    phone.click("#send-now")
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    assert outbox(phone) == []
    assert Deal.objects.count() == 1


def kept_numbers(phone):
    """The numbers of the deals waiting in the phone's outbox, in order."""
    return phone.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('taroky-outbox'))"
        ".flatMap(k => JSON.parse(localStorage[k]).map(d => d.number))"
    )


def retry(phone):
    """What the page's 15-second retry and the network's return do: send what it keeps."""
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    phone.wait_for_timeout(1500)


def test_a_conflict_stops_the_deals_kept_behind_it_until_the_table_dismisses_it(
    live_server, table_phone, table, organizer, laptop_page
):
    """Deals 1 and 2 kept offline; the organizer saves another deal 1 meanwhile. The
    phone shows the conflict over deal 1 and keeps deal 2 back (it is not sent, however
    often the phone retries) until the table dismisses the conflict; then deal 2 is
    sent. The phone's deal 1 is on the server as a rejected version of deal 1."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    other = laptop_page
    phone.goto(f"{sheet_url}deal/")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 20)
    # Said where the thumb is: in view, and in the bar beside Save.
    expect(phone.locator("#outbox")).to_be_in_viewport()
    phone.wait_for_timeout(1000)  # the preview asked for before Save has had its answer
    expect(phone.locator("#net-summary")).to_have_text(KEPT.format(1) + ".")
    choose(phone, "dealer", "Anna")
    fill(phone, "Bill", "Dana", 20)
    phone.click("#save-deal")
    expect(phone.locator("#outbox")).to_contain_text(
        KEPT.format("1, 2") + ". They are sent when the network is back."
    )
    expect(phone.locator("#outbox")).to_be_in_viewport()
    organizer_saves(other, live_server, table, "Anna", "Čada", 41)

    table_phone.back()
    conflict = phone.locator("#outbox #deal-conflict")
    expect(conflict).to_contain_text("Two versions of deal 1")
    expect(phone.locator("#outbox")).to_contain_text(
        "Deal 2 waits on this phone: it is sent when the table has dismissed this."
    )
    retry(phone)
    retry(phone)
    expect(conflict).to_contain_text("Two versions of deal 1")
    assert kept_numbers(phone) == [2]
    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    rejected = RejectedVersion.objects.get()
    assert (rejected.deal.number, rejected.document["bidder_points"]) == (1, 20)
    # Sent with when the phone kept it, offline, before it reached the server.
    assert rejected.kept_at is not None and rejected.kept_at < rejected.sent_at

    # The table has seen both versions: deal 2 goes, and is deal 2.
    phone.click("#dismiss-conflict")
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 2 saved.")
    assert kept_numbers(phone) == []
    saved = Deal.objects.get(number=2)
    assert (saved.document["bidder"], saved.document["dealer"]) == ("Bill", "Anna")
    assert chips(phone, 2) == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]
    assert audit_ledger([table.round.event_id]).problems == []


def test_the_phones_version_stays_through_a_reload_until_the_table_dismisses_it(
    live_server, table_phone, table, organizer
):
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    deal_url = f"{sheet_url}deal/"
    phone.goto(deal_url)
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 20)
    services.record_deal(table, played_doc(), organizer, number=1)
    table_phone.back()
    conflict = phone.locator("#outbox #deal-conflict")
    expect(conflict).to_contain_text("Two versions of deal 1")
    expect(conflict).to_be_in_viewport()
    # The organizer entered deal 1: the table asks the organizer, who sees it.
    expect(conflict.locator("#conflict-advice")).to_have_text(
        "If yours is right, ask the organizer to adopt it: the organizer sees it beside "
        "deal 1 and in the inbox."
    )
    # A reload, and a tap on the sheet and back: still on the phone.
    phone.reload()
    expect(conflict).to_contain_text("Two versions of deal 1")
    expect(conflict.locator("#conflict-yours .net")).to_have_text(
        "Anna -5 · Bill +5 · Čada -5 · Dana +5"
    )
    expect(phone.locator("h1")).to_have_text("Deal 2")
    phone.click(".crumbs a")
    phone.wait_for_url(sheet_url)
    phone.click("#enter-deal")
    expect(conflict).to_contain_text("Two versions of deal 1")
    phone.click("#dismiss-conflict")
    expect(phone.locator("#deal-conflict")).to_have_count(0)
    phone.reload()
    expect(phone.locator("h1")).to_have_text("Deal 2")
    expect(phone.locator("#deal-conflict")).to_have_count(0)
    # Dismissed on the phone; the organizer still has it to adopt or dismiss.
    assert RejectedVersion.objects.get().handled == ""
    assert Deal.objects.count() == 1


def test_the_first_deal_form_a_phone_opens_reloads_offline(
    live_server, table_phone, table, organizer
):
    """The service worker starts on the first deal form the phone opens: it keeps that
    page too, so a reload without network shows the form (not "this page was not
    opened on this phone before")."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    # The worker keeps the page it started on (as it does, in the background).
    kept_copy = "caches.match(location.pathname).then(Boolean)"
    for _ in range(50):
        if phone.evaluate(kept_copy):
            break
        phone.wait_for_timeout(200)
    assert phone.evaluate(kept_copy)
    table_phone.drop()
    phone.reload()
    expect(phone.locator("h1")).to_have_text("Deal 1")
    table_phone.keep(1, "Anna", "Čada", 41)
    table_phone.back()
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")


def test_the_sheets_copy_shown_offline_does_not_say_its_message_again(
    live_server, table_phone, table, organizer
):
    """The sheet the phone kept says "Deal 1 saved." when served; the copy shown
    without network shows deal 1 but not that message, which was of its moment."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    fill(phone, "Anna", "Čada", 41)
    phone.click("#save-deal")
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_have_text("Deal 1 saved.")
    phone.wait_for_function("caches.match(location.pathname).then(Boolean)")
    table_phone.drop()
    phone.reload()
    expect(phone.locator("h1")).to_contain_text("Table 1")
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    assert phone.locator(".messages").count() == 0


def test_a_page_never_opened_offline_says_what_is_kept_and_sends_it_when_the_network_is_back(
    live_server, table_phone, table, organizer
):
    """Offline, the table's sheet was never opened on this phone: the page says so, names
    the deal kept, offers Send now, and when the network is back sends it by itself."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 41)
    phone.click(".crumbs a")
    expect(phone.locator("body")).to_contain_text(
        "No network, and this page was not opened on this phone before."
    )
    expect(phone.locator("#kept")).to_have_text(
        KEPT.format(1) + ". It is sent when the network is back."
    )
    # Send now, still offline: the deal's page as the phone keeps it.
    phone.click("#send-now")
    expect(phone.locator("#outbox")).to_contain_text(KEPT.format(1))
    phone.click(".crumbs a")
    expect(phone.locator("#send-now")).to_be_visible()
    assert Deal.objects.count() == 0
    table_phone.back()
    # Three page loads and a post: the offline page, the deal page that sends, the sheet.
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.", timeout=20_000)
    assert phone.url == sheet_url
    assert Deal.objects.count() == 1


def test_a_kept_deal_the_server_refuses_holds_the_deals_kept_behind_it(
    live_server, table_phone, table, organizer
):
    """Deal 1 kept offline with 75 card points (of 70), deal 2 kept behind it: when the
    network is back the server refuses deal 1 and the phone shows it to fix; deal 2
    waits (sent before deal 1 it would be refused: "deal 1 comes first") and is sent
    once deal 1 is saved."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 75)
    choose(phone, "dealer", "Anna")
    table_phone.keep("1, 2", "Bill", "Dana", 20)
    table_phone.back()
    expect(phone.locator("#field-bidder_points")).to_contain_text(
        "Card points of the bidder's team must be from 0 to 69."
    )
    retry(phone)
    expect(phone.locator("h1")).to_have_text("Deal 1")
    expect(phone.locator("#outbox")).to_have_text(
        KEPT.format(2) + ". It is sent once the deal below is saved.Send now"
    )
    assert kept_numbers(phone) == [2]
    assert Deal.objects.count() == 0
    phone.fill("#id_bidder_points", "41")
    phone.click("#save-deal")
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 2 saved.")
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    assert chips(phone, 2) == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]
    assert kept_numbers(phone) == []


# -- a table link that stops while the phone keeps deals ---------------------------------

GONE = "{} kept on this phone but the table's link has changed: show this to the organizer."
REPLACED = "This table link was replaced by the organizer. Scan the new QR code at your table."


def test_deals_kept_when_the_link_is_reissued_are_shown_and_sent_from_the_new_link(
    live_server, table_phone, table, organizer
):
    """Deals 1 and 2 kept offline; the organizer reissues the table's link meanwhile.
    The old link refuses them: the phone keeps both, says so and shows each in words
    (what the organizer needs to enter it), on its page and on the old link's page
    after a reload. The new link, opened on the phone, sends them. (They were kept
    under the old link's address, which the new link never reads: stranded, unsaid.)"""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    # The service worker running first (else it starts on the new link's page, and the
    # copy it fetches of that page can show the "saved" messages before the sheet does).
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 41)
    choose(phone, "dealer", "Anna")
    table_phone.keep("1, 2", "Bill", "Dana", 20)
    new = services.issue_link(table, organizer)
    table_phone.back()
    notice = phone.locator("#outbox")
    expect(notice).to_contain_text(GONE.format("Deals 1, 2 were"))
    expect(notice).to_contain_text(REPLACED)
    expect(notice).to_be_in_viewport()
    first = notice.locator(".kept-deal[data-number='1']")
    expect(first).to_contain_text("Deal 1 · Table 1, round 1, Heun parish night · kept at")
    expect(first.locator(".kept-said")).to_have_text(
        "Dealer: Dana · Kind of deal: Played · Bidder: Anna · Bid: Four · Partner: Čada · "
        "Blind (Four): Second half: 5 · Card points of the bidder's team: 41 · "
        "Valat (all 12 tricks): No"
    )
    expect(notice.locator(".kept-deal[data-number='2'] .kept-said")).to_contain_text(
        "Dealer: Anna · Kind of deal: Played · Bidder: Bill"
    )
    # The network's return and the 15-second retry do not hammer a link that is gone.
    retry(phone)
    expect(notice).to_contain_text(GONE.format("Deals 1, 2 were"))
    assert kept_numbers(phone) == [1, 2]
    assert Deal.objects.count() == 0

    # A reload: the old link's page says it does not work, and what the phone keeps.
    phone.reload()
    expect(phone.locator("#link-refused")).to_have_text(REPLACED)
    kept = phone.locator("#kept-elsewhere")
    expect(kept).to_contain_text(
        "Deals 1, 2 were kept on this phone but not sent from its table's link: show this "
        "to the organizer."
    )
    expect(kept.locator(".kept-deal[data-number='2'] .kept-said")).to_contain_text(
        "Bidder: Bill · Bid: Four · Partner: Dana"
    )

    # The table scans its new QR code: the sheet says the deals wait, Enter deal sends them.
    new_url = f"{live_server.url}/t/{new.token}/"
    phone.goto(new_url)
    expect(phone.locator("#kept-elsewhere")).to_contain_text(
        "Saved on this phone, not yet sent (deal 1, 2). Enter deal sends them."
    )
    phone.click("#enter-deal")
    phone.wait_for_url(new_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 2 saved.")
    assert kept_numbers(phone) == []
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    assert chips(phone, 2) == ["20:50", "+5", "30", "-5", "10", "+5", "30", "-5", "10"]
    assert set(Deal.objects.values_list("entered_via", flat=True)) == {new.pk}
    expect(phone.locator("#kept-elsewhere")).to_be_hidden()


def test_a_deal_kept_when_the_link_is_revoked_stays_until_the_table_removes_it(
    live_server, table_phone, table, organizer
):
    """The link revoked with no new one: the organizer enters the deal the phone shows;
    the phone keeps it (on the old link's page too) until the table removes it, after a
    question."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    link = table.links.get()
    phone.goto(f"{sheet_url}deal/")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 41)
    services.revoke_link(link, organizer)
    table_phone.back()
    expect(phone.locator("#outbox")).to_contain_text(GONE.format("Deal 1 was"))
    services.record_deal(table, played_doc(), organizer, number=1)
    phone.goto(f"{sheet_url}deal/")
    kept = phone.locator("#kept-elsewhere")
    expect(kept.locator(".kept-deal[data-number='1'] .kept-said")).to_contain_text(
        "Card points of the bidder's team: 41"
    )
    questions = []

    def answer(dialog):
        questions.append(dialog.message)
        (dialog.dismiss if len(questions) == 1 else dialog.accept)()

    phone.on("dialog", answer)
    kept.get_by_role("button", name="Remove deal 1 from this phone").click()
    assert questions == [
        "Remove deal 1 from this phone? Only once the organizer has entered it: it cannot be "
        "brought back."
    ]
    assert kept_numbers(phone) == [1]  # not removed: the table said no
    kept.get_by_role("button", name="Remove deal 1 from this phone").click()
    expect(kept).to_be_hidden()
    assert kept_numbers(phone) == []


def test_a_closed_round_keeps_the_deal_and_try_again_sends_it_once_reopened(
    live_server, table_phone, table, organizer
):
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 41)
    services.close_round(table.round, organizer)
    table_phone.back()
    notice = phone.locator("#outbox")
    expect(notice).to_contain_text(GONE.format("Deal 1 was"))
    expect(notice).to_contain_text("Round 1 is closed: its table links take no more deals.")
    services.close_round(table.round, organizer, closed=False)
    phone.click("#send-now")
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
    assert kept_numbers(phone) == []
    assert Deal.objects.count() == 1


def test_deals_kept_under_the_pages_address_by_an_older_page_are_sent(
    live_server, table_phone, table, organizer
):
    """A phone that kept a deal before the outbox was its table's (under the page's
    address, with no words): the page takes it over and sends it."""
    phone, sheet_url = table_phone.phone, table_phone.sheet_url
    phone.goto(f"{sheet_url}deal/")
    table_phone.drop()
    table_phone.keep(1, "Anna", "Čada", 41)
    phone.evaluate(
        """() => {
            const key = Object.keys(localStorage).find(k => k.startsWith('taroky-outbox:'));
            const deals = JSON.parse(localStorage[key])
                .map(d => ({number: d.number, body: d.body, kept: d.kept}));
            localStorage.removeItem(key);
            localStorage['taroky-outbox:' + location.pathname] = JSON.stringify(deals);
        }"""
    )
    table_phone.back()
    phone.reload()
    phone.wait_for_url(sheet_url)
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")
    assert kept_numbers(phone) == []
    assert chips(phone, 1) == ["41:29", "+5", "25", "-5", "15", "+5", "25", "-5", "15"]
