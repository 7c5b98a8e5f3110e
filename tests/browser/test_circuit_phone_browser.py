"""The circuit's pages on a phone (390x844): the officers' events for the ranking list,
the ranking list (with the officers' buttons), a club's members' list and the rating
fit the screen: each row a card on a narrow screen, nothing scrolls sideways."""

import pytest

from tournaments.models import Club, ClubMembership, Player
from tournaments.services import circuit_list

from ..web.circuit_events import D, small_circuit
from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390


def test_the_circuits_pages_fit_a_phone(live_server, phone, organizer, officer, tmp_path):
    small_circuit(organizer, officer)
    heun = Club.objects.get(slug="heun")
    for name in ("Anna", "Čada", "Dana"):
        ClubMembership.objects.create(club=heun, player=Player.objects.get(name=name))
    circuit_list.publish(D(2026, 6, 30), officer)
    sign_in(phone, live_server, "vera", "vera-pw-long")
    pages = {
        "events": "/circuit/events/",
        "list": "/circuit/list/",
        "members": "/circuit/list/heun/",
        "rating": "/circuit/rating/",
    }
    wide = {}
    for name, path in pages.items():
        phone.goto(live_server.url + path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > PHONE:
            wide[path] = width
        phone.screenshot(path=tmp_path / f"circuit-{name}.png", full_page=True)
    assert wide == {}
    # The officers' page: each event a card, its Approve button on the screen.
    phone.goto(live_server.url + "/circuit/events/")
    button = phone.locator("#list-events tbody tr").first.get_by_role("button", name="Approve")
    box = button.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE, box
    first = phone.locator("#list-events tbody tr").first.inner_text()
    assert "Taylor summer night" in first and "not approved" in first
