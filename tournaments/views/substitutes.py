"""A substitute put into a seat of a table, or taken back (the form on the table's
sheet)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from .. import queries, seat_holders, services
from ..models import Substitution
from .common import check_manage, form_errors, organizer_view, table_or_404
from .deals import sheet_page, substitute_form_for
from .refusals import refusal_said


@organizer_view
@require_POST
def table_substitute(request, pk):
    """Seat a substitute from a deal on: a player of the event, or a newcomer registered
    as a reserve who pays no fee unless the form says so. Refused, the sheet again with
    the form's errors at their fields, nothing saved."""
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    form = substitute_form_for(queries.table_sheet(table, cells=False), request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            if data["newcomer"]:
                made = services.substitute_newcomer(
                    table,
                    request.user,
                    data["leaver"],
                    data["newcomer"],
                    data["from_deal"],
                    data["mode"],
                    pays_fee=data["pays_fee"],
                )
            else:
                made = services.substitute_player(
                    table,
                    request.user,
                    data["leaver"],
                    data["substitute"],
                    data["from_deal"],
                    data["mode"],
                )
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            said = seat_holders.change_words(made)
            if data["newcomer"]:
                fee = "pays the entry fee" if data["pays_fee"] else "pays no entry fee"
                said += f" {made.substitute.name} is registered as a reserve and {fee}."
            messages.success(request, said)
            return redirect(table)
    return sheet_page(request, table, substitute_form=form)


@organizer_view
@require_POST
def substitution_cancel(request, pk):
    """Take back a substitution whose first deal is not entered: the seat is its own
    player's again."""
    sub = get_object_or_404(Substitution.objects.select_related("seat__table__round"), pk=pk)
    table = table_or_404(request, sub.seat.table_id)
    check_manage(request, table.round.event)
    with refusal_said(request):
        gone = services.cancel_substitution(sub, request.user)
        messages.success(
            request,
            f"Substitution cancelled: {gone.seat.player.name}'s seat is theirs again from "
            f"deal {gone.from_deal}; {gone.substitute.name} sits nowhere in this round.",
        )
    return redirect(table)
