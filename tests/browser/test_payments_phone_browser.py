"""The payments (a deal form's live preview, a deal's page) on a phone (390 px): a
player's name wraps between its words, never inside one ("Procház|ková"), and the
table stays within the screen (the deal page's explanations were beyond its right
edge, in a scroll box)."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Deal, Player

from .helpers import choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390
NAMES = ["Ludmila Procházková", "František Svoboda", "Marie Dvořáková", "Robert Brichaček"]

# Each word of each cell and name of the payments that the browser laid out on more
# than one line (a word broken inside), and each cell beyond the screen's right edge.
BROKEN = """sel => [...document.querySelectorAll(sel)].flatMap(cell => {
    const out = [], walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const m of text.data.matchAll(/\\S+/g)) {
            const r = document.createRange();
            r.setStart(text, m.index);
            r.setEnd(text, m.index + m[0].length);
            if (r.getClientRects().length > 1) out.push('broken: ' + m[0]);
        }
    }
    const right = cell.getBoundingClientRect().right;
    if (right > window.innerWidth) out.push('beyond: ' + cell.textContent);
    return out;
})"""


@pytest.fixture
def long_names(round1, organizer):
    players = [Player.objects.create(name=n) for n in NAMES]
    return services.create_table(round1, organizer, players, first_forehand=players[0])


def fits(phone, table):
    """The page does not scroll sideways, nor does the box the payments are in."""
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE
    box = phone.locator(table).locator("xpath=..")
    assert box.evaluate("e => e.scrollWidth <= e.clientWidth")


def test_the_payments_wrap_names_between_words_within_a_phones_screen(
    live_server, phone, long_names
):
    sign_in(phone, live_server)
    phone.goto(f"{live_server.url}/tables/{long_names.pk}/deals/new/")
    choose(phone, "bidder", "Ludmila Procházková")
    choose(phone, "bid", "Four")
    choose(phone, "blind", "First half")
    choose(phone, "partner", "Marie Dvořáková")
    phone.fill("#id_bidder_points", "41")
    preview = phone.locator("#preview-body")
    expect(preview.locator("tbody tr")).to_have_count(2)
    expect(preview.locator("tbody tr").first).to_contain_text("František Svoboda")
    assert phone.evaluate(BROKEN, "#preview-body td, #preview-body .net span") == []
    fits(phone, "#preview-body table")

    phone.click("#save-deal")
    phone.wait_for_url(f"{live_server.url}/tables/{long_names.pk}/")
    phone.goto(f"{live_server.url}{Deal.objects.get().get_absolute_url()}")
    rows = phone.locator("#transfers tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Game won with 41 card points")
    assert phone.evaluate(BROKEN, "#transfers td, #deal-net span") == []
    fits(phone, "#transfers")
    # Each payment a line: its payer and payee side by side, the chips at the right.
    cells = phone.eval_on_selector_all(
        "#transfers tbody tr:first-child td",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [Math.round(r.top), Math.round(r.left), Math.round(r.right)]; })",
    )
    (top1, left1, _), (top2, left2, _), (top3, left3, right3) = cells[:3]
    assert top1 == top2 == top3 and left1 < left2 < left3 and right3 <= PHONE
