"""The server's clubs: which club an event or season is saved in, and a club's
members (``add_member``, ``remove_member``).

A server with one club (what ``make run`` starts) never asks: its events and seasons
are its club's, and the club is made with its first event or season.
"""

from __future__ import annotations

import re
from datetime import date

from django.db import transaction
from django.db.models import Q

from ..models import Club, ClubMembership, Player, PlayerAlias
from ..models.clubs import MoreThanOneClub
from .activity import Action, log_activity
from .errors import FormError, PermissionDenied, ServiceError
from .permissions import is_circuit_officer, is_club_organizer


def the_club() -> Club:
    """The server's only club, made when first needed."""
    try:
        return Club.objects.the_club()
    except MoreThanOneClub as e:
        raise ServiceError(str(e)) from None


# What ``new_signing_key`` makes (43 characters), or any key as long and as plain.
KEY = re.compile(r"[A-Za-z0-9_-]{32,100}")


def set_signing_key(which: str, key: str) -> Club:
    """The laptop's club given the key its club has on the circuit's server (copied
    from the club's page there), so the event files it signs are the club's.

    ``which``: the club's slug or name here; a laptop with one club (what ``make run``
    makes) takes it whatever its club is called there."""
    key = key.strip()
    if not KEY.fullmatch(key):
        raise ServiceError(
            "That is not a club's key: copy the whole key from the club's page on the "
            "circuit's server (32 to 100 letters, digits, - and _)."
        )
    with transaction.atomic():
        club = (
            Club.objects.select_for_update()
            .filter(Q(slug=which) | Q(name__iexact=which.strip()))
            .first()
        )
        if club is None:
            try:
                club = Club.objects.the_club()
            except MoreThanOneClub:
                raise ServiceError(
                    f"No club here is called {which!r}; say one of: "
                    + ", ".join(Club.objects.values_list("slug", flat=True))
                    + "."
                ) from None
        Club.objects.filter(pk=club.pk).update(signing_key=key)
        club.signing_key = key
    return club


def may_change_members(user, club: Club) -> bool:
    """The club's organizers and the circuit's officers keep its members' list."""
    return is_club_organizer(user, club) or is_circuit_officer(user)


def _require_member_keeper(user, club: Club) -> None:
    if not may_change_members(user, club):
        raise PermissionDenied(f"Only the organizers of {club.name} may change its members.")


def merged_away(player: Player) -> str | None:
    """Why ``player`` cannot be made a member: merged into another player, who is
    named to add instead; None if not merged."""
    alias = PlayerAlias.objects.select_related("kept").filter(player=player).first()
    if alias is None:
        return None
    kept = alias.kept
    return f"{player.name} was merged into {kept.name} ({kept.circuit_number}): add them instead."


@transaction.atomic
def add_member(club: Club, user, player: Player, since: date | None = None) -> ClubMembership:
    """Make ``player`` (one of the circuit's players, picked from the registry) a
    member of ``club`` since ``since`` (today when not said)."""
    _require_member_keeper(user, club)
    # The player's row locked: a merge (services/merging.py) moving their memberships
    # waits, or has made them an alias, read after the lock.
    list(Player.objects.select_for_update().filter(pk=player.pk).values_list("pk"))
    message = merged_away(player)
    if message:
        raise FormError(message, {"player": [message]})
    if ClubMembership.objects.filter(club=club, player=player).exists():
        message = f"{player.name} is a member of {club.name} already."
        raise FormError(message, {"player": [message]})
    if since is not None and since > date.today():
        message = "A membership starts today or earlier."
        raise FormError(message, {"since": [message]})
    since = since or date.today()
    membership = ClubMembership.objects.create(club=club, player=player, since=since)
    log_activity(
        None,
        user,
        Action.ADD_MEMBER,
        player=player.name,
        club=club.name,
        since=membership.since.isoformat(),
    )
    return membership


@transaction.atomic
def remove_member(club: Club, user, player: Player) -> None:
    """``player`` is no longer a member of ``club`` (their events stay theirs)."""
    _require_member_keeper(user, club)
    deleted, _ = ClubMembership.objects.filter(club=club, player=player).delete()
    if not deleted:
        raise ServiceError(f"{player.name} is not a member of {club.name}.")
    log_activity(None, user, Action.REMOVE_MEMBER, player=player.name, club=club.name)
