"""Errors that name the field of the deal document they are about."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One thing wrong with the input, in words an organizer understands."""

    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


def named_twice(players: Sequence[str]) -> FieldError | None:
    """The players a deal names more than once, as an error in ``players``.

    >>> named_twice(["Bill", "Anna", "Bill", "Anna"]).message
    'Anna, Bill is named twice.'
    """
    if len(set(players)) == len(players):
        return None
    doubled = sorted(p for p, n in Counter(players).items() if n > 1)
    return FieldError("players", f"{', '.join(doubled)} is named twice.")


def named_as_an_account(names: Sequence[str]) -> FieldError | None:
    """A player named as the accounts are (the pot is ``#pot``), as an error."""
    if any(name.startswith("#") for name in names):
        return FieldError("players", "A player's name may not begin with #.")
    return None


def last_trick_contradictions(takers: list[tuple[str, str]]) -> list[FieldError]:
    """Errors for claims that contradict the first one about who took the last trick.

    ``takers`` lists (field, the side in words) for each field of the document that says
    which side took the last trick (a valat, a sweep, King Last, Pagat ...).

    >>> last_trick_contradictions([("valat", "bidder's team"), ("king_last", "opponents")])
    [FieldError(field='king_last', message="Contradicts valat: that says the bidder's team took \
the last trick, this says the opponents.")]
    """
    if not takers:
        return []
    first_field, first_side = takers[0]
    return [
        FieldError(
            field,
            f"Contradicts {first_field.replace('_', ' ')}: that says the "
            f"{first_side} took the last trick, this says the {side}.",
        )
        for field, side in takers[1:]
        if side != first_side
    ]


class OutcomeError(ValueError):
    """The input was refused; ``errors`` lists every problem found, not just the first."""

    def __init__(self, errors: list[FieldError] | tuple[FieldError, ...]):
        self.errors = tuple(errors)
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in self.errors))

    def as_dict(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.as_dict() for e in self.errors]}
