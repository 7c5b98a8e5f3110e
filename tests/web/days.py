"""Helpers that play a tournament day through the services, for the ranking's tests: a
round seated by hand, Clarkson Fives at a table under the names its next deal gives the
seats (a substitute playing in their own name from their first deal). Not a test module:
tests import it."""

from __future__ import annotations

from tournaments import seat_holders, services
from tournaments.models import Player


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def seat_round(event, organizer, tables, byes=()):
    """A round with ``tables`` (lists of names, the first seat dealing) and ``byes``."""
    rnd = services.create_round(event, organizer)
    made = []
    for names in tables:
        seated = [player(n) for n in names]
        made.append(services.create_table(rnd, organizer, seated, first_forehand=seated[0]))
    if byes:
        rnd.byes.add(*Player.objects.filter(name__in=byes))  # as a draw gives them
    return made


def five(table, bidder, partner, points):
    """A Clarkson Five at a table of four, the first seat dealing: made (40 points) the
    bidder and the partner +8 each and the other two -8 each, failed (20) the reverse."""
    seats = list(seat_holders.names_at(table))
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bidder": bidder,
        "bid": "five",
        "partner": partner,
        "bidder_points": points,
        "players": seats,
        "dealer": seats[0],
    }


def play(table, organizer, *deals):
    """``deals``: (bidder, partner, points) each, a Clarkson Five."""
    for bidder, partner, points in deals:
        services.record_deal(table, five(table, bidder, partner, points), organizer)
