"""An event's prizes: its entry fee, its prize table and whether the club adds what the
fees do not cover (tournaments.prizes reads them)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from .. import prizes
from ..models import ActivityEntry, Event
from .activity import log_activity
from .errors import FormError
from .locking import atomic
from .permissions import require_organizer


@atomic
def set_prizes(
    event: Event, user, entry_fee_cents: int, prize_table: str, prizes_club_adds: bool
) -> Event:
    """The event's prizes as the organizer sets them (all empty: no prizes). A table
    paying more than the fees collected now is refused at its field unless the club
    adds the rest."""
    # The event row locked: two organizers saving at once save one after the other.
    event = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    require_organizer(user, event)
    event.entry_fee_cents = entry_fee_cents
    event.prize_table = prize_table
    event.prizes_club_adds = prizes_club_adds
    try:
        event.clean_prizes()
    except ValidationError as e:
        raise FormError(" ".join(e.messages), e.message_dict) from e
    table = prizes.parse_table(event.prize_table)
    players = prizes.players_paying(event)
    pool = event.entry_fee_cents * players
    total = prizes.table_total(table, pool)
    if total > pool and not event.prizes_club_adds:
        said = prizes.overpay_words(total, pool, event.entry_fee_cents, players)
        raise FormError(said, {"prize_table": [said]})
    event.save(update_fields=list(Event.PRIZE_SETTINGS))
    log_activity(
        event,
        user,
        ActivityEntry.Action.SET_PRIZES,
        entry_fee_cents=event.entry_fee_cents,
        prize_table=event.prize_table,
        club_adds=event.prizes_club_adds,
    )
    return event
