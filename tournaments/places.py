"""How a place and its points are written, once for every page, printout and file: "3",
"3=" (shared), "3rd", "3rd=" and table points "2.5". No Django and no model: the prize
table's checks (tournaments.money) read it as the standings do."""

from __future__ import annotations

from fractions import Fraction


def ordinal(n: int) -> str:
    """>>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd', '111th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_text(place: int, shared: bool, ordinal_form: bool = False) -> str:
    """A place as sport writes it, "=" when shared: "3=" in a list of places (the
    standings, the prize list, teams), "3rd=" in words (a place at a table).

    >>> place_text(3, True), place_text(3, False), place_text(3, True, True), place_text(1, 0, 1)
    ('3=', '3', '3rd=', '1st')
    """
    return (ordinal(place) if ordinal_form else str(place)) + ("=" if shared else "")


def points_text(points) -> str:
    """Points (a whole number or a Fraction) as they are shown: whole, or with at most
    two decimals.

    >>> points_text(Fraction(5, 2)), points_text(Fraction(7, 3)), points_text(Fraction(4))
    ('2.5', '2.33', '4')
    >>> points_text(-12)
    '-12'
    """
    points = Fraction(points)
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0").rstrip(".")
