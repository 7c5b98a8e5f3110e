"""Seasons: creating and editing one, its events, its standings (page, PDF, CSV, the
wall), a player's season statement, and a player's page across events and seasons.

Pages read through season_standings.py and write only through services."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from .. import (
    circuit_pages,
    exchange,
    printouts,
    ranking,
    scoping,
    season_standings,
    services,
    stamps,
)
from ..forms import SeasonEventForm, SeasonForm
from ..models import ActivityEntry, Club, Event, Player, Season
from ..names import name_key
from ..qr import hall_url, qr_svg
from ..services import seasons as season_services
from ..services.permissions import (
    can_create_events,
    can_manage_season,
    can_view_season,
    is_circuit_officer,
    readable_events,
)
from ..standings_tables import SeasonStandingsTable
from ..words import season_file_stem, season_history_words
from .common import (
    csv_download,
    download,
    edit_page,
    form_errors,
    managing,
    organizer_view,
    pdf_response,
    settings_page,
    xlsx_download,
)
from .hall import wall_columns
from .live import not_modified, tagged
from .merging import merge_history
from .refusals import refusal_said
from .results_mail import player_email


def season_or_404(request, pk) -> Season:
    # Read unscoped by its id: the season's club then scopes the request.
    season = get_object_or_404(
        Season.objects.with_scopes_disabled().prefetch_related("organizers"), pk=pk
    )
    scoping.enter(season.owner_club_id)
    # An unpublished season is invisible (404) to everyone but its organizers.
    if not can_view_season(request.user, season):
        raise Http404("No such season")
    return season


def check_manage_season(request, season: Season) -> None:
    if not can_manage_season(request.user, season):
        raise PermissionDenied("Only the organizers of this season may change it.")


# The organizers' page of a season: its view takes the season.
managed_season = managing(season_or_404, check_manage_season)


@organizer_view
@require_http_methods(["GET", "POST"])
def season_create(request):
    if not can_create_events(request.user):
        raise PermissionDenied("Only organizer accounts may create seasons.")
    form = SeasonForm(request.POST or None, user=request.user)
    return settings_page(
        request,
        form,
        "tournaments/season_form.html",
        lambda: season_services.create_season(request.user, **form.settings()),
        lambda season: f"Season “{season.name}” created: add its events.",
    )


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_season
def season_edit(request, season):
    return edit_page(
        request,
        season,
        SeasonForm,
        season_services.update_season,
        "tournaments/season_form.html",
        "Season saved.",
    )


def season_table(request, season: Season) -> season_standings.SeasonTable:
    """The season's standings: every event of it for its organizers, the events the
    visitor may read for anyone else (the public: its published ones), so its public
    page, CSV, PDF and statements, and its results website, name no other."""
    if can_manage_season(request.user, season):
        return season_standings.season_standings(season)
    events = readable_events(request.user, season.events.order_by("date", "name", "pk"))
    return season_standings.season_standings(season, list(events))


def event_dates(events) -> list[str]:
    """A chart's points: the start, then each event's date ("Nov 5")."""
    return ["start", *(f"{e.date:%b} {e.date.day}" for e in events)]


def _standings_context(request, season: Season) -> dict:
    table = season_table(request, season)
    rows = SeasonStandingsTable(table.rows, season_table=table)
    RequestConfig(request, paginate=False).configure(rows)
    series = season_standings.chips_series(table)
    chart = (
        printouts.web_chart(series, "event", x_labels=event_dates(table.events))
        if len(table.events) > 1 and series
        else None
    )
    players = {}
    for row in table.rows:
        for r in row.results:
            players[r.event.pk] = r.placing.players
    event_rows = [
        {"event": e, "players": players.get(e.pk, 0), "rules": e.ruleset_listing["title"]}
        for e in table.events
    ]
    return {
        "season": season,
        "standing": table,
        "table": rows,
        "chart": chart,
        "event_rows": event_rows,
    }


def season_detail(request, pk):
    season = season_or_404(request, pk)
    manage = can_manage_season(request.user, season)
    context = _standings_context(request, season)
    changes = (
        ActivityEntry.objects.filter(season=season).select_related("user").order_by("created_at")
    )
    history = [(c, season_history_words(c.action, c.detail)) for c in changes]
    if not manage:
        history = _named_to(request.user, history)
    context.update(
        can_manage=manage,
        add_form=SeasonEventForm(user=request.user) if manage else None,
        # Every change of how the season ranks and of what it counts, with who and when
        # (a published season shows them to everybody).
        history=[(c, words) for c, words in history if words],
    )
    return render(request, "tournaments/season_detail.html", context)


def _named_to(user, history: list) -> list:
    """The season's history without the changes that name an event ``user`` may not
    read (one added or removed before it was unpublished): one query, when any does."""
    named = {c.detail.get("event") for c, _ in history} - {None}
    if not named:
        return history
    readable = set(
        readable_events(user, Event.objects.filter(pk__in=named)).values_list("pk", flat=True)
    )
    return [(c, w) for c, w in history if c.detail.get("event") in readable | {None}]


@organizer_view
@require_POST
@managed_season
def season_events(request, season):
    """Add an event to the season, or remove one."""
    if "remove" in request.POST:
        event = get_object_or_404(Event, pk=_pk(request.POST["remove"]), season=season)
        with refusal_said(request):
            season_services.remove_event(season, event, request.user)
            changed = ": its published standings changed" if season.published else ""
            messages.success(request, f"{event} no longer counts in the season{changed}.")
        return redirect(season)
    form = SeasonEventForm(request.POST, user=request.user)
    if form.is_valid():
        try:
            event = season_services.add_event(season, form.cleaned_data["event"], request.user)
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, f"{event} counts in the season.")
            return redirect(season)
    context = _standings_context(request, season)
    context.update(can_manage=True, add_form=form, history=[])
    return render(request, "tournaments/season_detail.html", context, status=400)


def _pk(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Http404("No such event") from None


def season_csv(request, pk):
    season = season_or_404(request, pk)
    table = season_table(request, season)
    return csv_download(exchange.season_standings_csv(table), f"{season_slug(season)}.csv")


def season_xlsx(request, pk):
    season = season_or_404(request, pk)
    table = season_table(request, season)
    rows = exchange.downloads.season_standings_rows(table)
    return xlsx_download(rows, f"{season_slug(season)}.xlsx", "Season standings")


def season_pdf(request, pk):
    season = season_or_404(request, pk)
    table = season_table(request, season)
    return pdf_response(printouts.season_standings_pdf(table), f"{season_slug(season)}.pdf")


@organizer_view
@managed_season
def season_json(request, season):
    """The whole season with its events as JSON (``import_season`` reads it)."""
    body = json.dumps(exchange.export_season(season), ensure_ascii=False, indent=1)
    return download(body, f"{season_file_stem(season)}.json", "application/json")


def season_slug(season: Season) -> str:
    return f"{season_file_stem(season)}-standings"


def season_statement(request, pk, player_pk):
    """A player's season: each event, their place, chips, points, counted or dropped."""
    season = season_or_404(request, pk)
    player = get_object_or_404(Player, pk=player_pk)
    table = season_table(request, season)
    row = table.row_of(player.pk)
    if row is None:
        raise Http404("The player played no event of this season")
    played = {r.event.pk for r in row.results}
    return render(
        request,
        "tournaments/season_statement.html",
        {
            "season": season,
            "standing": table,
            "row": row,
            "player": player,
            "missed": [e for e in table.events if e.pk not in played],
        },
    )


# -- the wall ---------------------------------------------------------------------------


def _wall_context(request, season: Season) -> dict:
    table = season_table(request, season)
    latest = table.events[-1] if table.events else None
    context = {"season": season, "columns": wall_columns(table.rows), "standing": table}
    if latest is not None:
        # The latest event's standings, from the season's own rows (no more queries).
        rows = [
            (r.rank, row.player.name, row.player, r.chips, r.placing.table_points_shown)
            for row in table.rows
            for r in row.results
            if r.event.pk == latest.pk
        ]
        context["latest"] = latest
        # When it ranks by table points, its points beside the chips, as its own wall.
        scoring = ranking.Scoring.of(latest)
        context["latest_ranking"] = scoring if scoring.by_points else None
        context["latest_columns"] = wall_columns(sorted(rows, key=lambda r: (r[0], name_key(r[1]))))
    return context


def season_wall(request, pk):
    """The season's standings in large type for a projector, alternating with the
    standings of its latest event, refreshed in place."""
    season = season_or_404(request, pk)
    url = hall_url(request, season.get_absolute_url())
    context = _wall_context(request, season)
    context.update(hall_url=url, hall_qr=qr_svg(url, scale=5))
    return render(request, "tournaments/season_wall.html", context)


def season_wall_live(request, pk):
    """The wall's changing part: 304 while none of the season's events changed."""
    season = season_or_404(request, pk)
    tag, unchanged = not_modified(request, season.pk, stamps.season_etag)
    if unchanged:
        return unchanged
    page = render(request, "tournaments/season_wall_live.html", _wall_context(request, season))
    return tagged(page, tag)


# -- a player across events and seasons -------------------------------------------------


@require_http_methods(["GET", "POST"])
def player_detail(request, pk):
    """Every event and season the player played that the visitor may read: place and
    chips per event, a chart of their chips over each season, their statistics; their
    email address for the organizers who may change it (and nobody else)."""
    player = get_object_or_404(Player, pk=pk)
    user = request.user
    email_form, saved_email = player_email(request, player)
    if saved_email:
        return saved_email
    if request.method == "POST" and email_form is None:
        raise PermissionDenied("Only the organizers of the player's events may change it.")
    events = (
        Event.objects.filter(registrations__player=player)
        .select_related("season", "club")
        .prefetch_related("season__organizers")
    )
    events = list(readable_events(user, events).distinct().order_by("date", "name", "pk"))
    # Organizer accounts and circuit officers see every player of the registry; others,
    # players of events they may read.
    if not events and not (can_create_events(user) or is_circuit_officer(user)):
        raise Http404("No such player")
    placings = season_standings.player_placings(player, events)
    # Their seasons that the visitor may read (a published event may count in a season
    # not published yet: its name is not shown).
    by_season: dict[Season, list] = {}
    for placing in placings:
        season = placing.event.season
        if season is not None and can_view_season(user, season):
            by_season.setdefault(season, []).append(placing)
    charts = []
    for season, rows in by_season.items():
        if len(rows) > 1:
            series = [(player.name, season_standings.running_totals(p.chips for p in rows))]
            dates = event_dates([p.event for p in rows])
            charts.append((season, printouts.web_chart(series, "event", x_labels=dates)))
    circuit = _circuit_context(player)
    return render(
        request,
        "tournaments/player_detail.html",
        {
            "player": player,
            "placings": placings,
            "seasons": list(by_season),
            "season_ids": {s.pk for s in by_season},
            "charts": charts,
            "statistics": season_standings.player_statistics(player, events),
            "email_form": email_form,
            **circuit,
            "merges": merge_history(user, player),
            # The clubs they belong to; each event's club, on a server of several.
            "memberships": list(player.memberships.select_related("club").order_by("club__name")),
            "several_clubs": Club.objects.several(),
        },
    )


def _circuit_context(player) -> dict:
    """The player's row of the latest published ranking list and their rating (beta),
    with its history as a chart: one query (the list)."""
    published = circuit_pages.latest()
    number = player.circuit_number
    rating = circuit_pages.player_rating(published, number)
    chart = None
    if rating is not None and rating.history:
        values, labels = circuit_pages.rating_chart_points(rating)
        chart = printouts.web_chart([(player.name, values)], "event", x_labels=labels)
    return {
        "circuit_list": published,
        "list_row": circuit_pages.player_row(published, number),
        "rating": rating,
        "rating_chart": chart,
    }
