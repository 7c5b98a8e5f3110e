"""The standings of an event ranked by table points on a phone in larger text (issue
36, point 7): what ranks is on the screen without scrolling sideways: Rank, Player,
Table points, then Net chips; the club comes later."""

import pytest

from tournaments import services

from ..web.hand_days import two_rounds

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

TEXT_KEY = "taroky-text-size"


def test_the_columns_that_rank_are_on_a_phone_s_screen(live_server, browser, tournament, tmp_path):
    event = services.update_event(
        tournament, tournament.organizers.get(), ranking="table_points", bye_points=2
    )
    two_rounds(event, tournament.organizers.get())
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.add_init_script(f"localStorage.setItem('{TEXT_KEY}', 'large')")
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    heads = page.locator("#standings thead th")
    names = [heads.nth(i).inner_text().strip() for i in range(4)]
    assert names == ["Rank", "Player", "Table points", "Net chips"]
    for i in range(3):
        box = heads.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (names[i], box)
    fanny = page.locator("#standings tbody tr").first.locator("td")
    assert [fanny.nth(i).inner_text() for i in range(3)] == ["1", "Fanny", "8"]
    page.screenshot(path=tmp_path / "standings-phone-larger.png")
    context.close()
