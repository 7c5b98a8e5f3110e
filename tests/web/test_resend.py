"""A deal sent again (a double tap, a phone sending what it kept while offline, two
phones at a table): the same deal is "already saved", counted once; another deal of that
number is a conflict shown with both versions; the page's script gets JSON answers."""

import html as html_module
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Deal

from ..conftest import played_doc
from .deal_forms import form_data
from .ledger import nets

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


def deal_url(link):
    return reverse("link-deal", args=[link.token])


def test_the_same_deal_twice_is_already_saved(table, link):
    phone, other_phone = Client(), Client()
    first = phone.post(deal_url(link), form_data(), **JSON)
    assert first.status_code == 200
    assert first.json() == {
        "result": "saved",
        "message": "Deal 1 saved.",
        "next": reverse("link-sheet", args=[link.token]),
    }
    again = other_phone.post(deal_url(link), form_data(), **JSON)
    assert again.json() == {
        "result": "already_saved",
        "message": "Deal 1 is saved.",
        "next": reverse("link-sheet", args=[link.token]),
    }
    # Without the script: the sheet, with the same words.
    page = other_phone.post(deal_url(link), form_data(), follow=True)
    assert "Deal 1 is saved." in (page.content.decode())
    assert Deal.objects.count() == 1
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def test_another_deal_of_that_number_shows_both_versions(table, link, organizer):
    services.record_deal(
        table,
        {
            "ruleset": "la-vista",
            "players": ["Anna", "Bill", "Čada", "Dana"],
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "four",
            "blind": "second",
            "partner": "Čada",
            "bidder_points": 41,
        },
        organizer,
        number=1,
    )
    phone = Client()
    page = phone.post(deal_url(link), form_data(bidder_points="20"))
    assert page.status_code == 200
    html = page.content.decode()
    assert (
        "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2." in html
    )
    assert '<div class="card conflict" id="deal-conflict">' in html
    assert "Two versions of deal 1" in html
    saved = html[html.index('id="conflict-saved"') : html.index('id="conflict-yours"')]
    yours = html[html.index('id="conflict-yours"') :]
    assert "by org at" in html
    assert '<span class="pos">Anna +5</span>' in saved
    assert '<span class="neg">Bill -5</span>' in saved
    assert '<span class="neg">Anna -5</span>' in yours
    assert '<span class="pos">Bill +5</span>' in yours
    answer = phone.post(deal_url(link), form_data(bidder_points="20"), **JSON)
    assert answer.status_code == 409
    said = answer.json()
    assert said["result"] == "conflict" and said["number"] == 1
    assert said["message"] == (
        "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2."
    )
    assert '<span class="neg">Anna -5</span>' in said["html"]
    assert Deal.objects.count() == 1
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def words_of(text: str) -> str:
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_a_conflict_is_said_in_one_voice(table, link, organizer):
    """Before: the phone's notice said "Deal 1 was already entered; the next deal at
    this table is 2." above a box saying "Deal 1 was saved first ... Yours was not
    saved", and the deal's page said the version was "refused": three ways of saying
    one thing. Now the notice, the box and the deal's page say it alike: saved first,
    yours not saved, kept."""
    saved = services.record_deal(table, played_doc(), organizer, number=1)
    said = Client().post(deal_url(link), form_data(bidder_points="20"), **JSON).json()
    assert said["message"] == (
        "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2."
    )
    box = words_of(said["html"])
    assert box.startswith("Two versions of deal 1 Deal 1 was saved first (by org at ")
    assert "). Yours was not saved, but it is kept beside deal 1. Saved " in box
    # The page without the script: the same words above its form.
    page = words_of(Client().post(deal_url(link), form_data(bidder_points="20")).content.decode())
    assert "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2." in (
        page
    )
    assert "Yours was not saved, but it is kept beside deal 1." in page
    # The organizer's deal page: not saved, kept (not "refused").
    client = Client()
    client.force_login(organizer)
    deal_page = words_of(client.get(reverse("deal-detail", args=[saved.pk])).content.decode())
    assert (
        "Sent from the table, not saved Another deal 1 was saved first, so this version was "
        "not saved; it is kept here."
    ) in deal_page
    assert "refused" not in deal_page and "already entered" not in box + page


def test_json_answers_for_a_form_to_fix_and_a_busy_server(table, link, monkeypatch):
    phone = Client()
    refused = phone.post(deal_url(link), form_data(bidder_points="99"), **JSON)
    assert refused.status_code == 400
    said = refused.json()
    assert said["result"] == "refused"
    assert said["errors"] == {
        "bidder_points": ["Card points of the bidder's team must be from 0 to 69."]
    }

    def busy(*args, **kwargs):
        raise services.BusyError("Somebody else was saving; nothing was saved. Try again.")

    monkeypatch.setattr(services, "record_deal", busy)
    answer = phone.post(deal_url(link), form_data(), **JSON)
    assert answer.status_code == 503
    assert answer.json() == {
        "result": "busy",
        "message": "Somebody else was saving; nothing was saved. Try again.",
    }
    assert Deal.objects.count() == 0
