"""A version of a deal sent from a table and not saved (a conflict): an organizer adopts
it as a correction of the deal, in one step, or dismisses it.

Pages read through queries and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from .. import services
from ..models import RejectedVersion
from ..services.rejected import sent_words
from .common import check_manage, event_for_reading, organizer_view
from .refusals import refusal_said


def _rejected_or_404(request, pk) -> RejectedVersion:
    rejected = (
        RejectedVersion.objects.select_related("deal__table__round__event", "sent_by")
        .prefetch_related("deal__table__round__event__organizers")
        .filter(pk=pk)
        .first()
    )
    if rejected is None:
        raise Http404("No such version")
    event = event_for_reading(request, rejected.deal.table.round.event)
    check_manage(request, event)
    return rejected


def _back(request, rejected):
    """Where the organizer came from (the inbox or the deal's page), else the deal."""
    back = request.POST.get("back", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect(rejected.deal)


@organizer_view
@require_POST
def rejected_adopt(request, pk):
    rejected = _rejected_or_404(request, pk)
    try:
        expected = int(request.POST.get("expected_version", ""))
    except ValueError:
        messages.error(request, "The form has lost the deal's version: reload the page.")
        return _back(request, rejected)
    with refusal_said(request):
        change = services.adopt_rejected_version(rejected, request.user, expected)
        deal = change.deal
        messages.success(
            request,
            f"Deal {deal.number} at table {deal.table.number} corrected: the version "
            f"{sent_words(rejected)} is now version {deal.version}.{change.repotted_words}",
        )
    return _back(request, rejected)


@organizer_view
@require_POST
def rejected_dismiss(request, pk):
    rejected = _rejected_or_404(request, pk)
    number = rejected.deal.number
    with refusal_said(request):
        services.dismiss_rejected_version(rejected, request.user)
        messages.success(
            request,
            f"The version of deal {number} that was not saved is dismissed; deal {number} "
            "stays as it is.",
        )
    return _back(request, rejected)
