"""A season's *Send the results* page: each player's place in the season's standings,
by email (the event's page, views/results_mail.py, does the work)."""

from __future__ import annotations

from django.views.decorators.http import require_http_methods

from ..results_letters import season_letters
from .common import organizer_view
from .results_mail import base_url, results_page
from .seasons import managed_season


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_season
def season_results_mail(request, season):
    return results_page(request, season, season_letters(season, base_url(request)))
