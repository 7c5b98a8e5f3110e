"""How an event ranks (tournaments.ranking): its choices, the defaults of its lists and
the checks of what a number's bounds cannot say, which the declaration of the event's
settings (event_settings.py) gives its settings."""

from __future__ import annotations

from django.db import models

TABLE_SIZES = (2, 3, 4, 5)  # the table sizes table points are given for
MAX_TABLE_POINTS = 1_000  # a place's points, bye points, the scale


class Ranking(models.TextChoices):
    CHIPS = "chips", "Chips"
    TABLE_POINTS = "table_points", "Table points"
    CHIPS_AND_POINTS = "chips_and_points", "Chips plus table points"


class SharedPlaces(models.TextChoices):
    PLACE = "place", "Each gets the place's points"
    AVERAGE = "average", "Each gets the average of the places shared"


def default_table_points() -> dict[str, list[int]]:
    """Table points of each place by table size (docs/organizers.md, "How an event
    ranks"): 4/3/2/1 at four, 4/3/2/1/1 at five (the dealer sitting out counted as a
    player of the table), 3/2/1 at three, 2/1 at two."""
    return {"2": [2, 1], "3": [3, 2, 1], "4": [4, 3, 2, 1], "5": [4, 3, 2, 1, 1]}


def default_event_tie_breaks() -> list[str]:
    """Equal scores broken by chips (under chips, nobody is parted: today's shared
    ranks)."""
    return ["chips"]


def table_points_error(size: int, points) -> str:
    """What is wrong with the points of a table of ``size``, "" if nothing.

    >>> table_points_error(4, [4, 3, 2]), table_points_error(3, [3, -1, 0])
    ('A table of 4 gives 4 places: give 4 numbers.', 'Points cannot be below 0.')
    >>> table_points_error(2, [2, 1.5]), table_points_error(2, [2, 1])
    ('Give whole numbers of points, one a place: 2, 1.', '')
    """
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        example = ", ".join(str(p) for p in default_table_points()[str(size)])
        return f"Give whole numbers of points, one a place: {example}."
    if len(points) != size:
        return f"A table of {size} gives {size} places: give {size} numbers."
    if any(p < 0 for p in points):
        return "Points cannot be below 0."
    if any(p > MAX_TABLE_POINTS for p in points):
        return f"At most {MAX_TABLE_POINTS:,} points a place."
    return ""


def table_points_problems(points) -> list[str]:
    """A list of points for each table size, each number bounded.

    >>> table_points_problems({"2": [2, 1]})
    ['Give the points of each table size: 2, 3, 4, 5.']
    """
    if not isinstance(points, dict) or set(points) != {str(n) for n in TABLE_SIZES}:
        return ["Give the points of each table size: " + ", ".join(map(str, TABLE_SIZES)) + "."]
    return [
        f"At {n}: {wrong}" for n in TABLE_SIZES if (wrong := table_points_error(n, points[str(n)]))
    ]


def tie_breaks_problems(breaks) -> list[str]:
    """Each tie-break known and once, in order.

    >>> tie_breaks_problems(["chips", "chips"])
    ['Each of chips, table_wins, best_round, head_to_head at most once, in order.']
    """
    from .. import tie_breaks

    if (
        not isinstance(breaks, list)
        or not all(isinstance(b, str) and b in tie_breaks.EVENT_KEYS for b in breaks)
        or len(set(breaks)) != len(breaks)
    ):
        return [f"Each of {', '.join(tie_breaks.EVENT_KEYS)} at most once, in order."]
    return []
