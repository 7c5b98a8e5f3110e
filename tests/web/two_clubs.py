"""Two clubs on one server, each with one of everything (tests of the clubs'
isolation: tests/web/test_club_scopes.py, test_club_crawler.py).

Club A is the server's first club (the ``world`` fixture's event is its); club B has
an unpublished event and season whose names, tokens and words are B's alone
(``B_SECRETS``), and a published event anyone reads."""

import datetime

from django.apps import apps
from django.db import models

from tournaments import services
from tournaments.models import Club, Event, Player
from tournaments.services import prizes as prize_services
from tournaments.services import teams as team_services

from ..conftest import SEATS4
from .every_url import one_of_everything
from .seasons import season_of

B_EVENT = "Zbraslav hidden night"
B_SEASON = "Zbraslav hidden season"
B_CALL = "Zbraslav quarrel word"
B_CATEGORY = "Zbraslav veterans"
B_TEAM = "Zbraslav lodge four"
B_VENUE = "Zbraslav back room"
B_PUBLISHED = "Zbraslav open day"


def club_paths() -> dict[type[models.Model], str]:
    """Every model of the app with a path of foreign keys to Club (Club's own aside),
    by the shortest such path: the club-owned rows."""
    club = Club
    paths: dict[type[models.Model], str] = {}
    frontier = {club: ""}
    for _ in range(6):
        found = {}
        for model in apps.get_app_config("tournaments").get_models():
            if model is club or model in paths or model in frontier:
                continue
            for field in model._meta.get_fields():
                target = field.related_model if field.many_to_one or field.one_to_one else None
                if field.concrete and target in frontier:
                    via = frontier[target]
                    found[model] = field.name + (f"__{via}" if via else "")
                    break
        paths.update(found)
        frontier = found
        if not found:
            break
    return paths


def snapshot(club) -> dict[str, list]:
    """Every row of ``club``'s (read past any scope), each model's in id order."""
    rows = {}
    for model, path in sorted(club_paths().items(), key=lambda kv: kv[0].__name__):
        query = model._base_manager.filter(**{path: club}).order_by("pk")
        rows[model.__name__] = [repr(sorted(r.items())) for r in query.values()]
    return rows


def club_b_world(django_user_model) -> dict:
    """Club B, its organizer (``b_organizer``), one of everything at its unpublished
    event, its unpublished season holding it, a prize category, a team, its revoked
    table link (``old_link``) and its published event (``published``)."""
    user = django_user_model.objects.create_user("b-org", password="secret-b-pw", is_staff=True)
    club = Club.objects.create(name="Zbraslav club", slug="zbraslav")
    club.organizers.add(user)
    event = services.create_event(
        user,
        club=club,
        name=B_EVENT,
        date=datetime.date(2026, 11, 21),
        venue=B_VENUE,
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=False,
    )
    rnd = services.create_round(event, user)
    # The circuit's players: the same people play at both clubs.
    players = [Player.objects.get_or_create(name=n)[0] for n in SEATS4]
    table = services.create_table(rnd, user, players, first_forehand=players[0])
    old_link = services.issue_link(table, user)
    w = one_of_everything(table, user, word=B_CALL, substitute="Zuzana")
    w["old_link"] = old_link
    w = with_the_rest(w, user, B_CATEGORY, B_TEAM, B_SEASON, owner_club=club)
    w["published"] = services.create_event(
        user,
        club=club,
        name=B_PUBLISHED,
        date=datetime.date(2026, 11, 22),
        venue="Zbraslav hall",
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=True,
    )
    return {**w, "club": club, "b_organizer": user}


def with_the_rest(w, user, category, team, season, **season_fields) -> dict:
    """``w`` (one of everything at an event) with a prize category, a team (the event
    ranks teams) and a season holding the event, so named."""
    # Teams are chosen before the first deal (update_event refuses after): set here as
    # if they had been.
    Event.objects.filter(pk=w["event"].pk).update(team_ranking="teams", team_size=2)
    event = Event.objects.get(pk=w["event"].pk)
    players = [s.player for s in w["table"].seats.order_by("position")[:2]]
    return {
        **w,
        "event": event,
        # By id, as url_for takes them.
        "category": prize_services.save_category(event, user, category, players, "").pk,
        "team": team_services.save_team(event, user, team, players).pk,
        "season": season_of(
            user, [event], name=season, start_date=event.date, end_date=event.date, **season_fields
        ),
    }


def b_secrets(w) -> list[str]:
    """What of club B's unpublished rows no one else may read: names, words, tokens."""
    return [
        B_EVENT,
        B_SEASON,
        B_CALL,
        B_CATEGORY,
        B_TEAM,
        B_VENUE,
        w["link"].token,
        w["old_link"].token,
        w["check_in"].token,
    ]
