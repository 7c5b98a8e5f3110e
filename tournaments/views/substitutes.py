"""A substitute put into a seat of a table (the form on the table's sheet)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .. import queries, seat_holders, services
from .common import check_manage, form_errors, organizer_view, table_or_404
from .deals import sheet_page, substitute_form_for


@organizer_view
@require_POST
def table_substitute(request, pk):
    """Seat a substitute from a deal on; refused, the sheet again with the form's
    errors at their fields, nothing saved."""
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    form = substitute_form_for(queries.table_sheet(table, cells=False), request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
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
            messages.success(request, seat_holders.change_words(made))
            return redirect(table)
    return sheet_page(request, table, substitute_form=form)
