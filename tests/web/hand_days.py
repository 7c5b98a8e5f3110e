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


def two_rounds(event, organizer):
    """Two rounds of the nine players of the ``tournament`` fixture, Clarkson Fives:

    R1 T1 Anna, Bill, Čada, Dana: Bill +16, Anna 0, Dana 0, Čada -16.
    R1 T2 Emil (deals, sits out), Fanny, Gustav, Hana, Ivan: Fanny +8, Gustav +8, Emil
    0, Hana -8, Ivan -8.
    R2 T1 Anna, Emil, Gustav, Hana: Anna +8, Emil +8, Gustav -8, Hana -8.
    R2 T2 Bill, Čada, Dana, Fanny: Čada +8, Fanny +8, Bill -8, Dana -8; Ivan's bye.

    By table points (4/3/2/1 and 4/3/2/1/1, bye 2) and every tie-break: Fanny 8; Anna 7;
    Bill and Emil 6 (best round 16 against 8), Gustav 6 (0 chips); Čada and Dana 5 (a
    table win), Ivan 3 (-8 chips), Hana 3 (-16)."""
    t1, t2 = seat_round(
        event,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana", "Ivan"]],
    )
    play(t1, organizer, ("Anna", "Bill", 40), ("Čada", "Anna", 20))
    services.record_deal(t2, five_of_five(t2, "Fanny", "Gustav", 40), organizer)
    t3, t4 = seat_round(
        event,
        organizer,
        [["Anna", "Emil", "Gustav", "Hana"], ["Bill", "Čada", "Dana", "Fanny"]],
        byes=["Ivan"],
    )
    play(t3, organizer, ("Emil", "Anna", 40))
    play(t4, organizer, ("Dana", "Bill", 20))
    return event


def five_of_five(table, bidder, partner, points):
    """A Clarkson Five at a table of five: the first seat deals and sits out."""
    seats = list(seat_holders.names_at(table))
    return {
        **five(table, bidder, partner, points),
        "players": seats[1:],
        "dealer": seats[0],
        "sitting_out": seats[0],
    }
