"""The CSV downloads: deals, ledger, standings and chip counts, every cell spreadsheet-safe."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from decimal import Decimal

from ..columns import Columns
from ..models import ChipCount, Deal, Event, LedgerEntry, Seat
from ..moments import moment
from ..standings import among, standings
from ..todays_names import under_todays_names, with_current_names
from .export import in_field_order
from .player_categories import players_csv_rows

# A spreadsheet runs a cell starting with one of these as a formula (=HYPERLINK, +cmd|,
# @SUM, -2+3; tab and CR start one in some programs).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """A text cell a spreadsheet shows as text: a leading ' if it could start a formula.

    Only text is touched: numbers (a negative net included) stay numbers.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Iterable]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return out.getvalue()


def _bidder_points(deal) -> int | str:
    """The declarer's side's card points, from either side's count as the game reads
    them; empty when the deal has none."""
    if deal.kind != "played":
        return ""
    game = deal.game
    points = game.declarer_points(deal.document, game.rules_of(deal.document))
    return "" if points is None else points


def deals_csv(event: Event) -> str:
    deals = with_current_names(
        Deal.objects.filter(table__round__event=event)
        .select_related("table__round", "dealer", "bidder")
        .order_by("table__round__number", "table__number", "number")
    )
    # Every player under today's name: a player renamed since is one name in a row.
    today = dict(
        Seat.objects.filter(table__round__event=event).values_list("player_id", "player__name")
    )
    rows = [
        [
            "round",
            "table",
            "deal",
            "version",
            "kind",
            "dealer",
            "bidder",
            "bid",
            "partner",
            "bidder_points",
            "bidder_won",
            "voided",
            "document",
        ]
    ]
    for d in deals:
        doc = under_todays_names(d.document, d.current_names, today)
        rows.append(
            [
                d.table.round.number,
                d.table.number,
                d.number,
                d.version,
                d.kind,
                d.dealer.name if d.dealer else "",
                d.bidder.name if d.bidder else "",
                d.bid,
                doc.get("partner") or "",
                _bidder_points(d),
                "" if d.bidder_won is None else d.bidder_won,
                d.voided,
                json.dumps(in_field_order(doc), ensure_ascii=False),
            ]
        )
    return csv_text(rows)


def ledger_csv(event: Event) -> str:
    return csv_text(ledger_rows(event))


def ledger_rows(event: Event) -> list[list]:
    entries = (
        LedgerEntry.objects.filter(event=event)
        .select_related("deal__table__round", "deal_version", "payer", "payee", "created_by")
        .order_by("id")
    )
    rows = [
        [
            "id",
            "round",
            "table",
            "deal",
            "version",
            "from",
            "to",
            "chips",
            "reason",
            "explanation",
            "reverses",
            "created_by",
            "created_at",
            "created_at_local",
        ]
    ]
    for e in entries:
        rows.append(
            [
                e.pk,
                e.deal.table.round.number,
                e.deal.table.number,
                e.deal.number,
                e.deal_version.number,
                e.payer_name,  # a player, or #pot (the table's pot)
                e.payee_name,
                e.chips,
                e.reason,
                e.explanation,
                e.reverses_id or "",
                e.created_by.get_username(),
                e.created_at.isoformat(),
                moment(e.created_at),
            ]
        )
    return rows


def standings_csv(
    event: Event, after_round: int | None = None, only_round: int | None = None, category=None
) -> str:
    return csv_text(standings_rows(event, after_round, only_round, category))


def standings_rows(
    event: Event, after_round: int | None = None, only_round: int | None = None, category=None
) -> list[list]:
    """The standings as rows, the engine's columns for a file (``columns.Columns.csv``);
    of a ``category`` (PrizeCategory): its players ranked among themselves
    (``standings.among``)."""
    shown = Columns.of(event).csv()
    ranked = standings(event, after_round=after_round, only_round=only_round)
    if category is not None:
        ranked = among(ranked, category.players.values_list("pk", flat=True))
    # Figures as numbers (a text starting "-" would be guarded as a formula).
    rows = [[c.csv for c in shown]] + [[c.cell(s) for c in shown] for s in ranked]
    # Teams rank on every player's score: not part of one category's list.
    return rows + (team_rows(event, ranked) if category is None else [])


def team_rows(event: Event, ranked: list) -> list[list]:
    """The teams or lodges ranked beside the players (tournaments.teams), under them
    after an empty row: a row a player of each, their team's place and score beside their
    own score (and, for a lodge, whether it counts). None when the event ranks none."""
    from .. import teams

    kind = teams.kind(event)
    if not kind.ranks:
        return []
    if kind.teams:
        head = ["team_rank", "team", "team_score", "player", "score"]
    else:
        head = ["lodge_rank", "lodge", "lodge_score", "player", "score", "counted"]
    rows = [[], head]
    for side in teams.sides(event, ranked):
        for name, score, counted in side.members_shown():
            lodge = ["yes" if counted else "no"] if len(head) == 6 else []
            rows.append(
                [side.rank_shown, side.name, Decimal(side.score_shown), name, Decimal(score)]
                + lodge
            )
    return rows


def chip_counts_csv(event: Event) -> str:  # pragma: no cover - convenience download
    rows = [["table", "player", "counted", "expected", "difference"]]
    for c in ChipCount.objects.filter(table__round__event=event).select_related("table", "player"):
        rows.append([c.table_id, c.player.name, c.counted, c.expected, c.difference])
    return csv_text(rows)


def season_standings_csv(table) -> str:
    return csv_text(season_standings_rows(table))


def season_standings_rows(table) -> list[list]:
    """A season's standings (``seasons.SeasonTable``): a row a player with their total,
    chips, events played and won, then their value in each event (points or chips; empty
    where they did not play) and the events dropped (best N)."""
    head = ["rank", "player", "club", "points" if table.by_points else "chips_counted"]
    head += ["chips", "events", "events_won", "tie_broken_by"]
    head += [f"{e.date:%Y-%m-%d} {e.name}" for e in table.events]
    head += ["dropped"]
    rows = [head]
    for s in table.rows:
        value = {r.event.pk: r.value for r in s.results}
        rows.append(
            [s.rank, s.player.name, s.player.club, s.total, s.chips, s.events_played]
            + [s.events_won, s.decided_by]
            + [value.get(e.pk, "") for e in table.events]
            + ["; ".join(f"{r.event.date:%Y-%m-%d} {r.event.name}" for r in s.dropped)]
        )
    return rows


def players_csv(event: Event) -> str:
    """The event's players as the players import reads them back, with their
    categories (``player_categories``)."""
    return csv_text(players_csv_rows(event))
