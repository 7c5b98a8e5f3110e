"""The players registry: look-alike names, and renaming a player with the former name
kept (``rename_player``)."""

from __future__ import annotations

from ..models import FormerName, Player, Registration
from ..names import clean_name, fold
from .audit import audit
from .errors import ServiceError
from .locking import atomic
from .permissions import require_organizer


class RenameError(ServiceError):
    """A new name that cannot be had: said at the form's name field."""


def look_alikes(name: str, exclude: int | None = None) -> list[Player]:
    """Registry players whose name differs from ``name`` only in case, accents or
    spacing (one query on the folded name's index; the same name exactly is the same
    player, not a look-alike); ``exclude``: a player's id not to count (a rename's)."""
    found = Player.objects.filter(folded=fold(name)).exclude(name=name)
    if exclude is not None:
        found = found.exclude(pk=exclude)
    return list(found.only("pk", "name", "club").order_by("name"))


def who(players: list[Player]) -> str:
    """Players as the warnings name them: with their club where they have one."""
    return ", ".join(p.name + (f" ({p.club})" if p.club else "") for p in players)


@atomic
def rename_player(event, user, player: Player, new_name: str, different_person=False) -> Player:
    """Give ``player`` (registered for ``event``, which ``user`` organizes) a new name.

    The name is cleaned as every name is; another player's name is refused, and one
    that differs from another player's only in case or accents too, unless the
    organizer says it is a different person (as when registering). The old name is
    kept (``FormerName``: imports and lists find the player by it) and the rename is in
    the event's audit. Every page shows the new name: deal documents keep the names
    they were entered with, and the pages read them through each version's player ids.
    """
    require_organizer(user, event)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if not Registration.objects.filter(event=event, player=player).exists():
        raise ServiceError(f"{player.name} is not registered for this event.")
    name = clean_name(new_name)
    if not name:
        raise RenameError("Type the player's new name.")
    if name == player.name:
        raise RenameError(f"{name} is the player's name already.")
    if Player.objects.filter(name=name).exists():
        raise RenameError(f"Another player is called {name} already: pick another name.")
    alike = [] if different_person else look_alikes(name, exclude=player.pk)
    if alike:
        raise RenameError(
            f"“{name}” looks like {who(alike)}, already in the registry. Tick “a "
            "different person” to use the name anyway."
        )
    before = player.name
    FormerName.objects.create(player=player, name=before, renamed_by=user)
    player.name = name
    player.save(update_fields=["name"])
    audit(event, user, "rename_player", player=player.pk, **{"from": before, "to": name})
    return player
