"""Self check-in: the page at the door (a check-in link's, no account) and the
organizer's page that opens, reissues and closes it.

Pages read through queries and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from ..forms.checkin import CheckInForm, CheckInSearchForm
from ..models import Registration
from ..names import clean_name, name_key
from ..printouts import filename
from ..printouts.check_in import door_pdf
from ..qr import hall_url, qr_svg
from ..services import ServiceError
from ..services import checkin as service
from ..words import time_of_day
from .common import managed_event, organizer_view, pdf_response


@require_http_methods(["GET", "POST"])
def check_in(request, token):
    """Find your name, tap I am here: a registered player of the link's event only."""
    try:
        link = service.find_check_in(token)
    except service.CheckInRefused as e:
        return render(
            request, "tournaments/check_in_refused.html", {"message": e.message}, status=403
        )
    event = link.event
    search = CheckInSearchForm(request.GET or None)
    query = clean_name(search.cleaned_data["q"]) if search.is_valid() else ""
    context = {"event": event, "search": search, "query": query, "done": None, "said": None}
    if request.method == "POST":
        form = CheckInForm(request.POST)
        if not form.is_valid():
            context["said"] = form.errors["player"][0]
        else:
            try:
                made = service.check_in(link.token, form.cleaned_data["player"])
            except service.AlreadyCheckedIn as e:
                context["said"] = e.message
                context["already"] = True
            except ServiceError as e:
                context["said"] = e.message
            else:
                context["done"] = {
                    "name": made.player.name,
                    "at": time_of_day(made.checked_in_at),
                }
        return render(request, "tournaments/check_in.html", context)
    found = service.search(event, query)
    context["found"] = [
        {
            "player": p,
            "at": time_of_day(p.checked_in_at) if p.checked_in_at else "",
        }
        for p in found[: service.FOUND_AT_MOST]
    ]
    context["more"] = len(found) > service.FOUND_AT_MOST
    return render(request, "tournaments/check_in.html", context)


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def check_in_desk(request, event):
    """The event's self check-in: its link and QR code, who checked in and when."""
    if request.method == "POST":
        try:
            if "open" in request.POST:
                link = service.open_check_in(event, request.user)
                messages.success(
                    request,
                    "A new check-in link is open; the old one stopped."
                    if link.replaced
                    else "Self check-in is open.",
                )
            elif "close" in request.POST:
                service.close_check_in(event, request.user)
                messages.success(request, "Self check-in is closed: its link stopped working.")
        except ServiceError as e:
            messages.error(request, e.message)
        return redirect("check-in-desk", pk=event.pk)
    link = service.working_link(event)
    url = hall_url(request, link.get_absolute_url()) if link else ""
    times = service.check_in_times(event)
    registered = sorted(
        Registration.objects.filter(event=event, withdrawn=False).select_related("player"),
        key=lambda r: name_key(r.player.name),
    )
    rows = [
        {
            "name": r.player.name,
            "at": time_of_day(times[r.player_id]) if r.player_id in times else "",
        }
        for r in registered
    ]
    return render(
        request,
        "tournaments/check_in_desk.html",
        {
            "event": event,
            "link": link,
            "url": url,
            "qr": qr_svg(url, scale=6) if link else "",
            "rows": rows,
            "checked_in": sum(1 for r in rows if r["at"]),
        },
    )


@organizer_view
@require_http_methods(["GET"])
@managed_event
def check_in_door_pdf(request, event):
    """The open check-in's QR code and address, large, for the door (a PDF page)."""
    link = service.working_link(event)
    if link is None:
        raise Http404("The self check-in is closed.")
    url = hall_url(request, link.get_absolute_url())
    return pdf_response(door_pdf(event, url), filename(event, "check-in"))
