"""The whole schedule drawn in advance: its page (the draw, the players' cards), the
cannot-move mark of the players page, and a round seated by the ranking.

Pages read through player_cards and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import CannotMoveForm, DrawAllRoundsForm, SeatByRankingForm
from ..player_cards import drawn_rounds, player_cards
from ..words import counted
from .common import (
    check_manage,
    form_errors,
    managed_event,
    organizer_view,
    round_or_404,
)
from .refusals import refusal_said


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def event_schedule(request, event):
    """Draw all rounds at once; every player's card: start number, table and seat in
    each drawn round."""
    rounds = drawn_rounds(event)
    form = DrawAllRoundsForm(
        request.POST or None, initial={"rounds": max(len(rounds), event.rounds.count()) or 4}
    )
    if request.method == "POST" and form.is_valid():
        try:
            drawn = services.draw_all_rounds(
                event, request.user, form.cleaned_data["rounds"], form.cleaned_data["seed"]
            )
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, drawn.summary)
            return redirect("event-schedule", pk=event.pk)
    return render(
        request,
        "tournaments/event_schedule.html",
        {"event": event, "form": form, "rounds": rounds, "cards": player_cards(event, rounds)},
    )


@organizer_view
@require_POST
@managed_event
def cannot_move(request, event):
    """Mark (or unmark) a registered player who cannot move, from the players page."""
    form = CannotMoveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, "Choose a registered player.")
        return redirect("event-players", pk=event.pk)
    player, keeps = form.cleaned_data["player"], form.cleaned_data["cannot_move"]
    with refusal_said(request):
        services.set_cannot_move(event, request.user, player, keeps)
        messages.success(
            request,
            f"{player.name} keeps one table every round."
            if keeps
            else f"{player.name} may move between tables.",
        )
    return redirect("event-players", pk=event.pk)


@organizer_view
@require_POST
def seat_by_ranking(request, pk):
    rnd = round_or_404(request, pk)
    check_manage(request, rnd.event)
    form = SeatByRankingForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose how to seat the round by the ranking.")
        return redirect("round-detail", pk=rnd.pk)
    with refusal_said(request):
        draw = services.seat_by_ranking(rnd, request.user, form.cleaned_data["how"] == "spread")
        how = dict(form.fields["how"].choices)[form.cleaned_data["how"]].split(" (")[0]
        messages.success(
            request,
            f"Round {rnd.number} seated by the ranking, {how.lower()}: "
            f"{counted(len(draw.tables), 'table')}.",
        )
    return redirect("round-detail", pk=rnd.pk)
