"""A small circuit for the ranking list's tests: two clubs, events of four players at
one table with two deals, so each event's places are known (the first seated 1st, the
second and third sharing 2nd-3rd, the fourth 4th)."""

from __future__ import annotations

import datetime

from tournaments import services
from tournaments.models import Club, Event
from tournaments.services import circuit_list

D = datetime.date


def deals(names):
    """Anna's role wins twice (partnered by the 3rd, then the 2nd): the 1st +10, the
    2nd and 3rd 0, the 4th -10 (la-vista, 20 chips)."""
    base = {"ruleset": "la-vista", "players": names, "kind": "played", "bid": "four"}
    base["blind"] = "second"
    return [
        {**base, "bidder": names[0], "partner": names[2], "bidder_points": 41},
        {**base, "bidder": names[0], "partner": names[1], "bidder_points": 41},
    ]


def played(organizer, club, name, date, seated, published=True):
    """An event of ``club`` where ``seated`` (four names) finish 1st, 2nd-3rd, 4th."""
    event = services.create_event(
        organizer,
        club=club,
        name=name,
        date=date,
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=published,
    )
    players = [services.register_player(event, organizer, name=n, club="") for n in seated]
    rnd = services.create_round(event, organizer)
    table = services.create_table(rnd, organizer, players)
    for doc in deals(list(seated)):
        services.record_deal(table, doc, organizer)
    return event


# (club, name, date, class, seated): the five approved events.
APPROVED = [
    (0, "Heun night", D(2026, 1, 10), 1, ["Anna", "Bill", "Čada", "Dana"]),
    (1, "Taylor night", D(2026, 2, 14), 1, ["Bill", "Anna", "Emil", "Fanny"]),
    (0, "Heun open", D(2026, 3, 21), 2, ["Čada", "Dana", "Anna", "Emil"]),
    (1, "Taylor open", D(2026, 4, 18), 2, ["Anna", "Emil", "Dana", "Bill"]),
    (0, "Heun championship", D(2026, 5, 30), 3, ["Emil", "Anna", "Bill", "Dana"]),
]
NOT_APPROVED = (1, "Taylor summer night", D(2026, 6, 6), ["Dana", "Bill", "Čada", "Anna"])


def small_circuit(organizer, officer):
    """The two clubs, the five events approved in their classes and one not approved."""
    clubs = (
        Club.objects.create(name="Heun parish club", slug="heun"),
        Club.objects.create(name="Taylor Sokol", slug="taylor"),
    )
    for club in clubs:  # creating a club's events is its organizers'
        club.organizers.add(organizer)
    events = []
    for club, name, date, klass, seated in APPROVED:
        event = played(organizer, clubs[club], name, date, seated)
        circuit_list.approve_event(event, officer, klass)
        events.append(event)
    club, name, date, seated = NOT_APPROVED
    events.append(played(organizer, clubs[club], name, date, seated))
    return events
