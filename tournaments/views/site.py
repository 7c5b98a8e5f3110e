"""The results website as a zip (tournaments/site_export.py): an event's or a season's,
for whoever may read it, once it is published.

Pages read through site_export.py and write nothing."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect

from .. import site_export
from .common import download, event_or_404
from .seasons import season_or_404


def _zip(request, what, build):
    try:
        files = build(what)
    except site_export.SiteRefused as e:
        # Only its organizers read an unpublished event or season: they are told why.
        messages.error(request, e.message)
        return redirect(what)
    name = site_export.site_name(what)
    return download(site_export.zip_bytes(files, name), f"{name}.zip", "application/zip")


def event_site(request, pk):
    return _zip(request, event_or_404(request, pk), site_export.build_event)


def season_site(request, pk):
    return _zip(request, season_or_404(request, pk), site_export.build_season)
