"""Recording, correcting and voiding deals, and posting their chips to the ledger.

A deal's audit trail is its DealVersion rows: who, when, what and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.utils import timezone

import taroky_scoring as core

from .. import stamps
from ..balances import pot_before, table_session, with_ledger_pot
from ..models import POT_ACCOUNT, Deal, DealNet, DealVersion, LedgerEntry, Player, Table
from ..outcomes import DealFacts, facts
from ..todays_names import deal_under_todays_names
from ..words import listed
from .access import acting_user, authorize, check_link, check_link_may_change
from .activity import log_activity
from .checking import CheckedDeal, check_document
from .errors import DealError, DealNumberTaken, StaleDealError
from .locking import atomic, lock_table
from .permissions import require_organizer
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


def settle_document(document) -> tuple[DealFacts, core.Settlement]:
    """The facts and the settlement of a deal document of any game (for the audit);
    raises OutcomeError."""
    outcome, rules = core.parse_deal(document)
    return facts(outcome), core.game_of_document(document).settle(outcome, rules)


def nets_in_deal(deal: DealFacts, settlement) -> dict[str, int]:
    """Each player's net (the pot is an account, not a player: it has no DealNet)."""
    return {
        name: chips
        for name, chips in core.nets_in_deal(deal, settlement).items()
        if name != POT_ACCOUNT
    }


won_as_bidder = core.won_as_bidder


def _seats(table: Table) -> dict[str, Player]:
    return {s.player.name: s.player for s in table.seats.select_related("player").order_by()}


def _names(checked: CheckedDeal) -> dict[str, int]:
    """What DealVersion.names keeps: the player id of every name in the document."""
    return {name: checked.seats[name].pk for name in checked.facts.everyone}


def _origin(original: dict | None) -> dict:
    """An imported version's author and time as recorded where it came from."""
    original = original or {}
    return {
        "original_author": original.get("author", ""),
        "original_at": original.get("at"),
    }


def indexed_columns(outcome: DealFacts, settlement, seats) -> dict:
    """The deal's columns read from its facts (``seats``: name -> player or id)."""
    return {
        "kind": outcome.kind,
        "dealer": seats.get(outcome.dealer) if outcome.dealer else None,
        "sitting_out": seats.get(outcome.sitting_out) if outcome.sitting_out else None,
        "bidder": seats.get(outcome.bidder) if outcome.bidder else None,
        "bid": outcome.bid,
        "bidder_won": settlement.bidder_won,
    }


def _columns_of(checked: CheckedDeal) -> dict:
    """The indexed columns of a checked deal."""
    return indexed_columns(checked.facts, checked.settlement, checked.seats)


def _filed_under(deal) -> dict:
    """The event, table and deal a row posted for ``deal`` is filed under."""
    return {"event_id": deal.table.round.event_id, "table_id": deal.table_id, "deal": deal}


def _ledger_rows(deal, version, checked: CheckedDeal, user) -> list[LedgerEntry]:
    """Unsaved ledger rows for a version's transfers."""
    seats = checked.seats
    return [
        LedgerEntry(
            **_filed_under(deal),
            deal_version=version,
            payer=None if t.payer == POT_ACCOUNT else seats[t.payer],
            payer_is_pot=t.payer == POT_ACCOUNT,
            payee=None if t.payee == POT_ACCOUNT else seats[t.payee],
            payee_is_pot=t.payee == POT_ACCOUNT,
            chips=t.chips,
            reason=t.reason.value,
            explanation=t.explanation,
            created_by=user,
        )
        for t in checked.settlement.transfers
    ]


def _net_rows(deal, version, checked: CheckedDeal) -> list[DealNet]:
    """Unsaved DealNet rows of a version: the nets of the players in the deal."""
    outcome, settlement = checked.facts, checked.settlement
    return [
        DealNet(
            **_filed_under(deal),
            version=version.number,
            player=checked.seats[name],
            chips=chips,
            won_as_bidder=won_as_bidder(outcome, settlement, name),
        )
        for name, chips in nets_in_deal(outcome, settlement).items()
    ]


def _post(deal, version, checked: CheckedDeal, user) -> list[LedgerEntry]:
    DealNet.objects.bulk_create(_net_rows(deal, version, checked))
    return LedgerEntry.objects.bulk_create(_ledger_rows(deal, version, checked, user))


def _post_reversal(deal, version, user) -> list[LedgerEntry]:
    """Reverse what the deal's current version posted: same chips, the other way."""
    current = LedgerEntry.objects.filter(
        deal=deal, deal_version__number=deal.version, reverses__isnull=True
    ).order_by("id")
    reversals = [
        LedgerEntry(
            event_id=e.event_id,
            table_id=e.table_id,
            deal=deal,
            deal_version=version,
            payer_id=e.payee_id,
            payer_is_pot=e.payee_is_pot,
            payee_id=e.payer_id,
            payee_is_pot=e.payer_is_pot,
            chips=e.chips,
            reason=e.reason,
            explanation=f"Reversal of version {deal.version}: {e.explanation}"[:300],
            reverses=e,
            created_by=user,
        )
        for e in current
    ]
    return LedgerEntry.objects.bulk_create(reversals)


def _assert_balanced(entries) -> None:
    # The pot's rows are keyed None (no player): it is counted like any account.
    net: dict[int | None, int] = {}
    for e in entries:
        net[e.payer_id] = net.get(e.payer_id, 0) - e.chips
        net[e.payee_id] = net.get(e.payee_id, 0) + e.chips
    if sum(net.values()) != 0:  # pragma: no cover - the core guarantees it
        raise DealError("The deal does not sum to zero; nothing was saved.")


def _confirmation_fields(table: Table, link) -> dict:
    """A deal entered through a table link waits for an organizer if the event says so;
    an organizer's own entry or correction needs nobody's confirmation."""
    return {
        "entered_via": link,
        "awaiting_confirmation": link is not None
        and table.round.event.table_deals_need_confirmation,
    }


def record_deal(
    table: Table,
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
) -> Deal:
    """Save a new deal at ``table`` and post its transfers, all or nothing.

    ``number`` guards against a form submitted twice (or two phones at one table, or a
    phone sending again what it kept while offline): a number already taken is refused
    with DealNumberTaken, which says whether the saved deal is the one sent (``same``).
    It is checked first, before the transaction queues for the table's lock, so a burst
    of the same deal from many phones is answered at once; and again under the lock.
    ``check_session=False`` is for replaying an exported event, whose deals were
    accepted when they were entered; ``original`` (``author``, ``at``) is an imported
    version's origin, kept as recorded. With ``link`` (a TableLink) whoever holds the
    table's working link may enter the deal, instead of an organizer.
    """
    if number is not None:
        # Who may enter deals here may learn what deal ``number`` says; nobody else.
        if link is None:
            require_organizer(user, table.round.event)
        else:
            check_link(link, table)
        _refuse_taken_number(table.pk, number, document)
    return _record_deal(table, document, user, number, check_session, original, link)


def same_deal(saved: Deal, document: dict) -> bool:
    """Whether a saved deal says what ``document`` (under today's names, as a form
    sends it) says: the saved one read under today's names too, a player renamed since
    it was saved being the same player; the pot is the ledger's, never sent by a form."""
    if saved.voided:
        return False
    game = saved.game
    return game.without_pot(deal_under_todays_names(saved)) == game.without_pot(document)


def _refuse_taken_number(table_id: int, number: int, document: dict) -> None:
    saved = Deal.objects.filter(table_id=table_id, number=number).first()
    if saved is None:
        return
    if same_deal(saved, document):
        raise DealNumberTaken(
            f"Deal {number} is already saved (it was sent twice and counted once).",
            saved,
            same=True,
        )
    last = Deal.objects.filter(table_id=table_id).aggregate(last=Max("number"))["last"]
    raise DealNumberTaken(
        f"Deal {number} was already entered; the next deal at this table is {last + 1}.",
        saved,
        same=False,
    )


@atomic
def _record_deal(table, document, user, number, check_session, original, link) -> Deal:
    # Lock the table so two organizers entering at once get consecutive numbers.
    table = lock_table(table.pk)
    authorize(user, table, link)
    user = acting_user(user, link)
    return _save_deal(table, _seats(table), document, user, number, check_session, original, link)


def _save_deal(
    table: Table,
    seats: dict[str, Player],
    document: dict,
    user,
    number: int | None = None,
    check_session: bool = True,
    original: dict | None = None,
    link=None,
) -> Deal:
    """The step every new deal is saved by, in its caller's transaction, the table
    locked and the user authorized: the next number, the pot the ledger holds, the
    core's and the table's checks, the session, then the deal, its first version and
    what it posts."""
    counts = table.deals.aggregate(last=Max("number"), live=Count("pk", filter=Q(voided=False)))
    last = counts["last"] or 0
    # A game with a pot plays for the pot the ledger holds, never one from a form.
    document = with_ledger_pot(table.pk, document, last + 1)
    checked = check_document(table, document, seats)
    if check_session:
        _require_session_running(table, seats, counts["live"])
    if number is not None and number <= last:
        _refuse_taken_number(table.pk, number, document)  # taken while this one waited
    if number is not None and number != last + 1:
        # Ahead of the table (a phone's later kept deal sent before the one it follows).
        raise DealError(f"Deal {number} cannot be saved yet: deal {last + 1} comes first.")
    deal = Deal.objects.create(
        table=table,
        number=last + 1,
        version=1,
        document=document,
        **_columns_of(checked),
        **_confirmation_fields(table, link),
    )
    version = DealVersion.objects.create(
        deal=deal,
        number=1,
        action=DealVersion.Action.RECORDED,
        document=document,
        names=_names(checked),
        created_by=user,
        **_origin(original),
    )
    _assert_balanced(_post(deal, version, checked, user))
    stamps.mark(table.round.event_id)
    return deal


def _require_session_running(table: Table, seats=None, live: int | None = None) -> None:
    state = table_session(table, seats, live)
    if state.ended:
        live = state.deals_played
        why = (
            f"after {live} deals"
            if state.reason is core.SessionEnd.FIXED_DEALS
            else f"because {', '.join(state.out_of_chips)} ran out of chips"
        )
        raise DealError(f"This table's session has ended {why}; no more deals can be entered.")


@atomic
def record_deals(table: Table, documents: list[dict], user) -> list[Deal]:
    """Record many deals at a table in one transaction, all or none (synthetic events):
    each as ``record_deal`` records it, the table locked and its seats read once."""
    table = lock_table(table.pk)
    authorize(user, table, None)
    seats = _seats(table)
    return [_save_deal(table, seats, document, user) for document in documents]


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
        when = timezone.localtime(latest.created_at).strftime("%H:%M:%S on %Y-%m-%d")
        raise StaleDealError(
            f"This deal was changed by {latest.created_by.get_username()} at {when} "
            f"(now version {deal.version}); reload it and enter your change again."
        )
    if deal.voided:
        raise DealError("This deal was voided; it cannot be changed any more.")
    return deal


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DealError(
            "Give a reason for the change.",
            (core.FieldError("reason", "Say why the deal is changed."),),
        )
    return reason


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
    reason = _require_reason(reason)
    deal = _lock_current(deal, user, expected_version, link)
    user = acting_user(user, link)
    seats = _seats(deal.table)
    document = with_ledger_pot(deal.table_id, document, deal.number)
    checked = check_document(deal.table, document, seats, deal.document)
    confirmation = _confirmation_fields(deal.table, link)
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
        names=_names(checked),
        reason=reason,
        created_by=user,
        **_origin(original),
    )
    entries = _post_reversal(deal, version, user)
    entries += _post(deal, version, checked, user)
    _assert_balanced(entries)
    for name, value in {**_columns_of(checked), **confirmation}.items():
        setattr(deal, name, value)
    deal.document = checked.document
    deal.version = version.number
    deal.save()
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
    reason = _require_reason(reason)
    deal = _lock_current(deal, user, expected_version, link)
    user = acting_user(user, link)
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
        **_origin(original),
    )
    _post_reversal(deal, version, user)
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
        reason=f"The pot changed: deal {changed.number} was {verb}",
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
    planned = plan_new_pots(deal.table, deal.number, pot, _seats(deal.table), refused)
    return [new.as_dict() for new in planned]


def _repot(table, after: int, user, reason: str, refused: str, original) -> list[int]:
    """Give every live deal of ``table`` after deal ``after`` whose stored pot is not the
    one the ledger holds before it a *New pot* version (the reversal of its rows and its
    new rows), in order (``pots.plan_new_pots``), so that every stored document says
    what the ledger says. Runs in the caller's transaction, the table locked."""
    pot = pot_before(table.pk, after + 1)
    planned = plan_new_pots(table, after, pot, _seats(table), refused, lock=True)
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
        reason="The pot the ledger holds (repaired)",
        refused="The pots cannot be repaired",
        original=None,
    )
    if repotted:
        log_activity(table.round.event, user, "repot_table", table=table.pk, deals=repotted)
    return repotted
