"""A new event's or season's club on a server of several clubs: chosen among the clubs
the organizer organizes, refused at its field otherwise; a server of one club asks
nothing (docs/organizers.md, "Clubs and the circuit's calendar")."""

import datetime
import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.forms.seasons import SeasonEventForm
from tournaments.models import Club, Event, Season
from tournaments.services import seasons as season_services
from tournaments.services.errors import PermissionDenied
from tournaments.services.permissions import can_send_events

from .every_game import event_post
from .seasons import SEASON_FORM


def post_of(url_name):
    return event_post() if url_name == "event-create" else dict(SEASON_FORM)


def club_options(html: str) -> list[str]:
    select = re.search(r'<select name="owner_club".*?</select>', html, re.S)
    return re.findall(r"<option[^>]*>([^<]*)</option>", select.group(0)) if select else []


@pytest.fixture
def two_clubs(organizer):
    sokol = Club.objects.create(name="Sokol West", slug="sokol-west")
    tabor = Club.objects.create(name="Tabor Lodge", slug="tabor-lodge")
    tabor.organizers.add(organizer)
    return sokol, tabor


@pytest.mark.parametrize("url_name", ["event-create", "season-create"])
def test_a_server_of_one_club_asks_no_club(client, organizer, url_name):
    client.force_login(organizer)
    page = client.get(reverse(url_name)).content.decode()
    assert 'name="owner_club"' not in page
    client.post(reverse(url_name), post_of(url_name))
    (club,) = Club.objects.all()
    made = Event.objects.get() if url_name == "event-create" else Season.objects.get()
    assert (made.club if url_name == "event-create" else made.owner_club) == club


@pytest.mark.parametrize("url_name", ["event-create", "season-create"])
def test_an_organizer_chooses_among_their_clubs(client, organizer, two_clubs, url_name):
    sokol, tabor = two_clubs
    client.force_login(organizer)
    # The one club they organize, chosen already: no empty choice.
    assert club_options(client.get(reverse(url_name)).content.decode()) == ["Tabor Lodge"]
    client.post(reverse(url_name), {**post_of(url_name), "owner_club": tabor.pk})
    made = Event.objects.get() if url_name == "event-create" else Season.objects.get()
    assert (made.club if url_name == "event-create" else made.owner_club) == tabor


@pytest.mark.parametrize("url_name", ["event-create", "season-create"])
def test_another_clubs_id_is_refused_at_the_field(client, organizer, two_clubs, url_name):
    sokol, _ = two_clubs
    client.force_login(organizer)
    response = client.post(reverse(url_name), {**post_of(url_name), "owner_club": sokol.pk})
    assert response.status_code == 200
    assert "Choose one of the clubs you organize." in response.content.decode()
    assert Event.objects.count() == Season.objects.count() == 0


@pytest.mark.parametrize("url_name", ["event-create", "season-create"])
def test_an_organizer_of_no_club_is_told_whom_to_ask(
    client, django_user_model, two_clubs, url_name
):
    stranger = django_user_model.objects.create_user("zoe", password="pw-zoe-1234", is_staff=True)
    client.force_login(stranger)
    page = client.get(reverse(url_name)).content.decode()
    assert "You organize no club on this server: ask a circuit officer" in page
    assert club_options(page) == ["Choose the club"]
    response = client.post(reverse(url_name), post_of(url_name))
    assert "Choose the club it is for." in response.content.decode()
    assert Event.objects.count() == Season.objects.count() == 0


def test_a_superuser_chooses_among_every_club(client, django_user_model, two_clubs):
    admin = django_user_model.objects.create_superuser("root", password="pw-root-1234")
    client.force_login(admin)
    page = client.get(reverse("event-create")).content.decode()
    assert club_options(page) == ["Choose the club", "Sokol West", "Tabor Lodge"]


def test_the_service_refuses_a_club_the_organizer_does_not_organize(organizer, two_clubs):
    """Whatever calls it (a form, an import, a script): another club's event or season
    is refused by the service itself."""
    sokol, tabor = two_clubs
    fields = {"name": "Sokol night", "date": datetime.date(2026, 11, 20), "ruleset": "la-vista"}
    with pytest.raises(PermissionDenied, match="Only the organizers of Sokol West may create"):
        services.create_event(organizer, club=sokol, **fields)
    with pytest.raises(PermissionDenied, match="Only the organizers of Sokol West may create"):
        season_services.create_season(organizer, name="Sokol season", owner_club=sokol)
    assert Event.objects.count() == Season.objects.count() == 0
    assert services.create_event(organizer, club=tabor, **fields).club == tabor


def test_sending_an_event_in_needs_an_organizers_account(django_user_model, two_clubs):
    """A club's organizer whose account may not create events may not send one in
    either (the event would be created as theirs)."""
    sokol, _ = two_clubs
    member = django_user_model.objects.create_user("milan", password="pw-milan-1234")
    sokol.organizers.add(member)
    assert not can_send_events(member, sokol)
    member.is_staff = True
    member.save()
    assert can_send_events(member, sokol)


def test_a_clubs_organizer_adds_any_of_the_clubs_events_to_a_season(
    organizer, django_user_model, two_clubs
):
    """The season's *Add an event* offers the events the organizer organizes by name and
    every event of the clubs they organize; not another club's."""
    sokol, tabor = two_clubs
    fields = {"date": datetime.date(2026, 11, 20), "ruleset": "la-vista"}
    colleague = django_user_model.objects.create_user("jan", password="pw-jan-1234", is_staff=True)
    tabor.organizers.add(colleague)
    sokol.organizers.add(colleague)
    services.create_event(colleague, club=tabor, name="Tabor night", **fields)
    services.create_event(colleague, club=sokol, name="Sokol night", **fields)
    services.create_event(organizer, club=tabor, name="My night", **fields)
    offered = SeasonEventForm(user=organizer).fields["event"].queryset
    assert sorted(e.name for e in offered) == ["My night", "Tabor night"]
