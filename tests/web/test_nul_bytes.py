"""A NUL byte anywhere in a request (the address, the query string, a posted value, a
header, a cookie) is answered 400 before any database query, on SQLite and PostgreSQL
alike: PostgreSQL's text columns cannot hold one, and a link's address with one was a
500 there (a 403 on SQLite)."""

from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, reverse

from tournaments.models import ActivityEntry, Deal, LedgerEntry, Player

from .every_url import url_for

pytestmark = pytest.mark.django_db

NUL = "a\x00b"
SAID = "The request holds a NUL character (\\0), which no address or form of this app takes."


def every_route(resolver=None, prefix=""):
    """Every pattern of the URL map, the admin's and sign-in's included, as ``reverse``
    knows it: a format string and its parameters."""
    resolver = resolver or get_resolver()
    routes = set()
    for key in resolver.reverse_dict:
        for possibilities, _pattern, _defaults, _converters in resolver.reverse_dict.getlist(key):
            for template, params in possibilities:
                routes.add((prefix + template, tuple(params)))
    for inner_prefix, inner in resolver.namespace_dict.values():
        routes |= set(every_route(inner, prefix + inner_prefix))
    return sorted(routes)


def filled(template, params, values):
    return "/" + template % {p: quote(str(values[p]), safe="") for p in params}


def test_the_walk_covers_the_app_and_the_admin():
    templates = {t for t, _ in every_route()}
    for template in [
        "t/%(token)s/",
        "t/%(token)s/deal/",
        "t/%(token)s/undo/",
        "t/%(token)s/preview/",
        "t/%(token)s/deals/%(number)s/correct/",
        "events/%(pk)s/download/%(what)s",
        "admin/tournaments/player/%(object_id)s/change/",
        "admin/tournaments/player/",
        "accounts/login/",
        "seasons/%(pk)s/players/%(player_pk)s/",
    ]:
        assert template in templates, template
    assert len(templates) > 100


def visitors(organizer):
    anonymous, signed_in = Client(), Client()
    signed_in.force_login(organizer)
    return {"anonymous": anonymous, "organizer": signed_in}


# What SecurityMiddleware adds to every answer (the refusal too: it comes after it).
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def assert_refused(response, where):
    assert (response.status_code, response.content.decode()) == (400, SAID), where
    assert {h: response.get(h) for h in SECURITY_HEADERS} == SECURITY_HEADERS, where


def state():
    return [m.objects.count() for m in (ActivityEntry, Deal, LedgerEntry, Player, User)]


@pytest.mark.parametrize(
    "url",
    ["/t/%00/", "/t/%00/deal/", "/t/%00/undo/", "/t/%00/preview/", "/t/%00/deals/1/correct/"],
)
def test_a_table_link_with_a_nul_is_refused(client, url):
    """The issue's addresses: 500 on PostgreSQL, 403 on SQLite."""
    assert_refused(client.get(url), url)
    assert_refused(client.post(url, {"number": "1"}), url)


def test_every_address_with_a_nul_in_a_parameter_is_refused_before_any_query(
    world,  # noqa: F811
    organizer,
):
    before = state()
    routes = [(t, ps) for t, ps in every_route() if ps]
    for who, client in visitors(organizer).items():
        for template, params in routes:
            url = filled(template, params, dict.fromkeys(params, NUL))
            with CaptureQueriesContext(connection) as queries:
                assert_refused(client.get(url), (who, url))
                assert_refused(client.post(url, {"reason": "x"}), (who, url))
            assert [q["sql"] for q in queries] == [], (who, url)
    assert state() == before


def real_addresses(w) -> dict[str, str]:
    """The app's routes (by format string) with parameters naming the world's event,
    deal, link, season ...: pages that answer, so a NUL elsewhere in the request is
    what they would read."""
    resolver = get_resolver()
    season, player = w["season"].pk, w["player"].pk
    addresses = {}
    for name in resolver.reverse_dict:
        if not isinstance(name, str) or name.startswith("admin"):
            continue
        if name == "season-statement":
            url = reverse(name, args=[season, player])
        elif name.startswith("season-") and name != "season-create":
            url = reverse(name, args=[season])
        elif name == "player-detail":
            url = reverse(name, args=[player])
        elif name in ("season-create", "logout", "password_change", "password_change_done"):
            url = reverse(name)
        else:
            url = url_for(name, w)
        for possibilities, *_ in resolver.reverse_dict.getlist(name):
            for template, _params in possibilities:
                addresses[template] = url
    return addresses


def real_address(template, params, w, addresses):
    """The app's page of that route, or an admin page (of a player, a user ...)."""
    values = {
        "app_label": "tournaments",
        "object_id": w["player"].pk,
        "content_type_id": 1,
        "id": 1,
        "url": "x",
    }
    return addresses.get(template) or filled(template, params, values)


def test_every_page_refuses_a_nul_in_its_query_string_or_a_posted_value(
    season_world,  # noqa: F811
    organizer,
):
    before = state()
    addresses = real_addresses(season_world)
    for who, client in visitors(organizer).items():
        for template, params in every_route():
            url = real_address(template, params, season_world, addresses)
            with CaptureQueriesContext(connection) as queries:
                assert_refused(client.get(url, {"q": NUL}), (who, url, "query"))
                assert_refused(client.get(f"{url}?{quote(NUL)}=1"), (who, url, "query name"))
                for data in ({"reason": NUL}, {"name": "Anna", NUL: "1"}):
                    assert_refused(client.post(url, data), (who, url, data))
                upload = SimpleUploadedFile("players.csv", b"name\nAnna\n", "text/csv")
                assert_refused(client.post(url, {NUL: upload}), (who, url, "file field"))
            assert [q["sql"] for q in queries] == [], (who, url)
    assert state() == before


def test_a_nul_in_a_header_or_a_cookie_is_refused(client, organizer):
    login = reverse("login")
    data = {"username": "org", "password": "wrong"}
    assert_refused(client.post(login, data, HTTP_USER_AGENT=NUL), "user agent")
    assert_refused(client.post(login, data, HTTP_X_FORWARDED_FOR=NUL), "forwarded for")
    client.cookies["sessionid"] = "abcdefgh" + NUL
    assert_refused(client.get(reverse("home")), "session cookie")


def test_the_deal_forms_script_is_told_which_field_holds_the_nul(world):  # noqa: F811
    """The table's phone posts the form and reads a JSON answer: refused, at the field."""
    url = url_for("link-deal", world)
    response = Client().post(
        url,
        {"number": "2", "bidder": "An\x00na", "kind": "played"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    assert {h: response.get(h) for h in SECURITY_HEADERS} == SECURITY_HEADERS
    assert response.json() == {
        "result": "refused",
        "ok": False,
        "message": SAID,
        "errors": {"bidder": [SAID]},
    }
    # Its payment preview too (its script reads "ok" and "errors").
    preview = Client().post(
        url_for("link-preview", world), {"bidder": "An\x00na"}, HTTP_X_REQUESTED_WITH="fetch"
    )
    assert (preview.status_code, preview.json()["ok"], preview.json()["errors"]) == (
        400,
        False,
        {"bidder": [SAID]},
    )
    assert Deal.objects.count() == 1


def test_the_refusal_comes_right_after_the_security_middleware(settings):
    """Its 400 carries the security headers, and nothing that may query (sessions,
    authentication, axes) runs before it."""
    middleware = list(settings.MIDDLEWARE)
    refuse = middleware.index("tournaments.middleware.RefuseNulMiddleware")
    assert middleware[refuse - 1] == "django.middleware.security.SecurityMiddleware"
    for later in (
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "axes.middleware.AxesMiddleware",
    ):
        assert middleware.index(later) > refuse, later


def test_a_request_without_a_nul_is_served(world, organizer):  # noqa: F811
    """The check refuses only a NUL: a link, a form, a query string as ever."""
    client = Client()
    assert client.get(url_for("link-sheet", world)).status_code == 200
    assert client.get(reverse("home"), {"q": "Čada \\0 %00"}).status_code == 200
