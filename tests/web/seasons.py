"""Seasons' nights for the season and results website tests: four Sokol club nights
with their deals, and a published season hiding an unpublished night."""

import datetime

import pytest

from tournaments import services
from tournaments.models import Event, Player, Season
from tournaments.services import seasons as season_services

from ..conftest import SEATS4, club_night, played_doc

NAMES = ["Anna", "Bill", "Cyril", "Dana", "Emil"]
# The new-season form as posted (the forms' tests).
SEASON_FORM = {
    "name": "Spring season",
    "club": "Sokol",
    "start_date": "2026-03-01",
    "end_date": "2026-06-30",
    "basis": "chips",
    "placement_points": "10, 8, 6",
    "participation_points": "0",
    "planned_events": "",
    "best_of": "",
    "tie_break_1": "chips",
    "tie_break_2": "",
    "tie_break_3": "",
}


def four_won(seats, bidder, partner):
    return {
        "ruleset": "la-vista",
        "players": seats,
        "kind": "played",
        "bidder": bidder,
        "bid": "four",
        "partner": partner,
        "blind": "second",
        "bidder_points": 41,
    }


def five_alone_won(seats, bidder):
    return {
        "ruleset": "la-vista",
        "players": seats,
        "kind": "played",
        "bidder": bidder,
        "bid": "five",
        "partner": None,
        "king_in_blind": True,
        "bidder_points": 40,
    }


def misdeal(seats, dealer):
    return {"ruleset": "la-vista", "players": seats, "kind": "misdeal", "dealer": dealer}


def night_with_deals(organizer, date, seats, deals, published=True):
    event = club_night(
        organizer,
        "la-vista",
        name=f"Club night {date:%b %-d}",
        date=date,
        venue="Sokol hall",
        starting_chips=20,
        published=published,
    )
    rnd = services.create_round(event, organizer)
    players = [Player.objects.get(name=n) for n in seats]
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    for make in deals:
        services.record_deal(table, make([p.name for p in players]), organizer)
    return event


@pytest.fixture
def nights(organizer):
    for name in NAMES:
        Player.objects.create(name=name, club="Sokol")
    jan = night_with_deals(
        organizer,
        datetime.date(2026, 1, 8),
        ["Anna", "Bill", "Cyril", "Dana"],
        [lambda s: four_won(s, "Anna", "Cyril"), lambda s: misdeal(s, "Dana")],
    )
    Player.objects.filter(name="Dana").update(name="Dana Nováková")
    feb = night_with_deals(
        organizer,
        datetime.date(2026, 2, 5),
        ["Anna", "Bill", "Cyril", "Emil"],
        [lambda s: five_alone_won(s, "Bill"), lambda s: misdeal(s, "Emil")],
    )
    mar = night_with_deals(
        organizer,
        datetime.date(2026, 3, 5),
        ["Anna", "Bill", "Dana Nováková", "Emil"],
        [lambda s: four_won(s, "Dana Nováková", "Emil")],
    )
    apr = night_with_deals(
        organizer,
        datetime.date(2026, 4, 2),
        ["Anna", "Bill", "Cyril", "Dana Nováková"],
        [lambda s: misdeal(s, "Dana Nováková")],
    )
    return [jan, feb, mar, apr]


def season_of(organizer, events, **fields):
    """A season of ``fields`` holding ``events``, made by ``organizer`` through the
    services."""
    season = season_services.create_season(organizer, **fields)
    for event in events:
        season_services.add_event(season, event, organizer)
    return season


def make_season(organizer, nights, **scoring):
    return season_of(
        organizer,
        nights,
        name="Sokol season 2026",
        club="Sokol",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 6, 30),
        published=False,
        **scoring,
    )


def ostrava_series(organizer, events, published):
    """The Ostrava series of 2026: placement points 10, 8, 6, 5, 4, 3, 2, 1."""
    return season_of(
        organizer,
        events,
        name="Ostrava series",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.PLACEMENT,
        placement_points=[10, 8, 6, 5, 4, 3, 2, 1],
        published=published,
    )


PLACEMENT = dict(
    basis=Season.Basis.PLACEMENT,
    placement_points=[10, 8, 6, 5],
    participation_points=0,
    planned_events=4,
    best_of=3,
    tie_breaks=["chips", "events_won", "head_to_head"],
)


def night(organizer, name, date, published=True, rounds=2):
    """A La Vista night of the four SEATS4 players: ``rounds`` rounds of one table, a
    Four won (Anna and Čada +5 each, Bill and Dana -5) in round 1, Dana's misdeal (-3,
    +1 each) in round 2."""
    event = club_night(
        organizer, "la-vista", name=name, date=date, starting_chips=20, published=published
    )
    players = [Player.objects.get_or_create(name=n)[0] for n in SEATS4]
    for number in range(1, rounds + 1):
        rnd = services.create_round(event, organizer)
        table = services.create_table(rnd, organizer, players, first_forehand=players[0])
        services.record_deal(
            table, played_doc() if number == 1 else misdeal(list(SEATS4), "Dana"), organizer
        )
    return event


@pytest.fixture
def season_with_a_hidden_event(organizer):
    """A published season of two published nights; then a third night of the season is
    unpublished behind the service's back (the service refuses it), and an unpublished
    event outside the season holds a player nobody else knows."""
    first = night(organizer, "Sokol night", datetime.date(2026, 11, 6), rounds=1)
    second = night(organizer, "Lodge night", datetime.date(2026, 11, 13), rounds=1)
    hidden = night(organizer, "Secret rehearsal", datetime.date(2026, 11, 20), rounds=1)
    season = season_of(
        organizer,
        [first, second, hidden],
        name="Sokol fall season",
        start_date=datetime.date(2026, 11, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    season_services.update_season(season, organizer, published=True)
    Event.objects.filter(pk=hidden.pk).update(published=False)
    other = club_night(organizer, "la-vista", name="Closed trial night", published=False)
    services.register_player(other, organizer, name="Zdeněk Tajemný")
    season.refresh_from_db()
    return season, [first, second], hidden
