"""The results website: a published event or season as static files (HTML, CSS, the
PDFs and CSVs its public pages offer) with relative links only, so the folder opens
from a USB stick or any web host without the app.

Only what the public may read goes in it: an unpublished event or season is refused
(``SiteRefused``, nothing built), and a season's site holds its published events only.
Pages are rendered from small templates of their own (``tournaments/site/``) that reuse
the app's standings tables; nothing in them fetches anything: no script, no service
worker, no link to an organizer's page. ``build_event`` and ``build_season`` return the
files in memory ({relative path: bytes}); ``write_folder`` and ``zip_bytes`` store them.

Where a page is:

    index.html                    the event: its rules, rounds, tables and players
    standings.html (.csv, .pdf)   the standings and the chart of the rounds
    round-N.html, round-N-pack.pdf, round-N-standings.csv (.pdf): its tables, its own standings
    round-N-table-M.html (.pdf)   a table's score sheet and chart
    player-ID.html (.pdf)         a player's statement
    prizes.html (.csv, .pdf)      the prize list, when the event sets prizes
    site.css

A season's site has its standings at index.html (and .csv, .pdf), each player's season
at player-ID.html, and each event's site in its own folder, event-ID/.

``EVENT_PAGES`` and ``SEASON_PAGES`` list what a site holds, one builder each: a new
kind of page (a prize list, say) is one more function appended there, with a link to
its page in ``site/event_index.html`` (the browser test then checks it is reached).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.staticfiles import finders
from django.db.models import Count, Prefetch, Q
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import slugify

from . import exchange, printouts, prizes, queries, ranking, season_standings, standings
from .exchange.prize_list import prize_list_csv
from .models import Event, Player, Round, Season, Seat, Table
from .printouts.prizes import prize_list_pdf
from .standings_tables import SeasonStandingsTable, StandingsTable
from .words import season_file_stem

CSS = "site.css"


class SiteRefused(Exception):
    """What may not be exported, and why (an unpublished event or season)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Site:
    """The files of a site being built: {path relative to its folder: bytes}."""

    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, path: str, body: bytes | str) -> None:
        self.files[path] = body.encode("utf-8") if isinstance(body, str) else body

    def page(self, path: str, template: str, context: dict, up: str = "") -> None:
        context = {**context, "up": up, "css": f"{up}{CSS}", "exported": timezone.now()}
        self.add(path, render_to_string(f"tournaments/site/{template}", context))


def table_page(table: Table) -> str:
    return f"round-{table.round.number}-table-{table.number}.html"


def player_page(player: Player) -> str:
    return f"player-{player.pk}.html"


def _csv(text: str) -> bytes:
    # A byte-order mark, as the app's downloads, so Excel reads the file as UTF-8.
    return ("\ufeff" + text).encode("utf-8")


# -- an event ---------------------------------------------------------------------------


@dataclass
class EventData:
    """What an event's pages read, read once."""

    event: Event
    rounds: list[Round]
    players: list[Player]
    rows: list  # the standings
    season: Season | None = None  # the published season the site is part of


def _event_data(event: Event, season: Season | None) -> EventData:
    tables = Table.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    ).annotate(deal_count=Count("deals", filter=Q(deals__voided=False)))
    rounds = list(
        event.rounds.order_by("number").prefetch_related(
            Prefetch("tables", queryset=tables.order_by("number")), "byes"
        )
    )
    for rnd in rounds:
        rnd.event = event
        for table in rnd.tables.all():
            table.round = rnd
    players = list(Player.objects.filter(registrations__event=event).order_by("name", "pk"))
    return EventData(event, rounds, players, standings.standings(event), season)


def _context(data: EventData, **more) -> dict:
    return {"event": data.event, "rounds": data.rounds, "season": data.season, **more}


def event_index(site: Site, data: EventData, up: str) -> None:
    site.page(
        "index.html",
        "event_index.html",
        _context(data, players=data.players, rules=data.event.ruleset_listing),
        up,
    )


def event_standings(site: Site, data: EventData, up: str) -> None:
    event = data.event
    table = StandingsTable(data.rows, event=event, orderable=False)
    table.statement_url = "player-{}.html"
    chart = None
    if len(data.rounds) > 1:
        series = standings.standings_series(event, data.rows)
        chart = printouts.web_chart(series, "round") if series else None
    site.page(
        "standings.html",
        "standings.html",
        _context(
            data,
            table=table,
            chart=chart,
            rank_words=standings.RANK_WORDS,
            # As the app's standings page: said only when not by chips alone.
            ranking_words=ranking.Scoring.of(event).words if table.by_points else "",
        ),
        up,
    )
    site.add("standings.csv", _csv(exchange.standings_csv(event, None)))
    site.add("standings.pdf", printouts.standings_pdf(event, None))


def event_rounds(site: Site, data: EventData, up: str) -> None:
    event = data.event
    for rnd in data.rounds:
        # The round's own standings (the standings page's "round N only").
        rows = standings.standings(event, only_round=rnd.number)
        table = StandingsTable(rows, event=event, orderable=False)
        table.statement_url = "player-{}.html"
        stem = f"round-{rnd.number}"
        site.page(f"{stem}.html", "round.html", _context(data, round=rnd, table=table), up)
        site.add(
            f"{stem}-standings.csv",
            _csv(exchange.standings_csv(event, None, only_round=rnd.number)),
        )
        site.add(
            f"{stem}-standings.pdf", printouts.standings_pdf(event, None, only_round=rnd.number)
        )
        # The table links' QR codes are an organizer's: the public pack has none.
        site.add(f"round-{rnd.number}-pack.pdf", printouts.round_pack_pdf(rnd, None))


def event_tables(site: Site, data: EventData, up: str) -> None:
    for rnd in data.rounds:
        for table in rnd.tables.all():
            sheet = queries.table_sheet(table)
            chart = None
            if sheet.rows:
                chart = printouts.web_chart(
                    sheet.chip_series(), "deal", baseline=data.event.starting_chips
                )
            page = table_page(table)
            site.page(page, "table.html", _context(data, table=table, sheet=sheet, chart=chart), up)
            site.add(page.replace(".html", ".pdf"), printouts.score_sheet_pdf(table))


def event_statements(site: Site, data: EventData, up: str) -> None:
    scoring = ranking.Scoring.of(data.event)
    for player in data.players:
        lines = standings.statement(data.event, player)
        page = player_page(player)
        site.page(
            page,
            "statement.html",
            _context(
                data,
                player=player,
                lines=lines,
                balance=lines[-1].balance if lines else 0,
                # His place at each table, as the app's statement shows it.
                places=standings.places_of(data.event, player) if scoring.by_points else None,
                ranking_words=scoring.words,
            ),
            up,
        )
        site.add(page.replace(".html", ".pdf"), printouts.statement_pdf(data.event, player))


def event_prizes(site: Site, data: EventData, up: str) -> None:
    # Nothing about prizes (or money) unless the event sets them.
    if not data.event.sets_prizes:
        return
    lists = prizes.event_prize_lists(data.event)
    site.page(
        "prizes.html", "prizes.html", _context(data, listing=lists[0], categories=lists[1:]), up
    )
    site.add("prizes.csv", _csv(prize_list_csv(lists)))
    site.add("prizes.pdf", prize_list_pdf(data.event, lists))


# What an event's site holds, in order: each builder adds its pages and files.
EVENT_PAGES: list[Callable[[Site, EventData, str], None]] = [
    event_index,
    event_standings,
    event_rounds,
    event_tables,
    event_statements,
    event_prizes,
]


def check_event(event: Event) -> None:
    if not event.published:
        raise SiteRefused(
            f"{event} is not published: only a published event's results may be exported. "
            "Publish it first (Edit event)."
        )


def build_event(event: Event, season: Season | None = None) -> dict[str, bytes]:
    """The site of a published event (refused otherwise); ``season``: the published
    season whose site holds it (its pages then link back to the season's)."""
    check_event(event)
    site = Site()
    data = _event_data(event, season)
    up = "../" if season is not None else ""
    for build in EVENT_PAGES:
        build(site, data, up)
    if season is None:  # a season's events share its stylesheet
        site.add(CSS, _stylesheet())
    return site.files


# -- a season ---------------------------------------------------------------------------


@dataclass
class SeasonData:
    season: Season
    events: list[Event]  # its published events only
    table: season_standings.SeasonTable


def event_folder(event: Event) -> str:
    return f"event-{event.pk}"


def season_index(site: Site, data: SeasonData) -> None:
    season, standing = data.season, data.table
    rows = SeasonStandingsTable(standing.rows, season_table=standing, orderable=False)
    rows.statement_url = "player-{}.html"
    series = season_standings.chips_series(standing)
    chart = None
    if len(standing.events) > 1 and series:
        dates = ["start", *(f"{e.date:%b} {e.date.day}" for e in standing.events)]
        chart = printouts.web_chart(series, "event", x_labels=dates)
    site.page(
        "index.html",
        "season_index.html",
        {"season": season, "standing": standing, "table": rows, "chart": chart},
    )
    site.add("standings.csv", _csv(exchange.season_standings_csv(standing)))
    site.add("standings.pdf", printouts.season_standings_pdf(standing))


def season_statements(site: Site, data: SeasonData) -> None:
    standing = data.table
    for row in standing.rows:
        played = {r.event.pk for r in row.results}
        site.page(
            player_page(row.player),
            "season_statement.html",
            {
                "season": data.season,
                "standing": standing,
                "row": row,
                "player": row.player,
                "missed": [e for e in standing.events if e.pk not in played],
            },
        )


def season_events(site: Site, data: SeasonData) -> None:
    for event in data.events:
        for path, body in build_event(event, data.season).items():
            site.add(f"{event_folder(event)}/{path}", body)


# What a season's site holds, in order.
SEASON_PAGES: list[Callable[[Site, SeasonData], None]] = [
    season_index,
    season_statements,
    season_events,
]


def check_season(season: Season) -> None:
    if not season.published:
        raise SiteRefused(
            f"The season {season.name} is not published: only a published season's "
            "results may be exported. Publish it first (Edit season)."
        )


def build_season(season: Season) -> dict[str, bytes]:
    """The site of a published season (refused otherwise) with its published events."""
    check_season(season)
    events = [e for e in season_standings.season_events(season) if e.published]
    data = SeasonData(season, events, season_standings.season_standings(season, events))
    site = Site()
    for build in SEASON_PAGES:
        build(site, data)
    site.add(CSS, _stylesheet())
    return site.files


# -- storing a site ---------------------------------------------------------------------


def _stylesheet() -> bytes:
    return Path(finders.find(f"tournaments/{CSS}")).read_bytes()


def zip_bytes(files: dict[str, bytes], folder: str) -> bytes:
    """The files in a zip, under one folder (unzipped, it does not spill its files)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            archive.writestr(f"{folder}/{path}", files[path])
    return buffer.getvalue()


def write_folder(files: dict[str, bytes], folder: Path) -> None:
    """Write the files into ``folder`` (which the caller checked), replacing files of
    the same name."""
    for path, body in sorted(files.items()):
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)


def site_name(what: Event | Season) -> str:
    """The zip's and its folder's name: "clarkson-taroky-tournament-2026-03-14-site"."""
    if isinstance(what, Season):
        return f"{season_file_stem(what)}-site"
    return f"{slugify(what.name) or 'event'}-{what.date:%Y-%m-%d}-site"
