"""A club's page (its published events; its key for its organizers, to set on the
laptop it runs a day on) and *Send an event in*: a signed file from that laptop
uploaded (exchange.received)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from .. import services
from ..exchange import limits
from ..exchange.received import receive_event
from ..models import Club, Event
from ..services.permissions import can_send_events, is_club_organizer
from .common import organizer_view


class SignedFileForm(forms.Form):
    file = forms.FileField(label="The signed event file (.json)")


def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    events = Event.objects.filter(club=club, published=True).order_by("-date", "-pk")
    # The key only to the club's own organizers: whoever has it signs as the club.
    organizes = is_club_organizer(request.user, club)
    return render(
        request,
        "tournaments/club_detail.html",
        {
            "club": club,
            "events": events,
            "shows_key": organizes,
            "may_send": organizes or can_send_events(request.user, club),
        },
    )


@organizer_view
@require_http_methods(["GET", "POST"])
def club_send_event(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not can_send_events(request.user, club):
        raise PermissionDenied(f"Only the organizers of {club.name} may send in its events.")
    posted = request.method == "POST"
    form = SignedFileForm(request.POST, request.FILES) if posted else SignedFileForm()
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        # Read no further than a file may be: an oversize one is refused as such.
        raw = upload.read(limits.BYTES + 1)
        notes: list[str] = []
        try:
            event = receive_event(club, request.user, raw, notes)
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            for note in notes:
                messages.info(request, note)
            messages.success(request, f"{event.name} is {club.name}'s event now.")
            return redirect(event)
    return render(
        request,
        "tournaments/club_send_event.html",
        {"club": club, "form": form, "largest": limits.BYTES // 1_000_000},
    )
