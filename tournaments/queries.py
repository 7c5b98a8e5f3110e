"""Read side: score sheets and deal details, over the ledger's sums (``balances``), a
fixed number of queries whatever the size of the event."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace

from django.db.models import Prefetch
from django.template.defaultfilters import pluralize

import taroky_scoring as core
from taroky_scoring.presentation import POT as POT_KEY

from . import clock as on_the_clock
from . import seat_holders
from .balances import net_by_deal_and_player, session_state
from .models import Deal, DealVersion, Event, LedgerEntry, Player, Seat, Table
from .outcomes import deal_words, document_facts
from .todays_names import under_todays_names, with_current_names, with_kept_names
from .words import account_words


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
    def tag(self) -> str:
        """What became of the deal since it was entered, as the sheet says it beside its
        number, on the page and on paper: "voided", "corrected" or nothing."""
        if self.deal.voided:
            return "voided"
        return "corrected" if self.deal.version > 1 else ""

    @property
    def fragment_key(self) -> str:
        """All the row's HTML is rendered from (``views.deals.rows_html`` keeps each row
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


# The paper score sheet's columns for a deal's outcome, the pot's among them: the app's
# layout of a sheet, not the game's. The filled sheet (its page and its PDF, both laid
# out from ``table_sheet``) and the blank sheet (``printouts.sheets``, which reads the
# filled one from here too) have as many, so a sheet kept by hand and its printout match.
SHEET_CELLS = 8


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
    clock: on_the_clock.Shown | None = None  # a round on the clock: the table's bell
    # The names the next deal gives the seats (a substitute's, from their first deal).
    next_names: list[str] = field(default_factory=list)
    # The seats that changed hands (``seat_holders``), in words, and each seat's heading.
    seat_changes: list[str] = field(default_factory=list)
    seat_heads: list[str] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)

    def names_at(self, number: int) -> list[str]:
        """The names deal ``number`` gives the seats (a correction's form offers them)."""
        return [h.player.name for h in seat_holders.holders(self.seats, number)]

    @property
    def closed_to_organizer(self) -> bool:
        """Whether the organizer may enter no more deals either: a timed session's end
        stops the table's link, the director enters any further deal."""
        return self.session.ended and self.session.reason is not core.SessionEnd.TIMED

    @property
    def closed_words(self) -> str:
        """Why the table takes no more deals (through its link, when timed)."""
        if self.session.reason is core.SessionEnd.TIMED:
            return self.state_words
        return f"{self.state_words}: this table takes no more deals."

    @property
    def lead_span(self) -> int:
        """The columns before the players' (the number, the dealer, the game's columns):
        what the starting-chips row spans; the net row's label spans them less the pot."""
        return 2 + sum(h.span for h in self.headings) + (1 if self.has_pot else 0)

    @property
    def phone_labels(self) -> list[tuple[int, str]]:
        """The game's headings that a phone says before a row's cells (where the sheet's
        row is two lines and its headings are not shown): each as the cell's position in
        the row (``nth-child``, the number and the dealer first) and the heading's text.
        Only where each heading is one column (a game saying a deal in one cell says it
        in words), up to the first wider one."""
        if len(self.headings) < 2:
            return []
        labels = []
        for i, heading in enumerate(self.headings):
            if heading.span != 1:
                break
            labels.append((i + 3, heading.text))
        return labels

    @property
    def width(self) -> int:
        """Every column of the sheet: the lead columns and each player's change and chips."""
        return self.lead_span + 2 * len(self.players)

    def chip_series(self) -> list[tuple[str, list[int]]]:
        """Each seat's chips from the start through every deal, for the chart, named
        as the sheet heads the seat ("Dana → Ivan" once it changed hands)."""
        start = self.event.starting_chips
        return [
            (head, [start] + [r.running[i] for r in self.rows])
            for i, (_, head) in enumerate(self.player_heads)
        ]

    @property
    def last_live_deal(self) -> Deal | None:
        """The deal an undo or a table link's correction applies to."""
        live = [r.deal for r in self.rows if not r.deal.voided]
        return live[-1] if live else None

    @property
    def player_heads(self) -> list[tuple[Player, str]]:
        """Each seat's player and its heading ("Dana → Ivan" once it changed hands)."""
        heads = self.seat_heads or [p.name for p in self.players]
        return list(zip(self.players, heads, strict=True))

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
            # A closed round's table takes no more deals through its link.
            if self.table.round.closed_at is not None:
                return f"Round closed: {deals} played"
            return f"Running: {deals} played"
        if self.session.reason is core.SessionEnd.FIXED_DEALS:
            return f"Ended after {deals}"
        if self.session.reason is core.SessionEnd.TIMED:
            return on_the_clock.time_up_words(self.table)
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
    ``cells=False`` is what the deal form's page and the substitute form read (the
    deals, the next dealer, the session, the seats): each row's game columns are left
    empty, and its chips too (every change 0) unless the session ends when a player runs
    out of chips (then the ledger is read, as for the whole sheet)."""
    event = table.round.event
    rules = event.rules
    seats = seat_holders.seats_of(table)
    players = [s.player for s in seats]  # each seat's own player (a leaver too)
    subs = seat_holders.substituted(seats)
    deals = list(with_current_names(table.deals.order_by("number")))
    today = {p.pk: p.name for p in players + [s.substitute for s in subs]}
    today = with_kept_names(today, [d.current_names for d in deals])
    documents = {d.pk: under_todays_names(d.document, d.current_names, today) for d in deals}
    net = {}
    if cells or event.session_end == Event.SessionEnd.OUT_OF_CHIPS:
        net = net_by_deal_and_player(LedgerEntry.objects.filter(table=table))
    running = [event.starting_chips] * len(players)
    game = core.game_for(event.ruleset)
    # The game's columns of a deal, and the pot's beside them when it has one.
    columns = SHEET_CELLS - (1 if game.has_pot else 0)
    rows = []
    pot = 0
    ids = [p.pk for p in players]  # without a substitute, the holders at every deal
    for deal in deals:
        # Each seat's change: its holder's at this deal (no query).
        if subs:
            ids = [h.player.pk for h in seat_holders.holders(seats, deal.number)]
        chips = net.get(deal.pk, {})
        changes = [chips.get(pk, 0) for pk in ids]
        running = [r + c for r, c in zip(running, changes, strict=True)]
        pot += chips.get(None, 0)  # the pot's rows have no player
        document = documents[deal.pk]
        said = fill_columns(sheet_cells(document), columns) if cells else []
        dealer = document.get("dealer") or ""
        rows.append(SheetRow(deal, said, changes, list(running), pot, dealer))
    live = [documents[d.pk] for d in deals if not d.voided]
    totals = [c - event.starting_chips for c in running]
    upcoming = (deals[-1].number if deals else 0) + 1
    next_names = [h.player.name for h in seat_holders.holders(seats, upcoming)]
    if subs and live:
        # The rotation finds a seat that changed name by the next deal under its new one.
        last = next(d for d in reversed(deals) if not d.voided)
        renamed = {**today, **seat_holders.renamed_at(seats, upcoming)}
        live[-1] = under_todays_names(last.document, last.current_names, renamed)
    next_deal = _next_deal(table, next_names, rules, live)
    shown = table_clock = None
    if on_the_clock.is_timed(event):
        table_clock = on_the_clock.core_clock(table, [d.created_at for d in deals if not d.voided])
        shown = on_the_clock.shown_for_table(table)
    # Whether the session ended: each holder of a seat at the next deal on their own chips
    # at the table, as entering the deal checks it (a seat's total, without substitutes).
    own: dict[int, int] = {}
    for per_player in net.values():
        for pk, chips in per_player.items():
            own[pk] = own.get(pk, 0) + chips
    holders_next = seat_holders.holders(seats, upcoming)
    session = session_state(
        event,
        {h.player.name: own.get(h.player.pk, 0) for h in holders_next},
        len(live),
        table_clock,
    )
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
        clock=shown,
        next_names=next_names,
        seats=seats,
        seat_changes=[seat_holders.change_words(s) for s in subs],
        seat_heads=[seat_holders.head_words(s) for s in seats],
    )


def _next_deal(table, names, rules, live_documents) -> core.NextDeal | None:
    """The dealer the game's rotation suggests next (the core's ``next_deal``) among the
    seats' ``names`` at the next deal, after the live deals (their documents under
    today's names)."""
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
    # What changed from the version before (None: the first version): each field the
    # two documents say differently (label, before, after, in the game's words, from
    # the core), the pot the deal plays for (before, after; None: the same), and each
    # account's net (name, before, after, the change).
    fields: list[tuple[str, str, str]] | None = None
    pot: tuple[int, int] | None = None
    nets: list[tuple[str, int, int, int]] = field(default_factory=list)

    @property
    def first(self) -> bool:
        return self.fields is None


def _changed_from(view: VersionView, before: VersionView, documents: tuple[dict, dict]) -> None:
    """Fill in what ``view`` changed from the version ``before`` it (``documents``: the
    two versions' documents under today's names): the fields (``Game.changes``, in the
    game's words), the pot and each account's net before and after."""
    old, new = documents
    game = core.game_of_document(new)
    view.fields = game.changes(old, new, game.rules_of(new))
    pots = (old.get(POT_KEY, 0), new.get(POT_KEY, 0))
    if pots[0] != pots[1]:
        view.pot = pots
    view.nets = [
        (name, before.net.get(name, 0), view.net.get(name, 0), change)
        for name, change in view.change.items()
    ]


def deal_with_context(pk: int) -> Deal:
    return (
        Deal.objects.select_related("table__round__event", "dealer", "bidder")
        .prefetch_related(
            "table__round__event__organizers",
            Prefetch(
                "table__seats",
                queryset=Seat.objects.select_related("player", "substitution__substitute").order_by(
                    "position"
                ),
            ),
        )
        .get(pk=pk)
    )


def _as_kept(entry: LedgerEntry) -> None:
    """A ledger row naming a player merged into another since (services/merging.py)
    shown as the kept player's (the row itself, append-only, is not changed)."""
    for side in ("payer", "payee"):
        player = getattr(entry, side)
        alias = getattr(player, "alias", None) if player is not None else None
        if alias is not None:
            setattr(entry, side, alias.kept)


def deal_detail(deal: Deal) -> dict:
    """The current transfers with explanations and every version with its net change."""
    versions = list(deal.versions.select_related("created_by").order_by("number"))
    entries = list(
        deal.table.round.event.ledger.filter(deal=deal)  # each row knows its event
        .select_related("payer__alias__kept", "payee__alias__kept", "deal_version")
        .order_by("id")
    )
    for e in entries:
        _as_kept(e)
    # The seats' holders at this deal: a substitute playing in their own name in their seat.
    holders = seat_holders.holders(list(deal.table.seats.all()), deal.number)
    players = [h.player for h in holders]
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
    today = {p.pk: p.name for h in holders for p in (h.leaver, h.player)}
    today = with_kept_names(today, [v.names for v in versions])
    document = None
    for v in versions:
        net = posted[v.pk] if v.action != DealVersion.Action.VOIDED else dict.fromkeys(previous, 0)
        # Over both versions' accounts: a pot the new version no longer touches changed too.
        names = list(net) + [name for name in previous if name not in net]
        change = {name: net.get(name, 0) - previous.get(name, 0) for name in names}
        said = under_todays_names(v.document, v.names, today)
        view = VersionView(v, net, change, deal_words(said))
        if views:
            _changed_from(view, views[-1], (document, said))
        views.append(view)
        previous, document = net, said
    current = [e for e in entries if e.deal_version_id == versions[-1].pk and e.reverses_id is None]
    return {
        "deal": deal,
        "summary": views[-1].summary if views else deal_words(deal.document),
        "players": players,
        "transfers": current if not deal.voided else [],
        "entries": entries,
        "versions": views,
        "net": views[-1].net if views else {},
        # What the deal says now, under today's names (a version sent beside it is
        # compared with it).
        "document": under_todays_names(versions[-1].document, versions[-1].names, today)
        if versions
        else deal.document,
    }
