"""A circuit of many clubs costs each page no more queries than one of two clubs: the
main pages' query counts, measured with 2 clubs and again with 20, are the same."""

import datetime

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Club, Event, Season
from tournaments.services import seasons as season_services

from ..conftest import club_night, played_doc

pytestmark = pytest.mark.django_db

SEATS = ["Anna", "Bill", "Čada", "Dana"]


def a_club(django_user_model, n: int) -> dict:
    """Club ``n`` with its organizer, a published tournament with a round, a table of
    four with a link and three deals, and a published season counting it."""
    user = django_user_model.objects.create_user(
        f"club-{n:02d}-organizer", password="club-organizer-pw", is_staff=True
    )
    club = Club.objects.create(name=f"Club {n:02d}", slug=f"club-{n:02d}")
    club.organizers.add(user)
    event = club_night(
        user,
        "la-vista",
        club=club,
        name=f"Club {n:02d} tournament",
        kind=Event.Kind.TOURNAMENT,
        date=datetime.date(2026, 11, n),
        published=True,
    )
    players = [
        services.register_player(event, user, name=f"{name} {n:02d}", club=club.name)
        for name in SEATS
    ]
    rnd = services.create_round(event, user)
    table = services.create_table(rnd, user, players)
    names = [p.name for p in players]
    for points in (41, 30, 50):
        doc = played_doc(players=names, dealer=names[3], bidder=names[0], partner=names[2])
        services.record_deal(table, {**doc, "bidder_points": points}, user)
    services.issue_round_links(rnd, user)
    season = season_services.create_season(
        user,
        name=f"Club {n:02d} season 2026",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        owner_club=club,
        club=club.name,
    )
    season_services.add_event(season, event, user)
    season = season_services.update_season(Season.objects.get(pk=season.pk), user, published=True)
    return {
        "organizer": user,
        "event": event,
        "season": season,
        "player": players[0],
        "token": table.links.get().token,
    }


def pages(club: dict) -> dict[str, str]:
    event, token = club["event"].pk, club["token"]
    return {
        "home": "/",
        "event page": f"/events/{event}/",
        "standings": f"/events/{event}/standings/",
        "table sheet": f"/t/{token}/",
        "deal form (link)": f"/t/{token}/deal/",
        "season page": f"/seasons/{club['season'].pk}/",
        "calendar": "/calendar/",
        "player page": f"/players/{club['player'].pk}/",
    }


def query_counts(client, club: dict) -> dict[str, tuple[int, int]]:
    """Each page's (status, queries), from cold caches, for a visitor and for the
    club's organizer signed in."""
    counts = {}
    for who in ("visitor", "organizer"):
        client.logout()
        if who == "organizer":
            client.force_login(club["organizer"])
        for name, path in pages(club).items():
            for cache in caches.all(initialized_only=True):
                cache.clear()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(path)
            counts[f"{who}: {name}"] = (response.status_code, len(queries))
    return counts


def test_every_page_costs_the_same_queries_with_2_and_20_clubs(client, django_user_model):
    clubs = [a_club(django_user_model, n) for n in (1, 2)]
    with_two = query_counts(client, clubs[0])
    assert {status for status, _ in with_two.values()} == {200}, with_two
    clubs += [a_club(django_user_model, n) for n in range(3, 21)]
    assert Club.objects.count() == 20
    assert Event.objects.filter(published=True).count() == 20
    # The first club's pages, and the last's, with 20 clubs: the very same counts.
    assert query_counts(client, clubs[0]) == with_two
    assert query_counts(client, clubs[-1]) == with_two
    # ... and the pages show the circuit: the calendar every club's tournament.
    client.logout()
    calendar = client.get("/calendar/").content.decode()
    assert [calendar.count(f"Club {n:02d} tournament") for n in range(1, 21)] == [1] * 20
