"""An event's players: registering one (a late arrival, a substitute only), seating a
reserve, who pays the entry fee, withdrawing one (FORMATS.md, "Players who come late,
and substitutes only", "Who pays").

Nothing is drawn again unasked: while rounds drawn in advance wait to be played, a
player who joins is seated in them only when the organizer says so (those rounds are
drawn again, and the page says which: their cards are printed again), or is registered
as a reserve, without a seat, whom the draws leave out until seated."""

from __future__ import annotations

from ..models import Event, Player, PlayerAlias, Registration, Round, Seat
from ..names import clean_name
from .activity import Action, log_activity
from .errors import FormError, ServiceError
from .locking import atomic
from .permissions import require_organizer
from .schedule import redraw_if_scheduled, rounds_words, waiting_rounds


def choose_seat_words(name: str, waiting: list[Round]) -> str:
    """What the organizer must choose when ``name`` joins while rounds wait."""
    return (
        f"{rounds_words(waiting).capitalize()} {'is' if len(waiting) == 1 else 'are'} drawn "
        f"and not started: choose whether {name} is seated in "
        f"{'it' if len(waiting) == 1 else 'them'} (drawn again) or registered as a reserve, "
        "without a seat."
    )


@atomic
def register_player(
    event: Event,
    user,
    player: Player | None = None,
    name: str = "",
    club: str = "",
    seat: bool | None = None,
    pays_fee: bool = True,
    email: str = "",
) -> Player:
    """Register a player from the registry, or a new one by name; undo a withdrawal.

    ``seat``: True seats a player who joins in the rounds drawn in advance and not
    started (they are drawn again); False registers them as a reserve, without a seat,
    in any event; None (not said) is refused at the field while such rounds wait.
    ``pays_fee``: whether a new registration pays the entry fee (the organizer can
    change it later: ``set_pays_fee``). ``email``: a new player's address (the form
    checked it); a registry player's stays as it is."""
    require_organizer(user, event)
    if player is None:
        name = clean_name(name)
        if not name:
            raise ServiceError("Pick a player or type a new name.")
        player, _ = Player.objects.get_or_create(
            name=name, defaults={"club": clean_name(club), "email": email}
        )
        # A name merged into another player (services/merging.py) is that player's.
        alias = _merged(player)
        player = alias.kept if alias is not None else player
    else:
        alias = _merged(player)
        if alias is not None:
            raise ServiceError(
                f"{player.name} was merged into {alias.kept.name} "
                f"({alias.kept.circuit_number}): register them instead."
            )
    registration = Registration.objects.filter(event=event, player=player).first()
    joins = registration is None or registration.withdrawn
    waiting = waiting_rounds(event) if joins else []
    if waiting and seat is None:
        message = choose_seat_words(player.name, waiting)
        raise FormError(message, {"seat": [message]})
    reserve = seat is False
    if registration is None:
        Registration.objects.create(event=event, player=player, reserve=reserve, pays_fee=pays_fee)
    elif registration.withdrawn:
        registration.withdrawn = False
        registration.reserve = reserve
        registration.save(update_fields=["withdrawn", "reserve"])
    detail = {"player": player.name}
    if joins and not pays_fee and registration is None:
        detail["pays_fee"] = False
    if waiting and not reserve:
        detail["drawn_again"] = [r.number for r in waiting]
    said = Action.REGISTER_RESERVE if joins and reserve else Action.REGISTER_PLAYER
    log_activity(event, user, said, **detail)
    if waiting and not reserve:
        redraw_if_scheduled(event, user)  # the organizer said: seat them in those rounds
    return player


def _merged(player: Player) -> PlayerAlias | None:
    """The player's row locked, then whom they were merged into, if they were.

    A merge locks the two players' rows (services/merging.py): a registration of the
    duplicate committed first is moved by the merge, one that waited reads the alias
    the merge made (read after the lock, so it sees what the merge committed)."""
    list(Player.objects.select_for_update().filter(pk=player.pk).values_list("pk"))
    return PlayerAlias.objects.select_related("kept").filter(player=player).first()


def _registration(event: Event, player: Player) -> Registration:
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .filter(event=event, player=player)
        .first()
    )
    if registration is None:
        raise ServiceError(f"{player.name} is not registered for this event.")
    return registration


@atomic
def seat_reserve(event: Event, user, player: Player) -> list[Round]:
    """A reserve becomes a player the draws seat: the rounds drawn in advance and not
    started are drawn again with them (the organizer was told which); those rounds."""
    require_organizer(user, event)
    registration = _registration(event, player)
    if not registration.reserve:
        raise ServiceError(f"{player.name} is not a reserve: the draws seat them already.")
    if registration.withdrawn:
        raise ServiceError(f"{player.name} is withdrawn: register them again instead.")
    registration.reserve = False
    registration.save(update_fields=["reserve"])
    waiting = waiting_rounds(event)
    log_activity(
        event,
        user,
        Action.SEAT_RESERVE,
        player=player.name,
        drawn_again=[r.number for r in waiting],
    )
    redraw_if_scheduled(event, user)
    return waiting


@atomic
def set_pays_fee(event: Event, user, player: Player, pays: bool) -> None:
    """Whether a registered player pays the entry fee (a refund, a guest, a substitute
    who plays the whole day): the prize fund counts those who pay."""
    require_organizer(user, event)
    registration = _registration(event, player)
    if registration.pays_fee == pays:
        return
    registration.pays_fee = pays
    registration.save(update_fields=["pays_fee"])
    said = "pays" if pays else "does not pay"
    log_activity(event, user, Action.SET_PAYS_FEE, player=player.name, pays=said)


@atomic
def withdraw_player(event: Event, user, player: Player) -> list[Round]:
    """Leave a player out of later rounds; their chips so far still count. The rounds
    drawn in advance and not started where they sit are drawn again without them:
    those rounds (the page says which)."""
    require_organizer(user, event)
    updated = Registration.objects.filter(event=event, player=player).update(withdrawn=True)
    if not updated:
        raise ServiceError(f"{player.name} is not registered for this event.")
    waiting = waiting_rounds(event)
    sits = Seat.objects.filter(table__round__in=waiting, player=player).exists() or any(
        Round.byes.through.objects.filter(round__in=waiting, player=player).values("pk")[:1]
    )
    log_activity(event, user, Action.WITHDRAW_PLAYER, player=player.name)
    if not sits:
        return []
    redraw_if_scheduled(event, user)  # and leaves the rounds not started
    return waiting
