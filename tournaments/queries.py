"""Read side: score sheets, deal details, balances. Sums over the ledger, a fixed
number of queries whatever the size of the event."""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.db.models import JSONField, OuterRef, Prefetch, Q, Subquery, Sum
from django.template.defaultfilters import pluralize

import taroky_scoring as core
from taroky_scoring.renaming import rename_players

from .models import Deal, DealVersion, Event, LedgerEntry, Player, Seat, Table
from .outcomes import document_facts
from .words import account_words


def net_by_player(entries) -> dict[int, int]:
    """Net chips per player id over a LedgerEntry queryset: one GROUP BY query (by payee
    and payer together: a handful of pairs at a table)."""
    net: dict[int, int] = defaultdict(int)
    pairs = entries.values("payee_id", "payer_id").annotate(chips=Sum("chips")).order_by()
    for row in pairs:
        net[row["payee_id"]] += row["chips"]
        net[row["payer_id"]] -= row["chips"]
    return dict(net)


def net_by_deal_and_player(entries) -> dict[int, dict[int, int]]:
    """Net chips per deal id and player id: one GROUP BY query."""
    net: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    rows = entries.values("deal_id", "payee_id", "payer_id").annotate(chips=Sum("chips"))
    for row in rows.order_by():
        deal = net[row["deal_id"]]
        deal[row["payee_id"]] += row["chips"]
        deal[row["payer_id"]] -= row["chips"]
    return net


def pot_before(table_id: int, number: int | None = None) -> int:
    """The chips in a table's pot before its deal ``number`` (None: now, after every
    deal): one query over the ledger (reversals cancel what they reverse, so every row
    counts)."""
    rows = LedgerEntry.objects.filter(table_id=table_id)
    if number is not None:
        rows = rows.filter(deal__number__lt=number)
    sums = rows.aggregate(
        paid_in=Sum("chips", filter=Q(payee_is_pot=True), default=0),
        taken=Sum("chips", filter=Q(payer_is_pot=True), default=0),
    )
    return sums["paid_in"] - sums["taken"]


def with_ledger_pot(table_id: int, document: dict, number: int | None = None) -> dict:
    """The deal ``document`` playing for the pot the table's ledger holds before its deal
    ``number`` (None: now), as deals are saved (a pot is never typed in); a game without
    a pot's as it is, with no query."""
    game = core.game_of_document(document)
    return game.with_pot(document, pot_before(table_id, number)) if game.has_pot else document


def with_current_names(deals):
    """Deals with ``current_names``: their current version's player ids by name (what
    ``under_todays_names`` reads), in the same query."""
    current = DealVersion.objects.filter(deal=OuterRef("pk"), number=OuterRef("version"))
    return deals.annotate(
        current_names=Subquery(current.values("names")[:1], output_field=JSONField())
    )


def renamed_since(names: dict | None, today: dict[int, str]) -> dict[str, str]:
    """Each name of a document whose player is called otherwise now, and his name now
    (``names``: the name -> player id its version keeps; ``today``: id -> name)."""
    return {
        name: today[int(pk)]
        for name, pk in (names or {}).items()
        if today.get(int(pk), name) != name
    }


def under_todays_names(document: dict, names: dict | None, today: dict[int, str]) -> dict:
    """``document`` with each player as called now (``today``: player id -> name), by
    the ids its version keeps (``names``): a player renamed since shows one name on
    every page. The document itself, unchanged, when nobody was renamed."""
    renamed = renamed_since(names, today)
    return rename_players(document, renamed) if renamed else document


def todays_document(document: dict, names: dict | None) -> dict:
    """``document`` under today's names, its players read by the ids ``names`` keeps."""
    ids = [int(pk) for pk in (names or {}).values()]
    today = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return under_todays_names(document, names, today)


def deal_under_todays_names(deal: Deal) -> dict:
    """``deal``'s document under today's names, by its current version's player ids."""
    names = deal.versions.values_list("names", flat=True).get(number=deal.version)
    return todays_document(deal.document, names)


@dataclass
class SheetRow:
    deal: Deal
    cells: list[core.registry.Cell]  # the deal in its game's columns (``Sheet.headings``)
    changes: list[int]
    running: list[int]
    pot: int = 0  # the chips in the table's pot after the deal (Petrtyl's games)
    dealer: str = ""  # the dealer's name today

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.changes, self.running, strict=True))

    @property
    def fragment_key(self) -> str:
        """All the row's HTML is rendered from (``table_sheet.html`` caches each row
        under it): the deal (its link, number, version, struck through, unconfirmed), its
        cells and dealer under today's names, the chips after it (a correction of an
        earlier deal changes them) and the pot. Another value is another key, so a row
        in the cache is never stale, in any process."""
        deal = self.deal
        return repr(
            (
                deal.pk,
                deal.number,
                deal.version,
                deal.voided,
                deal.awaiting_confirmation,
                self.dealer,
                self.cells,
                self.changes,
                self.running,
                self.pot,
            )
        )


def fill_columns(cells: list, columns: int) -> list:
    """``cells`` spread over ``columns`` of the sheet: the last stretched over what is
    left (a game saying a deal in one cell fills the row)."""
    room = columns - sum(c.span for c in cells)
    if room <= 0 or not cells:
        return list(cells)
    return [*cells[:-1], replace(cells[-1], span=cells[-1].span + room)]


@dataclass
class Sheet:
    table: Table
    event: Event
    players: list[Player]
    rows: list[SheetRow]
    totals: list[int]
    chips: list[int]
    next_deal: core.NextDeal | None
    session: core.SessionState
    deals_played: int
    out_of_chips_names: list[str] = field(default_factory=list)
    headings: list[core.registry.Cell] = field(default_factory=list)  # the game's columns
    has_pot: bool = False
    pot: int = 0
    order_of_play: str = "clockwise"  # or "counter-clockwise": the game's, from the core

    @property
    def lead_span(self) -> int:
        """The columns before the players' (the number, the dealer, the game's columns):
        what the starting-chips row spans; the net row's label spans them less the pot."""
        return 2 + sum(h.span for h in self.headings) + (1 if self.has_pot else 0)

    @property
    def width(self) -> int:
        """Every column of the sheet: the lead columns and each player's change and chips."""
        return self.lead_span + 2 * len(self.players)

    def chip_series(self) -> list[tuple[str, list[int]]]:
        """Each player's chips from the start through every deal, for the chart."""
        start = self.event.starting_chips
        return [
            (p.name, [start] + [r.running[i] for r in self.rows])
            for i, p in enumerate(self.players)
        ]

    @property
    def last_live_deal(self) -> Deal | None:
        """The deal an undo or a table link's correction applies to."""
        live = [r.deal for r in self.rows if not r.deal.voided]
        return live[-1] if live else None

    @property
    def total_pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.totals, self.chips, strict=True))

    @property
    def below_zero(self) -> list[tuple[str, int]]:
        """Players whose chips are below zero (a fixed-deal session plays on)."""
        return [(p.name, c) for p, c in zip(self.players, self.chips, strict=True) if c < 0]

    @property
    def state_words(self) -> str:
        deals = f"{self.deals_played} deal{pluralize(self.deals_played)}"
        if not self.session.ended:
            return f"Running: {deals} played"
        if self.session.reason is core.SessionEnd.FIXED_DEALS:
            return f"Ended after {deals}"
        return f"Ended: out of chips: {', '.join(self.out_of_chips_names)}"


def table_with_event(pk: int) -> Table:
    return (
        Table.objects.select_related("round__event", "first_forehand")
        .prefetch_related("round__event__organizers")
        .get(pk=pk)
    )


@functools.lru_cache(maxsize=4096)
def _sheet_cells(document_json: str) -> tuple:
    """A deal's cells on the sheet, by the text of its document: the same document says
    the same cells in every process, so the cache is never stale (a correction is a new
    document); parsing the document was most of the sheet's time."""
    document = json.loads(document_json)
    game = core.game_of_document(document)
    return tuple(game.sheet_cells(document, game.rules_of(document)))


def sheet_cells(document: dict) -> list:
    return list(_sheet_cells(json.dumps(document, sort_keys=True)))


def table_sheet(table: Table, cells: bool = True) -> Sheet:
    """The paper score sheet of a table: every deal, each player's change and chips.
    ``cells=False`` leaves each row's game columns empty (the deal form's page reads only
    the totals, the next dealer and the session)."""
    event = table.round.event
    rules = event.rules
    seats = list(table.seats.select_related("player").order_by("position"))
    players = [s.player for s in seats]
    deals = list(with_current_names(table.deals.order_by("number")))
    today = {p.pk: p.name for p in players}
    documents = {d.pk: under_todays_names(d.document, d.current_names, today) for d in deals}
    net = net_by_deal_and_player(LedgerEntry.objects.filter(table=table))
    running = [event.starting_chips] * len(players)
    game = core.game_for(event.ruleset)
    # The game's columns of a deal, and the pot's beside them when it has one.
    columns = core.registry.SHEET_CELLS - (1 if game.has_pot else 0)
    rows = []
    pot = 0
    for deal in deals:
        changes = [net.get(deal.pk, {}).get(p.pk, 0) for p in players]
        running = [r + c for r, c in zip(running, changes, strict=True)]
        pot += net.get(deal.pk, {}).get(None, 0)  # the pot's rows have no player
        document = documents[deal.pk]
        said = fill_columns(sheet_cells(document), columns) if cells else []
        dealer = document.get("dealer") or ""
        rows.append(SheetRow(deal, said, changes, list(running), pot, dealer))
    live = [documents[d.pk] for d in deals if not d.voided]
    totals = [c - event.starting_chips for c in running]
    next_deal = _next_deal(table, players, rules, live)
    session = _session(event, {p.name: t for p, t in zip(players, totals, strict=True)}, len(live))
    return Sheet(
        table=table,
        event=event,
        players=players,
        rows=rows,
        totals=totals,
        chips=running,
        next_deal=next_deal,
        session=session,
        deals_played=len(live),
        out_of_chips_names=list(session.out_of_chips),
        headings=fill_columns(game.sheet_headings(rules), columns),
        has_pot=game.has_pot,
        pot=pot,
        order_of_play=game.order_of_play,
    )


def _session(event: Event, net: dict[str, int], deals_played: int) -> core.SessionState:
    return core.session_state(
        event.starting_chips,
        net,
        deals_played,
        core.SessionEnd(event.session_end),
        event.deals_per_session,
    )


def table_session(
    table: Table, seats=None, live: int | None = None, before: int | None = None
) -> core.SessionState:
    """Whether the table's session has ended: three small queries, two when the caller
    knows the seats (name -> player) and one when it knows the live deals too.
    ``before``: whether it had ended before deal ``before`` (after the deals before it,
    as the ledger holds them now)."""
    entries = LedgerEntry.objects.filter(table=table)
    deals = table.deals.filter(voided=False)
    if before is not None:
        entries = entries.filter(deal__number__lt=before)
        deals = deals.filter(number__lt=before)
    net = net_by_player(entries)
    if seats is None:
        seated = table.seats.values_list("player_id", "player__name").order_by()
    else:
        seated = [(p.pk, name) for name, p in seats.items()]
    if live is None:
        live = deals.count()
    return _session(table.round.event, {name: net.get(pk, 0) for pk, name in seated}, live)


def suggested_deal(table: Table) -> core.NextDeal | None:
    """The next deal's dealer, forehand and players by the game's rotation."""
    players = [s.player for s in table.seats.select_related("player").order_by("position")]
    today = {p.pk: p.name for p in players}
    last = with_current_names(table.deals.filter(voided=False).order_by("-number")).first()
    live = [] if last is None else [under_todays_names(last.document, last.current_names, today)]
    return _next_deal(table, players, table.round.event.rules, live)


def _next_deal(table, players, rules, live_documents) -> core.NextDeal | None:
    """The dealer the game's rotation suggests next (the core's ``next_deal``), after
    the live deals (their documents under today's names)."""
    names = [p.name for p in players]
    game = table.round.event.game
    try:
        if live_documents:
            previous = document_facts(live_documents[-1]).previous
            if previous is None:
                return None
            return game.next_deal(names, rules, previous)
        if table.first_forehand_id:
            return game.next_deal(names, rules, first_forehand=table.first_forehand.name)
    except (core.OutcomeError, ValueError):
        return None  # a table the game cannot seat suggests nobody; entering says why
    return None


@dataclass
class VersionView:
    version: DealVersion
    net: dict[str, int]
    change: dict[str, int]
    summary: str


def deal_words(document) -> str:
    """The deal in its game's own words, from the core (every game, Nebraska too)."""
    return _summary(document)


def _summary(document) -> str:
    """The deal in its game's own words, from the core (every game, Nebraska too)."""
    game = core.game_of_document(document)
    return game.summary(document, game.rules_of(document))


def deal_with_context(pk: int) -> Deal:
    return (
        Deal.objects.select_related("table__round__event", "dealer", "bidder")
        .prefetch_related(
            "table__round__event__organizers",
            Prefetch(
                "table__seats", queryset=Seat.objects.select_related("player").order_by("position")
            ),
        )
        .get(pk=pk)
    )


def deal_detail(deal: Deal) -> dict:
    """The current transfers with explanations and every version with its net change."""
    versions = list(deal.versions.select_related("created_by").order_by("number"))
    entries = list(
        deal.table.round.event.ledger.filter(deal=deal)  # each row knows its event
        .select_related("payer", "payee", "deal_version")
        .order_by("id")
    )
    players = [s.player for s in deal.table.seats.all()]
    # A version's net is what it posted itself (not its reversals of the previous one).
    posted: dict[int, dict[str, int]] = {
        v.pk: dict.fromkeys((p.name for p in players), 0) for v in versions
    }
    for e in entries:
        if e.reverses_id is None:
            net = posted[e.deal_version_id]
            payer, payee = account_words(e.payer_name), account_words(e.payee_name)
            net[payer] = net.get(payer, 0) - e.chips
            net[payee] = net.get(payee, 0) + e.chips
    views = []
    previous = dict.fromkeys((p.name for p in players), 0)
    today = {p.pk: p.name for p in players}
    for v in versions:
        net = posted[v.pk] if v.action != DealVersion.Action.VOIDED else dict.fromkeys(previous, 0)
        # Over both versions' accounts: a pot the new version no longer touches changed too.
        names = list(net) + [name for name in previous if name not in net]
        change = {name: net.get(name, 0) - previous.get(name, 0) for name in names}
        summary = _summary(under_todays_names(v.document, v.names, today))
        views.append(VersionView(v, net, change, summary))
        previous = net
    current = [e for e in entries if e.deal_version_id == versions[-1].pk and e.reverses_id is None]
    return {
        "deal": deal,
        "summary": views[-1].summary if views else _summary(deal.document),
        "players": players,
        "transfers": current if not deal.voided else [],
        "entries": entries,
        "versions": views,
        "net": views[-1].net if views else {},
    }
