"""Table links (issuing, reissuing, revoking; closing a round stops them), confirming
the deals entered at tables, and a table's undo. What a link allows is ``access``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils import timezone

from .. import stamps
from ..models import ActivityEntry, Deal, DealConfirmation, DealVersion, Round, Table, TableLink
from .access import authorize
from .activity import Action, log_activity
from .corrections import void_deal
from .errors import DealError, PermissionDenied, ServiceError
from .locking import atomic, lock_table
from .permissions import require_organizer
from .tokens import new_token, revoke, revoked_detail

UNDO_REASON = "entered by mistake"


def _lock_table(table: Table, user) -> Table:
    # lock_table: the round first (FOR SHARE), then the table, as every service does.
    table = lock_table(table.pk)
    require_organizer(user, table.round.event)
    return table


def _log_revoked(table: Table, user, action: str, links: list[TableLink]) -> None:
    """The log says which links were revoked at ``table`` (``revoked_detail``) and the
    table's id: the ledger audit also checks that none is missing while it stands.
    (Through this module's ``log_activity``: a test makes it fail, as a deadlock.)"""
    log_activity(
        table.round.event,
        user,
        action,
        round=table.round.number,
        table=table.number,
        table_id=table.pk,
        **revoked_detail(links),
    )


@atomic
def issue_link(table: Table, user) -> TableLink:
    """A new link for the table; the table's earlier link stops working. The link
    returned says in ``replaced`` whether there was one."""
    table = _lock_table(table, user)
    old = revoke(TableLink.objects.filter(table=table))
    link = TableLink.objects.create(table=table, token=new_token(), created_by=user)
    action = Action.REISSUE_TABLE_LINK if old else Action.ISSUE_TABLE_LINK
    _log_revoked(table, user, action, old)
    link.replaced = bool(old)
    return link


@atomic
def issue_round_links(rnd: Round, user) -> int:
    """A link for every table of the round that has none working; how many were made."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=rnd.pk)
    require_organizer(user, rnd.event)
    if rnd.closed_at is not None:
        raise ServiceError(f"Round {rnd.number} is closed; reopen it to issue table links.")
    working = TableLink.objects.filter(table__round=rnd, revoked_at__isnull=True)
    tables = rnd.tables.exclude(pk__in=working.values("table_id")).order_by("number")
    made = [
        TableLink(table=t, token=new_token(), created_by=user) for t in tables.select_for_update()
    ]
    TableLink.objects.bulk_create(made)
    if made:
        log_activity(rnd.event, user, Action.ISSUE_TABLE_LINKS, round=rnd.number, tables=len(made))
    return len(made)


@atomic
def revoke_link(link: TableLink, user) -> TableLink:
    found = TableLink.objects.select_related("table__round__event").filter(pk=link.pk)
    link = found.get()
    require_organizer(user, link.table.round.event)
    for link in revoke(found):  # none when it was revoked already
        _log_revoked(link.table, user, Action.REVOKE_TABLE_LINK, [link])
    return link


@atomic
def close_round(rnd: Round, user, closed: bool = True) -> Round:
    """Close a round (its table links stop working) or reopen it."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=rnd.pk)
    require_organizer(user, rnd.event)
    # Wait for deals being entered through the round's links (they lock their link).
    list(TableLink.objects.select_for_update(of=("self",)).filter(table__round=rnd))
    rnd.closed_at = timezone.now() if closed else None
    rnd.save(update_fields=["closed_at"])
    log_activity(
        rnd.event, user, Action.CLOSE_ROUND if closed else Action.REOPEN_ROUND, number=rnd.number
    )
    return rnd


@atomic
def confirm_deal(deal: Deal, user, expected_version: int | None = None) -> Deal:
    """An organizer confirms a deal entered at a table: not the one who entered it."""
    deal = (
        Deal.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .get(pk=deal.pk)
    )
    event = deal.table.round.event
    require_organizer(user, event)
    if expected_version is not None and deal.version != expected_version:
        raise DealError(
            f"Deal {deal.number} at table {deal.table.number} was changed since you opened "
            f"the inbox (now version {deal.version}); check it again before confirming."
        )
    if not deal.awaiting_confirmation:
        raise DealError(f"Deal {deal.number} at table {deal.table.number} needs no confirmation.")
    if _entered_by([deal]).get(deal.pk) == user.pk:
        raise PermissionDenied("You entered this deal yourself; another organizer must confirm it.")
    DealConfirmation.objects.create(deal=deal, version=deal.version, confirmed_by=user)
    deal.awaiting_confirmation = False
    deal.save(update_fields=["awaiting_confirmation"])
    log_activity(event, user, Action.CONFIRM_DEAL, **_confirmed(deal))
    return deal


def _entered_by(deals) -> dict[int, int]:
    """Who entered what is to be confirmed, by deal id: the author of its latest version
    that is not a new pot (the app's, not its author's)."""
    return dict(
        DealVersion.objects.filter(deal__in=deals)
        .exclude(action=DealVersion.Action.REPOTTED)
        .order_by("deal_id", "number")
        .values_list("deal_id", "created_by_id")
    )


def _confirmed(deal: Deal) -> dict:
    """A confirmation's activity record: where the deal is and the version confirmed."""
    return {
        "round": deal.table.round.number,
        "table": deal.table.number,
        "deal": deal.number,
        "version": deal.version,
    }


@dataclass(frozen=True)
class ConfirmedAll:
    confirmed: list[Deal]  # confirmed, each logged as one confirmation is
    left: list[str]  # why each other deal shown is left in the inbox, in words


@atomic
def confirm_all(event, user, shown: Mapping[int, int]) -> ConfirmedAll:
    """*Confirm all* in the inbox: each deal the organizer saw (``shown``: its id and
    the version shown), confirmed and logged as ``confirm_deal`` confirms one, in one
    transaction. A deal changed since, confirmed already, or entered by this organizer
    is left (said in ``left``). Nine queries however many deals."""
    require_organizer(user, event)
    deals = list(
        Deal.objects.select_for_update(of=("self",))
        .select_related("table__round")
        .filter(table__round__event=event, pk__in=list(shown))
        .order_by("table__round__number", "table__number", "number")
    )
    entered_by = _entered_by(deals)
    confirmed, left = [], []
    for deal in deals:
        where = f"Deal {deal.number} at table {deal.table.number}"
        if deal.version != shown[deal.pk]:
            left.append(f"{where} was changed since you opened the inbox: check it again.")
        elif not deal.awaiting_confirmation:
            continue  # confirmed meanwhile: nothing left to do
        elif entered_by.get(deal.pk) == user.pk:
            left.append(f"{where}: you entered it yourself; another organizer must confirm it.")
        else:
            confirmed.append(deal)
    if confirmed:
        DealConfirmation.objects.bulk_create(
            DealConfirmation(deal=d, version=d.version, confirmed_by=user) for d in confirmed
        )
        Deal.objects.filter(pk__in=[d.pk for d in confirmed]).update(awaiting_confirmation=False)
        ActivityEntry.objects.bulk_create(
            ActivityEntry(
                event=event,
                user=user,
                action=Action.CONFIRM_DEAL,
                detail=_confirmed(d),
            )
            for d in confirmed
        )
        stamps.mark(event.pk)
        for d in confirmed:
            d.awaiting_confirmation = False
    return ConfirmedAll(confirmed, left)


def last_live_deal(table: Table) -> Deal | None:
    return table.deals.filter(voided=False).order_by("-number").first()


def last_deal(table: Table) -> Deal | None:
    return table.deals.order_by("-number").first()


@atomic
def undo_last_deal(table: Table, user, number: int, link: TableLink | None = None) -> Deal:
    """Void the table's last deal with the reason "entered by mistake", in one step.

    ``number`` is the deal the person saw as the last one, so a double tap or a second
    phone does not undo the deal before it too.
    """
    # Locks in the one order: round (shared), table, link, then the deal in void_deal.
    table = lock_table(table.pk)
    authorize(user, table, link)
    # A link sees the table's highest-numbered deal, voided or not: it cannot walk back.
    last = last_live_deal(table) if link is None else last_deal(table)
    if last is None:
        raise DealError("This table has no deal to undo.")
    if last.number != number:
        raise DealError(
            f"Deal {number} is not the table's last deal any more (the last is deal "
            f"{last.number}); nothing was undone."
        )
    # The table's last live deal: no later live deal's pot moves.
    return void_deal(last, user, UNDO_REASON, expected_version=last.version, link=link).deal
