"""An event's prizes: the organizer's prize page, and the prize list (page, PDF, CSV),
which exists only for an event that sets prizes."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render

from .. import money, prizes, services, words
from ..exchange.prize_list import prize_list_csv, prize_list_rows
from ..forms.prizes import CategoryForm, PrizesForm
from ..models import PrizeCategory
from ..printouts import filename
from ..printouts.prizes import prize_list_pdf
from ..services.permissions import can_manage
from ..services.prizes import delete_category, save_category, set_prizes
from .common import (
    csv_download,
    event_or_404,
    file_slug,
    form_errors,
    managed_event,
    organizer_view,
    pdf_response,
    xlsx_download,
)
from .groups import GroupPage, group_page


@organizer_view
@managed_event
def prize_settings(request, event):
    form = PrizesForm.for_event(event, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = set_prizes(event, request.user, **form.settings())
        except services.ServiceError as e:
            form_errors(form, e, on={"entry_fee_cents": "entry_fee"})
        else:
            messages.success(request, "Prizes saved." if event.sets_prizes else "No prizes.")
            # Every registered player may take a place, whether they pay or not.
            places, players = len(money.parse_table(event.prize_table)), event.players.count()
            if places > players:
                messages.info(
                    request,
                    f"The prize table pays {words.counted(places, 'place')} and "
                    f"{words.counted(players, 'player')} {'is' if players == 1 else 'are'} "
                    "registered: the places nobody takes are not paid.",
                )
            return redirect("prize-list" if event.sets_prizes else "event-edit", event.pk)
    return render(
        request,
        "tournaments/prize_settings.html",
        {"event": event, "form": form, "players": prizes.players_paying(event)},
    )


def _listing(request, pk):
    event = event_or_404(request, pk)
    if not event.sets_prizes:
        raise Http404("This event sets no prizes")
    return event, prizes.event_prize_lists(event)


def prize_list(request, pk):
    event, listing = _listing(request, pk)
    return render(
        request,
        "tournaments/prize_list.html",
        {
            "event": event,
            "listing": listing[0],
            "categories": listing[1:],
            "can_manage": can_manage(request.user, event),
        },
    )


def prize_list_pdf_view(request, pk):
    event, listing = _listing(request, pk)
    return pdf_response(prize_list_pdf(event, listing), filename(event, "prizes"))


def prize_list_csv_view(request, pk):
    event, listing = _listing(request, pk)
    return csv_download(prize_list_csv(listing), f"{file_slug(event)}-prizes.csv")


def prize_list_xlsx_view(request, pk):
    event, listing = _listing(request, pk)
    return xlsx_download(prize_list_rows(listing), f"{file_slug(event)}-prizes.xlsx", "Prizes")


CATEGORIES = GroupPage(
    model=PrizeCategory,
    form=CategoryForm,
    save=save_category,
    delete=delete_category,
    noun="category",
    listing="prize-categories",
    template="tournaments/prize_categories.html",
    listed=lambda event: {"categories": event.prize_categories.prefetch_related("players")},
)


@organizer_view
@managed_event
def prize_category(request, event, category_pk=None):
    """The event's prize categories and a form to add one; with ``category_pk``, that
    category's form (change it, or remove it)."""
    return group_page(request, event, category_pk, CATEGORIES)
