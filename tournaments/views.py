"""Pages. Views read through queries.py and write only through services."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

import taroky_scoring as core

from . import exchange, names, printouts, qr, queries, services, standings
from .dealforms import CorrectGameDealForm, GameDealForm
from .forms import (
    AddPlayerForm,
    CardPointsForm,
    ChipCountForm,
    DrawForm,
    EventForm,
    FirstForehandForm,
    PlayersCsvForm,
    RollCallForm,
    SwapForm,
    TableForm,
    VoidDealForm,
    WithdrawForm,
)
from .models import Deal, Event, Player, Registration, Round, Seat, Table
from .names import clean_name
from .services.permissions import can_create_events, can_manage, can_view
from .tables import StandingsTable


class NeedsSignIn(Exception):
    pass


def _count(n: int, word: str) -> str:
    """ "1 table", "2 tables" """
    return f"{n} {word}{pluralize(n)}"


def _event_for_reading(request, event: Event) -> Event:
    # Unpublished events are invisible (404) to everyone but their organizers.
    if not can_view(request.user, event):
        raise Http404("No such event")
    return event


def _check_manage(request, event: Event) -> None:
    if can_manage(request.user, event):
        return
    # Whoever may not see an unpublished event is not told it exists.
    _event_for_reading(request, event)
    if not request.user.is_authenticated:
        raise NeedsSignIn
    raise PermissionDenied("Only the organizers of this event may change it.")


def organizer_view(view):
    """Send anonymous users to sign in; NeedsSignIn is raised by _check_manage."""

    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except NeedsSignIn:
            return redirect_to_login(request.get_full_path())

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def _events_for(user):
    events = Event.objects.prefetch_related("organizers").annotate(
        table_count=Count("rounds__tables", distinct=True)
    )
    if user.is_authenticated and user.is_superuser:
        return events
    if user.is_authenticated:
        return events.filter(Q(published=True) | Q(organizers=user)).distinct()
    return events.filter(published=True)


def home(request):
    return render(
        request,
        "tournaments/home.html",
        {"events": _events_for(request.user), "can_create": can_create_events(request.user)},
    )


@organizer_view
@require_http_methods(["GET", "POST"])
def event_create(request):
    if not request.user.is_authenticated:
        raise NeedsSignIn
    if not can_create_events(request.user):
        raise PermissionDenied("Only organizer accounts may create events.")
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
            event = services.create_event(request.user, **fields)
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"Event “{event.name}” created.")
            return redirect(event)
    return render(request, "tournaments/event_form.html", {"form": form})


def _event(pk: int) -> Event:
    return get_object_or_404(Event.objects.prefetch_related("organizers"), pk=pk)


@organizer_view
@require_http_methods(["GET", "POST"])
def event_edit(request, pk):
    event = _event(pk)
    _check_manage(request, event)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
        try:
            services.update_event(event, request.user, **fields)
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, "Event saved.")
            return redirect(event)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


def event_detail(request, pk):
    event = _event_for_reading(request, _event(pk))
    rounds = event.rounds.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.annotate(
                deal_count=Count("deals", filter=Q(deals__voided=False))
            ).prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player"))),
        )
    )
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "rounds": rounds,
            "players": event.players.all(),
            "can_manage": can_manage(request.user, event),
            "rules": event.rules,
        },
    )


@organizer_view
@require_http_methods(["GET", "POST"])
def event_players(request, pk):
    """The event's players: search the registry, register, withdraw, import CSV."""
    event = _event(pk)
    _check_manage(request, event)
    query = clean_name(request.GET.get("q", ""))
    registry = Player.objects.exclude(registrations__event=event)
    found: list[int] = []
    if query:
        # Accent- and case-blind ("kucera" finds Kučera), folded in Python: one query
        # for the candidates, the same on SQLite and PostgreSQL.
        found = [
            pk
            for pk, name, club in registry.values_list("pk", "name", "club")
            if names.matches(query, name, club)
        ]
        registry = Player.objects.filter(pk__in=found)
    # One match: it is chosen, so Register takes it.
    initial = {"player": found[0]} if len(found) == 1 else {}
    registrations = Registration.objects.filter(event=event).select_related("player")
    form = AddPlayerForm(
        request.POST or None,
        initial=initial,
        registry=registry,
        registered=[r.player_id for r in registrations],
    )
    csv_form = PlayersCsvForm()
    if request.method == "POST" and "csv" in request.FILES:
        csv_form = PlayersCsvForm(request.POST, request.FILES)
        if csv_form.is_valid():
            try:
                result = exchange.import_players_csv(
                    csv_form.cleaned_data["text"], event, request.user
                )
            except services.ServiceError as e:
                csv_form.add_error("csv", e.message)
            else:
                messages.success(request, result.summary())
                return redirect("event-players", pk=event.pk)
    elif request.method == "POST" and "withdraw" in request.POST:
        withdraw = WithdrawForm(request.POST, event=event)
        try:
            if not withdraw.is_valid():
                raise services.ServiceError("Choose a registered player to withdraw.")
            player = withdraw.cleaned_data["withdraw"]
            services.withdraw_player(event, request.user, player)
        except services.ServiceError as e:
            messages.error(request, e.message)
        else:
            messages.success(request, f"{player.name} withdrawn from later rounds.")
        return redirect("event-players", pk=event.pk)
    elif request.method == "POST" and form.is_valid():
        try:
            player = services.register_player(
                event,
                request.user,
                player=form.cleaned_data["player"],
                name=form.cleaned_data["name"],
                club=form.cleaned_data["club"],
            )
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"{player.name} registered.")
            return redirect("event-players", pk=event.pk)
    return render(
        request,
        "tournaments/event_players.html",
        {
            "form": form,
            "csv_form": csv_form,
            "event": event,
            "registrations": registrations,
            "query": query,
        },
    )


@organizer_view
@require_POST
def round_create(request, pk):
    event = _event(pk)
    _check_manage(request, event)
    rnd = services.create_round(event, request.user)
    messages.success(request, f"Round {rnd.number} added.")
    return redirect("round-detail", pk=rnd.pk)


def _round(request, pk) -> Round:
    rnd = get_object_or_404(
        Round.objects.select_related("event").prefetch_related("event__organizers"), pk=pk
    )
    _event_for_reading(request, rnd.event)
    return rnd


@organizer_view
@require_http_methods(["GET", "POST"])
def round_detail(request, pk):
    """Roll call, seating draw, swaps and the seat list of one round."""
    rnd = _round(request, pk)
    event = rnd.event
    manage = can_manage(request.user, event)
    active = Player.objects.filter(registrations__event=event, registrations__withdrawn=False)
    present_ids = set(rnd.present.values_list("pk", flat=True))
    # The draw button posts the roll call's boxes too (marked by roll_call_shown):
    # the draw uses what the page shows, saved or not.
    with_roll_call = "roll_call" in request.POST or "roll_call_shown" in request.POST
    roll_call = RollCallForm(
        request.POST if with_roll_call else None,
        players=active,
        initial={
            "present": list(present_ids)
            if present_ids
            else list(active.values_list("pk", flat=True))
        },
    )
    draw_form = DrawForm(request.POST if "draw" in request.POST else None)
    round_players = Player.objects.filter(
        Q(seats__table__round=rnd) | Q(rounds_with_bye=rnd)
    ).distinct()
    swap_form = SwapForm(request.POST if "swap" in request.POST else None, players=round_players)
    if request.method == "POST":
        _check_manage(request, event)
        try:
            if "roll_call" in request.POST and roll_call.is_valid():
                services.set_roll_call(rnd, request.user, list(roll_call.cleaned_data["present"]))
                messages.success(request, "Roll call saved.")
                return redirect("round-detail", pk=rnd.pk)
            if "draw" in request.POST and draw_form.is_valid():
                present = None
                if with_roll_call:
                    if not roll_call.is_valid():
                        raise services.ServiceError("Fix the roll call first.")
                    present = list(roll_call.cleaned_data["present"])
                draw = services.draw_seating(
                    rnd, request.user, draw_form.cleaned_data["seed"], present=present
                )
                messages.success(
                    request,
                    f"Round {rnd.number} drawn with seed {draw.seed}: "
                    f"{_count(len(draw.tables), 'table')}, {_count(len(draw.byes), 'bye')}, "
                    f"{_count(draw.repeats, 'repeat pairing')}.",
                )
                return redirect("round-detail", pk=rnd.pk)
            if "swap" in request.POST and swap_form.is_valid():
                services.swap_players(
                    rnd,
                    request.user,
                    swap_form.cleaned_data["first"],
                    swap_form.cleaned_data["second"],
                )
                messages.success(request, "Players swapped.")
                return redirect("round-detail", pk=rnd.pk)
        except services.ServiceError as e:
            messages.error(request, e.message)
    tables = rnd.tables.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    ).annotate(deal_count=Count("deals", filter=Q(deals__voided=False)))
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "round": rnd,
            "event": event,
            "can_manage": manage,
            "roll_call": roll_call,
            "draw_form": draw_form,
            "swap_form": swap_form,
            "tables": tables,
            "byes": rnd.byes.all(),
            "ticked_count": len(roll_call["present"].value() or []),
            "started": services.rounds.round_started(rnd),
        },
    )


def standings_view(request, pk):
    event = _event_for_reading(request, _event(pk))
    rounds = list(event.rounds.values_list("number", flat=True))
    after = _round_number(request.GET.get("after"), rounds)
    only = _round_number(request.GET.get("round"), rounds)
    rows = standings.standings(event, after_round=after, only_round=only)
    table = StandingsTable(rows, event=event)
    RequestConfig(request, paginate=False).configure(table)
    series = standings.standings_series(event, rows) if len(rounds) > 1 else []
    chart = (
        printouts.chart_svg(printouts.chips_chart(series, "round", baseline=0)) if series else None
    )
    return render(
        request,
        "tournaments/standings.html",
        {
            "event": event,
            "table": table,
            "rounds": rounds,
            "after": after,
            "only": only,
            "can_manage": can_manage(request.user, event),
            "chart": chart,
            # Deals entered at tables that wait for an organizer: one query, and only
            # for events that ask for confirmation.
            "unconfirmed": Deal.objects.filter(
                table__round__event=event, awaiting_confirmation=True
            )
            .order_by("table__round__number", "table__number", "number")
            .values("table__round__number", "table__number", "number")
            if event.table_deals_need_confirmation
            else (),
        },
    )


def _round_number(value, rounds) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number in rounds else None


def player_statement(request, pk, player_pk):
    event = _event_for_reading(request, _event(pk))
    player = get_object_or_404(Player, pk=player_pk, registrations__event=event)
    lines = standings.statement(event, player)
    return render(
        request,
        "tournaments/statement.html",
        {
            "event": event,
            "player": player,
            "lines": lines,
            "balance": lines[-1].balance if lines else 0,
        },
    )


@organizer_view
@require_http_methods(["GET", "POST"])
def chip_count(request, pk):
    """Chip reconciliation: the physical count against starting chips + net."""
    table = _table(request, pk)
    event = table.round.event
    _check_manage(request, event)
    sheet = queries.table_sheet(table)
    form = ChipCountForm(request.POST or None, players=sheet.players)
    if request.method == "POST" and form.is_valid():
        counted = {p: form.cleaned_data[f"player_{p.pk}"] for p in sheet.players}
        try:
            rows = services.record_chip_count(table, request.user, counted)
        except services.ServiceError as e:
            messages.error(request, e.message)
            return redirect("chip-count", pk=table.pk)
        off = [r for r in rows if r.difference]
        if off:
            messages.error(
                request,
                "Off: " + ", ".join(f"{r.player.name} {r.difference:+d}" for r in off),
            )
        else:
            messages.success(request, "Every player's chips match the sheet.")
        return redirect("chip-count", pk=table.pk)
    counts = table.chip_counts.select_related("player", "recorded_by")
    return render(
        request,
        "tournaments/chip_count.html",
        {
            "table": table,
            "event": event,
            "sheet": sheet,
            "form": form,
            "counts": counts,
            "expected": list(zip(sheet.players, sheet.chips, strict=True)),
            # Players' chips and the pot together are what the table started with.
            "pot_check": f"{len(sheet.players)} × {event.starting_chips} = "
            f"{len(sheet.players) * event.starting_chips}",
        },
    )


def _download(body, filename: str, content_type: str, inline: bool = False) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def _slug(event) -> str:
    return f"{slugify(event.name)}-{event.date:%Y-%m-%d}"


def _standings_choice(request, event) -> tuple[int | None, int | None, list]:
    """(after round, only round, file name parts) from the standings page's query."""
    rounds = list(event.rounds.values_list("number", flat=True))
    after = _round_number(request.GET.get("after"), rounds)
    only = _round_number(request.GET.get("round"), rounds)
    if only:
        return None, only, ["standings", "round", only]
    return after, None, ["standings"] + (["after", "round", after] if after else [])


def _csv_download(body: str, filename: str) -> HttpResponse:
    # A byte-order mark, so Excel on Windows reads the file as UTF-8 ("Nováková").
    return _download("\ufeff" + body, filename, "text/csv; charset=utf-8")


def standings_csv(request, pk):
    event = _event_for_reading(request, _event(pk))
    after, only, parts = _standings_choice(request, event)
    return _csv_download(
        exchange.standings_csv(event, after, only_round=only),
        f"{_slug(event)}-{'-'.join(str(p) for p in parts)}.csv",
    )


@organizer_view
def event_download(request, pk, what):
    event = _event(pk)
    _check_manage(request, event)
    if what == "deals.csv":
        return _csv_download(exchange.deals_csv(event), f"{_slug(event)}-deals.csv")
    if what == "ledger.csv":
        return _csv_download(exchange.ledger_csv(event), f"{_slug(event)}-ledger.csv")
    if what == "event.json":
        body = json.dumps(exchange.export_event(event), ensure_ascii=False, indent=1)
        return _download(body, f"{_slug(event)}.json", "application/json")
    raise Http404("No such download")


@organizer_view
@require_http_methods(["GET", "POST"])
def table_create(request, pk):
    rnd = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    event = rnd.event
    _check_manage(request, event)
    form = TableForm(
        request.POST or None,
        players=Player.objects.filter(registrations__event=event, registrations__withdrawn=False),
        game=event.game,
    )
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(
                rnd, request.user, form.seated(), form.cleaned_data.get("first_forehand")
            )
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"Table {table.number} set up.")
            return redirect(table)
    return render(
        request, "tournaments/table_form.html", {"form": form, "event": event, "round": rnd}
    )


def _table(request, pk) -> Table:
    try:
        table = queries.table_with_event(pk)
    except Table.DoesNotExist:
        raise Http404("No such table") from None
    _event_for_reading(request, table.round.event)
    return table


def table_sheet(request, pk):
    table = _table(request, pk)
    sheet = queries.table_sheet(table)
    chart = None
    if sheet.rows:
        chart = printouts.chart_svg(
            printouts.chips_chart(sheet.chip_series(), "deal", baseline=sheet.event.starting_chips)
        )
    manage = can_manage(request.user, sheet.event)
    forehand_form = None
    if manage and not sheet.rows and sheet.next_deal is None:
        forehand_form = FirstForehandForm(players=[p.pk for p in sheet.players])
    return render(
        request,
        "tournaments/table_sheet.html",
        {
            "sheet": sheet,
            "table": table,
            "event": sheet.event,
            "can_manage": manage,
            "chart": chart,
            "forehand_form": forehand_form,
        },
    )


@organizer_view
@require_POST
def table_first_forehand(request, pk):
    """Name the first forehand of a table without deals (tables from the draw)."""
    table = _table(request, pk)
    _check_manage(request, table.round.event)
    form = FirstForehandForm(request.POST, players=table.seats.values("player"))
    if not form.is_valid():
        messages.error(request, "Choose a player of this table as the first forehand.")
        return redirect(table)
    player = form.cleaned_data["first_forehand"]
    try:
        services.set_first_forehand(table, request.user, player)
    except services.ServiceError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, f"{player.name} is the first forehand: dealers are suggested.")
    return redirect(table)


def _deal_form(event, correct=False):
    """The deal form of every game: generated from the core's description of its fields."""
    return CorrectGameDealForm if correct else GameDealForm


def _deal_form_context(table, sheet, form, link=None, **extra):
    if link is not None:
        preview_url = reverse("link-preview", args=[link.token])
    else:
        preview_url = reverse("deal-preview", args=[table.pk])
    return {
        "table": table,
        "event": sheet.event,
        "sheet": sheet,
        "form": form,
        "seats": [p.name for p in sheet.players],
        # Whether the dealer sits out at this table, asked of the core: the page
        # greys him out of the choices of those who play.
        "dealer_sits_out": len(sheet.players) > sheet.event.game.active_players,
        "link": link,
        "preview_url": preview_url,
        **extra,
    }


def _preview(form) -> dict:
    """The settlement of a deal form's current fields, or its errors."""
    if form.is_valid() and form.document is not None:
        settlement = core.score(form.document)
        return {"ok": True, **settlement.as_dict()}
    errors = {field: [str(m) for m in msgs] for field, msgs in form.errors.items()}
    return {"ok": False, "errors": errors}


@organizer_view
@require_http_methods(["GET", "POST"])
def deal_create(request, pk):
    table = _table(request, pk)
    _check_manage(request, table.round.event)
    return deal_entry(request, table)


def deal_entry(request, table, link=None):
    """Deal entry at a table: by an organizer, or (``link``) by whoever holds its link."""
    event = table.round.event
    back = link.get_absolute_url() if link else table.get_absolute_url()
    form = None
    if request.method == "POST" and "preview" not in request.POST:
        # Saving needs only the seats (the service checks the number and the session):
        # the whole sheet, every deal of the table, is built only to show the form.
        seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
        form = _deal_form(event)(request.POST, event=event, seats=seats, needs_number=True)
        if form.is_valid():
            try:
                deal = services.record_deal(
                    table,
                    form.document,
                    request.user,
                    number=form.cleaned_data.get("number"),
                    link=link,
                )
            except services.ServiceError as e:
                form.add_service_error(e)
            else:
                messages.success(request, f"Deal {deal.number} saved.")
                return redirect(back)
    sheet = queries.table_sheet(table)
    if sheet.session.ended:
        messages.error(request, f"{sheet.state_words}: this table takes no more deals.")
        return redirect(back)
    next_number = len(sheet.rows) + 1
    preview = None
    if form is None:
        initial = {"number": next_number, "kind": "played", "kontra": "none"}
        if sheet.next_deal:
            initial["dealer"] = sheet.next_deal.dealer
        seats = [p.name for p in sheet.players]
        form = _deal_form(event)(
            request.POST or None, event=event, seats=seats, initial=initial, needs_number=True
        )
        if request.method == "POST":
            preview = _preview(form)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(
            table, sheet, form, preview=preview, number=next_number, link=link, back=back
        ),
    )


@organizer_view
@require_POST
def deal_preview(request, pk):
    """JSON for the live payment preview: the core's settlement of the form's fields."""
    table = _table(request, pk)
    _check_manage(request, table.round.event)
    return deal_preview_for(request, table)


def deal_preview_for(request, table):
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    event = table.round.event
    form = _deal_form(event)(request.POST, event=event, seats=seats)
    return JsonResponse(_preview(form))


def _deal(request, pk):
    try:
        deal = queries.deal_with_context(pk)
    except queries.Deal.DoesNotExist:
        raise Http404("No such deal") from None
    _event_for_reading(request, deal.table.round.event)
    return deal


def deal_detail(request, pk):
    deal = _deal(request, pk)
    context = queries.deal_detail(deal)
    event = deal.table.round.event
    context.update(event=event, table=deal.table, can_manage=can_manage(request.user, event))
    return render(request, "tournaments/deal_detail.html", context)


@organizer_view
@require_http_methods(["GET", "POST"])
def deal_correct(request, pk):
    deal = _deal(request, pk)
    _check_manage(request, deal.table.round.event)
    return deal_correction(request, deal)


def deal_correction(request, deal, link=None):
    """Correct a deal: an organizer any deal, a table link its table's last deal."""
    table = deal.table
    event = table.round.event
    done = link.get_absolute_url() if link else deal.get_absolute_url()
    if deal.voided:
        messages.error(request, "This deal was voided; it cannot be corrected.")
        return redirect(done)
    sheet = queries.table_sheet(table)
    seats = [p.name for p in sheet.players]
    initial = _deal_form(event).initial_from_document(deal.document_under_todays_names())
    initial["expected_version"] = deal.version
    form = _deal_form(event, correct=True)(
        request.POST or None, event=event, seats=seats, initial=initial
    )
    preview = None
    if request.method == "POST":
        if "preview" in request.POST:
            preview = _preview(form)
        elif form.is_valid():
            try:
                services.correct_deal(
                    deal,
                    form.document,
                    request.user,
                    form.cleaned_data["reason"],
                    expected_version=form.cleaned_data["expected_version"],
                    link=link,
                )
            except services.ServiceError as e:
                form.add_service_error(e)
            else:
                messages.success(request, f"Deal {deal.number} corrected.")
                return redirect(done)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(
            table, sheet, form, preview=preview, deal=deal, number=deal.number, link=link
        ),
    )


@organizer_view
@require_POST
def deal_void(request, pk):
    deal = _deal(request, pk)
    _check_manage(request, deal.table.round.event)
    form = VoidDealForm(request.POST)
    try:
        if not form.is_valid() and "expected_version" in form.errors:
            # Without it the version check would be skipped: refuse instead.
            raise services.ServiceError(
                "The form has lost the deal's version: reload the page and void the deal again."
            )
        expected = form.cleaned_data["expected_version"]
        services.void_deal(deal, request.user, request.POST.get("reason", ""), expected)
    except services.ServiceError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, f"Deal {deal.number} voided.")
    return redirect(deal)


def card_points(request):
    """The card-point counter, for recounting a disputed pile."""
    form = CardPointsForm(request.GET or None)
    points = None
    if request.GET and form.is_valid():
        points = form.cleaned_data.get("points")
    return render(
        request,
        "tournaments/card_points.html",
        {
            "form": form,
            "points": points,
            "other": None if points is None else core.outcome.TOTAL_POINTS - points,
            "back": request.GET.get("back", ""),
        },
    )


def healthz(request):
    return HttpResponse("ok", content_type="text/plain")


# -- printouts ------------------------------------------------------------------------


def _pdf(body: bytes, name: str) -> HttpResponse:
    return _download(body, name, "application/pdf", inline=True)


def table_pdf(request, pk, blank=False):
    """The filled score sheet of a table, or with ?blank=1 a blank one to play on paper."""
    table = _table(request, pk)
    event = table.round.event
    if request.GET.get("blank"):
        # The link's QR code only for organizers: a published sheet is public.
        url = (
            qr.link_urls(request, [table]).get(table.pk)
            if can_manage(request.user, event)
            else None
        )
        return _pdf(
            printouts.blank_sheet_pdf(table, link_url=url),
            printouts.filename(event, "round", table.round.number, "table", table.number, "blank"),
        )
    return _pdf(
        printouts.score_sheet_pdf(table),
        printouts.filename(event, "round", table.round.number, "table", table.number),
    )


def round_pack_pdf(request, pk):
    rnd = _round(request, pk)
    # The table links' QR codes only for organizers: a published round pack is public.
    urls = qr.link_urls(request, rnd.tables.all()) if can_manage(request.user, rnd.event) else None
    return _pdf(
        printouts.round_pack_pdf(rnd, urls),
        printouts.filename(rnd.event, "round", rnd.number, "pack"),
    )


def standings_pdf(request, pk):
    event = _event_for_reading(request, _event(pk))
    after, only, parts = _standings_choice(request, event)
    return _pdf(
        printouts.standings_pdf(event, after, only_round=only), printouts.filename(event, *parts)
    )


def statement_pdf(request, pk, player_pk):
    event = _event_for_reading(request, _event(pk))
    player = get_object_or_404(Player, pk=player_pk, registrations__event=event)
    return _pdf(
        printouts.statement_pdf(event, player),
        printouts.filename(event, "statement", player.name),
    )
