"""A club's rows in a club's scope (django-scopes, CIRCUIT.md "Isolation").

**What is scoped.** The club-owned rows a page finds by an id or a token from its
address, or lists: events (``Event.club``), seasons (``Season.owner_club``), table
links and check-in links (their token is the address), directors' calls, prize
categories and teams (found by id under an event). Their ``objects`` is a
``ScopedManager(club=...)``: a query on them outside a club scope raises ScopeError
instead of answering with every club's rows, and inside ``scope(club=A)`` it answers
with club A's rows only. Rounds, tables, deals and the ledger are not scoped: a page
reaches them through its event, which it has scoped already, and a scope on them would
join up to the event on every query of the deal cycle. The other models reached
from a club are named, each with the reason it is left alone, in
tests/web/test_club_scopes.py (``UNSCOPED``), which holds every model to one list or
the other.

**Where the scope is opened** (pretix's way). ``ClubScopeMiddleware`` opens, for every
request, a scope with no club: a scoped query raises until the page says whose it is.
A page about one club's thing reads that thing once, unscoped, by the id or token of
its address (``views.common``: ``event_or_404``, ``round_or_404``, ``table_or_404``,
``deal_or_404``, the season's, the link's, the call's); that read is the authority, and
``enter(club_id)`` scopes the rest of the request to that club. The pages read across
clubs (``CROSS_CLUB``: home, calendar, the circuit's pages, players, the admin, signing
in) run with scopes disabled, and read events and seasons through
``permissions.readable_events``/``readable_seasons``. Management commands run with
scopes disabled (``manage.py``), as do the scripts (``unscoped_script``) and the test
suite's own queries (tests/conftest.py); the requests of a test run as in production.
A thread starts with no scope: the results website's builder (site_store) reads unscoped
the published event or season its request checked.
"""

from __future__ import annotations

from django_scopes import ScopedManager
from django_scopes.state import get_scope, state

# The key of a request's scope: ``enter`` changes only a scope a request opened.
_REQUEST = "_request"

# The addresses read across clubs, by URL name (or namespace, for the admin): their
# queries on club rows filter by what the visitor may read.
CROSS_CLUB = frozenset(
    {
        "home",
        "event-create",
        "season-create",
        "card-points",
        "calendar",
        "calendar-ics",
        "ranking-list",
        "ranking-list-csv",
        "ranking-list-pdf",
        "members-list",
        "members-list-csv",
        "members-list-pdf",
        "rating-list",
        "list-events",
        "healthz",
        "service-worker",
        "server-now",
        "player-detail",
        "player-merge",
        "player-merge-undo",
        "club-detail",
        "club-members",
        "club-send-event",
        "login",
        "logout",
        "password_change",
        "password_change_done",
    }
)
CROSS_CLUB_NAMESPACES = frozenset({"admin"})


def unscoped_script() -> None:
    """A script's thread (a benchmark, a load test, the screenshots) reads every club's
    rows from here on, as a management command does."""
    state.set({"_enabled": False})


def club_manager(path: str):
    """The ``objects`` of a club-owned model: ``path`` leads from the model to its club."""
    return ScopedManager(club=path)


def enter(club_id: int) -> None:
    """Scope the rest of this request to club ``club_id`` (the club of the thing the
    page's address names, just read unscoped). Outside a request scope (a command, a
    test calling a view) nothing changes. A request about two clubs' things is scoped
    to both only where a page names both (a season and another club's event in it):
    the second adds its club."""
    current = get_scope()
    if not current.get(_REQUEST) or not current.get("_enabled", True):
        return
    club = current.get("club")
    if club is None:
        clubs = [club_id]
    else:
        clubs = list(club) if isinstance(club, list) else [club]
        if club_id in clubs:
            return
        clubs.append(club_id)
    state.set({**current, "club": clubs if len(clubs) > 1 else clubs[0]})


class ClubScopeMiddleware:
    """Every request in a club scope (see the module's docstring): opened with no club,
    disabled for the cross-club pages, a club's once the page has read its thing."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # A fresh scope whatever the caller's (a test's disabled one included): the
        # requests of the test suite run as in production.
        token = state.set({"_enabled": True, _REQUEST: True})
        try:
            return self.get_response(request)
        finally:
            state.reset(token)

    def process_view(self, request, _view, _args, _kwargs):
        match = request.resolver_match
        if match is None:
            return None
        if match.url_name in CROSS_CLUB or set(match.namespaces) & CROSS_CLUB_NAMESPACES:
            state.set({**get_scope(), "_enabled": False})
        return None
