"""Names in the order a person reads a list (names.name_key): "Čeněk" among the Cs,
"Štěpán Kříž" between "Růžena" and "Tomáš", the same on every page that lists
players (by code point they came after "Zdeněk Čada")."""

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Player
from tournaments.names import name_key
from tournaments.standings import standings

from ..conftest import clarkson_open
from .days import seat_round

pytestmark = pytest.mark.django_db

IN_ORDER = ["Adam", "Čeněk", "Cyril", "Dana", "Růžena", "Štěpán Kříž", "Tomáš", "Zdeněk Čada"]
TABLES = [["Tomáš", "Adam", "Štěpán Kříž", "Cyril"], ["Zdeněk Čada", "Dana", "Čeněk", "Růžena"]]


def test_the_key_sorts_as_a_person_reads():
    assert sorted(reversed(IN_ORDER), key=name_key) == IN_ORDER
    assert sorted(IN_ORDER) != IN_ORDER  # by code point Č and Š come after Z


@pytest.fixture
def hall(organizer, client):
    """The eight players registered in no order, a ninth withdrawn, round 1 seated."""
    event = clarkson_open(organizer, [*TABLES[0], *TABLES[1], "Ábel"], published=True)
    services.withdraw_player(event, organizer, Player.objects.get(name="Ábel"))
    t1, _ = seat_round(event, organizer, TABLES)
    client.force_login(organizer)
    return event, t1


def order_in(html: str, names=IN_ORDER) -> list[str]:
    """The names as they first appear in ``html``, whole (not inside a longer name)."""
    found = {}
    for name in names:
        m = re.search(rf"(?<!\w){re.escape(name)}(?![\w])", html)
        assert m, name
        found[name] = m.start()
    return sorted(names, key=found.get)


def test_every_list_of_players_is_in_the_same_order(hall, client):
    event, t1 = hall
    rnd = t1.round
    pages = {
        "players": reverse("event-players", args=[event.pk]),
        "check-in desk": reverse("check-in-desk", args=[event.pk]),
        "seat finder": reverse("seat-finder", args=[rnd.pk]),
        "standings": reverse("standings", args=[event.pk]),
        "standings by player": reverse("standings", args=[event.pk]) + "?sort=player",
    }
    for what, url in pages.items():
        html = client.get(url).content.decode()
        assert order_in(html) == IN_ORDER, what
    # The wall's find your seat (the round drawn, not begun).
    wall = client.get(reverse("wall-live", args=[event.pk])).content.decode()
    assert order_in(wall.split('id="seat-finder"')[1]) == IN_ORDER
    # Nobody has played: one shared rank, by name (then the withdrawn Ábel).
    assert [s.player.name for s in standings(event)] == [*IN_ORDER, "Ábel"]


def test_the_roll_call_and_the_substitute_form_list_names_in_order(hall, client, organizer):
    event, t1 = hall
    round2 = services.create_round(event, organizer)
    page = client.get(reverse("round-detail", args=[round2.pk])).content.decode()
    assert order_in(page.split('name="present"', 1)[1]) == IN_ORDER
    # The substitute form: only players free in round 1, none withdrawn, in order.
    newcomers = ["Zora", "Čestmír", "Ota"]
    for name in newcomers:
        services.register_player(event, organizer, name=name, club="Clarkson")
    page = client.get(reverse("table-sheet", args=[t1.pk])).content.decode()
    select = page.split('name="substitute"')[1].split("</select>")[0]
    offered = re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', select)
    assert offered == ["Čestmír", "Ota", "Zora"]
