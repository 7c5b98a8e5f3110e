"""Every page of the demo fits a phone's width (390 px): a wide table scrolls in its own
box, the page itself never scrolls sideways (the standings, the home page's lists, an
event's house rules and the wall were 408 to 770 px wide)."""

import pytest
from django.core.management import call_command

from tournaments.models import Event, Round, Season

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390


def test_no_page_of_the_demo_is_wider_than_a_phone(live_server, phone):
    call_command("load_demo", verbosity=0)
    event = Event.objects.order_by("pk").first()
    tournament = Event.objects.filter(kind=Event.Kind.TOURNAMENT).first()
    season = Season.objects.get()
    pages = [
        "/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/edit/",
        "/events/new/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/wall/",
        f"/events/{tournament.pk}/standings/",
        f"/rounds/{Round.objects.filter(event=tournament).first().pk}/",
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/wall/",
    ]
    sign_in(phone, live_server, "organizer", "taroky-demo")
    wide = {}
    for path in pages:
        phone.goto(live_server.url + path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > PHONE:
            wide[path] = width
    assert wide == {}
