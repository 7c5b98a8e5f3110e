"""Domain errors: a bad request, said in the organizer's words."""

from __future__ import annotations

from taroky_scoring import FieldError


class ServiceError(Exception):
    """A request the app refuses; ``field_errors`` map document fields to messages."""

    def __init__(self, message: str, field_errors: tuple[FieldError, ...] = ()):
        super().__init__(message)
        self.message = message
        self.field_errors = tuple(field_errors)


class FormError(ServiceError):
    """A request refused at its form's fields: ``fields`` names each and says why."""

    def __init__(self, message: str, fields: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.fields = fields or {}


class DealError(ServiceError):
    """The deal was refused by the scoring core or does not fit its table."""


class StaleDealError(ServiceError):
    """Somebody else changed the deal since the form was opened."""


class PermissionDenied(ServiceError):
    """The user may not change this event."""


class BusyError(ServiceError):
    """A lock could not be had (a deadlock, a timeout): nothing was saved."""


class DealNumberTaken(DealError):
    """A deal of this number is saved at the table already (a form sent twice, two
    phones at one table, a phone sending again what it kept while offline): ``saved`` is
    that deal; ``same`` whether it says what was sent (then nothing is lost: the phone's
    deal is saved), else the two versions conflict and a person decides."""

    def __init__(self, message: str, saved, same: bool):
        super().__init__(message)
        self.saved = saved
        self.same = same
