"""Who may change a table's deals: an organizer of the event, or whoever holds the
table's working link (no account), and who the change is then recorded as.

A table link lets whoever holds it enter, correct and undo deals at its own table while
the link is not revoked and the round is open. Deals entered through a link are recorded
as the signed-in user when there is one, otherwise as the inactive account
TABLE_LINK_USERNAME; the audit says which table's link it was.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS
from django.db.models import OuterRef, Subquery

from .. import scoping
from ..models import TABLE_LINK_USERNAME, Deal, DirectorCall, Table, TableLink
from .errors import DealError, PermissionDenied
from .permissions import require_organizer


class LinkError(PermissionDenied):
    """The table link does not (or no longer) grant entering deals at this table."""


def link_user():
    """The account that deals entered through a link by nobody signed in are filed under."""
    user, created = get_user_model().objects.get_or_create(
        username=TABLE_LINK_USERNAME,
        defaults={"is_active": False, "first_name": "Table", "last_name": "link"},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def with_account(links):
    """TableLinks with ``account_id``: the id of the account their deals are filed under
    (``link_user``; None before its first use), read in the same query."""
    account = get_user_model().objects.filter(username=TABLE_LINK_USERNAME).values("pk")
    return links.annotate(account_id=Subquery(account[:1]))


def acting_user(user, link: TableLink | None):
    """Who a change is recorded as: the signed-in user, or the table link's account
    (read with the link when it was locked, ``with_account``: no query more)."""
    if link is not None and not getattr(user, "is_authenticated", False):
        account = getattr(link, "account_id", None)
        if account is not None:
            # The account's id and name; any other field would be read when asked for.
            said = (["id", "username"], [account, TABLE_LINK_USERNAME])
            return get_user_model().from_db(DEFAULT_DB_ALIAS, *said)
        return link_user()
    return user


def find_link(token: str, with_call: bool = False) -> TableLink:
    """The working link with this token, or LinkError saying why it does not work.
    ``with_call``: the table's open call for the director, if any, read along (its id,
    ``open_call_id``): a link's pages show it (``director.call_context``), and most of
    the time there is none."""
    # Read unscoped by its token (the authority): the request is then its club's.
    links = TableLink.objects.with_scopes_disabled().select_related(
        "table__round__event", "table__first_forehand"
    )
    if with_call:
        calls = DirectorCall.objects.with_scopes_disabled().filter(
            table=OuterRef("table"), handled_at__isnull=True
        )
        links = links.annotate(open_call_id=Subquery(calls.order_by().values("pk")[:1]))
    # The token is unique: no ordering (TableLink's, by table, would order by the
    # table's round's event, a join and a sort for nothing).
    link = next(iter(links.filter(token=str(token)[:64]).order_by()[:1]), None)
    if link is None:
        raise LinkError("This table link is not known. Ask the organizer for your table's link.")
    scoping.enter(link.table.round.event.club_id)
    check_link(link)
    return link


def check_link(link: TableLink, table: Table | None = None) -> None:
    if link.revoked_at is not None:
        raise LinkError(
            "This table link was replaced by the organizer. Scan the new QR code at your table."
        )
    if table is not None and link.table_id != table.pk:
        raise LinkError("This table link is for another table.")
    if link.table.round.closed_at is not None:
        raise LinkError(
            f"Round {link.table.round.number} is closed: its table links take no more deals."
        )


def authorize(user, table: Table, link: TableLink | None) -> TableLink | None:
    """Inside a deal service's transaction: an organizer, or a working link of ``table``.

    The link row is locked so that a revocation or a round's closing, which lock it
    too, is either before this change or after it. The link as locked is returned, its
    account with it (``acting_user``).
    """
    if link is None:
        require_organizer(user, table.round.event)
        return None
    link = (
        with_account(TableLink.objects.select_for_update(of=("self",)))
        .select_related("table__round")
        .get(pk=link.pk)
    )
    check_link(link, table)
    return link


def why_link_cannot_change(deal: Deal, last_pk: int | None = None) -> str | None:
    """Why a table link may not correct or undo ``deal``, or None if it may.

    A link changes only what its table just entered: the table's highest-numbered
    deal, not voided, entered through a link and not confirmed by an organizer; so a
    link cannot walk back through the table's history. The rest is the organizer's.
    ``last_pk``: the table's highest-numbered deal, when the caller read it already.
    """
    last = last_pk
    if last is None:
        last = deal.table.deals.order_by("-number").values_list("pk", flat=True).first()
    ask = "ask the organizer to change it."
    if last != deal.pk:
        return f"A table link changes only the table's last deal, not deal {deal.number}; {ask}"
    if deal.voided:
        return f"Deal {deal.number} was voided already; {ask}"
    if deal.entered_via_id is None:
        return f"Deal {deal.number} was entered by the organizer; {ask}"
    # A deal waiting for an organizer's confirmation has none (confirming ends the wait,
    # and a confirmed deal never waits again: no link may change it): no query.
    if not deal.awaiting_confirmation and deal.confirmations.exists():
        return f"Deal {deal.number} was confirmed by the organizer; {ask}"
    return None


def check_link_may_change(deal: Deal) -> None:
    """DealError unless a table link may change ``deal`` (locked by the caller)."""
    why = why_link_cannot_change(deal)
    if why is not None:
        raise DealError(why)
