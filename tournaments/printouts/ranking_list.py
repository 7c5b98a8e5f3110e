"""The circuit's ranking list on paper: rank, player, circuit number, clubs, score and
the calculation line each row can be redone by hand from."""

from __future__ import annotations

from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.platypus import Spacer

from .common import BODY, MARGIN, SMALL, build, grid_table, para


def ranking_list_pdf(published, rows) -> bytes:
    """``rows``: the list's rows (circuit_pages.list_rows)."""
    pagesize = landscape(LETTER)
    width = pagesize[0] - 2 * MARGIN
    widths = [70, 110, 50, 90, 45]
    widths.append(width - sum(widths))
    data = [["Rank", "Player", "Number", "Clubs", "Score", "Calculation"]]
    for r in rows:
        data.append(
            [
                para(r.standing),
                para(r.name),
                r.number,
                para(r.clubs),
                r.score,
                para(r.calculation, SMALL),
            ]
        )
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
    header = [
        f"The circuit's ranking list of {published.date:%B %-d, %Y}",
        f"{len(published.events)} approved events · {sum(r.ranked for r in rows)} ranked",
    ]
    return build(story, pagesize, lambda: header)
