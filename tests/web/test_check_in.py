"""Self check-in: the link at the door, a registered player's check-in (once, his
event's only), the roll call, the wall and the round pack that show it."""

import datetime
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tournaments import services
from tournaments.models import ActivityEntry, CheckIn, Player, Registration
from tournaments.services import checkin

from ..conftest import clarkson_open

pytestmark = pytest.mark.django_db


@pytest.fixture
def door(tournament, organizer):
    """The tournament with Jan Novák registered and its self check-in open."""
    services.register_player(tournament, organizer, name="Jan Novák", club="Wilber")
    return checkin.open_check_in(tournament, organizer)


def novak():
    return Player.objects.get(name="Jan Novák")


def other_event(organizer, name="Heun open"):
    return clarkson_open(
        organizer,
        players=["Karel Zeman"],
        club="",
        name=name,
        date=datetime.date(2026, 11, 22),
        published=True,
    )


def at(moment) -> str:
    return f"{timezone.localtime(moment):%H:%M}"


def test_novak_without_accents_finds_novak_and_checks_in(client, door):
    url = reverse("check-in", args=[door.token])
    found = client.get(url, {"q": "novak"}).content.decode()
    assert re.findall(r'<span class="check-name">([^<]*)', found) == ["Jan Novák "]
    assert f'name="player" value="{novak().pk}"' in found
    done = client.post(url, {"player": novak().pk}).content.decode()
    made = CheckIn.objects.get()
    assert (made.event, made.player) == (door.event, novak())
    assert "Thank you, Jan Novák." in done
    assert f"You are checked in ({at(made.checked_in_at)})." in done
    entry = ActivityEntry.objects.filter(action="check_in").get()
    assert (entry.event, entry.user, entry.detail) == (door.event, None, {"player": "Jan Novák"})
    # Found again, he is said checked in, with no button.
    again = client.get(url, {"q": "NOVÁK jan"}).content.decode()
    assert f"Checked in at {at(made.checked_in_at)}" in again
    assert 'name="player"' not in again


def test_a_second_check_in_says_when_the_first_was(client, door):
    url = reverse("check-in", args=[door.token])
    first = checkin.check_in(door.token, novak().pk)
    first.checked_in_at = timezone.make_aware(datetime.datetime(2026, 11, 21, 19, 2))
    first.save()
    page = client.post(url, {"player": novak().pk})
    assert page.status_code == 200
    said = re.search(r'<p class="check-big">([^<]*)', page.content.decode()).group(1)
    assert said == "Jan Novák checked in at 19:02 already."
    assert CheckIn.objects.count() == 1
    with pytest.raises(checkin.AlreadyCheckedIn) as told:
        checkin.check_in(door.token, novak().pk)
    assert told.value.message == "Jan Novák checked in at 19:02 already."


def test_the_database_refuses_a_second_row_the_service_did_not_see(door, monkeypatch):
    """A check-in committed after the service looked (a lock not taken): the unique
    constraint refuses the second row and the player is told when he checked in."""
    first = checkin.check_in(door.token, novak().pk)
    monkeypatch.setattr(checkin, "checked_in_already", lambda event, player: None)
    with pytest.raises(checkin.AlreadyCheckedIn) as told:
        checkin.check_in(door.token, novak().pk)
    assert told.value.message == f"Jan Novák checked in at {at(first.checked_in_at)} already."
    assert CheckIn.objects.count() == 1
    assert ActivityEntry.objects.filter(action="check_in").count() == 1


def test_a_withdrawn_player_is_not_offered_nor_checked_in(client, door, organizer):
    services.withdraw_player(door.event, organizer, novak())
    url = reverse("check-in", args=[door.token])
    page = client.get(url, {"q": "novak"}).content.decode()
    assert "check-name" not in page
    assert "No registered player of Clarkson open is called “novak”." in page
    said = client.post(url, {"player": novak().pk}).content.decode()
    assert "Jan Novák is withdrawn from Clarkson open: nothing was saved." in said
    assert CheckIn.objects.count() == 0


def test_a_name_not_registered_cannot_be_made(client, door):
    url = reverse("check-in", args=[door.token])
    page = client.get(url, {"q": "Josef Nový"}).content.decode()
    assert "No registered player of Clarkson open is called “Josef Nový”." in page
    assert "only the organizer registers new players" in page
    players = Player.objects.count()
    # A name posted in place of an id: refused, no player made.
    said = client.post(url, {"player": "Josef Nový", "name": "Josef Nový"}).content.decode()
    assert "Find your name first, then tap I am here." in said
    said = client.post(url, {"player": "9" * 30}).content.decode()
    assert "Find your name first, then tap I am here." in said
    assert (Player.objects.count(), CheckIn.objects.count()) == (players, 0)


def test_another_events_player_or_token_is_refused(client, door, organizer):
    other = other_event(organizer)
    zeman = Player.objects.get(name="Karel Zeman")
    url = reverse("check-in", args=[door.token])
    # Another event's player through this event's link.
    said = client.post(url, {"player": zeman.pk}).content.decode()
    assert "That player is not registered for Clarkson open: nothing was saved." in said
    assert "Karel Zeman" not in client.get(url, {"q": "zeman"}).content.decode()
    # This event's player through the other event's link.
    other_link = checkin.open_check_in(other, organizer)
    other_url = reverse("check-in", args=[other_link.token])
    said = client.post(other_url, {"player": novak().pk}).content.decode()
    assert "That player is not registered for Heun open: nothing was saved." in said
    # A token nobody issued, and a closed one.
    unknown = client.get(reverse("check-in", args=["no-such-token"]))
    assert unknown.status_code == 403
    assert "This check-in link is not known." in unknown.content.decode()
    checkin.close_check_in(door.event, organizer)
    closed = client.post(url, {"player": novak().pk})
    assert closed.status_code == 403
    assert "The check-in of Clarkson open is closed." in closed.content.decode()
    assert CheckIn.objects.count() == 0


def test_a_new_link_stops_the_old(client, door, organizer):
    new = checkin.open_check_in(door.event, organizer)
    assert new.replaced and new.token != door.token
    assert client.get(reverse("check-in", args=[door.token])).status_code == 403
    assert client.get(reverse("check-in", args=[new.token])).status_code == 200
    actions = list(
        ActivityEntry.objects.filter(event=door.event, action__contains="check_in")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["open_check_in", "reissue_check_in"]


def test_only_organizers_open_it(door, other_organizer):
    with pytest.raises(services.PermissionDenied):
        checkin.open_check_in(door.event, other_organizer)
    with pytest.raises(services.PermissionDenied):
        checkin.close_check_in(door.event, other_organizer)


def test_the_desk_opens_closes_and_lists_who_checked_in(client, door, organizer):
    checkin.check_in(door.token, novak().pk)
    client.force_login(organizer)
    url = reverse("check-in-desk", args=[door.event.pk])
    page = client.get(url).content.decode()
    assert "Checked in: 1 of 10" in page
    made = CheckIn.objects.get()
    assert f"<td>Jan Novák</td><td>{at(made.checked_in_at)}</td>" in page
    assert f"http://testserver/c/{door.token}/" in page
    client.post(url, {"close": "1"})
    assert "<h2>Closed</h2>" in client.get(url).content.decode()
    client.post(url, {"open": "1"})
    assert checkin.working_link(door.event).token != door.token


def test_the_roll_call_shows_the_time_and_ticks_those_checked_in(client, door, organizer):
    made = checkin.check_in(door.token, novak().pk)
    # Anna checked in, then withdrew: no longer on the roll call, nor counted.
    anna = Player.objects.get(name="Anna")
    checkin.check_in(door.token, anna.pk)
    services.withdraw_player(door.event, organizer, anna)
    rnd = services.create_round(door.event, organizer)
    client.force_login(organizer)
    url = reverse("round-detail", args=[rnd.pk])
    page = client.get(url).content.decode()
    assert f"Jan Novák · checked in {at(made.checked_in_at)}</label>" in page
    assert "1 checked in at the door" in page
    ticked = re.findall(r'value="(\d+)"[^>]*checked', page)
    assert len(ticked) == 9  # not taken yet: everyone ticked, as before
    page = client.get(url, {"tick": "checked-in"}).content.decode()
    assert re.findall(r'value="(\d+)"[^>]*checked', page) == [str(novak().pk)]
    assert "Ticked the 1 who checked in at the door, and no one else" in page
    # Nothing saved until the organizer saves the roll call (or draws).
    assert rnd.present.count() == 9


def pdf_pages(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def test_the_round_packs_first_page_holds_the_check_in_address(client, door, organizer):
    rnd = services.create_round(door.event, organizer)
    services.set_roll_call(rnd, organizer, list(door.event.players.all()))
    services.draw_seating(rnd, organizer, 7)
    client.force_login(organizer)
    pdf = client.get(reverse("round-pack-pdf", args=[rnd.pk])).content
    pages = pdf_pages(pdf)
    first = " ".join(pages[0].split())
    assert f"Or open http://testserver/c/{door.token}/" in first
    assert "Check in: Clarkson open Scan the code with your phone, find your name" in first
    assert "find your seat" in pages[1]
    # Closed: no door page; a visitor's (published) pack has none either.
    client.logout()
    assert door.token not in "".join(
        pdf_pages(client.get(reverse("round-pack-pdf", args=[rnd.pk])).content)
    )
    checkin.close_check_in(door.event, organizer)
    client.force_login(organizer)
    pages = pdf_pages(client.get(reverse("round-pack-pdf", args=[rnd.pk])).content)
    assert "Check in" not in pages[0] and "find your seat" in pages[0]


def test_the_doors_page_on_its_own(client, door, organizer):
    client.force_login(organizer)
    url = reverse("check-in-pdf", args=[door.event.pk])
    pages = pdf_pages(client.get(url).content)
    assert len(pages) == 1
    text = " ".join(pages[0].split())
    assert f"Or open http://testserver/c/{door.token}/" in text
    assert "Check in: Clarkson open Scan the code with your phone" in text
    checkin.close_check_in(door.event, organizer)
    assert client.get(url).status_code == 404


def test_the_wall_shows_the_check_in_until_round_1_is_drawn(client, door, organizer):
    wall = reverse("wall", args=[door.event.pk])
    page = client.get(wall).content.decode()
    assert 'id="wall-check-in"' in page
    assert f"<figcaption>http://testserver/c/{door.token}/</figcaption>" in page
    assert "0 checked in so far." in page
    checkin.check_in(door.token, novak().pk)
    live = client.get(reverse("wall-live", args=[door.event.pk])).content.decode()
    assert "1 checked in so far." in live
    rnd = services.create_round(door.event, organizer)
    assert 'id="wall-check-in"' in client.get(wall).content.decode()  # no tables yet
    services.set_roll_call(rnd, organizer, list(door.event.players.all()))
    services.draw_seating(rnd, organizer, 7)
    page = client.get(wall).content.decode()
    assert 'id="wall-check-in"' not in page and door.token not in page
    assert "Round 1: find your seat" in page


def registered(organizer, count):
    """An event of ``count`` registered players called Novák (half of them checked in)."""
    event = other_event(organizer, name=f"Open of {count}")
    players = Player.objects.bulk_create(Player(name=f"Novák {count}-{i:03}") for i in range(count))
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players)
    link = checkin.open_check_in(event, organizer)
    for p in players[: count // 2]:
        checkin.check_in(link.token, p.pk)
    return link


def queries_of(client, url, **params):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, params)
    assert response.status_code == 200
    return len(queries), response.content.decode()


def test_the_check_in_page_costs_the_same_for_10_and_100(client, organizer):
    small = registered(organizer, 10)
    small_url = reverse("check-in", args=[small.token])
    n_small, _ = queries_of(client, small_url, q="novak")
    large = registered(organizer, 100)
    large_url = reverse("check-in", args=[large.token])
    n_large, page = queries_of(client, large_url, q="novak")
    assert n_small == n_large <= 4
    assert page.count('class="check-name"') == checkin.FOUND_AT_MOST
    assert "More names match: type more of your name." in page
    wall_small = queries_of(client, reverse("wall", args=[small.event.pk]))[0]
    wall_large, wall = queries_of(client, reverse("wall", args=[large.event.pk]))
    assert wall_small == wall_large
    assert "50 checked in so far." in wall
    client.force_login(organizer)
    desk_small = queries_of(client, reverse("check-in-desk", args=[small.event.pk]))[0]
    desk_large, desk = queries_of(client, reverse("check-in-desk", args=[large.event.pk]))
    assert desk_small == desk_large
    assert "Checked in: 50 of 101" in desk  # and Karel Zeman


@pytest.mark.django_db(transaction=True)
def test_two_phones_checking_in_one_player_at_once_leave_one_check_in(tournament, organizer):
    from .threads import at_once

    link = checkin.open_check_in(tournament, organizer)
    for player in Player.objects.filter(registrations__event=tournament).order_by("pk"):
        said = at_once(
            lambda: checkin.check_in(link.token, player.pk),  # noqa: B023
            lambda: checkin.check_in(link.token, player.pk),  # noqa: B023
        )
        made = CheckIn.objects.get(event=tournament, player=player)
        already = f"{player.name} checked in at {at(made.checked_in_at)} already."
        assert sorted(said) == sorted(["saved", already]), said
    assert CheckIn.objects.count() == 9
    assert ActivityEntry.objects.filter(action="check_in").count() == 9
