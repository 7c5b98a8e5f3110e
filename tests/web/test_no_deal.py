"""A table that recorded no deal in a round (FORMATS.md, "A table with no deal"): it
ranks nobody, the standings say "no deal at table N" once its round is over, and the
director's view says so before the round is closed (issue 36, point 5)."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tournaments import exchange, services
from tournaments.director import director_view
from tournaments.models import Event
from tournaments.standings import standings

from .hand_days import play, seat_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiet_table(tournament, organizer):
    """Table points (4/3/2/1), ties by chips then the best round; one deal a session.
    R1 T1 Anna, Bill, Čada, Dana: Anna and Bill make a Five (+8 each, Čada and Dana -8):
    Anna and Bill 1st= (4), Čada and Dana 3rd= (2). T2 Emil, Fanny, Gustav, Hana records
    no deal: nobody there is placed."""
    event = services.update_event(
        tournament,
        organizer,
        ranking="table_points",
        tie_breaks=["chips", "best_round"],
        deals_per_session=1,
    )
    t1, t2 = seat_round(
        event, organizer, [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]]
    )
    play(t1, organizer, ("Anna", "Bill", 40))
    return Event.objects.get(pk=event.pk)


def test_the_director_is_told_before_the_round_is_closed(quiet_table, client, organizer):
    rnd = quiet_table.rounds.get()
    view = director_view(rnd)
    assert [(r.table.number, r.ended, r.no_deal) for r in view.rows] == [
        (1, True, False),
        (2, False, True),
    ]
    client.force_login(organizer)
    page = unescape(client.get(reverse("director", args=[rnd.pk])).content.decode())
    said = re.search(r'<p class="state ended" id="no-deal">([^<]*)</p>', page).group(1)
    assert said == (
        "Table 2 has recorded no deal: a table that records none in a round scores nothing "
        "for it (its players get no table points, no table win, no round played). Enter its "
        "deals before the round is closed, or close it so."
    )
    assert '<span class="tag behind-tag">no deal</span>' in page


def test_the_director_is_not_told_while_the_tables_play(tournament, organizer):
    """Table 1 has a deal and plays on (ten deals a session): table 2's none is no news."""
    (t1, _) = seat_round(
        tournament,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
    )
    play(t1, organizer, ("Anna", "Bill", 40))
    view = director_view(tournament.rounds.get())
    assert [r.no_deal for r in view.rows] == [False, False]
    assert view.no_deal_words == ""


def test_the_standings_say_no_deal_once_the_round_is_closed(quiet_table, client, organizer):
    rows = {s.player.name: s for s in standings(quiet_table)}
    # The round is still on: table 2 may yet play.
    assert (rows["Emil"].places_shown, rows["Emil"].points_shown) == ("", "0")
    services.close_round(quiet_table.rounds.get(), organizer)
    ranked = standings(quiet_table)
    assert [(s.rank, s.player.name, s.points_shown, s.places_shown) for s in ranked] == [
        (1, "Anna", "4", "R1 T1: 1st= 4"),
        (1, "Bill", "4", "R1 T1: 1st= 4"),
        (3, "Čada", "2", "R1 T1: 3rd= 2"),
        (3, "Dana", "2", "R1 T1: 3rd= 2"),
        (5, "Emil", "0", "R1 T2: no deal"),
        (5, "Fanny", "0", "R1 T2: no deal"),
        (5, "Gustav", "0", "R1 T2: no deal"),
        (5, "Hana", "0", "R1 T2: no deal"),
        (9, "Ivan", "0", ""),
    ]
    emil = next(s for s in ranked if s.player.name == "Emil")
    assert (emil.table_wins, emil.best_round, emil.took_part) == (0, None, True)
    page = unescape(client.get(reverse("standings", args=[quiet_table.pk])).content.decode())
    assert (
        '<p class="state" id="no-deal">No deal at table 2 in round 1: its players score '
        "nothing for that round (no table points, no table win, no round played).</p>"
    ) in page
    assert exchange.standings_csv(quiet_table).splitlines()[5].endswith(",R1 T2: no deal")


def test_a_later_round_played_closes_the_question(quiet_table, organizer):
    """Round 2 has a deal: round 1, not closed, is over, and its quiet table says so."""
    (t3,) = seat_round(quiet_table, organizer, [["Emil", "Fanny", "Gustav", "Hana"]])
    play(t3, organizer, ("Emil", "Fanny", 40))
    emil = next(s for s in standings(quiet_table) if s.player.name == "Emil")
    assert emil.places_shown == "R1 T2: no deal · R2 T1: 1st= 4"
    assert (emil.points_shown, emil.best_round) == ("4", 8)
