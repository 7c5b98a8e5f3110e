"""The circuit's calendar: every club's published events on one page and in an
iCalendar feed; an event not published on neither."""

import datetime
import html
import re
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from icalendar import Calendar

from tournaments import services
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db

# Noon of 20 November 2026 in Nebraska: the Heun night of that day is coming, not past.
TODAY = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)


def text(response) -> str:
    """A page's words, tags and extra spaces gone."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words))


def today_is(moment=TODAY):
    return mock.patch("django.utils.timezone.now", return_value=moment)


@pytest.fixture
def clubs(organizer, other_organizer):
    heun = Club.objects.create(name="Heun parish club", slug="heun")
    taylor = Club.objects.create(name="Taylor Sokol", slug="taylor")
    # Creating a club's events is its organizers'.
    heun.organizers.add(organizer)
    taylor.organizers.add(other_organizer)
    return heun, taylor


def held(organizer, club, name, date, kind=Event.Kind.CLUB_NIGHT, venue="", published=True):
    return services.create_event(
        organizer,
        club=club,
        name=name,
        date=date,
        kind=kind,
        venue=venue,
        ruleset="la-vista",
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=published,
    )


@pytest.fixture
def circuit(organizer, other_organizer, clubs):
    heun, taylor = clubs
    d = datetime.date
    return [
        held(organizer, heun, "Heun parish night", d(2026, 11, 20), venue="Holy Trinity, Heun"),
        held(organizer, heun, "Heun Christmas open", d(2026, 12, 12), Event.Kind.TOURNAMENT),
        held(organizer, heun, "Heun planning night", d(2026, 12, 1), published=False),
        held(other_organizer, taylor, "Taylor club night", d(2026, 11, 5), venue="SPJST Lodge 20"),
        held(other_organizer, taylor, "West Czech fest", d(2026, 9, 5), Event.Kind.TOURNAMENT),
        held(other_organizer, taylor, "Taylor secret night", d(2026, 11, 27), published=False),
    ]


COMING = (
    "Coming Date Event Club Kind Venue "
    "2026-11-20 Heun parish night Heun parish club Club night Holy Trinity, Heun "
    "2026-12-12 Heun Christmas open Heun parish club Tournament "
)
PAST = (
    "Past Date Event Club Kind Venue "
    "2026-11-05 Taylor club night Taylor Sokol Club night SPJST Lodge 20 "
    "2026-09-05 West Czech fest Taylor Sokol Tournament "
)


@pytest.mark.parametrize("who", ["anonymous", "organizer", "other_organizer"])
def test_the_calendar_lists_every_clubs_published_events_coming_first(
    circuit, who, organizer, other_organizer
):
    client = Client()
    if who != "anonymous":
        client.force_login({"organizer": organizer, "other_organizer": other_organizer}[who])
    with today_is():
        page = text(client.get(reverse("calendar")))
    start = page.index("Calendar Every club")
    end = page.index("Taroky scorekeeper: Nebraska")
    assert page[start:end] == (
        "Calendar Every club's published events. Add them to your calendar: "
        "subscribe to the calendar feed . " + COMING + PAST
    )
    # Not published: on no one's calendar, its own organizers' neither.
    assert "planning" not in page
    assert "secret" not in page


def test_the_calendar_links_each_event_and_the_feed(circuit, client):
    with today_is():
        content = client.get(reverse("calendar")).content.decode()
    links = re.findall(r'<a href="(/events/\d+/)">', content)
    assert links == [circuit[i].get_absolute_url() for i in (0, 1, 3, 4)]
    assert content.count('href="/calendar.ics"') == 2  # the page's link and its <head>'s


def test_a_day_later_the_days_event_is_past(circuit, client):
    with today_is(TODAY + datetime.timedelta(days=1)):
        page = text(client.get(reverse("calendar")))
    assert (
        "Coming Date Event Club Kind Venue "
        "2026-12-12 Heun Christmas open Heun parish club Tournament "
        "Past Date Event Club Kind Venue "
        "2026-11-20 Heun parish night Heun parish club Club night Holy Trinity, Heun "
        "2026-11-05 Taylor club night" in page
    )


def test_an_empty_calendar_says_so(client):
    page = text(client.get(reverse("calendar")))
    assert "Coming No events coming yet. Past No past events." in page


def test_the_feed_has_one_event_a_published_event(circuit, client):
    response = client.get(reverse("calendar-ics"))
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    feed = Calendar.from_ical(response.content)
    entries = [
        (
            str(e["UID"]),
            e["DTSTART"].dt,
            str(e["SUMMARY"]),
            str(e.get("LOCATION", "")),
            str(e["DESCRIPTION"]),
            str(e["URL"]),
        )
        for e in feed.walk("VEVENT")
    ]
    night, christmas, _, taylor, west, _ = circuit
    assert entries == [
        (
            f"event-{west.pk}@testserver",
            datetime.date(2026, 9, 5),
            "West Czech fest",
            "",
            "Tournament of Taylor Sokol",
            f"http://testserver/events/{west.pk}/",
        ),
        (
            f"event-{taylor.pk}@testserver",
            datetime.date(2026, 11, 5),
            "Taylor club night",
            "SPJST Lodge 20",
            "Club night of Taylor Sokol",
            f"http://testserver/events/{taylor.pk}/",
        ),
        (
            f"event-{night.pk}@testserver",
            datetime.date(2026, 11, 20),
            "Heun parish night",
            "Holy Trinity, Heun",
            "Club night of Heun parish club",
            f"http://testserver/events/{night.pk}/",
        ),
        (
            f"event-{christmas.pk}@testserver",
            datetime.date(2026, 12, 12),
            "Heun Christmas open",
            "",
            "Tournament of Heun parish club",
            f"http://testserver/events/{christmas.pk}/",
        ),
    ]
    # A whole day, not a moment: DTSTART is a DATE.
    assert b"DTSTART;VALUE=DATE:20260905" in response.content
    # The same events, the same feed, byte for byte (a subscriber's calendar is stable).
    assert client.get(reverse("calendar-ics")).content == response.content


def test_an_event_published_later_joins_the_feed_under_the_same_uid(circuit, client, organizer):
    planning = circuit[2]
    assert f"event-{planning.pk}@".encode() not in client.get(reverse("calendar-ics")).content
    services.update_event(planning, organizer, published=True, name="Heun Advent night")
    feed = Calendar.from_ical(client.get(reverse("calendar-ics")).content)
    (entry,) = [
        e for e in feed.walk("VEVENT") if str(e["UID"]) == f"event-{planning.pk}@testserver"
    ]
    assert (str(entry["SUMMARY"]), entry["DTSTART"].dt) == (
        "Heun Advent night",
        datetime.date(2026, 12, 1),
    )


def queries(client, name) -> int:
    with CaptureQueriesContext(connection) as captured, today_is():
        assert client.get(reverse(name)).status_code == 200
    return len(captured)


@pytest.mark.parametrize("name", ["calendar", "calendar-ics"])
def test_the_calendar_costs_the_same_queries_at_2_and_20_events(
    name, clubs, organizer, other_organizer
):
    heun, taylor = clubs
    client = Client()
    counts = []
    for size in (2, 20):
        while Event.objects.count() < size:
            n = Event.objects.count()
            club, by = ((heun, organizer), (taylor, other_organizer))[n % 2]
            held(by, club, f"Night {n}", datetime.date(2026, 1 + n % 12, 3))
        counts.append(queries(client, name))
    assert counts == [1, 1]


def test_the_calendar_is_read_only(circuit, client):
    """A calendar asking whether the feed changed (HEAD) is answered; nothing is posted."""
    assert client.head(reverse("calendar-ics")).status_code == 200
    assert client.post(reverse("calendar-ics")).status_code == 405
    assert client.post(reverse("calendar")).status_code == 405
