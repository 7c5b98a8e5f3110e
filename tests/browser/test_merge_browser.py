"""A circuit officer merges a player recorded twice through the page on a phone and
undoes it from the kept player's page."""

import os

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tournaments.models import Player

from ..conftest import clarkson_open
from ..web.days import play, seat_round
from .helpers import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", ["phone", "page"])
def test_an_officer_merges_and_undoes_on_the_page(
    size, request, live_server, organizer, django_user_model, tmp_path
):
    shots = os.environ.get("SCREENSHOT_DIR", str(tmp_path))
    view = request.getfixturevalue(size)
    officer = django_user_model.objects.create_user("vera", password="vera-pw-long")
    officer.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    west = clarkson_open(
        organizer, players=["Ana", "Bill", "Čada", "Dana"], name="West open", published=True
    )
    (table,) = seat_round(west, organizer, [["Ana", "Bill", "Čada", "Dana"]])
    play(table, organizer, ("Ana", "Bill", 40))
    anna = Player.objects.create(name="Anna Nováková", club="Clarkson")
    ana = Player.objects.get(name="Ana")
    sign_in(view, live_server, "vera", "vera-pw-long")
    view.goto(live_server.url + "/players/merge/")
    view.fill("#merge-q", "an")
    view.click("#merge-search button")
    # The search is a page load: wait for its answer before filling the next form.
    expect(view.locator("#merge-found tbody td:first-child")).to_have_text(
        ["Ana", "Anna Nováková", "Dana"]
    )
    view.fill("#merge-kept", anna.circuit_number)
    view.fill("#merge-duplicate", ana.circuit_number)
    view.click("#merge-pick button")
    expect(view.locator("#merge-summary")).to_have_text(
        "Will move: 1 registration, 1 seat, 1 sitting, 1 roll call, 1 first forehand, 1 event."
    )
    view.fill("#merge-reason", "One person")
    view.screenshot(path=f"{shots}/merge-preview-{size}.png", full_page=True)
    view.click("#merge-confirm button")
    view.wait_for_url(f"{live_server.url}/players/{anna.pk}/")
    assert "West open" in view.inner_text("#player-events")
    history = view.inner_text("#player-merges")
    assert f"Ana ({ana.circuit_number}, Clarkson), merged by vera on" in history
    view.screenshot(path=f"{shots}/merge-history-{size}.png", full_page=True)
    view.click("#player-merges button")
    expect(view.locator("#player-merges")).to_contain_text("undone by vera on")
    assert kept_of(Player.objects.get(pk=ana.pk)) is None


def kept_of(player):
    """The player ``player`` is merged into (its alias), or None."""
    from tournaments.models import PlayerAlias

    alias = PlayerAlias.objects.filter(player_id=player.pk).first()
    return alias and alias.kept
