"""Pages cost the same number of queries however big the event, for every game: the
same page at two rounds of one table with three deals, and at four rounds of two
tables with six deals each (a corrected and a voided deal at every table), runs as
many queries. (Two rounds at least: the standings' chart shows from the second.)
tests/web/test_games_pages.py grows one table's deals of every kind; this grows the
rounds and tables too, on the pages that list them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Event

from ..conftest import club_night

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana"]

# One deal of each game, cited from its contract section; the pot is the service's.
DEALS = {
    # Contract section 4 (la-vista): a Four with the second half of the blind, 41 of 70.
    "la-vista": {
        "kind": "played",
        "bidder": 0,
        "bid": "four",
        "blind": "second",
        "partner": 2,
        "bidder_points": 41,
    },
    # Contract section 14 (texas-xix): Povinost with the XIX's holder, 60 of 106.
    "texas-xix": {
        "kind": "played",
        "bidder": 0,
        "bid": "povinost",
        "partner": 2,
        "called": "xix",
        "bidder_points": 60,
    },
    # Contract section 18 (petrtyl): a Four with the second three of the talon, 41 of 70.
    "petrtyl": {
        "kind": "played",
        "bidder": 0,
        "bid": "four",
        "partner": 2,
        "talon": "second",
        "bidder_points": 41,
    },
}


def deal_doc(ruleset, names):
    doc = {"ruleset": ruleset, "players": names}
    for key, value in DEALS[ruleset].items():
        doc[key] = names[value] if key in ("bidder", "partner") else value
    return doc


def build(organizer, ruleset, rounds, tables, deals):
    event = club_night(
        organizer,
        ruleset,
        name=f"{ruleset} {rounds}x{tables}x{deals}",
        kind=Event.Kind.TOURNAMENT,
        published=True,
    )
    players = [
        services.register_player(event, organizer, name=f"{n} {ruleset} {rounds}", club="")
        for n in NAMES[: 4 * tables]
    ]
    for _ in range(rounds):
        rnd = services.create_round(event, organizer)
        for t in range(tables):
            seated = players[4 * t : 4 * t + 4]
            table = services.create_table(rnd, organizer, seated)
            names = [p.name for p in seated]
            for d in range(deals):
                deal = services.record_deal(table, deal_doc(ruleset, names), organizer)
                if d == 1:
                    doc = {**deal_doc(ruleset, names), "bidder_points": 30}
                    services.correct_deal(deal, doc, organizer, "recounted")
                if d == 2:
                    services.void_deal(deal, organizer, "dealt twice")
    return event, rnd, table, deal, players[0]


def urls(event, rnd, table, deal, player):
    return {
        "event": reverse("event-detail", args=[event.pk]),
        "round": reverse("round-detail", args=[rnd.pk]),
        "sheet": reverse("table-sheet", args=[table.pk]),
        "sheet pdf": reverse("table-pdf", args=[table.pk]),
        "blank sheet pdf": reverse("table-pdf", args=[table.pk]) + "?blank=1",
        "round pack pdf": reverse("round-pack-pdf", args=[rnd.pk]),
        "deal": reverse("deal-detail", args=[deal.pk]),
        "standings": reverse("standings", args=[event.pk]),
        "standings pdf": reverse("standings-pdf", args=[event.pk]),
        "standings csv": reverse("standings-csv", args=[event.pk]),
        "statement": reverse("player-statement", args=[event.pk, player.pk]),
        "statement pdf": reverse("statement-pdf", args=[event.pk, player.pk]),
        "wall": reverse("wall", args=[event.pk]),
    }


def query_counts(client, pages):
    counts = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(queries)
    return counts


@pytest.mark.parametrize("ruleset", sorted(DEALS))
def test_pages_cost_the_same_queries_with_more_rounds_tables_and_deals(client, organizer, ruleset):
    client.force_login(organizer)
    small = query_counts(client, urls(*build(organizer, ruleset, 2, 1, 3)))
    large = query_counts(client, urls(*build(organizer, ruleset, 4, 2, 6)))
    assert large == small
