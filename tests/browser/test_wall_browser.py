"""The wall on a 16:9 screen while a round is on the clock: 40 players' standings and
seat list do not fit under the clock, so each panel shows in pages ("page 1 of 2"),
and every row is on the screen, whole, at some step of one cycle."""

import pytest

from tournaments import services
from tournaments.synthetic import Size, make_synthetic_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each page stays an hour: the test steps the wall itself (TarokyWall.next()).
STILL = "window.TAROKY_WALL_CYCLE_MS = 3600000;"

# What the screen shows now: the shown panel, its page words, and the names of the
# rows whose box lies wholly inside the window (the second cell of a standings row is
# the player's, the first of a seat row).
SHOWN = """() => {
  const panel = [...document.querySelectorAll('#wall-live [data-panel]')].find(p => !p.hidden);
  const h = document.documentElement.clientHeight, w = document.documentElement.clientWidth;
  const names = [];
  for (const row of panel.querySelectorAll('tbody tr')) {
    const r = row.getBoundingClientRect();
    if (row.hidden || r.height === 0 || r.top < 0 || r.bottom > h || r.right > w) continue;
    const cell = panel.dataset.panel === 'seats' ? row.cells[0] : row.cells[1];
    names.push(cell.textContent.trim());
  }
  const words = panel.querySelector('.wall-page');
  return {panel: panel.dataset.panel, page: words ? words.textContent : '', names: names,
          scrolls: document.documentElement.scrollHeight > h};
}"""


def forty_on_the_clock(organizer):
    """40 players, round 1 played, round 2 drawn and started on a 55-minute clock."""
    event = make_synthetic_event(organizer, Size(players=40, rounds=1, deals_per_table=2))
    event = services.update_event(event, organizer, session_end="timed")
    rnd = services.create_round(event, organizer)
    services.set_roll_call(rnd, organizer, list(event.players.all()))
    services.draw_seating(rnd, organizer, 7)
    services.set_round_length(rnd, organizer, 55)
    services.start_round(rnd, organizer)
    return event


@pytest.mark.parametrize(
    "width,height,larger", [(1280, 720, False), (1920, 1080, False), (1280, 720, True)]
)
def test_the_wall_shows_every_row_of_40_players_within_one_cycle(
    live_server, browser, organizer, width, height, larger
):
    event = forty_on_the_clock(organizer)
    names = {p.name for p in event.players.all()}
    assert len(names) == 40
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(STILL)
    if larger:  # the Larger text switch, remembered on this screen (text_size.js)
        context.add_init_script("localStorage.setItem('taroky-text-size', 'large');")
    wall = context.new_page()
    wall.set_default_timeout(10_000)
    try:
        wall.goto(f"{live_server.url}/events/{event.pk}/wall/")
        wall.wait_for_function("window.TarokyWall !== undefined")
        large = wall.evaluate("document.documentElement.classList.contains('text-large')")
        assert large == larger
        assert wall.locator("#wall-round-clock").is_visible()
        seen: dict[str, set] = {"standings": set(), "seats": set()}
        steps = []
        now = wall.evaluate(SHOWN)
        while True:
            assert not now["scrolls"], now
            seen[now["panel"]].update(now["names"])
            steps.append((now["panel"], now["page"], len(now["names"])))
            after = wall.evaluate("TarokyWall.next()")
            now = wall.evaluate(SHOWN)
            if after["panel"] == 0 and after["page"] == 0:
                break
        assert seen["standings"] == names, (steps, names - seen["standings"])
        assert seen["seats"] == names, (steps, names - seen["seats"])
        # Neither panel fits under the clock on one screen: each says its pages.
        standings = [s for s in steps if s[0] == "standings"]
        assert len(standings) >= 2
        count = len(standings)
        assert [s[1] for s in standings] == [f" · page {n} of {count}" for n in range(1, count + 1)]
        assert sum(s[2] for s in standings) == 40  # each row on one page only
    finally:
        context.close()
