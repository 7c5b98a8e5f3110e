"""Read side of the versions sent from a table and not saved (a conflict): as the deal's
page and the organizer's inbox show them, one query for any number of them."""

from __future__ import annotations

from dataclasses import dataclass

from .models import Deal, Event, RejectedVersion, account_words
from .queries import deal_words


@dataclass
class RejectedView:
    rejected: RejectedVersion
    words: str  # the deal in its game's own words, from the core
    dealer: str
    transfers: list[dict]  # from, to (the pages' words), chips, explanation
    net: dict[str, int]

    @property
    def adoptable(self) -> bool:
        """Still open, and its deal can be corrected (a voided deal cannot)."""
        return not self.rejected.handled and not self.rejected.deal.voided


def _view(rejected: RejectedVersion) -> RejectedView:
    transfers = [
        {**t, "from": account_words(t["from"]), "to": account_words(t["to"])}
        for t in rejected.transfers
    ]
    # In the order of play, the pot last (PostgreSQL's jsonb keeps its own key order).
    seats = rejected.document.get("players", [])
    order = {name: i for i, name in enumerate(seats)}
    accounts = sorted(rejected.net, key=lambda a: (order.get(a, len(seats)), a))
    return RejectedView(
        rejected,
        deal_words(rejected.document),
        rejected.document.get("dealer") or "",
        transfers,
        {account_words(a): rejected.net[a] for a in accounts},
    )


def of_deal(deal: Deal) -> list[RejectedView]:
    """Every rejected version of ``deal``, handled or not, oldest first."""
    rows = deal.rejected_versions.select_related("sent_by", "handled_by").order_by("sent_at", "id")
    views = []
    for rejected in rows:
        rejected.deal = deal  # the page's deal: no query for it
        views.append(_view(rejected))
    return views


def to_handle(event: Event) -> list[RejectedView]:
    """The event's rejected versions no organizer has handled, table by table."""
    rows = (
        RejectedVersion.objects.filter(deal__table__round__event=event, handled="")
        .select_related("deal__table__round", "sent_by")
        .order_by(
            "deal__table__round__number", "deal__table__number", "deal__number", "sent_at", "id"
        )
    )
    return [_view(rejected) for rejected in rows]
