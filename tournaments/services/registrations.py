"""An event's players: registering one (a late arrival too), withdrawing one."""

from __future__ import annotations

from ..models import ActivityEntry, Event, Player, Registration
from ..names import clean_name
from .activity import log_activity
from .errors import ServiceError
from .locking import atomic
from .permissions import require_organizer
from .schedule import redraw_if_scheduled


@atomic
def register_player(
    event: Event, user, player: Player | None = None, name: str = "", club: str = ""
) -> Player:
    """Register a player from the registry, or a new one by name; undo a withdrawal."""
    require_organizer(user, event)
    if player is None:
        name = clean_name(name)
        if not name:
            raise ServiceError("Pick a player or type a new name.")
        player, _ = Player.objects.get_or_create(name=name, defaults={"club": clean_name(club)})
    registration, created = Registration.objects.get_or_create(event=event, player=player)
    returning = not created and registration.withdrawn
    if returning:
        registration.withdrawn = False
        registration.save(update_fields=["withdrawn"])
    log_activity(event, user, ActivityEntry.Action.REGISTER_PLAYER, player=player.name)
    if created or returning:
        redraw_if_scheduled(event, user)  # a late arrival joins the rounds not started
    return player


@atomic
def withdraw_player(event: Event, user, player: Player) -> None:
    """Leave a player out of later rounds; their chips so far still count."""
    require_organizer(user, event)
    updated = Registration.objects.filter(event=event, player=player).update(withdrawn=True)
    if not updated:
        raise ServiceError(f"{player.name} is not registered for this event.")
    log_activity(event, user, ActivityEntry.Action.WITHDRAW_PLAYER, player=player.name)
    redraw_if_scheduled(event, user)  # and leaves the rounds not started
