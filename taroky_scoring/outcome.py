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
from typing import Any, ClassVar, Self


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


class Holding(Outcome):
    """A holding a player declares or shows, paid by each other player (a Petrtyl
    declaration, a Texas bonus)."""

    player: str
    kind: str


class GameOutcome(Outcome):
    """What the deal documents of Petrtyl and the Texas games share: who played, what was
    bid; and how a game's outcome is read from the reader's values, its objects typed
    (``OBJECTS``: a key and its kind; ``LISTS``: a key and the kind of each item)."""

    OBJECTS: ClassVar[Mapping[str, type[Outcome]]] = {}
    LISTS: ClassVar[Mapping[str, type[Outcome]]] = {}

    players: tuple[str, ...]
    kind: str
    ruleset: str | None = None
    options: Mapping[str, Any] | None = None
    dealer: str | None = None
    bidder: str | None = None
    bid: str | None = None
    partner: str | None = None
    called: str | None = None

    @classmethod
    def read(cls, values: dict[str, Any]) -> Self:
        """The outcome of the values a reader read (its objects typed too)."""
        for key, kind in cls.OBJECTS.items():
            if values.get(key):
                values[key] = kind(values[key])
        for key, kind in cls.LISTS.items():
            if values.get(key):
                values[key] = tuple(kind(item) for item in values[key])
        return cls(values)
