"""A club's members (CIRCUIT.md, "One player across the circuit"): listed on the club's
page with their circuit numbers, added by the club's organizers (and the circuit's
officers) from the circuit's players, searched as registering does, and removed; the
player's page says their clubs and, on a server of several clubs, each event's club."""

import datetime
import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import ActivityEntry, ClubMembership, FormerName, Player
from tournaments.services import ServiceError
from tournaments.services.clubs import add_member, remove_member
from tournaments.services.merging import merge_players, undo_merge

from ..conftest import SEATS4, game_table, played_doc

pytestmark = pytest.mark.django_db


@pytest.fixture
def dana():
    dana = Player.objects.create(name="Dana Nováková", club="Heun")
    FormerName.objects.create(player=dana, name="Dana Svobodová")
    return dana


def text(response) -> str:
    """The page's words: tags dropped, spaces folded."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words))


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def members_url(club):
    return reverse("club-members", args=[club.slug])


def test_the_clubs_organizer_finds_a_player_and_adds_them(heun, taylor, organizer, dana):
    Player.objects.create(name="Emil Novák", club="Taylor")
    client = signed_in(organizer)
    page = reverse("club-detail", args=["heun"])
    assert "Members Player Circuit number Member since No members yet." in text(client.get(page))
    # Accent-blind, any order; a former name finds her too.
    for query, formerly in (("novakova dana", ""), ("SVOBODOVA", " (formerly Dana Svobodová)")):
        found = text(client.get(page, {"q": query}))
        assert (
            f"1 of the circuit's players match “{query}” (case and accents ignored; former "
            f"names too). Dana Nováková · Heun · {dana.circuit_number}{formerly} Add as a member"
        ) in found
    response = client.post(members_url(heun), {"player": dana.pk, "since": "2026-01-05"})
    assert response.status_code == 302
    assert response["Location"] == page
    shown = text(client.get(page))
    assert "Dana Nováková is a member of Heun parish club now." in shown
    assert (
        f"Members Player Circuit number Member since Dana Nováková {dana.circuit_number} "
        "2026-01-05 Remove"
    ) in shown
    assert f"Dana Nováková · Heun · {dana.circuit_number}: a member already" in text(
        client.get(page, {"q": "novakova"})
    )
    entry = ActivityEntry.objects.get(action="add_member")
    assert (entry.user, entry.event, entry.detail) == (
        organizer,
        None,
        {"player": "Dana Nováková", "club": "Heun parish club", "since": "2026-01-05"},
    )
    # Anyone reads the members; only the club's organizers see the buttons.
    assert "<title>Heun parish club</title>" in Client().get(page).content.decode()
    public = text(Client().get(page))
    assert f"Dana Nováková {dana.circuit_number} 2026-01-05" in public
    assert "Remove" not in public and "Add a member" not in public
    # The player's page says her club.
    assert "Member of Heun parish club (since 2026-01-05)" in text(
        client.get(reverse("player-detail", args=[dana.pk]))
    )


def test_a_member_added_twice_or_in_the_future_is_refused_at_the_field(heun, organizer, dana):
    client = signed_in(organizer)
    add_member(heun, organizer, dana, datetime.date(2026, 1, 5))
    again = client.post(members_url(heun), {"player": dana.pk})
    assert again.status_code == 400
    assert "Dana Nováková is a member of Heun parish club already." in text(again)
    other = Player.objects.create(name="Bill")
    future = client.post(members_url(heun), {"player": other.pk, "since": "2999-01-01"})
    assert future.status_code == 400
    assert "A membership starts today or earlier." in text(future)
    assert list(ClubMembership.objects.values_list("player__name", flat=True)) == ["Dana Nováková"]


def test_who_may_change_a_clubs_members(heun, taylor, other_organizer, officer, dana):
    before = ClubMembership.objects.count()
    refused = signed_in(other_organizer).post(members_url(heun), {"player": dana.pk})
    assert refused.status_code == 403
    anonymous = Client().post(members_url(heun), {"player": dana.pk})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    with pytest.raises(ServiceError) as e:
        add_member(heun, other_organizer, dana)
    assert e.value.message == "Only the organizers of Heun parish club may change its members."
    assert ClubMembership.objects.count() == before
    # A circuit officer may.
    assert signed_in(officer).post(members_url(heun), {"player": dana.pk}).status_code == 302
    assert ClubMembership.objects.get().club == heun


def test_removing_a_member(heun, organizer, dana):
    add_member(heun, organizer, dana, datetime.date(2026, 1, 5))
    client = signed_in(organizer)
    response = client.post(members_url(heun), {"remove": str(dana.pk)}, follow=True)
    assert "Dana Nováková is no longer a member of Heun parish club." in text(response)
    assert not ClubMembership.objects.exists()
    entry = ActivityEntry.objects.get(action="remove_member")
    assert entry.detail == {"player": "Dana Nováková", "club": "Heun parish club"}
    with pytest.raises(ServiceError) as e:
        remove_member(heun, organizer, dana)
    assert e.value.message == "Dana Nováková is not a member of Heun parish club."


@pytest.mark.parametrize("said", ["²", "9" * 5000, "-1", "1e3", ""])
def test_a_member_to_remove_that_names_no_row_is_not_found(heun, organizer, dana, said):
    """A posted id that is no plain decimal id of a row: 404, the member stays (the
    superscript two is a digit to Python's isdigit, not a number to int)."""
    add_member(heun, organizer, dana, datetime.date(2026, 1, 5))
    response = signed_in(organizer).post(members_url(heun), {"remove": said})
    assert response.status_code == 404
    assert list(ClubMembership.objects.values_list("player__name", flat=True)) == ["Dana Nováková"]


def memberships():
    columns = ("pk", "club__slug", "player__name", "since", "created_at")
    return sorted(ClubMembership.objects.values_list(*columns))


def test_a_merge_moves_memberships_and_undo_puts_them_back(heun, taylor, organizer, officer):
    anna = Player.objects.create(name="Anna Nováková")
    ana = Player.objects.create(name="Ana Novakova")
    add_member(heun, officer, anna, datetime.date(2025, 3, 1))
    add_member(heun, officer, ana, datetime.date(2024, 6, 1))
    add_member(taylor, officer, ana, datetime.date(2026, 2, 1))
    before = sorted(
        ClubMembership.objects.values_list(
            "pk", "club__slug", "player__name", "since", "created_at"
        )
    )
    merge = merge_players(anna, ana, officer)
    # Ana's Taylor membership is Anna's; her Heun one is dropped (Anna is a member).
    assert sorted(ClubMembership.objects.values_list("club__slug", "player__name", "since")) == [
        ("heun", "Anna Nováková", datetime.date(2025, 3, 1)),
        ("taylor", "Anna Nováková", datetime.date(2026, 2, 1)),
    ]
    with pytest.raises(ServiceError) as e:
        add_member(taylor, officer, ana)
    assert e.value.message == (
        f"Ana Novakova was merged into Anna Nováková ({anna.circuit_number}): add them instead."
    )
    undo_merge(merge, officer)
    after = sorted(
        ClubMembership.objects.values_list(
            "pk", "club__slug", "player__name", "since", "created_at"
        )
    )
    assert after == before


def test_the_admin_shows_a_clubs_members_inline(client, django_user_model, heun, organizer, dana):
    add_member(heun, organizer, dana, datetime.date(2026, 1, 5))
    boss = django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    client.force_login(boss)
    page = client.get(reverse("admin:tournaments_club_change", args=[heun.pk])).content.decode()
    assert "Club memberships" in page
    assert 'name="memberships-0-since" value="2026-01-05"' in page
    assert f'name="memberships-0-player" value="{dana.pk}"' in page


def test_a_players_page_lists_every_published_event_of_every_club(
    heun, taylor, organizer, other_organizer
):
    """With two clubs, each event says its club; an event not published is not shown
    to a visitor, and is to its organizer."""
    for who, club, name, day, published in (
        (organizer, heun, "Heun night", 20, True),
        (other_organizer, taylor, "Taylor night", 27, True),
        (other_organizer, taylor, "Taylor draft", 28, False),
    ):
        table = game_table(
            who,
            "la-vista",
            SEATS4,
            club=club,
            name=name,
            date=datetime.date(2026, 11, day),
            published=published,
        )
        services.record_deal(table, played_doc(), who)
    dana = Player.objects.get(name="Dana")
    shown = text(Client().get(reverse("player-detail", args=[dana.pk])))
    assert (
        "Date Event Club Season Place Chips "
        "2026-11-20 Heun night Heun parish club 3= of 4 -5 "
        "2026-11-27 Taylor night Taylor Sokol 3= of 4 -5 Nebraska"
    ) in shown
    assert "Taylor draft" not in shown
    assert "2026-11-28 Taylor draft Taylor Sokol 3= of 4 -5" in text(
        signed_in(other_organizer).get(reverse("player-detail", args=[dana.pk]))
    )
