"""A season's page and a player's page in Chromium, at a phone's size and a desktop's:
what a visitor reads, that nothing spills sideways on a phone, and the way from the
season to a player's season and to the player's page."""

import os

import pytest

from tournaments import services
from tournaments.services import seasons

from ..web.seasons import PLACEMENT, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the pictures and look at them


@pytest.fixture
def published_season(organizer, nights):  # noqa: F811
    season = make_season(organizer, nights, **PLACEMENT)
    for event in nights:
        services.update_event(event, organizer, published=True)
    return seasons.update_season(season, organizer, published=True)


def _shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _fits(page) -> bool:
    """Nothing wider than the window: the page never scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("size", ["phone", "page"])
def test_a_visitor_reads_the_season_and_follows_a_player(
    live_server, published_season, size, request
):
    page = request.getfixturevalue(size)
    page.goto(f"{live_server.url}/seasons/{published_season.pk}/")
    assert page.locator("h1").inner_text() == "Sokol season 2026"
    rows = page.locator("#season-standings tbody tr")
    assert rows.count() == 5
    assert rows.nth(0).locator("td").nth(1).inner_text() == "Cyril (tie broken by chips)"
    assert rows.nth(1).locator("td").all_inner_texts()[3:] == ["28", "-5", "4", "2", "Mar 5"]
    assert page.locator("figure.chart svg").count() == 1
    assert _fits(page)
    _shot(page, f"season-{size}")
    page.get_by_role("link", name="Dana Nováková").click()
    page.wait_for_load_state()  # the new page loaded, not only begun
    assert page.locator("h1").inner_text() == "Dana Nováková's season"
    assert page.locator("#season-rank").inner_text() == "4"
    assert page.locator("#missed").inner_text() == "Not played: 2026-02-05 Club night Feb 5."
    assert _fits(page)
    page.get_by_role("link", name="all of Dana Nováková's events").click()
    page.wait_for_load_state()  # the new page loaded, not only begun
    assert page.locator("h1").inner_text() == "Dana Nováková"
    events = page.locator("#player-events tbody tr")
    assert events.count() == 3
    assert events.nth(0).locator("td").all_inner_texts() == [
        "2026-01-08",
        "Club night Jan 8",
        "Sokol season 2026",
        "4 of 4",
        "-8",
    ]
    assert page.locator("#player-seasons figure.chart svg").count() == 1
    stats = page.locator("#statistics-nebraska")
    assert stats.locator("h2").inner_text() == "Nebraska Taroky: 4 deals"
    assert stats.locator("table").nth(0).locator("tbody td").all_inner_texts() == [
        "Four, second half",
        "1",
        "1",
        "0",
        "+5",
    ]
    assert _fits(page)
    _shot(page, f"player-{size}")


def test_remove_waits_for_the_confirmation_that_says_the_published_standings_change(
    live_server, published_season, page
):
    """*Remove* asks first (the confirmation is on the button): dismissed, the night
    still counts; accepted, it is taken out and the page says the published standings
    changed."""
    from playwright.sync_api import expect

    from .helpers import answer_next_dialog, sign_in

    sign_in(page, live_server)
    page.goto(f"{live_server.url}/seasons/{published_season.pk}/")
    asked = []
    remove = page.locator("#season-events tbody tr").nth(0).get_by_role("button", name="Remove")
    answer_next_dialog(page, asked, accept=False)
    remove.click()
    page.wait_for_timeout(300)
    assert asked == [
        "Stop counting Club night Jan 8 (2026-01-08) in the season? The season is published: "
        "its standings change for everybody."
    ]
    assert published_season.events.count() == 4
    assert page.locator("#season-events tbody tr").count() == 4
    answer_next_dialog(page, asked, accept=True)
    remove.click()
    expect(page.locator(".messages")).to_contain_text(
        "Club night Jan 8 (2026-01-08) no longer counts in the season: its published "
        "standings changed."
    )
    assert len(asked) == 2
    assert [e.name for e in published_season.events.order_by("date")] == [
        "Club night Feb 5",
        "Club night Mar 5",
        "Club night Apr 2",
    ]


def _hidden_sideways(page, selector) -> list[str]:
    """The cells of ``selector`` not wholly inside the window, or inside a box that
    scrolls sideways (what a reader would have to find by scrolling)."""
    return page.evaluate(
        """(selector) => {
          const out = [];
          for (const cell of document.querySelectorAll(selector)) {
            const box = cell.getBoundingClientRect();
            let clipped = box.left < 0 || box.right > window.innerWidth + 0.5;
            for (let up = cell.parentElement; up; up = up.parentElement) {
              if (up.scrollWidth > up.clientWidth + 1 &&
                  getComputedStyle(up).overflowX !== "visible") clipped = true;
            }
            if (clipped) out.push(cell.innerText.trim());
          }
          return out;
        }""",
        selector,
    )


@pytest.mark.parametrize("size", ["phone", "page"])
def test_the_season_shows_every_figure_and_remove_whole_without_scrolling_sideways(
    live_server, published_season, size, request
):
    """At 390x844 as on a desktop: each player's rank, name, club, points, chips,
    events, won and dropped nights are in the window, nothing behind a sideways scroll;
    *Remove* is whole ("Remove", not "Re")."""
    from .helpers import sign_in

    page = request.getfixturevalue(size)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/seasons/{published_season.pk}/")
    assert _hidden_sideways(page, "#season-standings td") == []
    anna = page.locator("#season-standings tbody tr").nth(1)
    assert [t.strip() for t in anna.locator("td").all_inner_texts()] == [
        "2",
        "Anna (tie broken by chips)",
        "Sokol",
        "28",
        "-5",
        "4",
        "2",
        "Mar 5",
    ]
    # A phone's layout: rank, name and points on a line, the rest under the name.
    top = {c: anna.locator(f"td.{c}").bounding_box()["y"] for c in ("rank", "player", "total")}
    under = anna.locator("td.club").bounding_box()["y"]
    assert (under > top["player"]) == (size == "phone")
    assert abs(top["rank"] - top["total"]) < 8
    assert _hidden_sideways(page, "#season-events td, #season-events th") == []
    remove = page.locator("#season-events button[name=remove]").first
    assert remove.inner_text() == "Remove"
    box = remove.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert _fits(page)
    _shot(page, f"season-remove-{size}")
