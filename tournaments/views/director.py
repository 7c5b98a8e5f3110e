"""The director's view of a round (refreshed in place like the wall), and the calls
for the director: raised from a table's link, marked handled by an organizer."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from .. import director, services, stamps
from ..forms.calls import DirectorCallForm
from ..models import DirectorCall
from ..words import time_of_day
from .common import check_manage, event_for_reading, organizer_view, round_or_404
from .hall import _with_link
from .live import not_modified, tagged
from .refusals import refusal_said


def _minute() -> str:
    return timezone.now().strftime("%Y%m%d%H%M")


def _tag(request, event_id: int) -> str:
    """The event's ETag and the server's minute: "how long ago" moves on each minute
    while nothing else changes (between two minutes a poll is answered 304)."""
    return stamps.etag(request, event_id)[:-1] + f"-{_minute()}" + '"'


def _page(request, pk, template: str):
    rnd = round_or_404(request, pk)
    check_manage(request, rnd.event)
    tag, unchanged = not_modified(request, rnd.event_id, make_tag=_tag)
    if unchanged:
        return unchanged
    context = {"view": director.director_view(rnd), "round": rnd, "event": rnd.event}
    return tagged(render(request, template, context), tag)


@organizer_view
@require_GET
def director_view(request, pk):
    """Every table of the round at a glance, its link and its call; the organizer's."""
    return _page(request, pk, "tournaments/director.html")


@organizer_view
@require_GET
def director_live(request, pk):
    """The director's view's changing part, fetched by the page (wall.js) and swapped in."""
    return _page(request, pk, "tournaments/director_live.html")


@organizer_view
@require_POST
def call_handle(request, pk):
    """An organizer marks a table's call handled, from the director's view or the inbox."""
    # Read unscoped by its id (the authority); event_for_reading scopes by its club.
    calls = DirectorCall.objects.with_scopes_disabled()
    call = get_object_or_404(calls.select_related("table__round__event"), pk=pk)
    rnd = call.table.round
    event_for_reading(request, rnd.event)
    check_manage(request, rnd.event)
    with refusal_said(request):
        services.handle_call(call, request.user)
        messages.success(request, f"The call of table {call.table.number} is handled.")
    if request.POST.get("next") == "inbox":
        return redirect("inbox", pk=rnd.event_id)
    return redirect("director", pk=rnd.pk)


@require_POST
@_with_link
def link_call(request, link):
    """The table calls the director from its link's sheet or deal page."""
    form = DirectorCallForm(request.POST, prefix="call")
    back = "link-deal" if request.POST.get("next") == "deal" else "link-sheet"
    if not form.is_valid():
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
        return redirect(back, token=link.token)
    with refusal_said(request):
        call = services.raise_call(
            link, form.cleaned_data["reason"], form.cleaned_data["word"], request.user
        )
        raised = time_of_day(call.raised_at)
        messages.success(request, f"The director is called ({raised}): stay at your table.")
    return redirect(back, token=link.token)
