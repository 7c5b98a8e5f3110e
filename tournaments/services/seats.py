"""A round's seats, written in one place: a draw of a round, of the whole schedule or
by the ranking."""

from __future__ import annotations

from django.utils import timezone

from ..models import Player, Round, Seat, Table


def seat_round(rnd: Round, draw, by_pk: dict[int, Player], seed: int | None) -> None:
    """A round's tables as drawn (``draw``: its tables' and byes' player ids, ``by_pk``
    their players); its empty tables made before are removed."""
    rnd.tables.all().delete()
    for number, table_players in enumerate(draw.tables, start=1):
        table = Table.objects.create(round=rnd, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, player=by_pk[pk], position=i) for i, pk in enumerate(table_players)
        )
    rnd.byes.set([by_pk[pk] for pk in draw.byes])
    rnd.seed = seed
    rnd.drawn_at = timezone.now()
    rnd.save(update_fields=["seed", "drawn_at"])
