"""An event's prizes: its entry fee, its prize table and whether the club adds what the
fees do not cover (tournaments.prizes reads them)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from .. import money, prizes
from ..models import ActivityEntry, Event, Player, PrizeCategory
from .activity import log_activity
from .errors import FormError
from .locking import atomic
from .permissions import require_organizer


@atomic
def set_prizes(
    event: Event,
    user,
    entry_fee_cents: int,
    prize_table: str,
    prizes_club_adds: bool,
    prizes_in_each_list: bool = False,
) -> Event:
    """The event's prizes as the organizer sets them (all empty: no prizes). A table
    paying more than the fees collected now is refused at its field unless the club
    adds the rest. ``prizes_in_each_list``: a player may take a prize in the event's
    list and in a category's (else one prize per player, the larger)."""
    # The event row locked: two organizers saving at once save one after the other.
    event = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    require_organizer(user, event)
    event.entry_fee_cents = entry_fee_cents
    event.prize_table = prize_table
    event.prizes_club_adds = prizes_club_adds
    event.prizes_in_each_list = prizes_in_each_list
    try:
        event.clean_prizes()
    except ValidationError as e:
        raise FormError(" ".join(e.messages), e.message_dict) from e
    # Categories stay without prizes (their standings); their prize tables may not.
    if not event.sets_prizes and event.prize_categories.exclude(prize_table="").exists():
        said = "The event's categories have prizes: empty their prize tables first."
        raise FormError(said, {"prize_table": [said]})
    _check_fees_cover(event, list(event.prize_categories.all()))
    event.save(update_fields=list(Event.PRIZE_SETTINGS))
    log_activity(
        event,
        user,
        ActivityEntry.Action.SET_PRIZES,
        entry_fee_cents=event.entry_fee_cents,
        prize_table=event.prize_table,
        club_adds=event.prizes_club_adds,
        # Said only when ticked, as the event's file carries it.
        **({"in_each_list": True} if event.prizes_in_each_list else {}),
    )
    return event


def _check_fees_cover(event: Event, categories) -> None:
    """Refused at the prize table's field: prizes (the event's and its categories')
    paying more than the fees collected now, unless the club adds the rest."""
    players = prizes.players_paying(event)
    pool = event.entry_fee_cents * players
    total = prizes.tables_total(event, pool, categories)
    if total > pool and not event.prizes_club_adds:
        said = prizes.overpay_words(total, pool, event.entry_fee_cents, players)
        raise FormError(said, {"prize_table": [said]})


def clean_category_name(name: str) -> str:
    """A category's name, its spaces tidied, or a FormError at its field. No ";": the
    players CSV separates a player's categories with it."""
    name = " ".join(name.split())
    if not name or len(name) > CATEGORY_NAME_MAX:
        said = f"A category's name is 1 to {CATEGORY_NAME_MAX} characters."
        raise FormError(said, {"name": [said]})
    if ";" in name:
        said = "A category's name has no “;” (the players CSV separates categories with it)."
        raise FormError(said, {"name": [said]})
    return name


CATEGORY_NAME_MAX = PrizeCategory._meta.get_field("name").max_length


@atomic
def save_category(
    event: Event,
    user,
    name: str,
    players: list[Player],
    prize_table: str,
    category: PrizeCategory | None = None,
) -> PrizeCategory:
    """A new category of the event, or ``category`` changed: its name, its players
    (registered in the event) and its prize table (read as the event's; only for an
    event that sets prizes; empty, the category ranks its players and pays nothing)."""
    event = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    require_organizer(user, event)
    if prize_table.strip() and not event.sets_prizes:
        said = "Set the event's prizes first: a category's prizes share its fees."
        raise FormError(said, {"prize_table": [said]})
    name = clean_category_name(name)
    others = event.prize_categories.exclude(pk=category.pk if category else None)
    if others.filter(name__iexact=name).exists():
        said = f"The event has a category {name} already."
        raise FormError(said, {"name": [said]})
    if category is None and others.count() >= PrizeCategory.MAX_PER_EVENT:
        raise FormError(f"An event has at most {PrizeCategory.MAX_PER_EVENT} categories.")
    registered = set(event.registrations.values_list("player_id", flat=True))
    strangers = [p.name for p in players if p.pk not in registered]
    if strangers:
        said = f"Not registered in this event: {', '.join(strangers)}."
        raise FormError(said, {"players": [said]})
    try:
        table = money.parse_table(prize_table)
        money.check_table(event.entry_fee_cents, table)
    except ValidationError as e:
        raise FormError(" ".join(e.messages), {"prize_table": e.messages}) from e
    if category is None:
        category = PrizeCategory(event=event)
    else:
        category = PrizeCategory.objects.select_for_update(of=("self",)).get(
            pk=category.pk, event=event
        )
    category.name, category.prize_table = name, money.table_text(table)
    _check_fees_cover(event, [*others, category])
    category.save()
    category.players.set(players)
    log_activity(
        event,
        user,
        ActivityEntry.Action.SET_PRIZE_CATEGORY,
        category=name,
        players=sorted(p.name for p in players),
        prize_table=category.prize_table,
    )
    return category


@atomic
def delete_category(category: PrizeCategory, user) -> None:
    event = Event.objects.select_for_update(of=("self",)).get(pk=category.event_id)
    require_organizer(user, event)
    PrizeCategory.objects.filter(pk=category.pk).delete()
    log_activity(event, user, ActivityEntry.Action.DELETE_PRIZE_CATEGORY, category=category.name)
