"""Sign in, enter a deal watching the live preview, save, correct it: in Chromium."""

import re

import pytest
from playwright.sync_api import expect

from .helpers import answer_next_dialog, choose, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_enter_a_deal_with_live_preview_then_correct_it(live_server, page, table):
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.click("#enter-deal")
    page.wait_for_load_state("load")
    # Fields appear only when they apply (the core's conditions): no bidder, blind or
    # points in a thrown-in deal; the blind while the bid may be a Four.
    choose(page, "kind", "Thrown in")
    for field in ("bidder", "blind", "bidder_points"):
        expect(page.locator(f"#field-{field}")).to_be_hidden()
    choose(page, "kind", "Played")
    expect(page.locator("#field-blind")).to_be_visible()
    choose(page, "bidder", "Anna")
    choose(page, "bid", "Four")
    expect(page.locator("#field-blind")).to_be_visible()
    expect(page.locator("#field-kontra")).to_be_hidden()
    choose(page, "blind", "Second half")
    choose(page, "partner", "Čada")
    page.fill("#id_bidder_points", "41")
    preview = page.locator("#preview-body")
    page.wait_for_function(
        "document.querySelector('#preview-body').textContent.includes('Anna +5')"
    )
    assert "Dana -5" in preview.inner_text()
    # Change a field: the preview follows before anything is saved.
    choose(page, "bid", "Five")
    expect(page.locator("#field-blind")).to_be_hidden()
    expect(page.locator("#field-kontra")).to_be_visible()
    page.wait_for_function(
        "document.querySelector('#preview-body').textContent.includes('Anna +8')"
    )
    choose(page, "kontra", "Kontra")
    page.wait_for_function(
        "document.querySelector('#preview-body').textContent.includes('Anna +16')"
    )
    page.click("#save-deal")
    page.wait_for_url(f"{live_server.url}/tables/{table.pk}/")
    row = page.locator("#score-sheet tbody tr[data-deal='1']")
    cells = row.locator("td.num").all_inner_texts()
    # Points, then Anna, Bill, Čada, Dana: change and running chips.
    assert cells == ["41:29", "+16", "36", "-16", "4", "+16", "36", "-16", "4"]

    # Correct it: the opponents actually had 36.
    row.locator("a").first.click()
    page.click("#correct-deal")
    page.fill("#id_bidder_points", "34")
    page.wait_for_function(
        "document.querySelector('#preview-body').textContent.includes('Anna -16')"
    )
    page.fill("#id_reason", "Recounted the opponents' pile: 36")
    page.click("#save-deal")
    page.wait_for_url(re.compile(r".*/deals/\d+/$"))
    assert "Recounted the opponents' pile: 36" in page.locator("#versions").inner_text()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    cells = page.locator("#score-sheet tbody tr[data-deal='1'] td.num").all_inner_texts()
    assert cells == ["34:36", "-16", "4", "+16", "36", "-16", "4", "+16", "36"]


def test_undo_asks_before_it_voids_the_last_deal(live_server, page, table, organizer):
    from tournaments import services
    from tournaments.models import Deal

    from ..conftest import played_doc

    services.record_deal(table, played_doc(), organizer)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    asked = []
    answer_next_dialog(page, asked, accept=False)
    page.click("#undo-last")
    page.wait_for_timeout(300)
    assert Deal.objects.get().voided is False
    assert asked == [
        "Undo deal 1? It is voided: struck through, counting nothing, and it cannot be "
        "brought back (enter it again if it was right)."
    ]
    answer_next_dialog(page, asked, accept=True)
    page.click("#undo-last")
    expect(page.locator(".messages")).to_contain_text("Deal 1 undone")
    assert Deal.objects.get().voided is True
