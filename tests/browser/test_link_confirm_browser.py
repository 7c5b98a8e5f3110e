"""The organizer's Reissue, Revoke and Close the round ask first, saying that a phone
may hold deals it has not sent (kept offline): the answer "no" changes nothing."""

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import TableLink

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNSENT = "A phone at {} may hold deals it has not sent yet (kept while the network was down)"


class Answers:
    """The page's questions, answered no, then yes."""

    def __init__(self, page):
        self.asked, self.yes = [], False
        page.on("dialog", self.answer)

    def answer(self, dialog):
        self.asked.append(dialog.message)
        (dialog.accept if self.yes else dialog.dismiss)()


def test_reissue_revoke_and_close_ask_first_and_say_a_phone_may_hold_unsent_deals(
    live_server, page, table, organizer
):
    link = services.issue_link(table, organizer)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/rounds/{table.round.pk}/links/")
    answers = Answers(page)
    card = page.locator("#link-table-1")
    for button, question in [
        ("Reissue", "Give table 1 a new link? The old one stops at once. "),
        ("Revoke", "Stop table 1's link? "),
    ]:
        card.get_by_role("button", name=button).click()
        assert answers.asked[-1].startswith(question)
        assert UNSENT.format("the table") in answers.asked[-1]
    page.click("#close-round")
    assert answers.asked[-1].startswith("Close round 1? Its table links stop taking deals")
    assert UNSENT.format("a table") in answers.asked[-1]
    # Each answered no: nothing changed.
    assert list(TableLink.objects.values_list("token", "revoked_at")) == [(link.token, None)]
    table.round.refresh_from_db()
    assert table.round.closed_at is None

    answers.yes = True
    card.get_by_role("button", name="Reissue").click()
    expect(page.locator(".messages")).to_contain_text(
        "Table 1 has a new link; the old one stopped."
    )
    assert TableLink.objects.filter(revoked_at__isnull=True).exclude(pk=link.pk).count() == 1
    page.click("#close-round")
    expect(page.locator("#round-state")).to_contain_text("Closed")
    assert len(answers.asked) == 5
