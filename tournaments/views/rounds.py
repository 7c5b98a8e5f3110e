"""Rounds: roll call, seating draw, swaps and setting up tables.

Pages read through queries.py and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import (
    DrawForm,
    RollCallForm,
    SwapForm,
    TableForm,
)
from ..forms.clock import RoundLengthForm
from ..models import Player, Round, Seat
from ..services.checkin import check_in_times
from ..services.permissions import can_manage
from ..services.seats import free_players
from ..words import counted, time_of_day
from .clock import round_clock_context
from .common import (
    check_manage,
    managed_event,
    organizer_view,
    round_or_404,
)


@organizer_view
@require_POST
@managed_event
def round_create(request, event):
    # A round on the clock may be given its length as it is made (none: set it later).
    length = RoundLengthForm(request.POST) if request.POST.get("minutes", "").strip() else None
    if length is not None and not length.is_valid():
        for message in length.errors["minutes"]:
            messages.error(request, f"No round added: {message}")
        return redirect(event)
    rnd = services.create_round(event, request.user)
    if length is not None:
        try:
            services.set_round_length(rnd, request.user, length.cleaned_data["minutes"])
        except services.ServiceError as e:
            messages.error(request, e.message)
    messages.success(request, f"Round {rnd.number} added.")
    return redirect("round-detail", pk=rnd.pk)


@organizer_view
@require_http_methods(["GET", "POST"])
def round_detail(request, pk):
    """Roll call, seating draw, swaps and the seat list of one round."""
    rnd = round_or_404(request, pk)
    event = rnd.event
    manage = can_manage(request.user, event)
    # The roll call's players: registered, not withdrawn, not reserves (the draws leave
    # a reserve out until the players page seats them).
    active = Player.objects.filter(
        registrations__event=event, registrations__withdrawn=False, registrations__reserve=False
    )
    present_ids = set(rnd.present.values_list("pk", flat=True))
    # The draw button posts the roll call's boxes too (marked by roll_call_shown):
    # the draw uses what the page shows, saved or not.
    with_roll_call = "roll_call" in request.POST or "roll_call_shown" in request.POST
    # Who checked in at the door, and when: beside each name; "tick those who checked
    # in" (?tick=checked-in) ticks them and no one else, saved only by the organizer.
    active_ids = set(active.values_list("pk", flat=True))
    checked_in = {pk: at for pk, at in check_in_times(event).items() if pk in active_ids}
    ticking = request.GET.get("tick") == "checked-in"
    ticked = list(checked_in) if ticking else list(present_ids) if present_ids else list(active_ids)
    roll_call = RollCallForm(
        request.POST if with_roll_call else None,
        players=active,
        initial={"present": ticked},
        checked_in={pk: time_of_day(at) for pk, at in checked_in.items()},
    )
    draw_form = DrawForm(request.POST if "draw" in request.POST else None)
    round_players = Player.objects.filter(
        Q(seats__table__round=rnd) | Q(rounds_with_bye=rnd)
    ).distinct()
    swap_form = SwapForm(request.POST if "swap" in request.POST else None, players=round_players)
    change = None  # a changed roll call of a drawn round: what it changes, to confirm
    if request.method == "POST":
        check_manage(request, event)
        try:
            if "roll_call" in request.POST and roll_call.is_valid():
                saved = services.set_roll_call(
                    rnd,
                    request.user,
                    list(roll_call.cleaned_data["present"]),
                    confirm=request.POST.get("confirm", ""),
                )
                messages.success(request, saved.words)
                return redirect("round-detail", pk=rnd.pk)
            elif "draw" in request.POST and draw_form.is_valid():
                if with_roll_call and not roll_call.is_valid():
                    messages.error(request, "Fix the roll call first.")
                else:
                    present = list(roll_call.cleaned_data["present"]) if with_roll_call else None
                    draw = services.draw_seating(
                        rnd, request.user, draw_form.cleaned_data["seed"], present=present
                    )
                    messages.success(
                        request,
                        f"Round {rnd.number} drawn with seed {draw.seed}: "
                        f"{counted(len(draw.tables), 'table')}, "
                        f"{counted(len(draw.byes), 'bye')}, "
                        f"{counted(draw.repeats, 'repeat pairing')}.",
                    )
                    return redirect("round-detail", pk=rnd.pk)
            elif "swap" in request.POST and swap_form.is_valid():
                services.swap_players(
                    rnd,
                    request.user,
                    swap_form.cleaned_data["first"],
                    swap_form.cleaned_data["second"],
                )
                messages.success(request, "Players swapped.")
                return redirect("round-detail", pk=rnd.pk)
        except services.RollCallChange as e:
            change = e.plan
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
            "checked_in": len(checked_in),
            "ticking": ticking,
            "change": change,
            **round_clock_context(rnd),
        },
    )


@organizer_view
@require_http_methods(["GET", "POST"])
def table_create(request, pk):
    rnd = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    event = rnd.event
    check_manage(request, event)
    form = TableForm(
        request.POST or None,
        players=Player.objects.filter(registrations__event=event, registrations__withdrawn=False),
        game=event.game,
        free=free_players(rnd),
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
