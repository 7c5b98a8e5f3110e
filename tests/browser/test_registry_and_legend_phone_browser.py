"""A phone (390 px) shows the player registry's search box whole, its words too, and a
chart's legend in readable type within the screen (the legend was drawn inside the
chart, which a phone shrinks to type about 7 px high)."""

import pytest
from django.core.management import call_command

from tournaments.models import Event, Season

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390


def test_the_registry_search_box_fits_a_phone_with_its_words(live_server, phone):
    call_command("load_demo", verbosity=0)
    event = Event.objects.order_by("pk").first()
    sign_in(phone, live_server, "organizer", "taroky-demo")
    phone.goto(f"{live_server.url}/events/{event.pk}/players/")
    search = phone.locator("input[type=search]")
    button = phone.get_by_role("button", name="Search")
    for box in (search.bounding_box(), button.bounding_box()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE
    # "Search the registry: name or club" is not cut off: its words fit inside the box.
    room, words = search.evaluate(
        """e => { const s = getComputedStyle(e), c = document.createElement('canvas')
            .getContext('2d');
            c.font = s.font;
            return [e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
                    c.measureText(e.placeholder).width]; }"""
    )
    assert words <= room, (words, room)


def test_a_seasons_chart_legend_is_readable_on_a_phone(live_server, phone):
    call_command("load_demo", verbosity=0)
    season = Season.objects.get()
    phone.goto(f"{live_server.url}/seasons/{season.pk}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE
    # The legend's entries, "Pete Vlasák (244)", wherever drawn: the chart's innermost
    # elements saying a name and its chips.
    entries = phone.eval_on_selector_all(
        "figure.chart *",
        r"""els => els
            .filter(e => !e.children.length && /^\S.* \(-?\d+\)$/.test(e.textContent.trim()))
            .map(e => { const r = e.getBoundingClientRect();
                return {text: e.textContent.trim(), left: r.left, right: r.right,
                        height: r.height}; })""",
    )
    top = phone.locator("#season-standings tbody tr td.player").all_inner_texts()[:10]
    assert [e["text"].rsplit(" (", 1)[0] for e in entries] == top
    assert entries[0]["text"] == "Pete Vlasák (244)"
    for entry in entries:
        assert 0 <= entry["left"] and entry["right"] <= PHONE, entry
        # In the page's type (12 px and more), not a drawing's shrunk to 7 px.
        assert entry["height"] >= 12, entry
