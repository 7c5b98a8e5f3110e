"""The circuit's rating (beta) read from the ledger: one update per table per round of
the approved events, from the table's chips in that round (the sum of each player's
current deal nets at that table in that round), the players of a seat that changed
hands in that round left out. The rating itself is the pure module's
(tournaments/circuit/rating.py); this module only reads the rows it needs, in a
constant number of queries whatever the number of events.
"""

from __future__ import annotations

from .circuit.rating import PlayerRating, TableRound, compute_ratings
from .models import DealNet, Player, Substitution, Table


def table_rounds(events) -> list[TableRound]:
    """Every table-round of ``events`` (Event rows) with chips; an event's ``order``
    among those of its date is the order they were entered (their ids)."""
    by_id = {e.pk: e for e in events}
    order = {e.pk: 1 + sum(o.date == e.date and o.pk < e.pk for o in events) for e in events}
    tables = {
        pk: (event_id, rnd, number)
        for pk, event_id, rnd, number in Table.objects.filter(
            round__event_id__in=by_id
        ).values_list("pk", "round__event_id", "round__number", "number")
    }
    chips: dict[int, dict[int, int]] = {}
    nets = DealNet.objects.current().filter(event_id__in=by_id).chips_at_tables()
    for table_id, player_id, total in nets:
        chips.setdefault(table_id, {})[player_id] = total
    changed: dict[int, set[int]] = {}
    for table_id, leaver, substitute in Substitution.objects.filter(
        seat__table_id__in=tables
    ).values_list("seat__table_id", "seat__player_id", "substitute_id"):
        changed.setdefault(table_id, set()).update((leaver, substitute))
    rounds = []
    for table_id, seated in chips.items():
        event_id, rnd, number = tables[table_id]
        event = by_id[event_id]
        rounds.append(
            TableRound(
                event.date,
                order[event_id],
                f"E-{event_id:05d}",
                rnd,
                number,
                tuple((_key(p), c) for p, c in sorted(seated.items())),
                frozenset(_key(p) for p in changed.get(table_id, ())),
            )
        )
    return rounds


def _key(player_id: int) -> str:
    return Player(pk=player_id).circuit_number


def ratings_json(ratings: dict[str, PlayerRating]) -> dict:
    """The ratings as a published list keeps them (sorted, so the same data gives the
    same JSON)."""
    return {
        key: {
            "mu": r.mu,
            "sigma": r.sigma,
            "history": [[p.date.isoformat(), p.event, p.round, p.mu, p.sigma] for p in r.history],
        }
        for key, r in sorted(ratings.items())
    }


def circuit_ratings(events) -> dict:
    return ratings_json(compute_ratings(table_rounds(list(events))))
