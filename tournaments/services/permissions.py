"""Who may read and who may change an event or a season."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from ..models import Event, Season
from .errors import PermissionDenied


def can_manage(user, event: Event) -> bool:
    """Organizers of the event and superusers may change it."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    # Uses the prefetched organizers when the caller prefetched them.
    return any(o.pk == user.pk for o in event.organizers.all())


def can_view(user, event: Event) -> bool:
    return event.published or can_manage(user, event)


def _readable(user, rows: QuerySet) -> QuerySet:
    """The published rows of ``rows`` (events or seasons) and those ``user`` organizes;
    a superuser reads all (what ``can_view`` and ``can_view_season`` say of one)."""
    if not getattr(user, "is_authenticated", False):
        return rows.filter(published=True)
    if user.is_superuser:
        return rows
    return rows.filter(Q(published=True) | Q(organizers=user)).distinct()


def readable_events(user, events: QuerySet) -> QuerySet:
    """The events of ``events`` that ``user`` may read."""
    return _readable(user, events)


def readable_seasons(user, seasons: QuerySet) -> QuerySet:
    """The seasons of ``seasons`` that ``user`` may read."""
    return _readable(user, seasons)


def can_create_events(user) -> bool:
    return getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser)


def require_organizer(user, event: Event) -> None:
    if not can_manage(user, event):
        raise PermissionDenied("Only the organizers of this event may change it.")


def can_manage_season(user, season: Season) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or any(o.pk == user.pk for o in season.organizers.all())


def can_view_season(user, season: Season) -> bool:
    return season.published or can_manage_season(user, season)


def require_season_organizer(user, season: Season) -> None:
    if not can_manage_season(user, season):
        raise PermissionDenied("Only the organizers of this season may change it.")


def is_circuit_officer(user) -> bool:
    """A circuit officer (the ``circuit_officer`` permission, by user or group) or a
    superuser."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or user.has_perm("tournaments.circuit_officer")


def require_circuit_officer(user) -> None:
    if not is_circuit_officer(user):
        raise PermissionDenied("Only the circuit's officers may do this.")


def is_club_organizer(user, club) -> bool:
    """One of ``club``'s organizers (a superuser is not one by that alone: the club's
    key is shown to its organizers only)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return club.organizers.filter(pk=user.pk).exists()


def can_send_events(user, club) -> bool:
    """Who may send in a club's event from a laptop: its organizers and superusers."""
    return getattr(user, "is_authenticated", False) and (
        user.is_superuser or is_club_organizer(user, club)
    )
