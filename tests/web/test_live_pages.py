"""The pages phones and the wall poll answer conditional requests: 304 while nothing of
the event changed, 200 with a new ETag after any change they show (a deal, a
correction, an undo, a confirmation, the event renamed, a player renamed, a table
added), for every page (the wall, its live part, a table link's sheet, the organizer's
sheet, the inbox). The count lives in the database (EventStamp), not in a process."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Deal, EventStamp, Player

from ..conftest import played_doc
from .deal_forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(table, organizer, other_organizer):
    """A published event whose table deals wait for a confirmation, its table's link, an
    organizer and a second organizer signed in (one enters, the other confirms)."""
    event = table.round.event
    services.update_event(event, organizer, published=True, table_deals_need_confirmation=True)
    event.organizers.add(other_organizer)
    link = services.issue_link(table, organizer)
    org = Client()
    org.force_login(organizer)
    other = Client()
    other.force_login(other_organizer)
    # The phone at the table keeps its cookies (its sheet's forms set the CSRF cookie).
    phone = Client()
    return {
        "event": event,
        "table": table,
        "link": link,
        "org": org,
        "other": other,
        "phone": phone,
    }


def pages(hall):
    """Each live page and the client that polls it."""
    event, table, link = hall["event"], hall["table"], hall["link"]
    return {
        "wall": (Client(), reverse("wall", args=[event.pk])),
        "wall live": (Client(), reverse("wall-live", args=[event.pk])),
        "link sheet": (hall["phone"], reverse("link-sheet", args=[link.token])),
        "sheet": (hall["org"], reverse("table-sheet", args=[table.pk])),
        "inbox": (hall["org"], reverse("inbox", args=[event.pk])),
    }


def poll(client, url, tag=None):
    headers = {"HTTP_IF_NONE_MATCH": tag} if tag else {}
    return client.get(url, **headers)


def tags(hall) -> dict:
    """Each page's ETag (every page carries one and says no-cache). Fetched twice: the
    first answer of a page with forms sets the CSRF cookie, which is part of the ETag."""
    out = {}
    for name, (client, url) in pages(hall).items():
        poll(client, url)
        response = poll(client, url)
        assert response.status_code == 200, name
        assert response["Cache-Control"] == "no-cache, private", name
        assert "Cookie" in response["Vary"], name
        out[name] = response["ETag"]
    return out


def assert_unchanged(hall, before: dict):
    for name, (client, url) in pages(hall).items():
        response = poll(client, url, before[name])
        assert response.status_code == 304, name
        assert response.content == b""
        assert response["ETag"] == before[name]


def assert_changed(hall, before: dict) -> dict:
    after = {}
    for name, (client, url) in pages(hall).items():
        response = poll(client, url, before[name])
        assert response.status_code == 200, name
        assert response["ETag"] != before[name], name
        after[name] = response["ETag"]
    return after


def test_every_change_the_pages_show_gives_a_new_etag(hall, organizer, other_organizer):
    link, table, event = hall["link"], hall["table"], hall["event"]
    before = tags(hall)
    assert_unchanged(hall, before)

    # A deal entered through the table link (its redirect shows "Deal 1 saved.").
    saved = Client().post(reverse("link-deal", args=[link.token]), form_data())
    assert saved.status_code == 302
    before = assert_changed(hall, before)
    assert_unchanged(hall, before)

    # The other organizer confirms it from the inbox.
    deal = Deal.objects.get()
    assert deal.awaiting_confirmation
    confirmed = hall["other"].post(
        reverse("inbox", args=[event.pk]), {"confirm": deal.pk, "expected_version": 1}
    )
    assert confirmed.status_code == 302
    assert not Deal.objects.get().awaiting_confirmation
    before = assert_changed(hall, before)
    assert_unchanged(hall, before)

    # A correction by the organizer.
    services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recounted")
    before = assert_changed(hall, before)
    assert_unchanged(hall, before)

    # The event renamed; a player renamed (the admin saves the player itself).
    services.update_event(event, organizer, name="Heun parish night (finals)")
    before = assert_changed(hall, before)
    anna = Player.objects.get(name="Anna")
    anna.name = "Anna Nováková"
    anna.save()
    before = assert_changed(hall, before)
    assert "Anna Nováková" in poll(*pages(hall)["link sheet"]).content.decode()

    # Deal 2 and its undo through the link.
    seats = ["Anna Nováková", "Bill", "Čada", "Dana"]
    services.record_deal(table, played_doc(players=seats, bidder=seats[0]), None, link=link)
    before = assert_changed(hall, before)
    undone = Client().post(reverse("link-undo", args=[link.token]), {"number": 2})
    assert undone.status_code == 302 and Deal.objects.get(number=2).voided
    before = assert_changed(hall, before)
    assert_unchanged(hall, before)


def test_the_count_is_kept_in_the_database_and_a_failed_change_counts_nothing(hall, organizer):
    stamp = EventStamp.objects.get(event=hall["event"])
    before = tags(hall)
    with pytest.raises(services.DealError):
        # Deal 5 is not the next deal: refused, rolled back, nothing counted.
        services.record_deal(hall["table"], played_doc(), organizer, number=5)
    assert EventStamp.objects.get(event=hall["event"]).changes == stamp.changes
    assert_unchanged(hall, before)
    services.record_deal(hall["table"], played_doc(), organizer, number=1)
    assert EventStamp.objects.get(event=hall["event"]).changes == stamp.changes + 1


def test_a_page_with_a_message_has_no_etag(hall):
    """After "Deal 1 saved." a reload must not bring the message back from the cache."""
    link = hall["link"]
    phone = Client()
    saved = phone.post(reverse("link-deal", args=[link.token]), form_data(), follow=True)
    assert "Deal 1 saved." in saved.content.decode()
    assert not saved.has_header("ETag")
    again = phone.get(reverse("link-sheet", args=[link.token]))
    assert "Deal 1 saved." not in again.content.decode()
    assert again.has_header("ETag")


def test_each_person_has_their_own_etag(hall):
    """The organizer's sheet has buttons a stranger's has not: never the same ETag."""
    url = reverse("table-sheet", args=[hall["table"].pk])
    organizers = hall["org"].get(url)
    anonymous = Client().get(url)
    assert organizers["ETag"] != anonymous["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=organizers["ETag"]).status_code == 200


def test_a_poll_between_deals_costs_three_queries_at_most(hall, django_assert_max_num_queries):
    client, url = pages(hall)["wall live"]
    tag = client.get(url)["ETag"]
    with django_assert_max_num_queries(3):  # the event and its organizers, the count
        assert poll(client, url, tag).status_code == 304
    client, url = pages(hall)["link sheet"]
    client.get(url)  # the phone's first visit sets its CSRF cookie (the call's form)
    tag = client.get(url)["ETag"]
    with django_assert_max_num_queries(2):  # the link, the count
        assert poll(client, url, tag).status_code == 304


def test_another_events_change_leaves_the_pages_alone(hall, organizer, tournament):
    before = tags(hall)
    services.update_event(tournament, organizer, name="Clarkson open (day 2)")
    assert_unchanged(hall, before)


def test_a_seasons_wall_answers_304_until_one_of_its_events_or_the_season_changes(
    hall, organizer, tournament
):
    """The season's wall polls its live part like an event's: a deal at one of its
    events, an event added, the season renamed, each gives a new ETag; a deal at an
    event of no season leaves it alone."""
    from tournaments.services import seasons

    event, table = hall["event"], hall["table"]
    season = seasons.create_season(
        organizer, name="Heun season", start_date=event.date, end_date=tournament.date
    )
    seasons.add_event(season, event, organizer)
    season = seasons.update_season(season, organizer, published=True)
    client, url = Client(), reverse("season-wall-live", args=[season.pk])
    tag = poll(client, url)["ETag"]
    assert poll(client, url, tag).status_code == 304
    services.record_deal(table, played_doc(), organizer)
    changed = poll(client, url, tag)
    assert changed.status_code == 200 and "Anna" in changed.content.decode()
    tag = changed["ETag"]
    assert poll(client, url, tag).status_code == 304
    # Another event's deal (the tournament is in no season): still 304.
    services.register_player(tournament, organizer, name="Zdeněk")
    assert poll(client, url, tag).status_code == 304
    seasons.add_event(season, tournament, organizer)
    tag2 = poll(client, url, tag)["ETag"]
    assert tag2 != tag
    seasons.update_season(season, organizer, name="Heun season 2026")
    assert poll(client, url, tag2).status_code == 200
