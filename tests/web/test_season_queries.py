"""A season's pages cost the same number of queries with 3 events and with 30: the
standings, a player's season, the wall, the CSV and PDF, and a player's page across
events (every game: the season's nights alternate Nebraska, Texas and Petrtyl)."""

import datetime

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Player, Season
from tournaments.services import seasons

from ..conftest import club_night
from .event_sizes import deal_doc, query_counts

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana"]
RULESETS = ["la-vista", "texas-xix", "petrtyl"]


def build_season(organizer, events: int) -> tuple[Season, Player]:
    """``events`` published nights of two tables, three deals each (one corrected, one
    voided), in a published season counting the best all-but-one."""
    players = [Player.objects.create(name=f"{n} {events}") for n in NAMES]
    season = seasons.create_season(
        organizer,
        name=f"Series of {events}",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.PLACEMENT,
        planned_events=events,
        best_of=max(1, events - 1),
    )
    for n in range(events):
        ruleset = RULESETS[n % 3]
        event = club_night(
            organizer,
            ruleset,
            name=f"Night {n + 1}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n),
            published=True,
        )
        rnd = services.create_round(event, organizer)
        for t in range(2):
            seated = players[4 * t : 4 * t + 4] if n % 2 else players[t::2][:4]
            table = services.create_table(rnd, organizer, seated, first_forehand=seated[0])
            names = [p.name for p in seated]
            first, second, _ = services.record_deals(
                table, [deal_doc(ruleset, names)] * 3, organizer
            )
            doc = {**deal_doc(ruleset, names), "bidder_points": 30}
            services.correct_deal(first, doc, organizer, "recounted")
            services.void_deal(second, organizer, "dealt twice")
        seasons.add_event(season, event, organizer)
    return seasons.update_season(season, organizer, published=True), players[0]


def pages(season: Season, player: Player) -> dict[str, str]:
    return {
        "standings": reverse("season-detail", args=[season.pk]),
        "statement": reverse("season-statement", args=[season.pk, player.pk]),
        "wall": reverse("season-wall", args=[season.pk]),
        "wall live": reverse("season-wall-live", args=[season.pk]),
        "csv": reverse("season-csv", args=[season.pk]),
        "pdf": reverse("season-pdf", args=[season.pk]),
        "player": reverse("player-detail", args=[player.pk]),
    }


@pytest.mark.parametrize("signed_in", [False, True])
def test_season_pages_cost_the_same_queries_at_3_and_30_events(client, organizer, signed_in):
    if signed_in:
        client.force_login(organizer)
    small = query_counts(client, pages(*build_season(organizer, 3)))
    large = query_counts(client, pages(*build_season(organizer, 30)))
    assert large == small
