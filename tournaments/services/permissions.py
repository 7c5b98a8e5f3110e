"""Who may read and who may change an event or a season."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from ..models import Event, Season
from .errors import PermissionDenied


def organized_club_ids(user) -> frozenset[int]:
    """The clubs ``user`` is an organizer of, by id: read once a request (kept on the
    user), and only when the event's or season's own organizers do not say."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    ids = getattr(user, "_organized_club_ids", None)
    if ids is None:
        ids = frozenset(user.organized_clubs.values_list("pk", flat=True))
        user._organized_club_ids = ids
    return ids


def can_manage(user, event: Event) -> bool:
    """Organizers of the event, organizers of its club and superusers may change it."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    # Uses the prefetched organizers when the caller prefetched them; the club's
    # organizers are asked only then (no query more on an event organizer's pages).
    return any(
        o.pk == user.pk for o in event.organizers.all()
    ) or event.club_id in organized_club_ids(user)


def can_view(user, event: Event) -> bool:
    """Anyone reads a published event; its organizers, its club's organizers and the
    circuit's officers (who read every club's events) an unpublished one."""
    return event.published or can_manage(user, event) or is_circuit_officer(user)


def _readable(user, rows: QuerySet, club: str) -> QuerySet:
    """The published rows of ``rows`` (events or seasons) and those ``user`` organizes,
    or whose club ``user`` organizes (``club`` names the rows' club); a superuser reads
    all (what ``can_view`` and ``can_view_season`` say of one)."""
    if not getattr(user, "is_authenticated", False):
        return rows.filter(published=True)
    if is_circuit_officer(user):
        return rows
    mine = Q(organizers=user) | Q(**{f"{club}__organizers": user})
    return rows.filter(Q(published=True) | mine).distinct()


def readable_events(user, events: QuerySet) -> QuerySet:
    """The events of ``events`` that ``user`` may read."""
    return _readable(user, events, "club")


def readable_seasons(user, seasons: QuerySet) -> QuerySet:
    """The seasons of ``seasons`` that ``user`` may read."""
    return _readable(user, seasons, "owner_club")


def can_create_events(user) -> bool:
    return getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser)


def require_organizer(user, event: Event) -> None:
    if not can_manage(user, event):
        raise PermissionDenied("Only the organizers of this event may change it.")


def can_manage_season(user, season: Season) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        user.is_superuser
        or any(o.pk == user.pk for o in season.organizers.all())
        or season.owner_club_id in organized_club_ids(user)
    )


def can_view_season(user, season: Season) -> bool:
    return season.published or can_manage_season(user, season) or is_circuit_officer(user)


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
    return club.pk in organized_club_ids(user)


def can_send_events(user, club) -> bool:
    """Who may send in a club's event from a laptop: its organizers with an organizer's
    account (the event is created as theirs, ``can_create_events``) and superusers."""
    return can_create_events(user) and (user.is_superuser or is_club_organizer(user, club))
