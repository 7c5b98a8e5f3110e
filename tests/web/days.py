"""The nine-player Clarkson day of the ranking tests: a round seated by name, deals
played at a table, the whole day, and its ledger row by row."""

from tournaments import services
from tournaments.models import LedgerEntry, Player
from tournaments.standings import standings


def doc(table, bidder, partner, points, bid="five", **extra):
    """A Five (or other bid) at ``table``, seats as drawn, first seat dealing."""
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    d = {
        "ruleset": "clarkson",
        "kind": "played",
        "bidder": bidder,
        "bid": bid,
        "partner": partner,
        "bidder_points": points,
    }
    if len(seats) == 5:
        d.update(players=seats[1:], dealer=seats[0], sitting_out=seats[0])
    else:
        d.update(players=seats, dealer=seats[0])
    d.update(extra)
    return d


def seat_round(event, organizer, tables, byes=()):
    """A round with ``tables`` (lists of names, first seat dealing) and ``byes``."""
    rnd = services.create_round(event, organizer)
    made = []
    for names in tables:
        seated = [Player.objects.get(name=n) for n in names]
        made.append(services.create_table(rnd, organizer, seated, first_forehand=seated[0]))
    if byes:
        rnd.byes.add(*Player.objects.filter(name__in=byes))  # as a draw gives them
    return made


def play(table, organizer, *deals):
    for bidder, partner, points in deals:
        services.record_deal(table, doc(table, bidder, partner, points), organizer)


def day(tournament, organizer):
    """Two rounds of the nine players: a table of four and one of five (the dealer
    sitting out), then two of four and a bye (Ivan)."""
    t1, t2 = seat_round(
        tournament,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana", "Ivan"]],
    )
    play(t1, organizer, ("Anna", "Bill", 40), ("Čada", "Anna", 20))
    play(t2, organizer, ("Fanny", "Gustav", 40))
    t3, t4 = seat_round(
        tournament,
        organizer,
        [["Anna", "Emil", "Gustav", "Hana"], ["Bill", "Čada", "Dana", "Fanny"]],
        byes=["Ivan"],
    )
    play(t3, organizer, ("Emil", "Anna", 40))
    play(t4, organizer, ("Dana", "Bill", 20))
    return tournament


ALL_BREAKS = ["chips", "table_wins", "best_round", "head_to_head"]


def ranked_day(tournament, organizer, **ranking):
    event = services.update_event(tournament, organizer, **ranking)
    day(event, organizer)
    return [(s.rank, s.player.name, s.score_shown, s.decided_by) for s in standings(event)]


def ledger_rows(event) -> str:
    rows = LedgerEntry.objects.filter(event=event).order_by("id")
    return "\n".join(
        f"{e.deal.table.round.number} {e.deal.table.number} {e.deal.number} "
        f"{e.payer and e.payer.name} {e.payee and e.payee.name} {e.payer_is_pot} "
        f"{e.payee_is_pot} {e.chips}"
        for e in rows
    )
