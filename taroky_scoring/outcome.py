"""A deal as its game read it: typed, frozen, built from the values ``fields.Reader`` read.

Each game types its outcome: a subclass of ``Outcome`` declares every field of its
description as an annotated attribute, its default what an absent field reads as
(Nebraska's ``DealOutcome`` is a dataclass of its own). An outcome is built from the
reader's values in one step, whatever their number (a deal is scored in tens of
microseconds), and cannot be changed after; it is also read by key, as the web layer
reads every game's outcome (``players``, ``kind``, ``dealer``, ``bidder``, ``bid``).

>>> class Pile(Outcome):
...     cards: int
...     counting: tuple[str, ...] = ()
>>> pile = Pile({"cards": 7})
>>> pile.cards, pile.counting, pile["cards"], pile.get("counting")
(7, (), 7, None)
>>> pile.cards = 8
Traceback (most recent call last):
...
AttributeError: a Pile is read, not changed
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class Outcome(Mapping):
    """The values a reader read, as attributes (absent ones: the class's defaults)."""

    def __init__(self, values: Mapping[str, Any]):
        self.__dict__.update(values)  # the values are the instance's: one copy, no checks

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} is read, not changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} is read, not changed")

    def __getitem__(self, key: str) -> Any:
        return self.__dict__[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__)

    def __len__(self) -> int:
        return len(self.__dict__)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"
