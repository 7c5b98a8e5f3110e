"""A Texas and a Petrtyl deal entered through the generated form in Chromium, at a
phone's 390x844 and at desktop size: the core's conditions show the fields that apply,
the live preview follows, the sticky nets sit beside Save."""

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import DealNet

from ..conftest import game_table
from ..web.every_game import NAMES
from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def nets(table):
    deal = table.deals.get()
    return {
        n.player.name: n.chips for n in DealNet.objects.filter(deal=deal).select_related("player")
    }


def enter_texas(page, live_server, table, shot):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    # Prever's talon applies only to a Prever; the partner only to a Povinost.
    expect(page.locator("#field-talon")).to_be_hidden()
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Povinost")
    expect(page.locator("#field-partner")).to_be_visible()
    # The bidder is greyed out among the partners.
    expect(page.locator('#field-partner input[value="Anna"]')).to_be_disabled()
    choose(page, "partner", "Čada")
    choose(page, "called", "XIX")
    page.fill("#id_bidder_points", "60")
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +3')")
    page.screenshot(path=shot, full_page=True)
    choose(page, "bid", "Prever")
    expect(page.locator("#field-talon")).to_be_visible()
    expect(page.locator("#field-partner")).to_be_hidden()
    choose(page, "bid", "Povinost")
    choose(page, "partner", "Čada")
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +3')")
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    assert nets(table) == {"Anna": 3, "Bill": -3, "Čada": 3, "Dana": -3}


def test_a_texas_deal_on_a_phone(live_server, phone, organizer, tmp_path):
    page = phone
    table = game_table(organizer, "texas-xix", NAMES[:4])
    enter_texas(page, live_server, table, tmp_path / "texas-phone.png")
    # The deal page and the chip count fit the phone: wide tables scroll in their box
    # (the history table made the whole page 602 px wide and zoomed it out).
    deal = table.deals.get()
    for url in (f"/deals/{deal.pk}/", f"/tables/{table.pk}/chips/"):
        page.goto(live_server.url + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (url, width)


def test_a_texas_deal_at_desktop_size(live_server, page, organizer, tmp_path):
    table = game_table(organizer, "texas-xix", NAMES[:4])
    enter_texas(page, live_server, table, tmp_path / "texas-desktop.png")


def test_a_petrtyl_deal_on_a_phone(live_server, phone, organizer, tmp_path):
    page = phone
    table = game_table(organizer, "petrtyl-three", NAMES[:3])
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Four")
    expect(page.locator("#field-talon")).to_be_visible()
    choose(page, "talon", "first three")
    page.fill("#id_bidder_points", "41")
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +8')")
    # The nets beside Save stay in view on the phone.
    expect(page.locator("#net-summary")).to_be_in_viewport()
    page.screenshot(path=tmp_path / "petrtyl-phone.png", full_page=True)
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    assert nets(table) == {"Anna": 8, "Bill": -4, "Čada": -4}


def test_the_event_form_shows_only_the_chosen_rulesets_house_rules(
    live_server, page, organizer, tmp_path
):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/new/")
    expect(page.locator('fieldset[data-ruleset="la-vista"]')).to_be_visible()
    expect(page.locator('fieldset[data-ruleset="texas-xix"]')).to_be_hidden()
    page.select_option("#id_ruleset", "texas-xix")
    expect(page.locator('fieldset[data-ruleset="texas-xix"]')).to_be_visible()
    expect(page.locator('fieldset[data-ruleset="la-vista"]')).to_be_hidden()
    expect(page.locator('fieldset[data-ruleset="texas-xix"]')).to_contain_text(
        "4 at a table, counter-clockwise."
    )
    page.screenshot(path=tmp_path / "event-form.png", full_page=True)


def test_petrtyl_deals_with_the_pot_at_desktop_size(live_server, page, organizer, tmp_path):
    """A misdeal pays into the pot, then a Four: the previews and the sheet say the pot
    in words and the pot's column holds what the misdeal paid."""
    table = game_table(organizer, "petrtyl", NAMES[:4])
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "kind", "Misdeal")
    choose(page, "dealer", "Dana")
    expect(page.locator("#field-bidder")).to_be_hidden()
    page.wait_for_function(
        "document.querySelector('#net-summary').textContent.includes('the pot +4')"
    )
    expect(page.locator("#preview-body tbody td")).to_have_text(
        ["Dana", "the pot", "4", "Misdeal: the dealer pays 4 into the pot"]
    )
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Four")
    choose(page, "partner", "Čada")
    choose(page, "talon", "second three")
    page.fill("#id_bidder_points", "41")
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +5')")
    # The page script says the result in the game's words, from the core.
    expect(page.locator("#preview-body p").first).to_have_text(
        "The declarer's side wins: the game is worth 5."
    )
    page.screenshot(path=tmp_path / "petrtyl-desktop.png", full_page=True)
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    second = table.deals.get(number=2)
    assert {
        n.player.name: n.chips for n in DealNet.objects.filter(deal=second).select_related("player")
    } == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    assert second.document["pot"] == 4
    page.screenshot(path=tmp_path / "petrtyl-sheet.png", full_page=True)


def test_a_name_with_quotes_stays_text_in_the_live_preview(live_server, page, organizer):
    """The page script builds the nets from the players' names: a name holding quotes
    must not become markup (it did: data-player="..." took it raw)."""
    crafted = 'Eve" data-injected="1'
    table = game_table(organizer, "texas-xix", ["Anna", "Bill", crafted, "Dana"])
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Povinost")
    choose(page, "partner", "Bill")
    page.fill("#id_bidder_points", "60")
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +3')")
    assert page.evaluate("document.querySelectorAll('[data-injected]').length") == 0
    names = page.evaluate(
        "[...document.querySelectorAll('#net-summary span')].map(s => s.dataset.player)"
    )
    assert names == ["Anna", "Bill", crafted, "Dana"]


def test_a_valat_side_tapped_by_mistake_is_taken_back_on_a_phone(live_server, phone, organizer):
    page = phone
    """A radio cannot be unticked: the valat's and the bonus row's "—" take a mistaken
    tap back, and the deal saves with neither (each "—" a 44 px target)."""
    table = game_table(organizer, "texas-xix", NAMES[:4])
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Povinost")
    choose(page, "partner", "Čada")
    page.fill("#id_bidder_points", "60")
    choose(page, "valat__team", "opponents")
    choose(page, "bonuses__0__player", "Bill")
    page.wait_for_function(
        "document.querySelector('#net-summary').textContent.includes('Fix the marked')"
    )
    choose(page, "valat__team", "—")
    choose(page, "bonuses__0__player", "—")
    box = page.locator("#field-valat__team label", has_text="—").first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    page.wait_for_function("document.querySelector('#net-summary').textContent.includes('Anna +3')")
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    assert nets(table) == {"Anna": 3, "Bill": -3, "Čada": 3, "Dana": -3}
    assert "valat" not in table.deals.get().document


def test_a_petrtyl_four_given_up_needs_no_box(live_server, page, organizer):
    """The walkthrough: kind, declarer, Chief, talon, Save; the bid and the Chief in
    the talon are not asked (the kind says both)."""
    table = game_table(organizer, "petrtyl", NAMES[:4])
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/deals/new/")
    choose(page, "kind", "Four given up")
    expect(page.locator("#field-bid")).to_be_hidden()
    expect(page.locator("#field-chief_in_talon")).to_be_hidden()
    choose(page, "bidder", "Anna")
    choose(page, "called", "Chief of hearts")
    choose(page, "talon", "second three")
    page.wait_for_function(
        "document.querySelector('#net-summary').textContent.includes('Anna -15')"
    )
    page.click("#save-deal")
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/$"))
    assert nets(table) == {"Anna": -15, "Bill": 5, "Čada": 5, "Dana": 5}
