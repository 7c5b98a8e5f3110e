"""What every page shares: who may read and change an event, the objects of a URL, downloads.

Pages read through queries.py and write only through services."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify

from .. import queries, scoping, services
from ..models import Club, Event, Round, Table
from ..services.permissions import can_manage, can_view


def form_errors(form, error, on: dict[str, str] | None = None) -> None:
    """A service's refusal on the form: at each field it names (a FormError's
    ``fields``; ``on``, else the form's ``ERRORS_AT``, maps a service's field to the
    form's), else above the form."""
    on = on or getattr(form, "ERRORS_AT", {})
    placed = False
    for name, errors in getattr(error, "fields", {}).items():
        target = on.get(name, name)
        for message in errors:
            form.add_error(target if target in form.fields else None, message)
            placed = True
    if not placed:
        form.add_error(None, error.message)


def settings_page(
    request,
    form,
    template: str,
    save: Callable,
    said: str | Callable,
    refused: Callable = form_errors,
    **context,
) -> HttpResponse:
    """An event's or a season's settings page, new or its own: the form, posted and valid,
    saved by ``save()`` (a service); its refusal placed on the form by ``refused(form,
    error)``, else the message ``said`` (or ``said(saved)``) and a redirect to what it
    saved. Else the page: ``template`` with the form and ``context``."""
    if request.method == "POST" and form.is_valid():
        try:
            thing = save()
        except services.ServiceError as e:
            refused(form, e)
        else:
            messages.success(request, said(thing) if callable(said) else said)
            return redirect(thing)
    return render(request, template, {"form": form, **context})


def edit_page(request, thing, form_class, update: Callable, template: str, said: str):
    """The settings page of an event or a season (``thing``, named ``event`` or ``season``
    in ``template``) for its organizers: its form, saved by the service ``update(thing,
    user, **settings)``, then the message ``said``."""
    form = form_class(request.POST or None, instance=thing)
    return settings_page(
        request,
        form,
        template,
        lambda: update(thing, request.user, **form.settings()),
        said,
        **{thing._meta.model_name: thing},
    )


def event_for_reading(request, event: Event) -> Event:
    """``event``, read by the id or token of the page's address (unscoped: that read is
    the authority), if the visitor may read it; the rest of the request is then scoped
    to its club (tournaments.scoping)."""
    scoping.enter(event.club_id)
    # Unpublished events are invisible (404) to everyone but their organizers.
    if not can_view(request.user, event):
        raise Http404("No such event")
    return event


def check_manage(request, event: Event) -> None:
    if can_manage(request.user, event):
        return
    # Whoever may not see an unpublished event is not told it exists.
    event_for_reading(request, event)
    raise PermissionDenied("Only the organizers of this event may change it.")


def organizer_view(view):
    """A page that changes things: a visitor refused (PermissionDenied) is sent to sign
    in, a signed-in user refused gets 403 (Django's ``AccessMixin`` does the same for
    class-based views). An object the visitor may not read is still a 404."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapped


def event_or_404(request, pk) -> Event:
    """The event, if the visitor may read it (an unpublished one is its organizers')."""
    # ``several_clubs``: whether the server is a circuit (printouts then say each
    # player's circuit number), read with the event rather than by a query of its own.
    others = Club.objects.exclude(pk=OuterRef("club_id"))
    events = Event.objects.with_scopes_disabled().annotate(several_clubs=Exists(others))
    event = get_object_or_404(events.prefetch_related("organizers"), pk=pk)
    return event_for_reading(request, event)


def managing(load: Callable, check: Callable):
    """A decorator for the organizers' page of one event or season, ``pk`` in its address:
    the view is called with what ``load(request, pk)`` reads, once ``check(request, it)``
    let the visitor manage it. Put below the method's decorator, so that a wrong method
    is refused before anything is read, and below ``organizer_view``."""

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request, pk, *args, **kwargs):
            managed = load(request, pk)
            check(request, managed)
            return view(request, managed, *args, **kwargs)

        return wrapped

    return decorator


# The organizers' page of an event: its view takes the event.
managed_event = managing(event_or_404, check_manage)


def round_or_404(request, pk) -> Round:
    rnd = get_object_or_404(
        Round.objects.select_related("event").prefetch_related("event__organizers"), pk=pk
    )
    event_for_reading(request, rnd.event)
    return rnd


# The largest id a row may have (a 64-bit column): a posted id past it names no row.
LARGEST_ID = 2**63 - 1


def posted_id(value: str) -> int:
    """The row id a form posted, or 0 (no row has it) when ``value`` is not a plain
    decimal id: "²" is a digit to ``str.isdigit`` but no number, and an id of 5,000
    digits is too large for the database.

    >>> posted_id(" 12 "), posted_id("²"), posted_id("9" * 5000), posted_id("-3")
    (12, 0, 0, 0)
    """
    value = value.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= len(str(LARGEST_ID))):
        return 0
    return int(value) if int(value) <= LARGEST_ID else 0


def download(body, filename: str, content_type: str, inline: bool = False) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def file_slug(event) -> str:
    return f"{slugify(event.name)}-{event.date:%Y-%m-%d}"


def csv_download(body: str, filename: str) -> HttpResponse:
    # A byte-order mark, so Excel on Windows reads the file as UTF-8 ("Nováková").
    return download("\ufeff" + body, filename, "text/csv; charset=utf-8")


def xlsx_download(rows, filename: str, title: str = "Sheet") -> HttpResponse:
    """The rows a CSV download writes, as a workbook (``exchange.workbook``)."""
    from ..exchange.workbook import XLSX, xlsx

    return download(xlsx(rows, title), filename, XLSX)


def table_or_404(request, pk) -> Table:
    try:
        table = queries.table_with_event(pk)
    except Table.DoesNotExist:
        raise Http404("No such table") from None
    event_for_reading(request, table.round.event)
    return table


def deal_or_404(request, pk):
    try:
        deal = queries.deal_with_context(pk)
    except queries.Deal.DoesNotExist:
        raise Http404("No such deal") from None
    event_for_reading(request, deal.table.round.event)
    return deal


def pdf_response(body: bytes, name: str) -> HttpResponse:
    return download(body, name, "application/pdf", inline=True)
