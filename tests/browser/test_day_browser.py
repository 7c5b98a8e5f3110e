"""A tournament day in its order, in Chromium: the players check in at the door, the
rounds are drawn in advance, the roll call saved unchanged keeps the draw, a late
player registered as a reserve changes no table, the reserve substitutes at a table,
the round runs on the clock to its bell, and the wall shows it all."""

import datetime
import re
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Registration, Round, Seat, Substitution
from tournaments.services import checkin

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana"]


def seats(event) -> list[tuple[int, int, int, str]]:
    return list(
        Seat.objects.filter(table__round__event=event)
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round__number", "table__number", "position", "player__name")
    )


def test_a_day_in_its_order(live_server, browser, page, phone, tournament, organizer):
    event = services.update_event(tournament, organizer, session_end="timed")
    for reg in Registration.objects.filter(event=event).exclude(player__name__in=PLAYERS):
        services.withdraw_player(event, organizer, reg.player)  # Ivan does not come
    door = checkin.open_check_in(event, organizer)
    # The door: Anna on her phone, the others at the desk's list (the service).
    phone.goto(f"{live_server.url}/c/{door.token}/")
    phone.fill("#id_q", "anna")
    phone.click("text=Find my name")
    phone.get_by_role("button", name="I am here: Anna").click()
    expect(phone.locator("#check-in-done")).to_contain_text("Thank you, Anna.")
    for reg in Registration.objects.filter(event=event, player__name__in=PLAYERS[1:]):
        checkin.check_in(door.token, reg.player_id)

    # Draw in advance: two rounds.
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.click("#schedule-link")
    page.fill("#id_rounds", "2")
    page.fill("#id_seed", "5")
    page.click("#draw-all-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Rounds 1 to 2 drawn with seed 5:")
    expect(page.locator(".messages")).to_contain_text("That is the fewest")
    drawn = seats(event)
    assert len(drawn) == 16

    # The roll call: those who checked in ticked, saved unchanged: the draw stays.
    round1 = Round.objects.get(event=event, number=1)
    page.goto(f"{live_server.url}/rounds/{round1.pk}/")
    page.click("#tick-checked-in")
    expect(page.locator("input[name=present]:checked")).to_have_count(8)
    page.get_by_role("button", name="Save roll call").click()
    expect(page.locator("p.lead")).to_contain_text("Drawn (seed 5), not started")
    assert seats(event) == drawn

    # A late player, registered as a reserve: no table changes.
    page.goto(f"{live_server.url}/events/{event.pk}/players/")
    page.fill("#id_name", "Vlasta Kubíčková")
    page.check("#seat-choice input[value=reserve]")
    page.get_by_role("button", name="Register").click()
    expect(page.locator(".messages")).to_contain_text("Vlasta Kubíčková")
    vlasta = Registration.objects.get(event=event, player__name="Vlasta Kubíčková")
    assert vlasta.reserve and seats(event) == drawn

    # Dana leaves before round 1's first deal: Vlasta takes her seat.
    dana_table = round1.tables.get(seats__player__name="Dana")
    page.goto(f"{live_server.url}/tables/{dana_table.pk}/")
    page.select_option("#id_leaver", label="Dana")
    page.select_option("#id_substitute", label="Vlasta Kubíčková")
    page.fill("#id_from_deal", "1")
    page.get_by_role("button", name="Seat the substitute").click()
    expect(page.locator(".messages")).to_contain_text("Vlasta Kubíčková sits in Dana's seat")
    assert Substitution.objects.get().substitute.name == "Vlasta Kubíčková"

    # The round on the clock: 5 minutes, started 4:50 ago, its bell rings in 10 s.
    page.goto(f"{live_server.url}/rounds/{round1.pk}/")
    page.fill("#id_minutes", "5")
    page.click("#round-length button[type=submit]")
    expect(page.locator("#round-clock")).to_contain_text("This round lasts 5 minutes.")
    started = timezone.now() - datetime.timedelta(minutes=4, seconds=50)
    with mock.patch("django.utils.timezone.now", return_value=started):
        services.start_round(round1, organizer)

    # The wall at 1280x720: the clock, every player, the bell.
    wall_context = browser.new_context(viewport={"width": 1280, "height": 720})
    wall = wall_context.new_page()
    wall.set_default_timeout(10_000)
    try:
        wall.goto(f"{live_server.url}/events/{event.pk}/wall/")
        left = wall.locator("#wall-round-clock [data-clock-left]")
        expect(left).to_have_text(re.compile(r"^0:(0\d|10)$"))
        standings = wall.locator("#wall-standings").inner_text()
        for name in [*PLAYERS, "Vlasta Kubíčková"]:
            assert name in standings, name
        assert "to confirm" not in wall.locator("#wall-live").inner_text()
        expect(left).to_have_text("Time is up", timeout=25_000)
    finally:
        wall_context.close()
