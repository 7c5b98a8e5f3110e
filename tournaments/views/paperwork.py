"""A tournament's paperwork, for its organizers: tent name cards, table cards (their
links' QR codes give entry rights) and diplomas, as PDFs on the event's paper.

Pages read through queries.py and write only through services."""

from __future__ import annotations

from django.db.models import Prefetch
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import qr
from ..models import Seat
from ..printouts import filename
from ..printouts.diplomas import diplomas, diplomas_pdf, event_club
from ..printouts.name_cards import name_cards, name_cards_pdf
from ..printouts.table_cards import table_cards_pdf
from .common import (
    check_manage,
    managed_event,
    organizer_view,
    pdf_response,
    round_or_404,
)


@organizer_view
@require_http_methods(["GET"])
@managed_event
def name_cards_view(request, event):
    """Two tent cards a sheet, a player each; a published event's cards carry a QR code
    to the player's statement (their public page)."""

    def public_page(player) -> str:
        return qr.hall_url(request, reverse("player-statement", args=[event.pk, player.pk]))

    cards = name_cards(event, public_page if event.published else None, circuit=event.several_clubs)
    return pdf_response(name_cards_pdf(event, cards), filename(event, "name-cards"))


@organizer_view
@require_http_methods(["GET"])
def table_cards_view(request, pk):
    """A tent card a table of the round, with its working link's QR code."""
    rnd = round_or_404(request, pk)
    check_manage(request, rnd.event)
    tables = list(
        rnd.tables.order_by("number").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
    )
    return pdf_response(
        table_cards_pdf(rnd, tables, qr.link_urls(request, tables)),
        filename(rnd.event, "round", rnd.number, "table-cards"),
    )


@organizer_view
@require_http_methods(["GET"])
@managed_event
def diplomas_view(request, event):
    """A diploma for each of the top three and each category's winner."""
    return pdf_response(
        diplomas_pdf(event, diplomas(event), club=event_club(event)),
        filename(event, "diplomas"),
    )
