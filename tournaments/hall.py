"""Find your seat: the round's players alphabetically, for the page, the wall and the pack."""

from __future__ import annotations

from .models import Round, Seat
from .names import name_key


def seat_finder_rows(rnd: Round, tables=None) -> list[dict]:
    """Every player of the round with table and seat (numbered from 1 in the order of play), or bye.

    Two queries; none for the seats when ``tables`` come with their seats prefetched.
    """
    if tables is None:
        seats = Seat.objects.filter(table__round=rnd).select_related("player", "table")
        rows = [
            {"name": s.player.name, "table": s.table.number, "seat": s.position + 1} for s in seats
        ]
    else:
        rows = [
            {"name": s.player.name, "table": t.number, "seat": s.position + 1}
            for t in tables
            for s in t.seats.all()
        ]
    rows += [{"name": p.name, "table": None, "seat": None} for p in rnd.byes.all()]
    return sorted(rows, key=lambda r: name_key(r["name"]))
