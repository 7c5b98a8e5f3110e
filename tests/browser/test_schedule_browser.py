"""The whole schedule in the browser, at a phone and at a desktop: a player marked as
one who cannot move, all rounds drawn, the players' cards on the page and in the round
pack."""

import io
import os

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tournaments import services
from tournaments.models import ActivityEntry, Player, Seat
from tournaments.standings import standings

from .helpers import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCHEDULE_SHOTS")  # a folder: keep the pages as PNGs to look at


def fits_the_screen(page) -> None:
    wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wider <= 0, f"{wider} px wider than the screen"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_draw_all_rounds_and_open_the_players_cards(live_server, tournament, size, request):
    page = request.getfixturevalue("phone" if size == "phone" else "page")
    sign_in(page, live_server)
    # Dana cannot move: marked on the players page.
    page.goto(f"{live_server.url}/events/{tournament.pk}/players/")
    page.locator("#registrations tr", has_text="Dana").get_by_role(
        "button", name="cannot move"
    ).click()
    expect(page.locator(".messages")).to_contain_text("Dana keeps one table every round.")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/players-{size}.png", full_page=True)
    page.goto(f"{live_server.url}/events/{tournament.pk}/")
    page.click("#schedule-link")
    page.fill("#id_rounds", "3")
    page.fill("#id_seed", "5")
    page.click("#draw-all-form button[type=submit]")
    repeats = ActivityEntry.objects.get(action="draw_schedule").detail["repeats"]
    word = "repeat meeting" if repeats == 1 else "repeat meetings"
    expect(page.locator("body")).to_contain_text(
        f"Rounds 1 to 3 drawn with seed 5: {repeats} {word} over the day."
    )
    rows = page.locator("#schedule-grid tbody tr")
    expect(rows).to_have_count(9)
    # Start numbers in the order of the names: Dana is 4, at table 1 in every round.
    dana = page.locator("#card-4")
    expect(dana).to_contain_text("Dana")
    expect(dana).to_contain_text("cannot move")
    seats = Seat.objects.filter(player__name="Dana").order_by("table__round__number")
    assert [s.table.number for s in seats] == [1, 1, 1]
    expect(dana.locator("td")).to_have_text(
        ["4", "Dana cannot move", *(f"Table 1 seat {s.position + 1}" for s in seats)],
        use_inner_text=True,
    )
    fits_the_screen(page)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/schedule-{size}.png", full_page=True)
    # The round pack of round 1 ends with the cards.
    page.goto(f"{live_server.url}/events/{tournament.pk}/")
    page.get_by_role("link", name="Round 1", exact=True).click()
    href = page.locator("a", has_text="Round pack").get_attribute("href")
    pdf = PdfReader(io.BytesIO(page.request.get(live_server.url + href).body()))
    text = pdf.pages[-1].extract_text()
    assert (
        "Start number 4\nDana\n"
        + "\n".join(
            f"Round {n} Table 1 seat {s.position + 1}" for n, s in enumerate(seats, start=1)
        )
        in text
    )
    assert "Keeps one table every round." in text


def test_seat_a_round_by_the_ranking_from_its_page(live_server, tournament, page):
    organizer = tournament.organizers.get()
    services.draw_all_rounds(tournament, organizer, 2, seed=5)
    round2 = tournament.rounds.get(number=2)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/rounds/{round2.pk}/")
    page.select_option("select[form=seat-by-ranking]", "top")
    page.get_by_role("button", name="seat by the ranking").click()
    expect(page.locator(".messages")).to_contain_text(
        "Round 2 seated by the ranking, top with top: 2 tables."
    )
    # Nobody has played: equal chips, in the standings' order; table 1 takes the first
    # five of them.
    top = [s.player.name for s in standings(tournament, after_round=1)][:5]
    first = Player.objects.filter(seats__table__round=round2, seats__table__number=1)
    assert sorted(p.name for p in first) == sorted(top)
