"""What a deal's version writes: its indexed columns, its players' ids, its nets and its
ledger rows, and the reversal of what the version before it posted. Recording a deal
(``deals``) and changing one (``corrections``) post through these; the ledger audit
reads a version the same way.
"""

from __future__ import annotations

import taroky_scoring as core

from .. import seat_holders
from ..models import POT_ACCOUNT, DealNet, LedgerEntry, Player, Table
from ..outcomes import DealFacts, facts
from .checking import CheckedDeal
from .errors import DealError


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


def seats_by_name(table: Table, number: int | None = seat_holders.NEXT) -> dict[str, Player]:
    """The players deal ``number`` (the next: None) of ``table`` may name, by name:
    its seats' holders then (``seat_holders``)."""
    return seat_holders.names_at(table, number)


def player_ids(checked: CheckedDeal) -> dict[str, int]:
    """What DealVersion.names keeps: the player id of every name in the document."""
    return {name: checked.seats[name].pk for name in checked.facts.everyone}


def origin(original: dict | None) -> dict:
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


def columns_of(checked: CheckedDeal) -> dict:
    """The indexed columns of a checked deal."""
    return indexed_columns(checked.facts, checked.settlement, checked.seats)


def confirmation_fields(table: Table, link) -> dict:
    """A deal entered through a table link waits for an organizer if the event says so;
    an organizer's own entry or correction needs nobody's confirmation."""
    return {
        "entered_via": link,
        "awaiting_confirmation": link is not None
        and table.round.event.table_deals_need_confirmation,
    }


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


def post(deal, version, checked: CheckedDeal, user) -> list[LedgerEntry]:
    """Save a version's nets and ledger rows; the rows returned."""
    DealNet.objects.bulk_create(_net_rows(deal, version, checked))
    return LedgerEntry.objects.bulk_create(_ledger_rows(deal, version, checked, user))


def post_reversal(deal, version, user) -> list[LedgerEntry]:
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


def assert_balanced(entries) -> None:
    # The pot's rows are keyed None (no player): it is counted like any account.
    net: dict[int | None, int] = {}
    for e in entries:
        net[e.payer_id] = net.get(e.payer_id, 0) - e.chips
        net[e.payee_id] = net.get(e.payee_id, 0) + e.chips
    if sum(net.values()) != 0:  # pragma: no cover - the core guarantees it
        raise DealError("The deal does not sum to zero; nothing was saved.")
