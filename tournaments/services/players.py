"""The players registry: look-alike names, renaming a player with the former name
kept (``rename_player``), a player's email address (``set_player_email``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, Subquery, Value

from ..models import Event, FormerName, Player, Registration
from ..names import clean_name, fold
from ..words import listed
from .activity import Action, log_activity
from .errors import FormError, PermissionDenied, ServiceError
from .locking import atomic
from .permissions import can_create_events, can_manage, can_view, require_organizer


class RenameError(ServiceError):
    """A new name that cannot be had: said at the form's name field."""


def look_alikes(name: str, exclude: int | None = None) -> list[Player]:
    """Registry players whose name differs from ``name`` only in case, accents or
    spacing (one query on the folded name's index; the same name exactly is the same
    player, not a look-alike); ``exclude``: a player's id not to count (a rename's)."""
    found = Player.objects.filter(folded=fold(name)).exclude(name=name)
    if exclude is not None:
        found = found.exclude(pk=exclude)
    return list(found.only("pk", "name", "club").order_by("folded", "name"))


def renamed_from(name: str) -> list[tuple[str, Player]]:
    """Registry players once called ``name`` (or a name that differs from it only in
    case, accents or spacing) and renamed since, each with the former name: none when
    a player is called ``name`` now (the name is theirs). Two indexed queries."""
    if Player.objects.filter(name=name).exists():
        return []
    formers = (
        FormerName.objects.filter(folded=fold(name))
        .select_related("player")
        .only("name", "player__name", "player__club")
        .order_by("player__folded", "player__name", "-renamed_at", "-pk")
    )
    found: dict[int, tuple[str, Player]] = {}
    for former in formers:
        found.setdefault(former.player_id, (former.name, former.player))
    return list(found.values())


def search_registry(event, query: str):
    """The registry players the search ``query`` finds, with ``registered`` (for
    ``event`` already) and ``formerly`` (the former name that matched, if one did); no
    query: every player not registered for ``event``. One query a page, on the folded
    columns: accent- and case-blind ("kucera" finds Kučera), each word of the query in
    the name or the club, in any order ("Novak Jan" finds Jan Novák), or every word in
    one of the player's former names."""
    if not query:
        return (
            find_in_registry("")
            .exclude(registrations__event=event)
            .annotate(registered=Value(False), formerly=Value(""))
        )
    return find_in_registry(query).annotate(
        registered=Exists(Registration.objects.filter(event=event, player=OuterRef("pk")))
    )


def find_in_registry(query: str):
    """The circuit's players the search ``query`` finds (every player when it is
    empty), with ``formerly``, the former name that matched, if one did: accent- and
    case-blind, each word in the name or the club in any order, or every word in one of
    the player's former names. A player merged into another is found by the kept
    player's former names instead."""
    players = (
        Player.objects.filter(alias__isnull=True)
        .only("pk", "name", "club")
        .order_by("folded", "name", "pk")
    )
    words = fold(query).split()
    if not words:
        return players
    now, former = Q(), FormerName.objects.filter(player=OuterRef("pk"))
    for word in words:
        now &= Q(folded__contains=word) | Q(folded_club__contains=word)
        former = former.filter(folded__contains=word)
    return players.filter(now | Exists(former)).annotate(
        formerly=Subquery(former.order_by("-renamed_at", "-pk").values("name")[:1]),
    )


def who(players: list[Player]) -> str:
    """Players as the warnings name them: with their club where they have one."""
    return ", ".join(p.name + (f" ({p.club})" if p.club else "") for p in players)


@atomic
def rename_player(event, user, player: Player, new_name: str, different_person=False) -> Player:
    """Give ``player`` (registered for ``event``, which ``user`` organizes) a new name.

    The registry is shared: the new name shows in every event the player is registered
    for, so only who organizes all of them (or a superuser) renames them, and the rename
    is in each one's activity log. The name is cleaned as every name is; another
    player's name is refused, and one that differs from another player's only in case
    or accents too, unless the organizer says it is a different person (as when
    registering). The old name is kept (``FormerName``: imports and lists find the
    player by it). Every page shows the new name: deal documents keep the names they
    were entered with, and the pages read them through each version's player ids.
    """
    require_organizer(user, event)
    # Locked: a registration of the player made meanwhile (its foreign key's check
    # waits for this lock on PostgreSQL) comes after the rename, or is seen here.
    player = Player.objects.select_for_update().get(pk=player.pk)
    events = every_event_of(player)
    if event not in events:
        raise ServiceError(f"{player.name} is not registered for this event.")
    _require_organizer_of_all(user, player, events)
    name = clean_name(new_name)
    if not name:
        raise RenameError("Type the player's new name.")
    if name == player.name:
        raise RenameError(f"{name} is the player's name already.")
    taken = RenameError(f"Another player is called {name} already: pick another name.")
    if _name_taken(name):
        raise taken
    alike = [] if different_person else look_alikes(name, exclude=player.pk)
    if alike:
        raise RenameError(
            f"“{name}” looks like {who(alike)}, already in the registry. Tick “a "
            "different person” to use the name anyway."
        )
    before = player.name
    FormerName.objects.create(player=player, name=before, renamed_by=user)
    player.name = name
    try:
        # Another player given this name meanwhile (a rename or a registration that
        # committed after the check above): the unique name refuses it.
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError:
        raise taken from None
    for each in events:
        log_activity(
            each, user, Action.RENAME_PLAYER, player=player.pk, **{"from": before, "to": name}
        )
    return player


def _name_taken(name: str) -> bool:
    return Player.objects.filter(name=name).exists()


def every_event_of(player: Player) -> list[Event]:
    """Every event ``player`` is registered for, every club's (unscoped, even on a page
    scoped to one club: who may change a player decides on all of them)."""
    return list(
        Event.objects.with_scopes_disabled()
        .filter(registrations__player=player)
        .prefetch_related("organizers")
        .order_by("date", "name", "pk")
    )


def _require_organizer_of_all(user, player: Player, events: list[Event]) -> None:
    """Refused unless ``user`` may change every one of ``events`` (a superuser may):
    saying which events hold the player and whom to ask."""
    theirs = [e for e in events if not can_manage(user, e)]
    if not theirs:
        return
    # An event of another club than those the user organizes events of, that the user
    # may not read (unpublished), is counted, never named, nor its organizers.
    clubs = {e.club_id for e in events if e not in theirs}
    shown = [e for e in theirs if e.club_id in clubs or can_view(user, e)]
    unread = len(theirs) - len(shown)
    said = [str(e) for e in shown] + (
        [f"{unread} event{'s' if unread > 1 else ''} you may not read"] if unread else []
    )
    organizers = sorted({o.get_username() for e in shown for o in e.organizers.all()})
    ask = (
        f"ask {'its' if len(theirs) == 1 else 'their'} organizer"
        f"{'s' if len(organizers) > 1 else ''} ({listed(organizers)}) or an administrator"
        if organizers
        else "ask an administrator"
    )
    raise PermissionDenied(
        f"{player.name} is also registered for {listed(said)}, which "
        f"you do not organize: a new name would show there too. Only someone who organizes "
        f"every event {player.name} is registered for, or an administrator, may rename "
        f"{player.name}; {ask}."
    )


@atomic
def set_player_email(user, player: Player, email: str) -> Player:
    """``player``'s email address ("" for none), where the results by email go. The
    registry is shared: only who organizes every event the player is registered for
    (an organizer account, for a player of none), or a superuser, changes it. The
    address is checked by Django's EmailValidator (the form's rule), at its field."""
    email = email.strip()
    if email:
        try:
            if len(email) > 254 or "\x00" in email:
                raise ValidationError("too long or a NUL")
            validate_email(email)
        except ValidationError:
            said = "Type an email address such as anna@example.org, or leave it empty."
            raise FormError(said, {"email": [said]}) from None
    player = Player.objects.select_for_update().get(pk=player.pk)
    events = every_event_of(player)
    theirs = [e for e in events if not can_manage(user, e)]
    if theirs or not (events or can_create_events(user)):
        raise PermissionDenied(
            f"Only someone who organizes every event {player.name} is registered for, or "
            f"an administrator, may change {player.name}'s email address."
        )
    if email == player.email:
        return player
    player.email = email
    player.save(update_fields=["email"])
    # The address itself stays out of the log: it says that it changed, not to what.
    for each in events:
        log_activity(each, user, Action.SET_PLAYER_EMAIL, player=player.name)
    return player
