"""The circuit's ranking list on paper: rank, player, circuit number, clubs, score and
the calculation line each row can be redone by hand from; a club's members' list the
same rows after each member's place in the club."""

from __future__ import annotations

from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.platypus import Spacer

from .common import BODY, MARGIN, SMALL, build, grid_table, para


def ranking_list_pdf(published, rows, club=None) -> bytes:
    """``rows``: the list's rows (circuit_pages.list_rows); with ``club``, its members'
    rows (circuit_pages.members_rows), each after its place in the club."""
    pagesize = landscape(LETTER)
    width = pagesize[0] - 2 * MARGIN
    widths = [70, 110, 50, 90, 45]
    head = ["Rank", "Player", "Number", "Clubs", "Score", "Calculation"]
    if club is not None:
        widths = [48, 80, *widths[1:]]
        head = ["In the club", "Rank in the circuit", *head[1:]]
    widths.append(width - sum(widths))
    data = [head]
    for r in rows:
        cells = [
            para(r.standing),
            para(r.name),
            r.number,
            para(r.clubs),
            r.score,
            para(r.calculation, SMALL),
        ]
        data.append([r.in_club, *cells] if club is not None else cells)
    story = [
        para(
            "Ranked: three events or more. The score is half the weighted mean of all the "
            "player's counting results plus half that of the best three; each line below "
            "redoes it.",
            BODY,
        ),
        Spacer(1, 6),
        grid_table(data, widths),
    ]
    title = f"The circuit's ranking list of {published.date:%B %-d, %Y}"
    ranked = sum(r.ranked for r in rows)
    said = f"{len(published.events)} approved events · {ranked} ranked"
    if club is not None:
        title = f"{club.name}'s members on {title[0].lower()}{title[1:]}"
        said = f"{len(rows)} member{'s' if len(rows) != 1 else ''} listed · {ranked} ranked"
    return build(story, pagesize, lambda: [title, said])
