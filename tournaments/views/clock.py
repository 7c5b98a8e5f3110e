"""Rounds on the clock: the round's length and its start (the round's clock page,
also shown on the round's page), more time for a table or its end (the organizer's
sheet), and the server's time for the pages' countdowns."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import clock, services
from ..forms.clock import ExtendTableForm, RoundLengthForm
from ..services import clock as clock_services
from ..services.errors import FormError
from ..words import counted, time_of_day
from .common import check_manage, form_errors, organizer_view, round_or_404, table_or_404


def round_clock_context(rnd, form=None) -> dict:
    """What the round's page and its clock page show of the clock (nothing for an
    event whose sessions do not end at the bell)."""
    if not clock.is_timed(rnd.event):
        return {}
    if form is None:
        form = RoundLengthForm(initial={"minutes": rnd.minutes or 55})
    return {"clock_form": form, "clock": clock.shown_for_round(rnd)}


@organizer_view
@require_http_methods(["GET", "POST"])
def round_clock(request, pk):
    """Set the round's length (before it starts, before it has deals) or start it."""
    rnd = round_or_404(request, pk)
    check_manage(request, rnd.event)
    form = None
    if request.method == "POST":
        try:
            if "start" in request.POST:
                rnd = clock_services.start_round(rnd, request.user)
                bell = time_of_day(clock.round_bell(rnd))
                messages.success(request, f"Round {rnd.number} started: the bell rings at {bell}.")
                return redirect("round-detail", pk=rnd.pk)
            form = RoundLengthForm(request.POST)
            if form.is_valid():
                minutes = form.cleaned_data["minutes"]
                clock_services.set_round_length(rnd, request.user, minutes)
                messages.success(request, f"Round {rnd.number} lasts {minutes} minutes.")
                return redirect("round-detail", pk=rnd.pk)
        except FormError as e:
            form = form or RoundLengthForm(request.POST)
            form.is_valid()
            form_errors(form, e)
        except services.ServiceError as e:
            messages.error(request, e.message)
            return redirect("round-detail", pk=rnd.pk)
    context = {"round": rnd, "event": rnd.event, **round_clock_context(rnd, form)}
    return render(request, "tournaments/round_clock.html", context)


@organizer_view
@require_POST
def table_clock(request, pk):
    """More minutes for one table, or end it (a table behind the clock)."""
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    try:
        if "end" in request.POST:
            table = clock_services.end_table(table, request.user)
            messages.success(
                request,
                f"Table {table.number} ended at {time_of_day(table.clock_stopped_at)}: its "
                "link takes no more deals.",
            )
        else:
            form = ExtendTableForm(request.POST)
            if not form.is_valid():
                for message in form.errors["extra"]:
                    messages.error(request, message)
                return redirect(table)
            table = clock_services.extend_table(table, request.user, form.cleaned_data["extra"])
            more = counted(form.cleaned_data["extra"], "minute")
            messages.success(
                request,
                f"Table {table.number} has {more} more: its bell rings at "
                f"{time_of_day(table.bell_at)}.",
            )
    except services.ServiceError as e:
        messages.error(request, e.message)
    return redirect(table)


@require_GET
def server_now(request):
    """The server's time in milliseconds, never cached: a page's countdown runs from
    the offset between it and the phone's clock, never from the phone's clock alone."""
    response = JsonResponse({"now": int(timezone.now().timestamp() * 1000)})
    response["Cache-Control"] = "no-store"
    return response
