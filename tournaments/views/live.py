"""Conditional requests for the pages that phones and the wall poll (the wall, a table's
sheet, the inbox): an ETag from the event's count of changes (``stamps``), checked before
the page's work, so a poll between two deals costs a query and a 304.

A page showing a one-time message ("Deal 12 saved.") is sent without an ETag: a reload
must not bring the message back from the browser's cache.
"""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.http import HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags

from .. import stamps


def not_modified(request, event_id: int, make_tag=stamps.etag):
    """(the page's ETag or None, a 304 response or None); ``make_tag(request, id)``: the
    event's (default) or, with ``stamps.season_etag``, a season's."""
    if request.method not in ("GET", "HEAD") or len(get_messages(request)):
        return None, None
    tag = make_tag(request, event_id)
    if tag in parse_etags(request.headers.get("If-None-Match", "")):
        return tag, tagged(HttpResponseNotModified(), tag)
    return tag, None


def tagged(response, tag: str | None):
    """The headers of a live page: revalidated at every use, kept by this browser only."""
    response["Cache-Control"] = "no-cache, private"
    if tag:
        response["ETag"] = tag
    patch_vary_headers(response, ["Cookie"])
    return response
