"""Clubs: every event and season is a club's. A server with one club never asks which:
a new server's club is made with its first event or season, `load_demo` makes it with
the demo organizer, and an existing server's data migrate into one club."""

import datetime
import html
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from tournaments import services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Club, DealNet, Event, LedgerEntry, Player, Season
from tournaments.services import ServiceError
from tournaments.services import seasons as season_services

from ..conftest import club_night, played_doc
from .tampering import before, migrate

pytestmark = pytest.mark.django_db


def a_season(user, **fields):
    defaults = {
        "name": "Heun season 2026",
        "start_date": datetime.date(2026, 1, 1),
        "end_date": datetime.date(2026, 12, 31),
    }
    return season_services.create_season(user, **{**defaults, **fields})


def test_a_new_server_makes_its_club_with_its_first_event(organizer, other_organizer):
    assert not Club.objects.exists()  # migrating an empty database made none
    first = club_night(organizer, "la-vista")
    (club,) = Club.objects.all()
    assert (club.name, club.slug) == ("Our club", "our-club")
    second = club_night(other_organizer, "texas-xx")
    season = a_season(other_organizer, club="Sokol")
    assert [first.club, second.club, season.owner_club] == [club, club, club]
    assert Club.objects.count() == 1
    # "club or series", the text the season's pages show, is the season's own.
    assert season.club == "Sokol"


def test_a_new_server_makes_its_club_with_its_first_season(organizer):
    season = a_season(organizer)
    assert list(Club.objects.values_list("name", flat=True)) == ["Our club"]
    assert club_night(organizer, "la-vista").club == season.owner_club


def test_each_club_has_a_secret_key_of_its_own():
    one = Club.objects.create(name="Heun parish club", slug="heun")
    two = Club.objects.create(name="Taylor Sokol", slug="taylor")
    assert len(one.signing_key) == len(two.signing_key) == 43
    assert one.signing_key != two.signing_key


def test_with_two_clubs_an_event_is_not_put_in_either_unasked(organizer):
    heun = Club.objects.create(name="Heun parish club", slug="heun")
    heun.organizers.add(organizer)  # its events are its organizers'
    Club.objects.create(name="Taylor Sokol", slug="taylor")
    with pytest.raises(
        ServiceError, match="This server has several clubs: say which club's it is."
    ):
        club_night(organizer, "la-vista")
    assert not Event.objects.exists()
    assert club_night(organizer, "la-vista", club=heun).club == heun


def test_load_demo_makes_one_club_with_the_demo_organizer_in_it():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    (club,) = Club.objects.all()
    assert club.name == "Our club"
    assert list(club.organizers.values_list("username", flat=True)) == ["organizer"]
    assert Event.objects.count() > 0 and Season.objects.count() > 0
    assert set(Event.objects.values_list("club", flat=True)) == {club.pk}
    assert set(Season.objects.values_list("owner_club", flat=True)) == {club.pk}
    key = club.signing_key
    call_command("load_demo", stdout=io.StringIO())  # loads once
    assert list(Club.objects.values_list("pk", "signing_key")) == [(club.pk, key)]
    assert list(club.organizers.values_list("username", flat=True)) == ["organizer"]


def test_load_demo_leaves_an_existing_organizer_account_out_of_the_club(django_user_model):
    """An account named "organizer" that was there before is never changed: the club is
    made, the account not put in it."""
    django_user_model.objects.create_user("organizer", password="their-own-pw", is_staff=True)
    call_command("load_demo", stdout=io.StringIO())
    (club,) = Club.objects.all()
    assert not club.organizers.exists()


def test_a_players_page_says_their_circuit_number(client, organizer):
    """Organizers see every player of the registry: Anna has played nowhere yet."""
    anna = Player.objects.create(name="Anna Nováková", club="Sokol")
    client.force_login(organizer)
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(anna_url(anna)).content.decode()))
    number = f"T-{anna.pk:05d}"
    assert f"Anna Nováková Sokol · 0 events · circuit number {number} " in page
    assert anna.circuit_number == number


def anna_url(player):
    return reverse("player-detail", args=[player.pk])


# -- an existing server migrates into one club ------------------------------------------


def ledger():
    return (
        list(LedgerEntry.objects.order_by("pk").values_list()),
        list(DealNet.objects.order_by("pk").values_list()),
    )


@pytest.mark.django_db(transaction=True)
def test_an_existing_server_migrates_into_one_club_with_its_organizers(
    table, organizer, other_organizer, stranger, django_user_model
):
    """At 0037 (no clubs) a server has events with deals, a season, organizers of each,
    a superuser and an account organizing nothing: migrated, one club holds it all."""
    services.record_deal(table, played_doc(), organizer)
    heun = table.round.event
    boss = django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    taylor = club_night(other_organizer, "texas-xx", name="Taylor night")
    season = a_season(other_organizer, club="Heun parish")
    season_services.add_event(season, taylor, other_organizer)
    Club.objects.update(name="(made by the services, gone at 0037)")
    kept = ledger()
    try:
        migrate(before("clubs"))
        assert "tournaments_club" not in connection.introspection.table_names()
    finally:
        migrate()
    (club,) = Club.objects.all()
    # Named from the seasons' "club or series", as they all say it.
    assert (club.name, club.slug) == ("Heun parish", "heun-parish")
    assert len(club.signing_key) == 43
    assert sorted(Event.objects.values_list("pk", "club")) == [
        (heun.pk, club.pk),
        (taylor.pk, club.pk),
    ]
    assert list(Season.objects.values_list("pk", "owner_club", "club")) == [
        (season.pk, club.pk, "Heun parish")
    ]
    assert sorted(club.organizers.all(), key=lambda u: u.pk) == [organizer, other_organizer, boss]
    assert stranger not in club.organizers.all()
    assert ledger() == kept
    report = audit_ledger()
    assert report.ok, report.problems
    # A new event goes to that club: the server still never asks.
    assert club_night(organizer, "la-vista", name="After the move").club == club


@pytest.mark.django_db(transaction=True)
def test_an_empty_server_migrates_without_a_club():
    try:
        migrate(before("clubs"))
    finally:
        migrate()
    assert not Club.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_server_whose_seasons_name_no_club_calls_it_our_club(organizer):
    club_night(organizer, "la-vista")
    a_season(organizer, club="Sokol")
    a_season(organizer, club="Clarkson", name="Clarkson series")
    try:
        migrate(before("clubs"))
    finally:
        migrate()
    (club,) = Club.objects.all()
    assert (club.name, club.slug) == ("Our club", "our-club")
    assert list(club.organizers.all()) == [organizer]


def test_a_superuser_renames_the_club_in_the_admin_and_never_sees_its_key(
    client, django_user_model, organizer
):
    event = club_night(organizer, "la-vista", published=True)
    club = event.club
    boss = django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    client.force_login(boss)
    url = reverse("admin:tournaments_club_change", args=[club.pk])
    page = client.get(url).content.decode()
    assert 'value="Our club"' in page
    assert club.signing_key not in page
    # Its members inline (none here): the admin's form posts their formset's counts.
    assert 'name="memberships-TOTAL_FORMS"' in page
    inline = {"memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0"}
    done = client.post(
        url,
        {"name": "Sokol Heun", "slug": "sokol-heun", "organizers": [organizer.pk], **inline},
    )
    assert done.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.slug) == ("Sokol Heun", "sokol-heun")
    assert list(club.organizers.all()) == [organizer]
    assert "Sokol Heun" in client.get(reverse("calendar")).content.decode()
    assert club.signing_key not in client.get(reverse("calendar-ics")).content.decode()


def test_the_admin_refuses_a_membership_for_a_player_merged_away(
    client, django_user_model, organizer
):
    """The admin's members inline refuses a merged player's old number, naming the
    player kept, as the members page does; the player kept is added."""
    from tournaments.models import ClubMembership, PlayerAlias

    club = club_night(organizer, "la-vista").club
    kept = Player.objects.create(name="Anna Nováková")
    twice = Player.objects.create(name="Anna Novakova")
    PlayerAlias.objects.create(player=twice, kept=kept)
    boss = django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    client.force_login(boss)
    url = reverse("admin:tournaments_club_change", args=[club.pk])

    def add(player):
        return client.post(
            url,
            {
                "name": club.name,
                "slug": club.slug,
                "organizers": [organizer.pk],
                "memberships-TOTAL_FORMS": "1",
                "memberships-INITIAL_FORMS": "0",
                "memberships-0-player": str(player.pk),
                "memberships-0-since": "2026-11-01",
            },
        )

    refused = add(twice)
    assert refused.status_code == 200
    assert (
        f"Anna Novakova was merged into Anna Nováková ({kept.circuit_number}): add them "
        "instead." in html.unescape(refused.content.decode())
    )
    assert list(ClubMembership.objects.filter(club=club)) == []
    assert add(kept).status_code == 302
    assert [m.player for m in ClubMembership.objects.filter(club=club)] == [kept]


def read(client, url) -> str:
    """The page as it reads: its forms' CSRF tokens (new each time) left out."""
    response = client.get(url)
    assert response.status_code == 200, url
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", response.content.decode())


@pytest.mark.django_db(transaction=True)
def test_the_demo_migrated_into_its_club_reads_as_before(client):
    """The demo's server at 0037 migrated: every page an organizer reads says what it
    said, and the audit is clean."""
    call_command("load_demo", stdout=io.StringIO())
    organizer = get_user_model().objects.get(username="organizer")
    client.force_login(organizer)
    urls = [
        reverse("home"),
        *(e.get_absolute_url() for e in Event.objects.all()),
        *(reverse("standings", args=[e.pk]) for e in Event.objects.all()),
        *(s.get_absolute_url() for s in Season.objects.all()),
    ]
    pages = {url: read(client, url) for url in urls}
    try:
        migrate(before("clubs"))
    finally:
        migrate()
    client.force_login(organizer)
    assert {url: read(client, url) for url in urls} == pages
    (club,) = Club.objects.all()
    assert club.name == "Czech and Slovak Educational Center"
    assert list(club.organizers.all()) == [organizer]
    report = audit_ledger()
    assert report.ok, report.problems


@pytest.mark.django_db(transaction=True)
def test_a_backup_from_before_clubs_is_restored_into_one_club(tmp_path, django_user_model):
    """A backup written before clubs: no club rows, no club on its events and seasons.
    Restored, they are one club's, organized as the migration would have it."""
    call_command("load_demo", stdout=io.StringIO())
    django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    django_user_model.objects.create_user("nobody", password="nobody-pw")
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    old = [r for r in rows if r["model"] != "tournaments.club"]
    for row in old:
        row["fields"].pop("club" if row["model"] == "tournaments.event" else "owner_club", None)
    assert len(rows) - len(old) == 1
    backup.write_text(json.dumps(old))
    events = list(Event.objects.order_by("pk").values_list("pk", "name"))
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("restore_db", str(backup), stdout=out)
    assert "the ledger audit found no problem" in out.getvalue()
    (club,) = Club.objects.all()
    # Named from the demo season's "club or series", as the migration names it.
    assert (club.pk, club.name, club.slug, len(club.signing_key)) == (
        1,
        "Czech and Slovak Educational Center",
        "czech-and-slovak-educational-center",
        43,
    )
    assert list(Event.objects.order_by("pk").values_list("pk", "name")) == events
    assert set(Event.objects.values_list("club", flat=True)) == {club.pk}
    assert set(Season.objects.values_list("owner_club", flat=True)) == {club.pk}
    assert sorted(club.organizers.values_list("username", flat=True)) == ["boss", "organizer"]
    # The restored club is the server's: a new event goes in it.
    organizer = get_user_model().objects.get(username="organizer")
    assert club_night(organizer, "la-vista").club == club


# -- the circuit's officers ----------------------------------------------------------


def test_a_circuit_officer_is_given_the_permission_by_user_or_group(django_user_model):
    """CIRCUIT.md, "Who is who": officers are a role, given in the admin to a user or to
    a group; an organizer of a club is none, a superuser is one."""
    from django.contrib.auth.models import Group, Permission

    from tournaments.services.errors import PermissionDenied
    from tournaments.services.permissions import is_circuit_officer, require_circuit_officer

    officer = Permission.objects.get(codename="circuit_officer")
    milan = django_user_model.objects.create_user("milan", password="milan-pw-long")
    vera = django_user_model.objects.create_user("vera", password="vera-pw-long")
    boss = django_user_model.objects.create_superuser("boss2", password="the-boss-pw")
    assert [is_circuit_officer(u) for u in (milan, vera, boss)] == [False, False, True]
    milan.user_permissions.add(officer)
    officers = Group.objects.create(name="Circuit officers")
    officers.permissions.add(officer)
    vera.groups.add(officers)
    milan, vera = (django_user_model.objects.get(pk=u.pk) for u in (milan, vera))
    assert [is_circuit_officer(u) for u in (milan, vera)] == [True, True]
    club = Club.objects.the_club()
    club.organizers.add(django_user_model.objects.create_user("org2", password="org2-pw-long"))
    with pytest.raises(PermissionDenied, match="Only the circuit's officers may do this."):
        require_circuit_officer(club.organizers.get())
