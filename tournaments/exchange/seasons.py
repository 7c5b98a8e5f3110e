"""A season to and from JSON: its settings and every one of its events, each as
``export_event`` writes it, so a season moves between databases whole and its
standings come out identical (they are derived again from the events' ledgers)."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from ..models import Season
from ..season_standings import season_events
from ..services import ServiceError
from ..services import seasons as season_services
from . import limits
from .document import ExchangeError
from .export import export_event
from .imports import save_event
from .reading import check_values
from .registry import match_players
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
    try:  # as the season's service checks it, before the write transaction
        Season(**settings).full_clean(exclude=["organizers"])
    except ValidationError as e:
        raise ExchangeError(f"season: {_fields_said(e.message_dict)}") from e
    return settings


def import_season(document, user, notes: list[str] | None = None) -> Season:
    """Create a season and its events from ``export_season``'s document: everything is
    checked first, outside the write transaction (every value, the season's settings as
    its form checks them, each event as ``import_event`` does, an event listed once,
    what a file may hold), the registry read once for all the file's players; then, in
    one transaction, each event is imported and counted in the season, the importing
    organizer organizing them all. Nothing is saved if anything is wrong. Names that
    look like a registry player's are said in ``notes``."""
    if not isinstance(document, dict) or document.get("format") != SEASON_FORMAT:
        raise ExchangeError(f"Not a {SEASON_FORMAT} document.")
    check_values(document)
    settings = _settings(document.get("season"))
    events = document.get("events")
    if not isinstance(events, list):
        raise ExchangeError("events: must be a list of exported events.")
    if len(events) > Season.MAX_EVENTS:
        raise ExchangeError(f"events: at most {Season.MAX_EVENTS:,} events in a season.")
    plans: list[Plan] = []
    for n, event in enumerate(events, start=1):
        plans.append(
            _in_event(_place(n, event), Plan, event, deals_before=plans[-1].deals if plans else 0)
        )
    _each_event_once(plans)
    names = list(dict.fromkeys(p["name"] for plan in plans for p in plan.players))
    if len(names) > limits.PLAYERS:
        raise ExchangeError(
            f"events: at most {limits.PLAYERS:,} players in a file (this one has {len(names):,})."
        )
    published = settings.pop("published", False)
    players, said = match_players(names)
    with transaction.atomic():
        try:
            season = season_services.create_season(user, **settings, published=False)
        except season_services.SeasonError as e:
            raise ExchangeError(f"season: {_fields_said(e.fields) or e.message}") from e
        for n, (plan, event) in enumerate(zip(plans, events, strict=True), start=1):
            place = _place(n, event)
            imported = _in_event(place, save_event, plan, user, players)
            _in_event(place, season_services.add_event, season, imported, user)
        if published:
            try:
                season = season_services.update_season(season, user, published=True)
            except season_services.SeasonError as e:
                raise ExchangeError(f"season: {_fields_said(e.fields) or e.message}") from e
    if notes is not None:
        notes.extend(said)
    return season


def _place(n: int, event) -> str:
    """ "event 2 (Club night, 2026-03-05)": the file's event ``n``, with its name and date
    as the file gives them (what it gives of them: they may be what is wrong)."""
    spec = event.get("event") if isinstance(event, dict) else None
    spec = spec if isinstance(spec, dict) else {}
    said = [spec[key] for key in ("name", "date") if isinstance(spec.get(key), str)]
    said = [s if len(s) <= 60 else s[:59] + "…" for s in said if s.strip()]
    return f"event {n} ({', '.join(said)})" if said else f"event {n}"


def _in_event(place: str, step, *args, **kwargs):
    """A step of one event's import (checking it, saving it, counting it in the season);
    a refusal says which of the file's events it is about, as ``place``."""
    try:
        return step(*args, **kwargs)
    except ServiceError as e:  # the import's own refusals, the season's and the event's
        details = "; ".join(f"{err.field}: {err.message}" for err in e.field_errors)
        raise ExchangeError(f"{place}: {e.message}" + (f" ({details})" if details else "")) from e


def _each_event_once(plans: list[Plan]) -> None:
    """An event listed twice would count twice: refused (an event is its name and date)."""
    first: dict[tuple, int] = {}
    for n, plan in enumerate(plans, start=1):
        key = (plan.event["name"], plan.event["date"])
        if key in first:
            raise ExchangeError(
                f"events: event {n} is event {first[key]} again ({key[0]}, {key[1]:%Y-%m-%d}): "
                "a season counts an event once."
            )
        first[key] = n


def _fields_said(fields: dict[str, list[str]]) -> str:
    return "; ".join(f"{f}: {' '.join(m)}" for f, m in fields.items())
