"""Self check-in: the organizer opens, reissues or closes an event's check-in link; a
registered player of that event, holding it, says they are here (once). The roll call
shows who did; the organizer still takes it (services.rounds.set_roll_call)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery

from .. import scoping
from ..models import CheckIn, CheckInLink, Event, Player, Registration
from ..words import time_of_day
from .activity import Action, log_activity
from .errors import ServiceError
from .locking import atomic, lock_event
from .players import search_registry
from .tokens import new_token, revoke, revoked_detail

# Names the check-in page lists for one search: more, and the player is asked to type
# more of their name (the page costs the same whatever the event's size).
FOUND_AT_MOST = 12


class CheckInRefused(ServiceError):
    """The check-in link does not work (unknown, closed), or what was asked of it is
    not a check-in of one of its event's registered players: nothing was saved."""


class AlreadyCheckedIn(ServiceError):
    """The player checked in already: ``check_in`` is that check-in."""

    def __init__(self, check_in: CheckIn):
        super().__init__(
            f"{check_in.player.name} checked in at {time_of_day(check_in.checked_in_at)} already."
        )
        self.check_in = check_in


def working_link(event: Event) -> CheckInLink | None:
    """The event's open check-in link, if it has one (one query)."""
    return (
        CheckInLink.objects.filter(event=event, revoked_at__isnull=True)
        .order_by("-created_at", "-pk")
        .first()
    )


def find_check_in(token: str) -> CheckInLink:
    """The open check-in link with this token, or CheckInRefused saying why not."""
    # Read unscoped by its token (the authority): the request is then its club's.
    links = CheckInLink.objects.with_scopes_disabled().select_related("event")
    link = links.filter(token=str(token)[:64]).first()
    if link is None:
        raise CheckInRefused(
            "This check-in link is not known. Scan the QR code at the door, or ask the organizer."
        )
    scoping.enter(link.event.club_id)
    if link.revoked_at is not None:
        raise CheckInRefused(
            f"The check-in of {link.event.name} is closed. Tell the organizer you are here."
        )
    return link


@atomic
def open_check_in(event: Event, user) -> CheckInLink:
    """A new check-in link for the event; an open one before it stops working (a
    reissue, when its QR code went where it should not). ``replaced`` says which."""
    event = lock_event(event.pk, user)
    old = revoke(CheckInLink.objects.filter(event=event))
    link = CheckInLink.objects.create(event=event, token=new_token(), created_by=user)
    action = Action.REISSUE_CHECK_IN if old else Action.OPEN_CHECK_IN
    log_activity(event, user, action, **(revoked_detail(old) if old else {}))
    link.replaced = bool(old)
    return link


@atomic
def close_check_in(event: Event, user) -> int:
    """Stop the event's check-in link; how many were open (0: nothing to close)."""
    event = lock_event(event.pk, user)
    closed = revoke(CheckInLink.objects.filter(event=event))
    if closed:
        log_activity(event, user, Action.CLOSE_CHECK_IN, **revoked_detail(closed))
    return len(closed)


@atomic
def check_in(token: str, player_id: int) -> CheckIn:
    """Player ``player_id`` checks in through the check-in link ``token``.

    Only a registered, not withdrawn player of the link's own event; once: a second
    time says when they did (AlreadyCheckedIn). The registration's row is locked, so two
    phones checking in the same player make one check-in (on SQLite the write
    transaction is the lock), and the unique constraint stands behind it.
    """
    link = find_check_in(token)
    event = link.event
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(event=event, player_id=player_id)
        .first()
    )
    if registration is None:
        raise CheckInRefused(
            f"That player is not registered for {event.name}: nothing was saved. "
            "Ask the organizer at the door."
        )
    player = registration.player
    if registration.withdrawn:
        raise CheckInRefused(
            f"{player.name} is withdrawn from {event.name}: nothing was saved. "
            "Ask the organizer at the door."
        )
    earlier = checked_in_already(event, player)
    if earlier is not None:
        raise AlreadyCheckedIn(earlier)
    try:
        with transaction.atomic():
            made = CheckIn.objects.create(event=event, player=player)
    except IntegrityError:
        # Checked in meanwhile by a transaction that did not wait for the lock.
        raise AlreadyCheckedIn(
            CheckIn.objects.select_related("player").get(event=event, player=player)
        ) from None
    log_activity(event, None, Action.CHECK_IN, player=player.name)
    return made


def checked_in_already(event: Event, player: Player) -> CheckIn | None:
    return CheckIn.objects.filter(event=event, player=player).select_related("player").first()


def search(event: Event, query: str) -> list[Player]:
    """The event's registered, not withdrawn players the query finds as the registry's
    search does (accent- and case-blind, any word order, former names), each with
    ``checked_in_at`` (or None): at most FOUND_AT_MOST + 1, one query."""
    if not query.strip():
        return []
    when = CheckIn.objects.filter(event=event, player=OuterRef("pk")).values("checked_in_at")
    found = (
        search_registry(event, query)
        .filter(registrations__event=event, registrations__withdrawn=False)
        .annotate(checked_in_at=Subquery(when[:1]))
    )
    return list(found[: FOUND_AT_MOST + 1])


def check_in_times(event: Event) -> dict[int, object]:
    """Player id -> when they checked in, for the roll call: one query."""
    return dict(CheckIn.objects.filter(event=event).values_list("player_id", "checked_in_at"))
