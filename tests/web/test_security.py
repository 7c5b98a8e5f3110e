"""Every URL against every kind of visitor; CSRF; no writes over GET; sign-in lock."""

import io
import os
import subprocess
import sys
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import get_resolver, reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import (
    ActivityEntry,
    CheckIn,
    ChipCount,
    Deal,
    DealVersion,
    DirectorCall,
    LedgerEntry,
    Registration,
    RejectedVersion,
    Round,
    Seat,
)
from tournaments.services import checkin

from ..conftest import played_doc
from .every_url import url_for

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "stranger", "other_organizer", "organizer", "superuser"]

# Every named URL of the app, by what it does. A new URL fails
# test_every_url_is_in_the_matrix until it is placed here.
PUBLIC = {
    "home",
    "card-points",
    "healthz",
    "login",
    "service-worker",
    "server-now",
    # The circuit's calendar: published events only (tests/web/test_calendar.py).
    "calendar",
    "calendar-ics",
    # The circuit's ranking list and rating (beta): the latest published, for anyone
    # (tests/web/test_circuit_list.py).
    "ranking-list",
    "rating-list",
    "members-list",  # a club's members on it (tests/web/test_members_list.py)
}
# The latest published list's files: for anyone, a 404 while none is published
# (test_circuit_pages_in_the_matrix).
CIRCUIT_FILES = {"ranking-list-csv", "ranking-list-pdf", "members-list-csv", "members-list-pdf"}
# The circuit's officers' page: every club's events, approved for the list or not.
CIRCUIT_OFFICER = {"list-events"}
READ = {
    "event-detail",
    "standings",
    "standings-csv",
    "standings-xlsx",
    "player-statement",
    "statement-csv",
    "statement-xlsx",
    "round-detail",
    "table-sheet",
    "deal-detail",
    "table-pdf",
    "round-pack-pdf",
    "standings-pdf",
    "statement-pdf",
    "seat-finder",
    "wall",
    "wall-live",
}
WRITE_FORMS = {
    "event-edit",
    "event-players",
    "table-create",
    "deal-create",
    "deal-correct",
    "chip-count",
    "event-download",
    "round-links",
    "inbox",
    "check-in-desk",
    "prize-settings",
    "prize-categories",
    "event-teams",  # the event's teams, set by its organizers
    "round-clock",  # a round on the clock: its length, Start the round
    "event-schedule",
    "results-mail",  # the results by email: queued, and the outbox sent
}
WRITE_POSTS = {
    "round-create",
    "deal-preview",
    "deal-void",
    "table-first-forehand",
    "table-undo",
    # A version sent from a table and not saved (a conflict): adopt it, or dismiss it.
    "rejected-adopt",
    "rejected-dismiss",
    # A table's call for the director, marked handled (the director's view, the inbox).
    "call-handle",
    "table-clock",  # a table on the clock: more minutes, or end it
    "table-substitute",  # a substitute put into a seat (the sheet's form)
    "substitution-cancel",  # a substitution taken back before its first deal
    # The schedule: a player who cannot move (the players page), a round seated by the
    # ranking (the round's page).
    "cannot-move",
    "seat-by-ranking",
    "players-sheet",  # a players list's preview, and its confirmation
}
# Pages only the event's organizers read, published or not: the director's view.
ORGANIZER_READ = {"director", "director-live"}
# A table link's pages: whoever holds the link, whatever their account, for its table.
LINK = {"link-sheet", "link-deal", "link-preview", "link-correct", "link-undo", "link-call"}
# The self check-in's page: whoever holds the event's open check-in link.
CHECK_IN = {"check-in"}
# Organizers' own files, read only: the open check-in's page for the door; name cards,
# table cards (their links' QR codes give entry rights) and diplomas.
ORGANIZER_FILES = {"check-in-pdf", "name-cards-pdf", "table-cards-pdf", "diplomas-pdf"}
CREATE = {"event-create", "season-create"}
OTHER = {"logout", "password_change", "password_change_done"}
# A season's pages: read where it is published (or by its organizers), changed by its
# organizers (test_season_permission_matrix); a player's page: test_player_page_...
SEASON_READ = {
    "season-detail",
    "season-csv",
    "season-xlsx",
    "season-pdf",
    "season-statement",
    "season-wall",
    "season-wall-live",
}
SEASON_WRITE = {"season-edit", "season-events", "season-json", "season-results-mail"}
PLAYER = {"player-detail"}
# The results website as a zip: a published event's or season's, for anyone
# (test_site_zip_permission_matrix).
SITE = {"event-site", "season-site"}
# The prize list: read like the standings, but only of an event that sets prizes
# (test_prize_list_in_the_matrix); a 404 for everybody without them.
PRIZE_READ = {"prize-list", "prize-list-csv", "prize-list-pdf", "prize-list-xlsx"}
PRIZE_WRITE = {"prize-category"}  # a category of the event's, changed by its organizers
TEAM_WRITE = {"event-team"}  # a team of the event's, changed by its organizers
# A club's page (its key for its organizers only) and its events sent in from a laptop,
# by its organizers (test_club_permission_matrix; tests/web/test_signed_events.py), and
# its members changed by its organizers and the circuit's officers (a POST only:
# test_club_members_in_the_matrix; tests/web/test_club_members.py).
CLUB = {"club-detail", "club-send-event", "club-members"}
# A player recorded twice, merged (and the merge undone) by a circuit officer only
# (test_merge_pages_in_the_matrix).
OFFICER = {"player-merge", "player-merge-undo"}


def test_every_url_is_in_the_matrix():
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    app = {n for n in names if not n.startswith("admin")}
    assert app == (
        PUBLIC
        | READ
        | WRITE_FORMS
        | WRITE_POSTS
        | ORGANIZER_READ
        | CREATE
        | OTHER
        | LINK
        | CHECK_IN
        | ORGANIZER_FILES
        | SEASON_READ
        | SEASON_WRITE
        | PLAYER
        | SITE
        | PRIZE_READ
        | PRIZE_WRITE
        | TEAM_WRITE
        | CLUB
        | CIRCUIT_FILES
        | CIRCUIT_OFFICER
        | OFFICER
    )


def client_for(role, django_user_model, stranger, other_organizer, organizer):
    client = Client()
    users = {"stranger": stranger, "other_organizer": other_organizer, "organizer": organizer}
    if role == "superuser":
        users["superuser"] = django_user_model.objects.create_superuser("root", password="x-pw")
    if role != "anonymous":
        client.force_login(users[role])
    return client


def state():
    counts = [
        m.objects.count()
        for m in (ActivityEntry, ChipCount, Deal, DealVersion, LedgerEntry, Registration, Round)
    ]
    return [
        *counts,
        RejectedVersion.objects.exclude(handled="").count(),
        DirectorCall.objects.count(),
        DirectorCall.objects.filter(handled_at__isnull=False).count(),
    ]


def may_read(role, published) -> bool:
    return published or role in ("organizer", "superuser")


def assert_refused(response, role, published, url):
    """Refused as the rules say, telling nothing about an event the visitor may not see:
    404 if they may not read it, else sign in (anonymous) or 403."""
    if not may_read(role, published):
        assert response.status_code == 404, (url, response.status_code)
        assert "Heun parish night" not in response.content.decode(), url
    elif role == "anonymous":
        assert response.status_code == 302, (url, response.status_code)
        assert response["Location"] == f"{reverse('login')}?next={url}", url
    else:
        assert response.status_code == 403, (url, response.status_code)
        assert "Heun parish night" not in response.content.decode(), url


# How a file download begins, by the URL name's end: a PDF, an XLSX (a zip).
FILE_STARTS = {"-pdf": b"%PDF-", "xlsx": b"PK\x03\x04"}

# What each page shows to those who may see it: evidence the page is the event's own.
SHOWS = {
    "event-detail": "Heun parish night",
    "standings": "Heun parish night",
    "standings-csv": "rank,player,club,net_chips",
    "statement-csv": "round,table,deal,version,kind,with,chips,reason",
    "player-statement": "Heun parish night",
    "round-detail": "Round 1",
    "table-sheet": "Table 1",
    "deal-detail": "Game won with 41 card points",
    "event-edit": 'value="Heun parish night"',
    "event-players": "Anna",
    "event-schedule": "Draw all rounds",
    "table-create": "Seat 1",
    "deal-create": "Deal 2",
    "deal-correct": "Correct deal 1",
    "chip-count": "Anna",
    "event-download": "Game won with 41 card points",
    "seat-finder": "Find your seat: round 1",
    "wall": "Heun parish night · the wall",
    "wall-live": "Anna",
    "round-links": "Table links, round 1",
    "inbox": "Inbox: deals to confirm",
    "director": "Director's view: round 1",
    "round-clock": "Round 1 on the clock",
    "director-live": "a question · “Who deals?”",
    "check-in-desk": "Self check-in",
    "prize-settings": "Prizes: Heun parish night",
    "prize-categories": "Categories: Heun parish night",  # no prizes: no word of them
    "prize-category": "Change Newcomers",
    "event-teams": "Teams: Heun parish night",
    "event-team": "Change Aces",
    "prize-list": "Prize list",
    "results-mail": "Send the results: Heun parish night",
    "prize-list-csv": "list,place,player,club,net_chips,prize_dollars,note",
}


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_permission_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    manager = role in ("organizer", "superuser")
    for name in sorted(PUBLIC - {"login"}):
        assert client.get(url_for(name, world)).status_code == 200, name
    for name in sorted(ORGANIZER_READ):
        url = url_for(name, world)
        response = client.get(url)
        if manager:
            assert response.status_code == 200, (name, response.status_code)
            assert SHOWS[name] in response.content.decode(), name
        else:
            assert_refused(response, role, published, url)
    for name in sorted(READ):
        url = url_for(name, world)
        response = client.get(url)
        if may_read(role, published):
            assert response.status_code == 200, (name, response.status_code)
            if name in SHOWS:
                assert SHOWS[name] in response.content.decode(), name
            else:  # the PDFs and the workbooks (a zip)
                assert response.content.startswith(FILE_STARTS[name[-4:]]), name
        else:
            assert_refused(response, role, published, url)
    before = state()
    for name in sorted(WRITE_FORMS | WRITE_POSTS):
        url = url_for(name, world)
        data = {"reason": "matrix", "expected_version": "1", "roll_call": "1"}
        post = client.post(url, data)
        get = client.get(url)
        if manager:
            assert post.status_code in (200, 302), (name, post.status_code)
            if get.status_code == 405:
                assert name in WRITE_POSTS, name
            else:
                assert get.status_code == 200, (name, get.status_code)
                assert SHOWS[name] in get.content.decode(), name
        else:
            assert_refused(post, role, published, url)
            if name in WRITE_POSTS:
                assert get.status_code == 405, (name, get.status_code)
            else:
                assert_refused(get, role, published, url)
    if not manager:
        assert state() == before  # nothing changed for anyone not allowed to write
    creating = client.get(url_for("event-create", world))
    if role in ("organizer", "other_organizer", "superuser"):
        assert creating.status_code == 200
        assert 'name="ruleset"' in creating.content.decode()
    elif role == "anonymous":
        assert creating["Location"] == f"{reverse('login')}?next={reverse('event-create')}"
    else:
        assert creating.status_code == 403


@pytest.mark.parametrize("role", [*ROLES, "officer"])
def test_circuit_pages_in_the_matrix(
    world, role, django_user_model, stranger, other_organizer, organizer
):
    """The officers' page: sign in (anonymous), 403 (anyone not an officer: an event's
    organizer too), the page (an officer, a superuser); its posts change nothing for
    anyone else. The list's files: a 404 until a list is published, then for anyone."""
    from django.contrib.auth.models import Permission

    from tournaments.models import EventApproval, PublishedList
    from tournaments.services import circuit_list

    if role == "officer":
        client = Client()
        officer = django_user_model.objects.create_user("officer", password="x-officer-pw")
        officer.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
        client.force_login(officer)
    else:
        client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    services.update_event(world["event"], organizer, published=True)  # approvable
    url = url_for("list-events", world)
    for name in sorted(CIRCUIT_FILES):
        assert client.get(url_for(name, world)).status_code == 404, name
    get = client.get(url)
    post = client.post(url, {"event": world["event"].pk, "klass": "2", "action": "approve"})
    if role in ("officer", "superuser"):
        assert get.status_code == 200
        assert "Heun parish night" in get.content.decode()
        assert post.status_code == 302
        assert EventApproval.objects.get().klass == 2
    elif role == "anonymous":
        assert get["Location"] == f"{reverse('login')}?next={url}"
        assert post["Location"] == f"{reverse('login')}?next={url}"
        assert EventApproval.objects.count() == 0
    else:
        assert (get.status_code, post.status_code) == (403, 403)
        assert "Heun parish night" not in get.content.decode()
        assert EventApproval.objects.count() == 0
    # Publishing: an officer's post; anyone else's changes nothing.
    published = client.post(url_for("ranking-list", world), {"date": "2026-12-01"})
    if role in ("officer", "superuser"):
        assert published.status_code == 302
        assert PublishedList.objects.get().date.isoformat() == "2026-12-01"
    else:
        assert published.status_code == 403
        assert PublishedList.objects.count() == 0
        circuit_list.publish(world["event"].date)
    assert client.get(url_for("ranking-list-csv", world)).content.startswith(b"rank,player")
    assert client.get(url_for("ranking-list-pdf", world)).content.startswith(b"%PDF-")
    members = client.get(url_for("members-list-csv", world)).content
    assert members.startswith(b"in_club,rank,player")
    assert client.get(url_for("members-list-pdf", world)).content.startswith(b"%PDF-")


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_a_team_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """A team of the event's: its page and its removal only for the event's organizers."""
    from tournaments.models import Team, TeamMember

    event = services.update_event(world["event"], organizer, published=published)
    # Made here, not by the service: the event has deals, so it can no longer be set to
    # rank teams (its page still shows a team it has).
    team = Team.objects.create(event=event, name="Aces")
    for seat in Seat.objects.filter(table=world["table"])[:2]:
        TeamMember.objects.create(team=team, event=event, player=seat.player)
    world["team"] = team.pk
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    url = url_for("event-team", world)
    before = state()
    if role in ("organizer", "superuser"):
        assert SHOWS["event-team"] in client.get(url).content.decode()
    else:
        assert_refused(client.get(url), role, published, url)
        assert_refused(client.post(url, {"delete": "1"}), role, published, url)
        assert state() == before
        assert Team.objects.filter(event=event).count() == 1


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_prize_list_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """The prize list reads like the standings once the event sets prizes; before, it is
    no page at all (404), for everybody."""
    from tournaments.services.prizes import save_category, set_prizes

    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    for name in sorted(PRIZE_READ):
        assert client.get(url_for(name, world)).status_code == 404, name
    event = set_prizes(world["event"], organizer, 100, "$1", True)
    world["category"] = save_category(event, organizer, "Newcomers", [], "$1").pk
    url = url_for("prize-category", world)
    before = state()
    if role in ("organizer", "superuser"):
        assert SHOWS["prize-category"] in client.get(url).content.decode()
    else:
        assert_refused(client.get(url), role, published, url)
        assert_refused(client.post(url, {"delete": "1"}), role, published, url)
        assert state() == before
        assert event.prize_categories.count() == 1
    for name in sorted(PRIZE_READ):
        url = url_for(name, world)
        response = client.get(url)
        if may_read(role, published):
            assert response.status_code == 200, (name, response.status_code)
            if name in SHOWS:
                assert SHOWS[name] in response.content.decode(), name
            else:
                assert response.content.startswith(FILE_STARTS[name[-4:]]), name
        else:
            assert_refused(response, role, published, url)


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_a_table_link_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """The link grants its table's deal pages to anyone, published or not; revoked, nothing."""
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    for name in ("link-sheet", "link-deal", "link-correct"):
        assert client.get(url_for(name, world)).status_code == 200, name
    assert client.post(url_for("link-preview", world), {}).json()["ok"] is False
    undo = client.post(url_for("link-undo", world), {"number": "1"})
    assert undo.status_code == 302 and undo["Location"] == url_for("link-sheet", world)
    assert Deal.objects.get(pk=world["deal"].pk).voided
    services.revoke_link(world["link"], organizer)
    before = state()
    for name in sorted(LINK):
        assert client.get(url_for(name, world)).status_code in (403, 405), name
        posted = client.post(url_for(name, world), {"number": "1"}).status_code
        assert posted == (405 if name == "link-sheet" else 403), name
    assert state() == before


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_organizers_files_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    for name in sorted(ORGANIZER_FILES):
        url = url_for(name, world)
        response = client.get(url)
        if role in ("organizer", "superuser"):
            assert response.status_code == 200, name
            assert response.content.startswith(b"%PDF-"), name
        else:
            assert_refused(response, role, published, url)
        assert client.post(url).status_code in (302, 403, 404, 405), name


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_the_check_in_link_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """The check-in link checks in the event's players for anyone, published or not;
    closed, nothing."""
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    url, player = url_for("check-in", world), world["player"]
    found = client.get(url, {"q": player.name.lower()})
    assert found.status_code == 200
    assert f'name="player" value="{player.pk}"' in found.content.decode()
    assert "Thank you, " + player.name in client.post(url, {"player": player.pk}).content.decode()
    assert CheckIn.objects.filter(event=world["event"]).count() == 1
    checkin.close_check_in(world["event"], organizer)
    before = state()
    assert client.get(url).status_code == 403
    assert client.post(url, {"player": player.pk}).status_code == 403
    assert state() == before


@pytest.mark.parametrize(
    "name",
    sorted(
        WRITE_POSTS
        | {"deal-create", "deal-correct", "event-players", "chip-count", "round-detail"}
        | {"round-links", "inbox", "link-deal", "link-correct", "link-undo"}
    ),
)
def test_csrf_is_required_on_every_form(world, organizer, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    response = client.post(url_for(name, world), {"reason": "x", "expected_version": "1"})
    assert response.status_code == 403


@pytest.mark.parametrize("name", sorted(WRITE_POSTS))
def test_no_write_over_get(world, organizer, name):
    client = Client()
    client.force_login(organizer)
    before = state()
    assert client.get(url_for(name, world)).status_code == 405
    assert state() == before


LOGIN = "/accounts/login/"
WRONG = "Please enter a correct username and password"


def sign_in(client, username, password, address="10.0.0.7"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in_as(client):
    from django.contrib.auth import get_user

    user = get_user(client)
    return user.get_username() if user.is_authenticated else None


def fail(client, username, times, address="10.0.0.7"):
    for _ in range(times):
        response = sign_in(client, username, "wrong", address)
        if response.status_code != 200:
            return response
        assert WRONG in response.content.decode()
    return None


def test_sign_in_locks_on_the_fifth_failure_for_fifteen_minutes(organizer):
    client = Client()
    assert fail(client, "org", 4) is None
    fifth = sign_in(client, "org", "wrong")
    assert fifth.status_code == 429
    assert "Too many failed sign-ins for this user name" in fifth.content.decode()
    locked = sign_in(client, "org", "secret-org-pw")
    assert locked.status_code == 429
    assert signed_in_as(client) is None
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert sign_in(client, "org", "secret-org-pw").status_code == 302
    assert signed_in_as(client) == "org"


def test_a_good_sign_in_clears_earlier_failures(organizer):
    client = Client()
    fail(client, "org", 4)
    assert sign_in(client, "org", "secret-org-pw").status_code == 302
    client.logout()
    fail(client, "org", 4)
    assert sign_in(client, "org", "secret-org-pw").status_code == 302


@pytest.mark.parametrize("look_alike", ["ｏｒｇ", "ORG", "Org", "ｏｒｇ "])
def test_a_look_alike_name_counts_against_the_same_lock(organizer, look_alike):
    # Django's sign-in form NFKC-normalises the name: "ｏｒｇ" signs in as "org" ...
    client = Client()
    if look_alike == "ｏｒｇ":
        assert sign_in(client, look_alike, "secret-org-pw").status_code == 302
        assert signed_in_as(client) == "org"
        client.logout()
    # ... so failures under the look-alike lock "org", and the look-alike is locked too.
    fail(client, look_alike, 3)
    fail(client, "org", 1)
    assert sign_in(client, look_alike, "wrong").status_code == 429
    assert sign_in(client, "org", "secret-org-pw").status_code == 429
    assert sign_in(client, "ｏｒｇ", "secret-org-pw").status_code == 429
    assert signed_in_as(client) is None
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["org"]


def test_a_look_alike_does_not_sign_in_as_somebody_else(organizer, django_user_model):
    # "ｖ" is "v" to Django; "V" is another account, which "v"'s password does not open.
    django_user_model.objects.create_user("v", password="pw-of-small-v")
    django_user_model.objects.create_user("V", password="pw-of-big-v")
    client = Client()
    assert sign_in(client, "ｖ", "pw-of-small-v").status_code == 302
    assert signed_in_as(client) == "v"
    client.logout()
    assert WRONG in sign_in(client, "V", "pw-of-small-v").content.decode()
    assert signed_in_as(client) is None
    assert sign_in(client, "V", "pw-of-big-v").status_code == 302
    assert signed_in_as(client) == "V"


def test_a_stranger_on_another_address_does_not_lock_the_organizer_out(organizer):
    stranger = Client()
    fail(stranger, "org", 4, address="10.0.0.66")
    assert sign_in(stranger, "org", "wrong", address="10.0.0.66").status_code == 429
    assert sign_in(stranger, "org", "secret-org-pw", address="10.0.0.66").status_code == 429
    own_phone = Client()
    assert sign_in(own_phone, "org", "secret-org-pw", address="10.0.0.7").status_code == 302
    assert signed_in_as(own_phone) == "org"


def test_the_admin_sign_in_is_locked_too(organizer):
    client = Client()
    fail(client, "org", 5)
    response = client.post(
        "/admin/login/", {"username": "org", "password": "secret-org-pw"}, REMOTE_ADDR="10.0.0.7"
    )
    assert response.status_code == 429
    assert signed_in_as(client) is None


@pytest.mark.django_db(transaction=True)
def test_the_lock_survives_a_restart(organizer):
    """The failures are rows in the database: a new process, with an empty cache, still
    refuses the right password."""
    fail(Client(), "org", 5)
    cache.clear()
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        url = f"sqlite:///{db['NAME']}"
    else:
        url = (
            f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
        )
    script = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "r = Client().post('/accounts/login/', {'username': 'org', "
        "'password': 'secret-org-pw'}, REMOTE_ADDR='10.0.0.7', HTTP_HOST='localhost')\n"
        "print(r.status_code)\n"
    )
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test"}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "429", out.stderr


def test_there_are_no_password_reset_pages():
    assert Client().get("/accounts/password_reset/").status_code == 404
    assert Client().get("/accounts/reset/MQ/set-password/").status_code == 404


def test_an_organizer_password_is_reset_with_changepassword(organizer, monkeypatch):
    answers = iter(["Kralovna-21-spacek", "Kralovna-21-spacek"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    out = io.StringIO()
    call_command("changepassword", "org", stdout=out)
    assert "Password changed successfully for user 'org'" in out.getvalue()
    client = Client()
    assert sign_in(client, "org", "Kralovna-21-spacek").status_code == 302
    assert signed_in_as(client) == "org"


def test_admin_shows_the_ledger_read_only(world, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="x-pw")
    client = Client()
    client.force_login(admin)
    entry = LedgerEntry.objects.first()
    assert client.get(reverse("admin:tournaments_ledgerentry_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_ledgerentry_add")).status_code == 403
    assert (
        client.post(
            reverse("admin:tournaments_ledgerentry_delete", args=[entry.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


def test_production_settings_generate_a_secret_key_once_and_keep_it(monkeypatch, tmp_path):
    """DEBUG off without SECRET_KEY: a key is generated on the first run and kept in var/
    (it used to refuse to start; the hall's laptop must start with no setup)."""
    import importlib
    import stat

    import taroky_site.settings as settings_module

    key_file = tmp_path / "var" / "secret_key"
    monkeypatch.setenv("DEBUG", "0")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("SECRET_KEY_FILE", str(key_file))
    try:
        importlib.reload(settings_module)
        first = settings_module.SECRET_KEY
        assert key_file.read_text() == first
        assert len(first) == 50 and "insecure" not in first
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        importlib.reload(settings_module)
        assert settings_module.SECRET_KEY == first
        monkeypatch.setenv("SECRET_KEY", "x" * 60)
        importlib.reload(settings_module)
        assert settings_module.SECRET_KEY == "x" * 60
        assert settings_module.DEBUG is False
    finally:
        monkeypatch.undo()
        importlib.reload(settings_module)


def test_an_organizer_is_unlocked_with_axes_reset_username(organizer):
    client = Client()
    fail(client, "ORG", 5)
    assert sign_in(client, "org", "secret-org-pw").status_code == 429
    call_command("axes_reset_username", "org", stdout=io.StringIO())
    assert sign_in(client, "org", "secret-org-pw").status_code == 302
    assert signed_in_as(client) == "org"


def test_the_admin_cannot_change_what_an_events_deals_were_scored_under(
    table, organizer, django_user_model
):
    """The ruleset, house rules and starting chips, and a table's seats, are fixed once
    dealt on the event's pages; the admin must not be a way around it."""

    root = django_user_model.objects.create_superuser("root", password="x-pw")
    client = Client()
    client.force_login(root)
    event = table.round.event
    page = client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert 'name="ruleset"' in page.content.decode()  # before a deal: still editable
    services.record_deal(table, played_doc(), organizer)
    page = client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    for name in ("ruleset", "house_rules", "starting_chips"):
        assert f'name="{name}"' not in page
    assert 'name="name"' in page  # the rest stays editable
    page = client.get(reverse("admin:tournaments_table_change", args=[table.pk])).content.decode()
    assert 'name="seats-0-player"' not in page
    assert "Čada" in page  # still shown, read-only


SEASON_SHOWS = {
    "season-detail": "Heun parish season",
    "season-csv": "rank,player,club,chips_counted",
    "season-statement": "Heun parish season",
    "season-wall": "Heun parish season · the wall",
    "season-wall-live": "Season standings",
    "season-edit": 'value="Heun parish season"',
    "season-json": '"format": "taroky-season/1"',
    "season-results-mail": "Send the results: Heun parish season",
}


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_season_permission_matrix(
    season_world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """A season reads like an event: published, by anyone; else only by its organizers
    (404 for the rest); only its organizers change it."""
    from tournaments.services import seasons

    season, player = season_world["season"], season_world["player"]
    if published:
        services.update_event(season_world["event"], organizer, published=True)
    seasons.update_season(season, organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    args = {
        "season-statement": [season.pk, player.pk],
    }
    for name in sorted(SEASON_READ | SEASON_WRITE):
        url = reverse(name, args=args.get(name, [season.pk]))
        response = client.get(url)
        if name in SEASON_WRITE:
            post = client.post(url, {"event": season_world["event"].pk, "name": "x"})
            if role in ("organizer", "superuser"):
                assert post.status_code in (200, 302, 400), (name, post.status_code)
            elif not may_read(role, published):
                assert post.status_code == 404, (name, post.status_code)
            elif role == "anonymous":
                assert post.status_code == 302 and reverse("login") in post["Location"], name
            else:
                assert post.status_code == 403, (name, post.status_code)
            if name == "season-events":
                continue  # a POST only
        if may_read(role, published) and (
            name in SEASON_READ or role in ("organizer", "superuser")
        ):
            assert response.status_code == 200, (name, response.status_code)
            body = response.content
            if name in SEASON_SHOWS:
                assert SEASON_SHOWS[name] in body.decode(), name
            else:
                assert body.startswith(FILE_STARTS[name[-4:]]), name
        elif not may_read(role, published):
            assert response.status_code == 404, (name, response.status_code)
            assert "Heun parish season" not in response.content.decode()
        elif role == "anonymous":
            assert response.status_code == 302, (name, response.status_code)
        else:
            assert response.status_code == 403, (name, response.status_code)
    season.refresh_from_db()
    assert season.name == "Heun parish season"  # nobody renamed it with a bad form
    assert list(season.events.all()) == [season_world["event"]]


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_player_page_shows_only_events_the_visitor_may_read(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    response = client.get(reverse("player-detail", args=[world["player"].pk]))
    sees_event = may_read(role, published)
    if sees_event:
        assert response.status_code == 200
        assert "Heun parish night" in response.content.decode()
    elif role == "other_organizer":  # organizer accounts see every registered player
        assert response.status_code == 200
        assert "Heun parish night" not in response.content.decode()
    else:
        assert response.status_code == 404
        assert "Heun parish night" not in response.content.decode()


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_site_zip_permission_matrix(
    season_world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """The results website: a published event's or season's, for anyone; an unpublished
    one is 404 to whoever may not read it, and its organizers are sent back to its page
    (no zip: only what the public may read goes in one)."""
    from tournaments.services import seasons

    event, season = season_world["event"], season_world["season"]
    services.update_event(event, organizer, published=published)
    seasons.update_season(season, organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    for name, what in (("event-site", event), ("season-site", season)):
        response = client.get(reverse(name, args=[what.pk]))
        if published:
            assert response.status_code == 200, (name, role)
            # Sent from the file kept on disk (site_store.py).
            assert b"".join(response.streaming_content).startswith(b"PK"), name
        elif may_read(role, published):
            assert response.status_code == 302, (name, role, response.status_code)
            assert response["Location"] == what.get_absolute_url()
        else:
            assert response.status_code == 404, (name, role, response.status_code)
            assert b"Heun parish" not in response.content


@pytest.mark.parametrize("role", ROLES)
def test_club_permission_matrix(
    world, role, django_user_model, stranger, other_organizer, organizer
):
    """The club's page for anyone, its key for its organizers; sending an event in for
    its organizers and superusers; nothing changes for a visitor's post."""
    club = world["event"].club
    club.organizers.add(organizer)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    page = client.get(url_for("club-detail", world)).content.decode()
    assert f"<h1>{club.name}</h1>" in page
    assert (club.signing_key in page) == (role == "organizer")
    url = url_for("club-send-event", world)
    before = state()
    post, get = client.post(url, {"file": ""}), client.get(url)
    if role in ("organizer", "superuser"):
        assert post.status_code == get.status_code == 200
        assert f"Send an event in: {club.name}" in get.content.decode()
    elif role == "anonymous":
        assert post["Location"] == get["Location"] == f"{reverse('login')}?next={url}"
    else:
        assert post.status_code == get.status_code == 403
        assert club.signing_key not in post.content.decode()
    assert state() == before


@pytest.mark.parametrize("role", ROLES)
def test_club_members_in_the_matrix(
    world, role, django_user_model, stranger, other_organizer, organizer
):
    """A club's members are changed by its organizers (and superusers, officers of the
    circuit): a visitor is sent to sign in, anyone else gets 403 and nothing changes; a
    POST only, with its CSRF token."""
    from tournaments.models import ClubMembership, Player

    club = world["event"].club
    club.organizers.add(organizer)
    player = Player.objects.create(name="Zdeňka Members")
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    url = url_for("club-members", world)
    before = state()
    response = client.post(url, {"player": player.pk})
    if role in ("organizer", "superuser"):
        assert response.status_code == 302
        assert response["Location"] == reverse("club-detail", args=[club.slug])
        assert list(ClubMembership.objects.values_list("club", "player")) == [(club.pk, player.pk)]
    else:
        if role == "anonymous":
            assert response["Location"] == f"{reverse('login')}?next={url}"
        else:
            assert response.status_code == 403
        assert not ClubMembership.objects.exists()
        assert state() == before
    if role != "anonymous":
        assert client.get(url).status_code == 405
        strict = Client(enforce_csrf_checks=True)
        strict.force_login(organizer)
        assert strict.post(url, {"remove": player.pk}).status_code == 403


@pytest.mark.parametrize("role", [*ROLES, "officer"])
def test_merge_pages_in_the_matrix(
    world, role, django_user_model, stranger, other_organizer, organizer
):
    """Merging players is a circuit officer's (or a superuser's): a visitor is sent to
    sign in, an organizer who is not an officer gets 403 and nothing changes; the undo
    is a POST only."""
    from django.contrib.auth.models import Permission

    from tournaments.models import Player, PlayerMerge
    from tournaments.services.merging import merge_players

    if role == "officer":
        user = django_user_model.objects.create_user("vera", password="vera-pw-long")
        user.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
        client = Client()
        client.force_login(user)
    else:
        client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    root = django_user_model.objects.create_superuser("boss", password="boss-pw-long")
    anna = world["player"]
    twice = Player.objects.create(name="Anna Twice")
    # A merge already made (to undo), of another pair.
    old = Player.objects.create(name="Bill Twice")
    merge = merge_players(Player.objects.get(name="Bill"), old, root)
    world = {**world, "merge": merge.pk}
    page = url_for("player-merge", world)
    undo = url_for("player-merge-undo", world)
    asked = {"kept": anna.circuit_number, "duplicate": twice.circuit_number}
    officer = role in ("officer", "superuser")
    get, post = client.get(page, asked), client.post(page, asked)
    undone = client.post(undo)
    assert client.get(undo).status_code == 405 if officer else True
    if officer:
        assert get.status_code == 200
        assert "Will move: 0 events." in get.content.decode()
        assert post.status_code == 302 and post["Location"] == f"/players/{anna.pk}/"
        assert undone.status_code == 302
        assert kept_of(Player.objects.get(name="Anna Twice")) == anna
        assert PlayerMerge.objects.get(pk=merge.pk).undone_at is not None
        return
    for response in (get, post, undone):
        if role == "anonymous":
            assert response.status_code == 302 and response["Location"].startswith(
                f"{reverse('login')}?next="
            )
        else:
            assert response.status_code == 403
    assert kept_of(Player.objects.get(name="Anna Twice")) is None
    assert PlayerMerge.objects.get(pk=merge.pk).undone_at is None


def kept_of(player):
    """The player ``player`` is merged into (its alias), or None."""
    from tournaments.models import PlayerAlias

    alias = PlayerAlias.objects.filter(player_id=player.pk).first()
    return alias and alias.kept
