"""A season to and from JSON: its settings and every one of its events, each as
``export_event`` writes it, so a season moves between databases whole and its
standings come out identical (they are derived again from the events' ledgers)."""

from __future__ import annotations

import datetime

from django.db import transaction

from ..models import Season
from ..seasons import season_events
from ..services import seasons as season_services
from .document import ExchangeError
from .export import export_event
from .imports import import_event
from .validation import Plan

SEASON_FORMAT = "taroky-season/1"


def export_season(season: Season) -> dict:
    settings = {f: getattr(season, f) for f in Season.SETTINGS}
    settings["start_date"] = season.start_date.isoformat()
    settings["end_date"] = season.end_date.isoformat()
    return {
        "format": SEASON_FORMAT,
        "season": settings,
        "events": [export_event(e) for e in season_events(season)],
    }


def _settings(spec) -> dict:
    if not isinstance(spec, dict):
        raise ExchangeError("season: must be a JSON object.")
    unknown = sorted(set(spec) - set(Season.SETTINGS))
    if unknown:
        raise ExchangeError(f"season: unknown fields: {', '.join(unknown)}.")
    settings = {name: spec[name] for name in Season.SETTINGS if name in spec}
    text, whole, whole_or_null = (
        (str, "text"),
        (int, "a whole number"),
        (
            (int, type(None)),
            "a whole number or null",
        ),
    )
    kinds = {
        "name": text,
        "club": text,
        "basis": text,
        "placement_points": (list, "a list"),
        "tie_breaks": (list, "a list"),
        "participation_points": whole,
        "planned_events": whole_or_null,
        "best_of": whole_or_null,
    }
    for name, (kind, words) in kinds.items():
        value = settings.get(name)
        if name in settings and (not isinstance(value, kind) or isinstance(value, bool)):
            raise ExchangeError(f"season: '{name}' must be {words}.")
    for name in ("start_date", "end_date"):
        try:
            settings[name] = datetime.date.fromisoformat(spec[name])
        except KeyError:
            raise ExchangeError(f"season: '{name}' is missing.") from None
        except (TypeError, ValueError):
            raise ExchangeError(f"season: '{name}' must be a date like 2026-01-31.") from None
    if not isinstance(settings.get("published", False), bool):
        raise ExchangeError("season: 'published' must be true or false.")
    return settings


@transaction.atomic
def import_season(document, user) -> Season:
    """Create a season and its events from ``export_season``'s document: everything is
    checked first (the season's settings as its form checks them, each event as
    ``import_event`` does), then each event is imported and counted in the season, the
    importing organizer organizing them all. Nothing is saved if anything is wrong."""
    if not isinstance(document, dict) or document.get("format") != SEASON_FORMAT:
        raise ExchangeError(f"Not a {SEASON_FORMAT} document.")
    settings = _settings(document.get("season"))
    events = document.get("events")
    if not isinstance(events, list):
        raise ExchangeError("events: must be a list of exported events.")
    if len(events) > Season.MAX_EVENTS:
        raise ExchangeError(f"events: at most {Season.MAX_EVENTS:,} events in a season.")
    for n, event in enumerate(events, start=1):
        try:
            Plan(event)
        except ExchangeError as e:
            raise ExchangeError(f"event {n}: {e.message}") from e
    published = settings.pop("published", False)
    try:
        season = season_services.create_season(user, **settings, published=False)
    except season_services.SeasonError as e:
        said = "; ".join(f"{f}: {' '.join(m)}" for f, m in e.fields.items()) or e.message
        raise ExchangeError(f"season: {said}") from e
    for event in events:
        season_services.add_event(season, import_event(event, user), user)
    if published:
        season = season_services.update_season(season, user, published=True)
    return season
