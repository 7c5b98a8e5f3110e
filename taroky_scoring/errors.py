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


class OutcomeError(ValueError):
    """The input was refused; ``errors`` lists every problem found, not just the first."""

    def __init__(self, errors: list[FieldError] | tuple[FieldError, ...]):
        self.errors = tuple(errors)
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in self.errors))

    def as_dict(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.as_dict() for e in self.errors]}

    def by_field(self) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = {}
        for e in self.errors:
            grouped.setdefault(e.field, []).append(e.message)
        return grouped
