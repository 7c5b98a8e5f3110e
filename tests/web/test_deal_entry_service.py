"""The deal-entry service: what sending a deal did, said as a result the page shows as
HTML or answers as JSON (saved, already saved, a conflict with both versions' payments,
refused at the fields, busy, stale), and what a form's fields would pay."""

import pytest

from tournaments import services
from tournaments.models import Deal, RejectedVersion
from tournaments.services import entry

from ..conftest import played_doc

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


def test_a_deal_sent_is_saved_then_already_saved(table, organizer):
    sent = entry.submit(table, played_doc(), organizer, 1)
    assert (sent.result, sent.message, sent.deal.number) == ("saved", "Deal 1 saved.", 1)
    assert sent.saved and sent.error is None and sent.conflict is None
    again = entry.submit(table, played_doc(), organizer, 1)
    assert (again.result, again.deal.pk, again.saved) == ("already_saved", sent.deal.pk, True)
    assert again.message == "Deal 1 is saved."
    assert Deal.objects.count() == 1


def test_another_deal_of_that_number_is_a_conflict_with_both_versions(table, organizer, link):
    saved = entry.submit(table, played_doc(), organizer, 1).deal
    sent = entry.submit(table, played_doc(bidder_points=20), None, 1, link=link)
    assert (sent.result, sent.saved) == ("conflict", False)
    assert sent.message == (
        "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2."
    )
    assert isinstance(sent.error, services.DealNumberTaken)
    conflict = sent.conflict
    assert (conflict.number, conflict.saved_by, conflict.saved_voided) == (1, "org", False)
    assert conflict.saved == entry.VersionSaid(
        words="Anna: Four, second half with Čada, 41:29 card points",
        dealer="Dana",
        net={"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5},
    )
    assert conflict.yours.net == {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}
    assert conflict.kept == RejectedVersion.objects.get(deal=saved)
    assert (conflict.not_kept, conflict.link, conflict.link_may_correct) == ("", link, False)
    assert conflict.deal_url == saved.get_absolute_url()


def test_a_refusal_says_why_at_its_fields(table, organizer):
    stranger = played_doc(players=["Anna", "Bill", "Čada", "Emil"], dealer="Emil")
    sent = entry.submit(table, stranger, organizer, 1)
    assert (sent.result, sent.saved, sent.deal) == ("refused", False, None)
    assert [(e.field, e.message) for e in sent.error.field_errors] == [
        ("players", "Not at this table: Emil.")
    ]
    ahead = entry.submit(table, played_doc(), organizer, 2)
    assert (ahead.result, ahead.message) == (
        "refused",
        "Deal 2 cannot be saved yet: deal 1 comes first.",
    )
    assert Deal.objects.count() == 0


def test_busy_and_stale_are_said_as_such(table, organizer, monkeypatch):
    deal = services.record_deal(table, played_doc(), organizer)
    stale = entry.correct(deal, played_doc(bidder_points=30), organizer, "recount", 2)
    assert (stale.result, stale.saved) == ("stale", False)
    assert stale.message.startswith("This deal was changed by org at")
    corrected = entry.correct(deal, played_doc(bidder_points=30), organizer, "recount", 1)
    assert (corrected.result, corrected.message) == ("saved", "Deal 1 corrected.")
    assert corrected.deal.version == 2

    def busy(*args, **kwargs):
        raise services.BusyError("Somebody else was saving; nothing was saved. Try again.")

    monkeypatch.setattr(services, "record_deal", busy)
    sent = entry.submit(table, played_doc(), organizer, 2)
    assert (sent.result, sent.message, sent.saved) == (
        "busy",
        "Somebody else was saving; nothing was saved. Try again.",
        False,
    )


def test_the_preview_says_the_payments_in_the_pages_words(table, organizer):
    shown = entry.preview(table, played_doc(), 1)
    assert shown.payments["net"] == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    assert [(t["from"], t["to"], t["chips"]) for t in shown.payments["transfers"]] == [
        ("Bill", "Anna", 5),
        ("Dana", "Čada", 5),
    ]
    assert (shown.later, shown.later_refused) == (None, "")
    deal = services.record_deal(table, played_doc(), organizer)
    correction = entry.preview(table, played_doc(bidder_points=30), 1, corrected=deal)
    assert correction.payments["net"] == {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}
    assert (correction.later, correction.later_refused) == ([], "")
