"""An event of any game and size built deal by deal (with a correction and a void),
and the queries each page costs."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Event

from ..conftest import club_night

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


def query_counts(client, pages):
    counts = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(queries)
    return counts
