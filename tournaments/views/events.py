"""Events: the list, creating and editing one, its page and its players.

Pages read through queries.py and write only through services."""

from __future__ import annotations

from pathlib import Path

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import circuit_pages, clock, exchange, ranking, rejected_versions, services, teams
from ..forms import (
    AddPlayerForm,
    EventForm,
    PlayersCsvForm,
    RegistrationChangeForm,
    RenamePlayerForm,
    WithdrawForm,
)
from ..forms.players import seat_said
from ..models import Event, Player, Registration, Season, Seat, Table
from ..names import clean_name
from ..services.permissions import (
    can_create_events,
    can_manage,
    can_view_season,
    readable_events,
    readable_seasons,
)
from ..services.players import search_registry
from ..services.schedule import rounds_words
from .common import (
    edit_page,
    event_or_404,
    form_errors,
    managed_event,
    organizer_view,
    settings_page,
)
from .refusals import refusal_said


def home(request):
    # Newest first, said here: a query with an aggregate drops Meta.ordering.
    events = (
        Event.objects.prefetch_related("organizers")
        .annotate(table_count=Count("rounds__tables", distinct=True))
        .order_by("-date", "name", "pk")
    )
    seasons = Season.objects.annotate(event_count=Count("events", distinct=True)).order_by(
        "-start_date", "name", "pk"
    )
    return render(
        request,
        "tournaments/home.html",
        {
            "events": readable_events(request.user, events),
            "seasons": readable_seasons(request.user, seasons),
            "can_create": can_create_events(request.user),
            # A link to the circuit's ranking list once one is published (a club that
            # never publishes one reads as before).
            "list_date": circuit_pages.latest_date(),
        },
    )


def _refused(form, error) -> None:
    """A service's refusal at its fields: the prizes' on a new event's prize fields
    (their own form), the rest on the event's."""
    named = set(getattr(error, "fields", {}))
    if form.prizes is not None and named and named <= set(Event.PRIZE_SETTINGS):
        form_errors(form.prizes, error, on={"entry_fee_cents": "entry_fee"})
    else:
        form_errors(form, error)


@organizer_view
@require_http_methods(["GET", "POST"])
def event_create(request):
    if not can_create_events(request.user):
        raise PermissionDenied("Only organizer accounts may create events.")
    form = EventForm(request.POST or None, prizes=True, user=request.user)
    return settings_page(
        request,
        form,
        "tournaments/event_form.html",
        lambda: services.create_event(
            request.user, prizes=form.prize_settings(), **form.settings()
        ),
        lambda event: f"Event “{event.name}” created.",
        _refused,
    )


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def event_edit(request, event):
    return edit_page(
        request,
        event,
        EventForm,
        services.update_event,
        "tournaments/event_form.html",
        "Event saved.",
    )


def event_detail(request, pk):
    event = event_or_404(request, pk)
    rounds = event.rounds.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.annotate(
                deal_count=Count("deals", filter=Q(deals__voided=False))
            ).prefetch_related(
                # Each seat's player and substitute: "Dana → Ivan" once it changed hands.
                Prefetch(
                    "seats",
                    queryset=Seat.objects.select_related("player", "substitution__substitute"),
                )
            ),
        )
    )
    manages = can_manage(request.user, event)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "rounds": rounds,
            "players": event.players.all(),
            "can_manage": manages,
            "sides_kind": teams.kind(event),
            # Versions sent from a table and not saved, until an organizer handles them.
            "waiting": rejected_versions.waiting_in(event) if manages else None,
            "rules": event.ruleset_listing,
            "ranks": ranking.Scoring.of(event).words,
            "timed": clock.is_timed(event),
            # Its season, where the visitor may read it.
            "season": event.season
            if event.season and can_view_season(request.user, event.season)
            else None,
        },
    )


# Players a page of the players page lists: the registry's and the event's alike.
PLAYERS_A_PAGE = 50
# The players page's posts that change a registration (the rest register a player).
CHANGES = {"rename", "withdraw", "seat_reserve", "pays_fee"}


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def event_players(request, event):
    """The event's players: search the registry, register, rename, withdraw, import CSV.

    The registry and the registered players are shown a page at a time, searched by
    the folded name's column: the page costs the same queries and bytes whatever the
    size of the registry or the event."""
    query = clean_name(request.GET.get("q", ""))
    candidates = search_registry(event, query)
    registry = Paginator(candidates, PLAYERS_A_PAGE).get_page(request.GET.get("page"))
    # A player found who is registered already is said so, not offered again.
    offered = [p.pk for p in registry.object_list if not p.registered]
    registered_already = [p for p in registry.object_list if p.registered]
    formerly = {p.pk: p.formerly for p in registry.object_list if p.formerly}
    # One player to offer: it is chosen, so Register takes it.
    initial = {"player": offered[0]} if registry.paginator.num_pages == 1 == len(offered) else {}
    registering = request.method == "POST" and not (
        "csv" in request.FILES or CHANGES & set(request.POST)
    )
    # Rounds drawn in advance and not started: a player who joins is seated in them
    # only if the organizer says so (they are drawn again), else is a reserve.
    waiting = services.waiting_rounds(event)
    # A post may name any registry player (one on another page of the registry).
    form = AddPlayerForm(
        request.POST if registering else None,
        initial=initial,
        registry=Player.objects.all(),
        event=event,
    )
    registrations = (
        Registration.objects.filter(event=event)
        .select_related("player")
        .prefetch_related("player__former_names")
        .order_by("player__folded", "player__name", "pk")
    )
    registered = Paginator(registrations, PLAYERS_A_PAGE).get_page(request.GET.get("registered"))
    rename_form = _rename_form(request, event)
    csv_form = PlayersCsvForm()
    if request.method == "POST" and "csv" in request.FILES:
        csv_form = PlayersCsvForm(request.POST, request.FILES)
        if csv_form.is_valid():
            try:
                result = exchange.import_players_csv(
                    csv_form.cleaned_data["text"],
                    event,
                    request.user,
                    seat=seat_said(csv_form.cleaned_data),
                )
            except services.FormError as e:
                form_errors(csv_form, e)  # whether the players are seated: at its choice
            except services.ServiceError as e:
                csv_form.add_error("csv", e.message)
            else:
                messages.success(request, result.summary())
                return redirect("event-players", pk=event.pk)
    elif request.method == "POST" and "rename" in request.POST:
        if rename_form.is_valid():
            player = rename_form.player = rename_form.cleaned_data["rename"]
            before = player.name
            try:
                player = services.rename_player(
                    event,
                    request.user,
                    player,
                    rename_form.cleaned_data["new_name"],
                    different_person=rename_form.cleaned_data["different_person"],
                )
            except services.RenameError as e:
                rename_form.add_error("new_name", e.message)
            except services.ServiceError as e:
                rename_form.add_error(None, e.message)
            else:
                messages.success(request, f"{before} is now {player.name}.")
                return redirect("event-players", pk=event.pk)
    elif request.method == "POST" and "withdraw" in request.POST:
        withdraw = WithdrawForm(request.POST, event=event)
        said = "Choose a registered player to withdraw."
        if player := _chosen(request, withdraw, "withdraw", said):
            with refusal_said(request):
                redrawn = services.withdraw_player(event, request.user, player)
                messages.success(
                    request, f"{player.name} withdrawn from later rounds." + _drawn_again(redrawn)
                )
        return redirect("event-players", pk=event.pk)
    elif request.method == "POST" and {"seat_reserve", "pays_fee"} & set(request.POST):
        return _registration_change(request, event)
    elif registering and form.is_valid():
        seat = seat_said(form.cleaned_data)
        try:
            player = services.register_player(
                event,
                request.user,
                player=form.cleaned_data["player"],
                name=form.cleaned_data["name"],
                club=form.cleaned_data["club"],
                email=form.cleaned_data["email"],
                seat=seat,
                pays_fee=not form.cleaned_data["no_fee"],
            )
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            said = f"{player.name} registered"
            if seat is False:
                said += " as a reserve, without a seat."
            else:
                said += "." + (_drawn_again(waiting) if seat else "")
            messages.success(request, said)
            return redirect("event-players", pk=event.pk)
    # A page; and a renamed player the warning says to pick, wherever they are listed.
    offered += [p.pk for p in form.renamed_to_pick if p.pk not in offered]
    form.fields["player"].queryset = Player.objects.filter(pk__in=offered)
    # A player found by a former name says it.
    form.fields["player"].label_from_instance = lambda p: (
        f"{p.name} (formerly {formerly[p.pk]})" if p.pk in formerly else p.name
    )
    return render(
        request,
        "tournaments/event_players.html",
        {
            "form": form,
            "csv_form": csv_form,
            "rename_form": rename_form,
            "event": event,
            "registry": registry,
            "registered_already": registered_already,
            "registered": registered,
            "query": query,
            "waiting": waiting,
            "waiting_words": rounds_words(waiting) if waiting else "",
        },
    )


def _drawn_again(rounds) -> str:
    """The rounds a change drew again, said so that their cards are printed again."""
    if not rounds:
        return ""
    return f" {rounds_words(rounds).capitalize()} drawn again: reprint their cards."


def _registration_change(request, event):
    """The players page's buttons on a registration: seat a reserve, or say whether the
    player pays the entry fee."""
    form = RegistrationChangeForm(request.POST, event=event)
    if not (player := _chosen(request, form, "player", "Choose a registered player.")):
        return redirect("event-players", pk=event.pk)
    with refusal_said(request):
        if "seat_reserve" in request.POST:
            redrawn = services.seat_reserve(event, request.user, player)
            said = f"{player.name} is seated from now on." + _drawn_again(redrawn)
        else:
            pays = form.cleaned_data["pays_fee"] == "1"
            services.set_pays_fee(event, request.user, player, pays)
            said = f"{player.name} {'pays' if pays else 'does not pay'} the entry fee."
        messages.success(request, said)
    return redirect("event-players", pk=event.pk)


def _chosen(request, form, field: str, said: str):
    """The registered player a button of the players page names; None, ``said`` as the
    page's error, when the post names none."""
    if form.is_valid():
        return form.cleaned_data[field]
    messages.error(request, said)
    return None


def _rename_form(request, event) -> RenamePlayerForm | None:
    """The rename form: posted, or asked for (``?rename=<player>``, a registered one)."""
    if request.method == "POST" and "rename" in request.POST:
        return RenamePlayerForm(request.POST, event=event)
    return RenamePlayerForm.asked(request.GET, event)


def service_worker(request):
    """The hall's service worker (static/tournaments/sw.js), served from the root so that
    it may keep the table links' pages (a worker's scope is the folder it is served
    from). Revalidated at every use, so a new version of the app takes over."""
    path = Path(__file__).resolve().parent.parent / "static" / "tournaments" / "sw.js"
    response = HttpResponse(path.read_bytes(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def healthz(request):
    return HttpResponse("ok", content_type="text/plain")
