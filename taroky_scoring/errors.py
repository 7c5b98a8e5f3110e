"""Errors that name the field of the deal document they are about."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One thing wrong with the input, in words an organizer understands."""

    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


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
