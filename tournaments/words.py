"""How messages say several things in a sentence."""

from __future__ import annotations


def listed(items: list[str]) -> str:
    """Items as a sentence says them.

    >>> listed(["Anna"]), listed(["Anna", "Bill"]), listed(["Anna", "Bill", "Čada"])
    ('Anna', 'Anna and Bill', 'Anna, Bill and Čada')
    """
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]]))
