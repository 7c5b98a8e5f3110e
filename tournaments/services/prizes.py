"""An event's prizes: its entry fee, its prize table and whether the club adds what the
fees do not cover (tournaments.prizes reads them)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from .. import money, prizes
from ..models import Event, Player, PrizeCategory
from .activity import Action, log_activity
from .errors import FormError
from .groups import GroupKind, delete_group, refuse, save_group
from .locking import atomic, lock_event
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
        Action.SET_PRIZES,
        entry_fee_cents=event.entry_fee_cents,
        prize_table=event.prize_table,
        club_adds=event.prizes_club_adds,
        # Said only when ticked, as the event's file carries it.
        **({"in_each_list": True} if event.prizes_in_each_list else {}),
    )
    return event


def _check_fees_cover(event: Event, categories) -> None:
    """Refused at the prize table's field: prizes (the event's and its categories')
    paying more than the fees collected now, unless the club adds the rest. Before
    anyone pays (a new event's prizes) nothing is collected yet: the prize list says
    what the fees do not cover once players come."""
    players = prizes.players_paying(event)
    if not players:
        return
    pool = event.entry_fee_cents * players
    total = prizes.tables_total(event, pool, categories)
    if total > pool and not event.prizes_club_adds:
        said = prizes.overpay_words(total, pool, event.entry_fee_cents, players)
        raise FormError(said, {"prize_table": [said]})


class Categories(GroupKind):
    model = PrizeCategory
    noun, plural = "category", "categories"
    action = Action.SET_PRIZE_CATEGORY
    removed = Action.DELETE_PRIZE_CATEGORY

    def __init__(self, event: Event, prize_table: str):
        super().__init__(event)
        self.prize_table = prize_table

    @classmethod
    def clean_name(cls, name: str) -> str:
        """No ";": the players CSV separates a player's categories with it."""
        name = super().clean_name(name)
        if ";" in name:
            refuse(
                "name",
                "A category's name has no “;” (the players CSV separates categories with it).",
            )
        return name

    def check(self, others, players: list[Player]) -> dict:
        """Its prize table, read as the event's, and with it every table the event pays
        within the fees collected (unless the club adds the rest)."""
        try:
            table = money.parse_table(self.prize_table)
            money.check_table(self.event.entry_fee_cents, table)
        except ValidationError as e:
            raise FormError(" ".join(e.messages), {"prize_table": e.messages}) from e
        text = money.table_text(table)
        _check_fees_cover(self.event, [*others, PrizeCategory(prize_table=text)])
        return {"prize_table": text}

    def save_members(self, category: PrizeCategory, players: list[Player]) -> None:
        category.players.set(players)

    def logged(self, category: PrizeCategory) -> dict:
        return {"prize_table": category.prize_table}


# A category's name, its spaces tidied, or a FormError at its field (the players CSV's
# import reads the names it gives).
clean_category_name = Categories.clean_name


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
    event = lock_event(event.pk, user)
    if prize_table.strip() and not event.sets_prizes:
        refuse("prize_table", "Set the event's prizes first: a category's prizes share its fees.")
    return save_group(Categories(event, prize_table), user, name, players, category)


@atomic
def delete_category(category: PrizeCategory, user) -> None:
    delete_group(Categories, category, user)
