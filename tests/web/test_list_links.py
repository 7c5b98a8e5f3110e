"""The home page and the circuit's calendar link the ranking list once one is published;
before (a club that never publishes one) they read as they always did."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Event, PublishedList
from tournaments.services import circuit_list

pytestmark = pytest.mark.django_db

HOME = (
    "The circuit's ranking list , published for 2026-06-30: the players of every club's "
    "approved events, and each club's members."
)
CALENDAR = (
    "The circuit's ranking list , published for 2026-06-30, ranks the players of the "
    "events approved for it."
)


def words(response) -> str:
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(page))


def link(response) -> str:
    """The paragraph linking the list, as its words."""
    page = response.content.decode()
    found = re.search(r'<p id="ranking-list-link">(.*?)</p>', page, re.S)
    assert found, "no link to the ranking list"
    assert f'<a href="{reverse("ranking-list")}">' in found.group(1)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", found.group(1)))).strip()


@pytest.fixture
def night(organizer):
    club = Club.objects.create(name="Heun parish club", slug="heun")
    club.organizers.add(organizer)  # its events are its organizers'
    return services.create_event(
        organizer,
        club=club,
        name="Heun parish night",
        date=datetime.date(2026, 6, 20),
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=True,
    )


@pytest.mark.parametrize("name", ["home", "calendar"])
def test_no_link_while_no_list_is_published(night, client, organizer, name):
    for who in ("visitor", "organizer"):
        if who == "organizer":
            client.force_login(organizer)
        response = client.get(reverse(name))
        assert 'id="ranking-list-link"' not in response.content.decode()
        assert "ranking list" not in words(response).lower()
        assert reverse("ranking-list") not in response.content.decode()


def test_the_home_page_links_the_published_list(night, client):
    circuit_list.publish(datetime.date(2026, 6, 30))
    assert link(client.get(reverse("home"))) == HOME
    circuit_list.publish(datetime.date(2026, 7, 31))  # the latest list's date
    assert link(client.get(reverse("home"))).startswith(
        "The circuit's ranking list , published for 2026-07-31:"
    )


def test_the_calendar_links_the_published_list_in_its_one_query(night, client):
    circuit_list.publish(datetime.date(2026, 6, 30))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("calendar"))
    assert link(response) == CALENDAR
    assert len(queries) == 1
    # An empty calendar asks the list's date on its own.
    services.update_event(night, night.organizers.first(), published=False)
    assert link(client.get(reverse("calendar"))) == CALENDAR
    assert "No events coming yet. Past No past events." in words(client.get(reverse("calendar")))
    assert PublishedList.objects.count() == 1
