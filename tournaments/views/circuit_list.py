"""The circuit's ranking list: the latest published list (public) with who moved since
the one before, its CSV and PDF, the rating list (beta); for the circuit's officers, the
events to approve for the list and the button that computes or publishes it."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_safe

from .. import circuit_pages, services
from ..circuit.ranking_list import render_csv
from ..models import Event, EventApproval, PublishedList
from ..printouts.ranking_list import ranking_list_pdf
from ..services import circuit_list
from ..services.permissions import is_circuit_officer
from .common import download, organizer_view


def _day(text: str | None) -> datetime.date | None:
    """A date as the officer's form sends it; None when missing or not a date."""
    try:
        return datetime.date.fromisoformat(text or "")
    except ValueError:
        return None


def _computed(day: datetime.date) -> PublishedList:
    """The list for ``day`` computed now and not kept (an officer's preview)."""
    ranking, events, names = circuit_list.compute(day)
    return PublishedList(
        date=day,
        computed_at=timezone.now(),
        events=circuit_list.events_json(events),
        names=names,
        csv=render_csv(ranking, names),
    )


@require_http_methods(["GET", "HEAD", "POST"])
def ranking_list(request):
    """The latest published list; an officer may compute one now (``?date=``, shown, not
    kept) or publish one (POST)."""
    officer = is_circuit_officer(request.user)
    if request.method == "POST":
        if not officer:
            raise PermissionDenied("Only the circuit's officers may publish the list.")
        day = _day(request.POST.get("date"))
        if day is None:
            messages.error(request, "Give the list's date as YYYY-MM-DD.")
        else:
            circuit_list.publish(day, request.user)
            messages.success(request, f"Published the ranking list of {day:%Y-%m-%d}.")
        return redirect("ranking-list")
    shown, preview = circuit_pages.latest(), False
    if officer and "date" in request.GET:
        day = _day(request.GET["date"])
        if day is None:
            messages.error(request, "Give the list's date as YYYY-MM-DD.")
        else:
            shown, preview = _computed(day), True
    rows = circuit_pages.list_rows(shown) if shown else []
    return render(
        request,
        "tournaments/ranking_list.html",
        {
            "shown": shown,
            "preview": preview,
            "rows": rows,
            "ranked": sum(r.ranked for r in rows),
            "officer": officer,
            "today": timezone.localdate(),
        },
    )


def _latest_or_404() -> PublishedList:
    published = circuit_pages.latest()
    if published is None:
        raise Http404("No list is published yet")
    return published


@require_safe
def ranking_list_csv(request):
    published = _latest_or_404()
    return download(
        circuit_pages.csv_bytes(published),
        f"ranking-list-{published.date:%Y-%m-%d}.csv",
        "text/csv; charset=utf-8",
    )


@require_safe
def ranking_list_pdf_view(request):
    published = _latest_or_404()
    pdf = ranking_list_pdf(published, circuit_pages.list_rows(published))
    return download(pdf, f"ranking-list-{published.date:%Y-%m-%d}.pdf", "application/pdf")


@require_safe
def rating_list(request):
    """The rating (beta) of the established players, as of the latest published list."""
    published = circuit_pages.latest()
    return render(
        request,
        "tournaments/rating_list.html",
        {"shown": published, "rows": circuit_pages.rating_rows(published)},
    )


@organizer_view
@require_http_methods(["GET", "HEAD", "POST"])
def list_events(request):
    """Every club's events (published or not: the officers read them all), each with
    its approval for the list; approve in a class, or withdraw."""
    if not is_circuit_officer(request.user):
        raise PermissionDenied("Only the circuit's officers may approve events.")
    if request.method == "POST":
        pk = request.POST.get("event", "")
        event = get_object_or_404(Event, pk=int(pk) if pk.isdigit() else 0)
        try:
            if request.POST.get("action") == "withdraw":
                circuit_list.withdraw_approval(event, request.user)
                messages.success(request, f"{event.name} no longer counts for the list.")
            else:
                klass = request.POST.get("klass")
                approval = circuit_list.approve_event(event, request.user, klass)
                said = approval.get_klass_display().lower()
                messages.success(request, f"{event.name} counts for the list as a {said}.")
        except services.ServiceError as e:
            messages.error(request, e.message)
        return redirect("list-events")
    events = Event.objects.select_related("club", "approval").order_by("-date", "name", "pk")
    return render(
        request,
        "tournaments/list_events.html",
        {"events": list(events), "classes": EventApproval.Klass.choices},
    )
