"""Pages. Views read through queries.py and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

import taroky_scoring as core

from . import queries, services
from .forms import (
    AddPlayerForm,
    CardPointsForm,
    CorrectDealForm,
    DealForm,
    EventForm,
    TableForm,
)
from .models import Event, Round, Seat, Table
from .services.permissions import can_create_events, can_manage, can_view


class NeedsSignIn(Exception):
    pass


def _event_for_reading(request, event: Event) -> Event:
    # Unpublished events are invisible (404) to everyone but their organizers.
    if not can_view(request.user, event):
        raise Http404("No such event")
    return event


def _check_manage(request, event: Event) -> None:
    if not request.user.is_authenticated:
        raise NeedsSignIn
    if not can_manage(request.user, event):
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
            event = services.create_event(request.user, **form.cleaned_data)
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
def event_add_player(request, pk):
    event = _event(pk)
    _check_manage(request, event)
    form = AddPlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.add_player_to_event(
                event,
                request.user,
                player=form.cleaned_data["player"],
                name=form.cleaned_data["name"],
                club=form.cleaned_data["club"],
            )
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"{player.name} added.")
            return redirect("event-add-player", pk=event.pk)
    return render(
        request,
        "tournaments/add_player.html",
        {"form": form, "event": event, "players": event.players.all()},
    )


@organizer_view
@require_POST
def round_create(request, pk):
    event = _event(pk)
    _check_manage(request, event)
    rnd = services.create_round(event, request.user)
    messages.success(request, f"Round {rnd.number} added.")
    return redirect(event)


@organizer_view
@require_http_methods(["GET", "POST"])
def table_create(request, pk):
    rnd = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    event = rnd.event
    _check_manage(request, event)
    form = TableForm(request.POST or None, players=event.players.all())
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
    return render(
        request,
        "tournaments/table_sheet.html",
        {
            "sheet": sheet,
            "table": table,
            "event": sheet.event,
            "can_manage": can_manage(request.user, sheet.event),
        },
    )


def _deal_form_context(table, sheet, form, **extra):
    return {
        "table": table,
        "event": sheet.event,
        "sheet": sheet,
        "form": form,
        "seats": [p.name for p in sheet.players],
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
    event = table.round.event
    _check_manage(request, event)
    sheet = queries.table_sheet(table)
    seats = [p.name for p in sheet.players]
    next_number = len(sheet.rows) + 1
    initial = {"number": next_number, "kind": "played", "kontra": "none"}
    if sheet.next_deal:
        initial["dealer"] = sheet.next_deal.dealer
    form = DealForm(request.POST or None, event=event, seats=seats, initial=initial)
    preview = None
    if request.method == "POST":
        if "preview" in request.POST:
            preview = _preview(form)
        elif form.is_valid():
            try:
                deal = services.record_deal(
                    table, form.document, request.user, number=form.cleaned_data.get("number")
                )
            except services.DealError as e:
                form.add_core_errors(e.field_errors)
                form.add_error(None, e.message)
            else:
                messages.success(request, f"Deal {deal.number} saved.")
                return redirect(table)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(table, sheet, form, preview=preview, number=next_number),
    )


@organizer_view
@require_POST
def deal_preview(request, pk):
    """JSON for the live payment preview: the core's settlement of the form's fields."""
    table = _table(request, pk)
    event = table.round.event
    _check_manage(request, event)
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    form = DealForm(request.POST, event=event, seats=seats)
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
    table = deal.table
    event = table.round.event
    _check_manage(request, event)
    if deal.voided:
        messages.error(request, "This deal was voided; it cannot be corrected.")
        return redirect(deal)
    sheet = queries.table_sheet(table)
    seats = [p.name for p in sheet.players]
    initial = DealForm.initial_from_document(deal.document)
    initial["expected_version"] = deal.version
    form = CorrectDealForm(request.POST or None, event=event, seats=seats, initial=initial)
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
                )
            except services.ServiceError as e:
                form.add_core_errors(e.field_errors)
                form.add_error(None, e.message)
            else:
                messages.success(request, f"Deal {deal.number} corrected.")
                return redirect(deal)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(table, sheet, form, preview=preview, deal=deal, number=deal.number),
    )


@organizer_view
@require_POST
def deal_void(request, pk):
    deal = _deal(request, pk)
    _check_manage(request, deal.table.round.event)
    try:
        expected = int(request.POST.get("expected_version", ""))
    except ValueError:
        expected = None
    try:
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
