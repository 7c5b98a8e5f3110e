"""Correcting and voiding deals: a new version that reverses what the deal's current
version posted and posts its own, and the later deals of a table with a pot given the
pot the ledger now holds before them (``pots``).
"""

from __future__ import annotations

from dataclasses import dataclass

import taroky_scoring as core

from .. import stamps
from ..balances import pot_before, with_ledger_pot
from ..models import POT_ACCOUNT, Deal, DealVersion, Table
from ..moments import local, moment_time
from ..seat_holders import seats_of
from ..words import REPAIRED_POT_REASON, REPOT_REASON, listed, version_author_words
from .access import acting_user, authorize, check_link_may_change
from .activity import Action, log_activity
from .checking import CheckedDeal, check_document
from .errors import DealError, StaleDealError
from .locking import atomic, lock_table
from .posting import (
    assert_balanced,
    columns_of,
    confirmation_fields,
    origin,
    player_ids,
    post,
    post_reversal,
    seats_by_name,
)
from .pots import plan_new_pots


@dataclass(frozen=True)
class DealChange:
    """What a correction or a void did: the deal as it is now, and the numbers of the
    later deals of its table that were given a new pot (a New pot version each)."""

    deal: Deal
    repotted: list[int]

    @property
    def repotted_words(self) -> str:
        """A sentence naming the deals given a new pot (" Deals 3 and 5 now play for
        ..."), or nothing."""
        numbers = [str(n) for n in self.repotted]
        if not numbers:
            return ""
        if len(numbers) == 1:
            return f" Deal {numbers[0]} now plays for the pot the ledger holds (a new version)."
        return (
            f" Deals {listed(numbers)} now play for the pot the ledger holds (a new version each)."
        )


def _lock_current(deal: Deal, user, expected_version: int | None, link=None) -> Deal:
    # The table's lock orders a change with the deals being entered there: a Petrtyl
    # correction reads the pot and rewrites the later deals that depend on it.
    table = lock_table(deal.table_id)
    if link is not None:
        authorize(user, table, link)
    deal = (
        Deal.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .get(pk=deal.pk)
    )
    if link is None:
        authorize(user, deal.table, None)
    else:
        check_link_may_change(deal)
    if expected_version is not None and deal.version != expected_version:
        latest = deal.versions.select_related("created_by").order_by("-number").first()
        at = latest.created_at
        when = f"{moment_time(at, seconds=True)} on {local(at):%Y-%m-%d}"
        raise StaleDealError(
            f"This deal was changed by {_changed_by(latest)} at {when} "
            f"(now version {deal.version}); reload it and enter your change again."
        )
    if deal.voided:
        raise DealError("This deal was voided; it cannot be changed any more.")
    return deal


def _changed_by(version: DealVersion) -> str:
    """Who made ``version``, as a stale change is told: its user, or (a new pot) the app
    and the correction that moved the pot."""
    if version.action == DealVersion.Action.REPOTTED:
        return version_author_words(version)
    return version.created_by.get_username()


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DealError(
            "Give a reason for the change.",
            (core.FieldError("reason", "Say why the deal is changed."),),
        )
    return reason


def _begin_change(deal: Deal, user, reason: str, expected_version: int | None, link):
    """What every change of a recorded deal starts with, in this order: a reason given
    (refused before any lock is waited for), the deal locked and still the version the
    changer saw, and the user the change is recorded as (a link's: its organizer).
    Returns the locked deal, that user and the reason, stripped."""
    reason = _require_reason(reason)
    deal = _lock_current(deal, user, expected_version, link)
    return deal, acting_user(user, link), reason


@atomic
def correct_deal(
    deal: Deal,
    document: dict,
    user,
    reason: str,
    expected_version: int | None = None,
    original: dict | None = None,
    link=None,
) -> DealChange:
    """Replace a deal's outcome: reverse its transfers and post the new ones."""
    deal, user, reason = _begin_change(deal, user, reason, expected_version, link)
    seats = seats_by_name(deal.table, deal.number)
    document = with_ledger_pot(deal.table_id, document, deal.number)
    checked = check_document(deal.table, document, seats, deal.document)
    confirmation = confirmation_fields(deal.table, link)
    _post_correction(deal, checked, user, reason, original, confirmation)
    return DealChange(deal, _repot_later_deals(deal, user, "corrected", original))


def _post_correction(
    deal: Deal,
    checked: CheckedDeal,
    user,
    reason: str,
    original: dict | None,
    confirmation: dict,
    action=DealVersion.Action.CORRECTED,
) -> None:
    """A new version of ``deal`` from its ``checked`` document: the reversal of its rows,
    its new rows, its indexed columns, and ``confirmation`` (whether it now awaits an
    organizer; {}: as it was)."""
    version = DealVersion.objects.create(
        deal=deal,
        number=deal.version + 1,
        action=action,
        document=checked.document,
        names=player_ids(checked),
        reason=reason,
        created_by=user,
        **origin(original),
    )
    entries = post_reversal(deal, version, user)
    entries += post(deal, version, checked, user)
    assert_balanced(entries)
    for name, value in {**columns_of(checked), **confirmation}.items():
        setattr(deal, name, value)
    deal.document = checked.document
    deal.version = version.number
    deal.save(document_checked=True)  # checked by the caller (check_document)
    stamps.mark(deal.table.round.event_id)


@atomic
def void_deal(
    deal: Deal,
    user,
    reason: str,
    expected_version: int | None = None,
    original: dict | None = None,
    link=None,
) -> DealChange:
    """Cancel a deal: reverse its transfers; the deal and its versions stay readable."""
    deal, user, reason = _begin_change(deal, user, reason, expected_version, link)
    current = deal.versions.get(number=deal.version)
    version = DealVersion.objects.create(
        deal=deal,
        number=deal.version + 1,
        action=DealVersion.Action.VOIDED,
        document=deal.document,
        names=current.names,
        # What it voids was scored under that version's rules: the void says the same.
        rules_edition=current.rules_edition,
        reason=reason,
        created_by=user,
        **origin(original),
    )
    post_reversal(deal, version, user)
    deal.version = version.number
    deal.voided = True
    # A voided deal counts nothing: nothing is left to confirm.
    deal.awaiting_confirmation = False
    # Its document stands as recorded (perhaps under rules today's refuse).
    deal.save(update_fields=["version", "voided", "awaiting_confirmation"])
    stamps.mark(deal.table.round.event_id)
    return DealChange(deal, _repot_later_deals(deal, user, "voided", original))


def _repot_later_deals(changed: Deal, user, verb: str, original: dict | None) -> list[int]:
    """After ``changed`` was corrected or voided, give each later live deal of its table
    whose pot changes the pot the ledger now holds before it (``_repot``); a later deal
    that cannot be played with its new pot refuses the whole change. Returns the numbers
    of the deals given a new version."""
    if not core.game_of_document(changed.document).has_pot:
        return []
    return _repot(
        changed.table,
        after=changed.number,
        user=user,
        reason=REPOT_REASON.format(number=changed.number, verb=verb),
        refused=f"Deal {changed.number} cannot be {verb}",
        original=original,
    )


def new_pots_after(deal: Deal, settlement) -> list[dict]:
    """The later deals of ``deal``'s table that would play for another pot if the deal
    were corrected to ``settlement``, as ``NewPot.as_dict`` (a correction's preview:
    nothing is locked or saved); DealError if the correction would be refused."""
    if not core.game_of_document(deal.document).has_pot:
        return []
    pot = pot_before(deal.table_id, deal.number) + settlement.net.get(POT_ACCOUNT, 0)
    refused = f"Deal {deal.number} cannot be corrected"
    planned = plan_new_pots(deal.table, deal.number, pot, seats_of(deal.table), refused)
    return [new.as_dict() for new in planned]


def _repot(table, after: int, user, reason: str, refused: str, original) -> list[int]:
    """Give every live deal of ``table`` after deal ``after`` whose stored pot is not the
    one the ledger holds before it a *New pot* version (the reversal of its rows and its
    new rows), in order (``pots.plan_new_pots``), so that every stored document says
    what the ledger says. Runs in the caller's transaction, the table locked."""
    pot = pot_before(table.pk, after + 1)
    planned = plan_new_pots(table, after, pot, seats_of(table), refused, lock=True)
    for new in planned:
        # The same outcome with the pot the ledger holds; whether the deal awaits an
        # organizer's confirmation is left as it was (what was entered did not change).
        action = DealVersion.Action.REPOTTED
        _post_correction(new.deal, new.checked, user, reason, original, {}, action)
    return [new.number for new in planned]


@atomic
def repot_table(table: Table, user) -> list[int]:
    """Repair: give every live deal of a table with a pot the pot its ledger holds before
    it (deals saved before corrections moved the pot of later deals may say a stale one,
    which ``audit_ledger`` reports). Returns the numbers of the deals given a new version;
    nothing for a game without a pot or a table whose pots agree."""
    table = lock_table(table.pk)
    authorize(user, table, None)
    if not table.round.event.game.has_pot:
        return []
    repotted = _repot(
        table,
        after=0,
        user=user,
        reason=REPAIRED_POT_REASON,
        refused="The pots cannot be repaired",
        original=None,
    )
    if repotted:
        log_activity(table.round.event, user, Action.REPOT_TABLE, table=table.pk, deals=repotted)
    return repotted
