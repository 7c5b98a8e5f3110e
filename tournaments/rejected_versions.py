"""Read side of the versions sent from a table and not saved (a conflict): as the deal's
page and the organizer's inbox show them, one query for any number of them."""

from __future__ import annotations

from dataclasses import dataclass

import taroky_scoring as core
from taroky_scoring.renaming import rename_players

from .models import Deal, Event, Player, RejectedVersion
from .outcomes import deal_words
from .todays_names import renamed_since
from .words import account_words


@dataclass(frozen=True)
class Differences:
    """How a version sent beside a deal differs from the deal as saved: its fields
    (label, saved, this version's, in the game's words), the payments only one of the
    two makes, and each account's net where it differs (saved, this version's)."""

    fields: list[tuple[str, str, str]]
    only_saved: list[dict]
    only_this: list[dict]
    nets: list[tuple[str, int, int]]


@dataclass
class RejectedView:
    rejected: RejectedVersion
    words: str  # the deal in its game's own words, from the core
    dealer: str
    transfers: list[dict]  # from, to (the pages' words), chips, explanation
    net: dict[str, int]
    document: dict  # under today's names
    differences: Differences | None = None  # from the deal as saved (its page)

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
        document,
    )


def _differences(view: RejectedView, saved: dict, transfers: list[dict], net: dict) -> Differences:
    """``view`` against the deal as saved: ``saved``, its document under today's names;
    ``transfers`` (from, to, chips, in the pages' words) and ``net``, its payments."""
    game = core.game_of_document(saved)
    fields = game.changes(saved, view.document, game.rules_of(saved))

    def key(t):
        return (t["from"], t["to"], t["chips"])

    theirs, ours = {key(t) for t in transfers}, {key(t) for t in view.transfers}
    accounts = list(net) + [a for a in view.net if a not in net]
    nets = [
        (a, net.get(a, 0), view.net.get(a, 0))
        for a in accounts
        if net.get(a, 0) != view.net.get(a, 0)
    ]
    return Differences(
        fields,
        [t for t in transfers if key(t) not in ours],
        [t for t in view.transfers if key(t) not in theirs],
        nets,
    )


def _todays_names(rows: list[RejectedVersion]) -> dict[int, str]:
    """The names of today of every player the rows name: one query for all."""
    ids = {int(pk) for r in rows for pk in (r.names or {}).values()}
    return dict(Player.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}


def of_deal(deal: Deal, saved: dict | None = None) -> list[RejectedView]:
    """Every rejected version of ``deal``, handled or not, oldest first; with
    ``saved`` (the deal's page: ``document``, under today's names, its ``transfers``
    as ledger rows and its ``net``), how each one still open differs from the deal."""
    rows = list(
        deal.rejected_versions.select_related("sent_by", "handled_by").order_by("sent_at", "id")
    )
    today = _todays_names(rows)
    for rejected in rows:
        rejected.deal = deal  # the page's deal: no query for it
    views = [_view(rejected, today) for rejected in rows]
    if saved is not None and not deal.voided:
        transfers = [
            {
                "from": account_words(e.payer_name),
                "to": account_words(e.payee_name),
                "chips": e.chips,
                "explanation": e.explanation,
            }
            for e in saved["transfers"]
        ]
        for view in views:
            if not view.rejected.handled:
                view.differences = _differences(view, saved["document"], transfers, saved["net"])
    return views


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


@dataclass(frozen=True)
class Waiting:
    """The versions of the event's deals no organizer has handled, as its page's notice
    says them: how many, and the one deal they are of (None: several deals)."""

    count: int
    deal: Deal | None


def waiting_in(event: Event) -> Waiting:
    """What waits for the event's organizers: one query, a few rows (a deal keeps few
    open versions)."""
    rows = list(
        RejectedVersion.objects.filter(deal__table__round__event=event, handled="")
        .select_related("deal__table__round")
        .only(
            "deal__number",
            "deal__table__number",
            "deal__table__round__number",
        )
    )
    deals = {r.deal_id: r.deal for r in rows}
    return Waiting(len(rows), next(iter(deals.values())) if len(deals) == 1 else None)


def fill_rejected_names(rejected_model, seat_model, former_model) -> None:
    """The player ids of the names of every rejected version kept without them (before
    they were kept, or restored from such a backup): its table's players by the names
    they had when it was sent, a player renamed since by the former name they had then
    (the first one they were renamed from after it was sent). The models are passed: a
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
