"""The results website as a zip (tournaments/site_store.py): an event's or a season's,
for whoever may read it, once it is published; built once per change of it, and
while it is being built for someone else, a page that says so and asks again.

Pages read through site_store.py and write nothing but its zips."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect, render

from .. import site_export, site_store
from .common import event_or_404
from .seasons import season_or_404

# How long the "being built" page waits before it asks again, in seconds.
RETRY_SECONDS = 5


def _since(request) -> float | None:
    """The moment the "being built" page's visitor first asked (its ``?since=``), or
    None; a value that is no such moment is none."""
    try:
        since = float(request.GET.get("since", ""))
    except ValueError:
        return None
    return since if 0 < since < time.time() + 60 else None


def _zip(request, what):
    try:
        path = site_store.stored_zip(what, since=_since(request))
    except site_export.SiteRefused as e:
        # Only its organizers read an unpublished event or season: they are told why.
        messages.error(request, e.message)
        return redirect(what)
    except site_store.Busy as busy:
        # 202: nothing failed, it is being done; the page asks again by itself, for a
        # zip built since it first asked.
        again = f"{request.path}?{urlencode({'since': f'{busy.since:.3f}'})}"
        response = render(
            request,
            "tournaments/site_building.html",
            {"what": what, "retry": RETRY_SECONDS, "again": again},
            status=202,
        )
        response["Retry-After"] = str(RETRY_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
    name = site_export.site_name(what)
    return FileResponse(
        open(path, "rb"),  # noqa: SIM115 - FileResponse closes it
        as_attachment=True,
        filename=f"{name}.zip",
        content_type="application/zip",
    )


def event_site(request, pk):
    return _zip(request, event_or_404(request, pk))


def season_site(request, pk):
    return _zip(request, season_or_404(request, pk))
