"""Standings, statements, downloads and printouts.

Pages read through queries.py and write only through services."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django_tables2 import RequestConfig

from .. import exchange, printouts, qr, ranking, seat_holders, standings, teams
from ..exchange.signed import signed_file
from ..models import Deal, Player
from ..services import checkin
from ..services.permissions import can_manage
from ..standings_tables import StandingsTable
from .common import (
    csv_download,
    download,
    event_or_404,
    file_slug,
    managed_event,
    organizer_view,
    pdf_response,
    round_or_404,
    table_or_404,
    xlsx_download,
)


def standings_view(request, pk):
    event = event_or_404(request, pk)
    return render(request, "tournaments/standings.html", standings_context(request, event))


def standings_context(request, event) -> dict:
    """The standings page's context: the choice in ``request``'s query (after a round,
    one round, a category) and its sorting."""
    rounds = list(event.rounds.values_list("number", flat=True))
    after = _round_number(request.GET.get("after"), rounds)
    only = _round_number(request.GET.get("round"), rounds)
    categories = list(event.prize_categories.all())
    category = _category(request, categories)
    rows = standings.standings(event, after_round=after, only_round=only)
    if category:
        rows = standings.among(rows, category.players.values_list("pk", flat=True))
    table = StandingsTable(rows, event=event)
    RequestConfig(request, paginate=False).configure(table)
    series = standings.standings_series(event, rows) if len(rounds) > 1 else []
    # A line needs two rounds played (the chart draws none not yet played).
    chart = printouts.web_chart(series, "round") if series and len(series[0][1]) > 2 else None
    return {
        "event": event,
        "table": table,
        "rounds": rounds,
        "after": after,
        "only": only,
        "categories": categories,
        "category": category,
        # The CSV and PDF links show what the page shows.
        "choice": urlencode(
            {
                k: v
                for k, v in (
                    ("round", only),
                    ("after", None if only else after),
                    ("category", category and category.pk),
                )
                if v
            }
        ),
        "can_manage": can_manage(request.user, event),
        "chart": chart,
        "rank_words": standings.RANK_WORDS,
        # Teams or lodges ranked beside the players, when the event ranks them.
        # (not in a category's standings: teams rank on every player's score).
        "sides": teams.sides(event, rows) if category is None else [],
        "sides_kind": teams.kind(event),
        "sides_words": teams.words(event) if teams.kind(event).ranks and category is None else "",
        # How the event ranks, said only when not by chips alone (as always).
        "ranking_words": ranking.Scoring.of(event).words if table.by_points else "",
        # Deals entered at tables that wait for an organizer: one query, and only
        # for events that ask for confirmation.
        "unconfirmed": Deal.objects.filter(table__round__event=event, awaiting_confirmation=True)
        .order_by("table__round__number", "table__number", "number")
        .values("table__round__number", "table__number", "number")
        if event.table_deals_need_confirmation
        else (),
        # The tables that recorded no deal in a round over (FORMATS.md).
        "no_deal_words": standings.no_deal_words(rows),
    }


def _round_number(value, rounds) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number in rounds else None


def _category(request, categories):
    """The category ``?category=<id>`` chooses among the event's, or None (overall)."""
    chosen = request.GET.get("category")
    # No query for the categories when none is chosen (the CSV and PDF's usual case).
    return next((c for c in categories if str(c.pk) == chosen), None) if chosen else None


def player_statement(request, pk, player_pk):
    event = event_or_404(request, pk)
    player = get_object_or_404(Player, pk=player_pk, registrations__event=event)
    lines = standings.statement(event, player)
    scoring = ranking.Scoring.of(event)
    return render(
        request,
        "tournaments/statement.html",
        {
            "event": event,
            "player": player,
            "lines": lines,
            "balance": lines[-1].balance if lines else 0,
            # Their place at each table, when the event ranks by them (two queries).
            "places": standings.places_of(event, player) if scoring.by_points else None,
            "ranking_words": scoring.words,
            # The seats they took over or left (substitutes), one query.
            "seat_changes": seat_holders.statement_words(event, player),
        },
    )


def _standings_choice(request, event) -> tuple[int | None, int | None, object, list]:
    """(after round, only round, category, file name parts) from the standings page's
    query."""
    rounds = list(event.rounds.values_list("number", flat=True))
    after = _round_number(request.GET.get("after"), rounds)
    only = _round_number(request.GET.get("round"), rounds)
    category = _category(request, event.prize_categories.all())
    named = [category.name] if category else []
    if only:
        return None, only, category, ["standings", *named, "round", only]
    return (
        after,
        None,
        category,
        ["standings", *named] + (["after", "round", after] if after else []),
    )


def standings_csv(request, pk):
    event = event_or_404(request, pk)
    after, only, category, parts = _standings_choice(request, event)
    return csv_download(
        exchange.standings_csv(event, after, only_round=only, category=category),
        f"{file_slug(event)}-{slugify('-'.join(str(p) for p in parts))}.csv",
    )


def standings_xlsx(request, pk):
    event = event_or_404(request, pk)
    after, only, category, parts = _standings_choice(request, event)
    return xlsx_download(
        exchange.downloads.standings_rows(event, after, only_round=only, category=category),
        f"{file_slug(event)}-{slugify('-'.join(str(p) for p in parts))}.xlsx",
        "Standings",
    )


def statement_download(request, pk, player_pk, kind):
    """A player's statement as CSV or XLSX: the same rows (``workbook.statement_rows``)."""
    from ..exchange.workbook import statement_rows

    event = event_or_404(request, pk)
    player = get_object_or_404(Player, pk=player_pk, registrations__event=event)
    rows = statement_rows(event, player)
    name = f"{file_slug(event)}-statement-{slugify(player.name)}"
    if kind == "csv":
        return csv_download(exchange.downloads.csv_text(rows), f"{name}.csv")
    return xlsx_download(rows, f"{name}.xlsx", "Statement")


@organizer_view
@managed_event
def event_download(request, event, what):
    if what == "deals.csv":
        return csv_download(exchange.deals_csv(event), f"{file_slug(event)}-deals.csv")
    if what == "ledger.csv":
        return csv_download(exchange.ledger_csv(event), f"{file_slug(event)}-ledger.csv")
    if what == "ledger.xlsx":
        rows = exchange.downloads.ledger_rows(event)
        return xlsx_download(rows, f"{file_slug(event)}-ledger.xlsx", "Ledger")
    if what == "players.csv":
        return csv_download(exchange.players_csv(event), f"{file_slug(event)}-players.csv")
    if what == "event.json":
        body = json.dumps(exchange.export_event(event), ensure_ascii=False, indent=1)
        return download(body, f"{file_slug(event)}.json", "application/json")
    if what == "signed.json":  # to send to the circuit (exchange.signed)
        body = json.dumps(signed_file(event), ensure_ascii=False, indent=1)
        return download(body, f"{file_slug(event)}-signed.json", "application/json")
    raise Http404("No such download")


def table_pdf(request, pk):
    """The filled score sheet of a table, or with ?blank=1 a blank one to play on paper."""
    table = table_or_404(request, pk)
    event = table.round.event
    if request.GET.get("blank"):
        # The link's QR code only for organizers: a published sheet is public.
        url = (
            qr.link_urls(request, [table]).get(table.pk)
            if can_manage(request.user, event)
            else None
        )
        return pdf_response(
            printouts.blank_sheet_pdf(table, link_url=url),
            printouts.filename(event, "round", table.round.number, "table", table.number, "blank"),
        )
    return pdf_response(
        printouts.score_sheet_pdf(table),
        printouts.filename(event, "round", table.round.number, "table", table.number),
    )


def round_pack_pdf(request, pk):
    rnd = round_or_404(request, pk)
    # The table links' QR codes only for organizers: a published round pack is public.
    manages = can_manage(request.user, rnd.event)
    urls = qr.link_urls(request, rnd.tables.all()) if manages else None
    # The open self check-in's QR code and address on the first page: organizers' too.
    check_in = checkin.working_link(rnd.event) if manages else None
    door = qr.hall_url(request, check_in.get_absolute_url()) if check_in else ""
    return pdf_response(
        printouts.round_pack_pdf(rnd, urls, check_in_url=door),
        printouts.filename(rnd.event, "round", rnd.number, "pack"),
    )


def standings_pdf(request, pk):
    event = event_or_404(request, pk)
    after, only, category, parts = _standings_choice(request, event)
    return pdf_response(
        printouts.standings_pdf(
            event, after, only_round=only, category=category, circuit=event.several_clubs
        ),
        printouts.filename(event, *parts),
    )


def statement_pdf(request, pk, player_pk):
    event = event_or_404(request, pk)
    player = get_object_or_404(Player, pk=player_pk, registrations__event=event)
    return pdf_response(
        printouts.statement_pdf(event, player, circuit=event.several_clubs),
        printouts.filename(event, "statement", player.name),
    )
