"""Read side of the versions sent from a table and not saved (a conflict): as the deal's
page and the organizer's inbox show them, one query for any number of them."""

from __future__ import annotations

from dataclasses import dataclass

from taroky_scoring.renaming import rename_players

from .models import Deal, Event, Player, RejectedVersion
from .outcomes import deal_words
from .todays_names import renamed_since
from .words import account_words


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


def _view(rejected: RejectedVersion, today: dict[int, str]) -> RejectedView:
    """``rejected`` as pages say it: under today's names (``today``: player id -> name),
    by the ids it keeps, whatever names it was sent with."""
    renamed = renamed_since(rejected.names, today)
    document = rename_players(rejected.document, renamed) if renamed else rejected.document

    def said(account: str) -> str:
        return account_words(renamed.get(account, account))

    transfers = [{**t, "from": said(t["from"]), "to": said(t["to"])} for t in rejected.transfers]
    # In the order of play, the pot last (PostgreSQL's jsonb keeps its own key order).
    seats = rejected.document.get("players", [])
    order = {name: i for i, name in enumerate(seats)}
    accounts = sorted(rejected.net, key=lambda a: (order.get(a, len(seats)), a))
    return RejectedView(
        rejected,
        deal_words(document),
        document.get("dealer") or "",
        transfers,
        {said(a): rejected.net[a] for a in accounts},
    )


def _todays_names(rows: list[RejectedVersion]) -> dict[int, str]:
    """The names of today of every player the rows name: one query for all."""
    ids = {int(pk) for r in rows for pk in (r.names or {}).values()}
    return dict(Player.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}


def of_deal(deal: Deal) -> list[RejectedView]:
    """Every rejected version of ``deal``, handled or not, oldest first."""
    rows = list(
        deal.rejected_versions.select_related("sent_by", "handled_by").order_by("sent_at", "id")
    )
    today = _todays_names(rows)
    for rejected in rows:
        rejected.deal = deal  # the page's deal: no query for it
    return [_view(rejected, today) for rejected in rows]


def to_handle(event: Event) -> list[RejectedView]:
    """The event's rejected versions no organizer has handled, table by table."""
    rows = list(
        RejectedVersion.objects.filter(deal__table__round__event=event, handled="")
        .select_related("deal__table__round", "sent_by")
        .order_by(
            "deal__table__round__number", "deal__table__number", "deal__number", "sent_at", "id"
        )
    )
    today = _todays_names(rows)
    return [_view(rejected, today) for rejected in rows]


def fill_rejected_names(rejected_model, seat_model, former_model) -> None:
    """The player ids of the names of every rejected version kept without them (before
    they were kept, or restored from such a backup): its table's players by the names
    they had when it was sent, a player renamed since by the former name he had then
    (the first one he was renamed from after it was sent). The models are passed: a
    migration passes its own."""
    rows = rejected_model.objects.filter(names={}).select_related("deal")
    for rejected in rows.iterator(chunk_size=500):
        seats = dict(
            seat_model.objects.filter(table_id=rejected.deal.table_id).values_list(
                "player_id", "player__name"
            )
        )
        then = dict(seats)
        later = former_model.objects.filter(player_id__in=seats, renamed_at__gt=rejected.sent_at)
        for pk, name in later.order_by("-renamed_at", "-id").values_list("player_id", "name"):
            then[pk] = name  # the earliest rename after it was sent is the last written
        ids = {name: pk for pk, name in then.items()}
        document = rejected.document
        sent = [*(document.get("players") or []), document.get("sitting_out")]
        rejected.names = {name: ids[name] for name in sent if name in ids}
        rejected.save(update_fields=["names"])
