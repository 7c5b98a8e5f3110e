"""The circuit's ranking list: the latest published list (public) with who moved since
the one before, its CSV and PDF, each club's members' list (the same rows, page, CSV and
PDF), the rating list (beta); for the circuit's officers, the events to approve for the
list and the button that computes or publishes it."""

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
from ..models import Club, Event, EventApproval, PublishedList
from ..printouts.ranking_list import ranking_list_pdf
from ..services import circuit_list
from ..services.permissions import is_circuit_officer
from .common import download, organizer_view, posted_id


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


def _shown(request, officer: bool) -> tuple[PublishedList | None, bool]:
    """The list a page shows and whether it is an officer's preview: the latest
    published list, or (an officer's ``?date=``) the list computed now for that date."""
    if officer and "date" in request.GET:
        day = _day(request.GET["date"])
        if day is not None:
            return _computed(day), True
        messages.error(request, "Give the list's date as YYYY-MM-DD.")
    return circuit_pages.latest(), False


@require_http_methods(["GET", "HEAD", "POST"])
def ranking_list(request):
    """The latest published list; an officer may compute one now (``?date=``, shown, not
    kept) or publish one (POST). ``?club=`` (the club picker): that club's members."""
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
    if request.GET.get("club"):
        club = get_object_or_404(Club, slug=request.GET["club"])
        return redirect("members-list", club.slug)
    shown, preview = _shown(request, officer)
    rows = circuit_pages.list_rows(shown) if shown else []
    return render(
        request,
        "tournaments/ranking_list.html",
        {
            "shown": shown,
            "preview": preview,
            "rows": rows,
            "moves": shown.moves if shown else [],
            "ranked": sum(r.ranked for r in rows),
            "officer": officer,
            "today": timezone.localdate(),
            "clubs": list(Club.objects.order_by("name", "pk").values_list("slug", "name")),
        },
    )


@require_safe
def members_list(request, slug):
    """The club's members on the latest published list (an officer's ``?date=``: on the
    list computed now): their rows of the circuit's list, each numbered in the club."""
    club = get_object_or_404(Club, slug=slug)
    shown, preview = _shown(request, is_circuit_officer(request.user))
    members = circuit_pages.member_numbers(club)
    rows = circuit_pages.members_rows(circuit_pages.list_rows(shown), members) if shown else []
    return render(
        request,
        "tournaments/ranking_list.html",
        {
            "club": club,
            "shown": shown,
            "preview": preview,
            "rows": rows,
            "moves": [m for m in shown.moves if m["player"] in members] if shown else [],
            "ranked": sum(r.ranked for r in rows),
            "members": len(members),
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
def members_list_csv(request, slug):
    club = get_object_or_404(Club, slug=slug)
    published = _latest_or_404()
    return download(
        circuit_pages.members_csv(published, circuit_pages.member_numbers(club)),
        f"ranking-list-{club.slug}-{published.date:%Y-%m-%d}.csv",
        "text/csv; charset=utf-8",
    )


@require_safe
def members_list_pdf(request, slug):
    club = get_object_or_404(Club, slug=slug)
    published = _latest_or_404()
    members = circuit_pages.member_numbers(club)
    rows = circuit_pages.members_rows(circuit_pages.list_rows(published), members)
    pdf = ranking_list_pdf(published, rows, club)
    return download(
        pdf, f"ranking-list-{club.slug}-{published.date:%Y-%m-%d}.pdf", "application/pdf"
    )


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
        event = get_object_or_404(Event, pk=posted_id(request.POST.get("event", "")))
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
