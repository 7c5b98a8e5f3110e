"""The circuit's calendar: every club's published events, a page and an iCalendar feed.

Public, as a published event is. An event not published is on neither: its date and
name are its club's until it is published.
"""

from __future__ import annotations

from datetime import UTC

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from .. import circuit_pages
from ..models import Event


def _published():
    return Event.objects.filter(published=True).select_related("club")


@require_safe
def calendar_page(request):
    """Coming events first, soonest first (today's among them), then past events,
    latest first."""
    today = timezone.localdate()
    # The latest ranking list's date read with the events (still one query): the page
    # links the list once one is published.
    events = list(
        _published()
        .annotate(list_date=circuit_pages.latest_date_subquery())
        .order_by("date", "name", "pk")
    )
    list_date = events[0].list_date if events else circuit_pages.latest_date()
    coming = [e for e in events if e.date >= today]
    past = [e for e in reversed(events) if e.date < today]
    return render(
        request,
        "tournaments/calendar.html",
        {"coming": coming, "past": past, "list_date": list_date},
    )


@require_safe
def calendar_ics(request):
    """One VEVENT per published event, a day long: its UID names the event and this
    server, so a calendar that subscribed updates the event rather than adding it
    again when its name, date or venue changes."""
    host = request.get_host()
    feed = Calendar()
    feed.add("prodid", f"-//Taroky scorekeeper//{host}//EN")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", "Taroky events")
    for event in _published().order_by("date", "name", "pk"):
        entry = CalendarEvent()
        entry.add("uid", f"event-{event.pk}@{host}")
        # When the event was entered, not the request's time: the same feed for the
        # same events, byte for byte.
        entry.add("dtstamp", event.created_at.astimezone(UTC))
        entry.add("dtstart", event.date)
        entry.add("summary", event.name)
        if event.venue:
            entry.add("location", event.venue)
        entry.add("description", f"{event.get_kind_display()} of {event.club.name}")
        entry.add("url", request.build_absolute_uri(event.get_absolute_url()))
        feed.add_component(entry)
    response = HttpResponse(feed.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="taroky-events.ics"'
    return response
