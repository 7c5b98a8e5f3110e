"""The one ranking engine (tournaments.standings) where the earlier tests let a wrong
rule live: a draw in head to head, in an event's standings and in a season placing the
event; a seat shared by a leaver and a substitute playing in their own name (the seat's
place at equal deals, each one's own chips for the best round)."""

import datetime
import io
import re
from html import unescape

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services
from tournaments.models import Event, Season, Substitution
from tournaments.season_standings import season_standings
from tournaments.services import seasons as season_services
from tournaments.standings import standings

from .hand_days import play, player, seat_round

pytestmark = pytest.mark.django_db

AS_THEMSELVES = Substitution.Mode.AS_HIMSELF


def three_way_tie(tournament, organizer):
    """Anna, Bill and Čada end on 16 chips each, ranked by chips, ties by head to head.

    R1 T1 Anna, Bill, Dana, Emil: Anna and Bill make a Five: +8 each (a draw).
    R2 T1 Anna, Čada, Dana, Emil: Anna and Čada make one: +8 each (a draw).
    R3 T1 Bill, Čada, Dana, Emil: Bill and Dana make one: Bill +8, Čada -8 (Bill wins).
    R4 T1 Čada, Fanny, Gustav, Hana: Čada makes two, with Fanny, then Gustav: Čada +16.
    Head to head among the three: Bill 1/2 + 1 = 3/2, Anna 1/2 + 1/2 = 1, Čada 1/2 + 0:
    Bill, Anna, Čada. A draw scored 0 would leave Anna and Čada on 0 each, sharing 2nd."""
    event = services.update_event(tournament, organizer, tie_breaks=["head_to_head"])
    rounds = [
        (["Anna", "Bill", "Dana", "Emil"], [("Anna", "Bill", 40)]),
        (["Anna", "Čada", "Dana", "Emil"], [("Anna", "Čada", 40)]),
        (["Bill", "Čada", "Dana", "Emil"], [("Bill", "Dana", 40)]),
        (["Čada", "Fanny", "Gustav", "Hana"], [("Čada", "Fanny", 40), ("Čada", "Gustav", 40)]),
    ]
    for names, deals in rounds:
        (table,) = seat_round(event, organizer, [names])
        play(table, organizer, *deals)
    return Event.objects.get(pk=event.pk)


def test_a_draw_in_head_to_head_is_half_a_point_each(tournament, organizer):
    event = three_way_tie(tournament, organizer)
    top = [(s.rank, s.player.name, s.chips, s.decided_by) for s in standings(event)[:3]]
    assert top == [
        (1, "Bill", 16, "head to head"),
        (2, "Anna", 16, "head to head"),
        (3, "Čada", 16, "head to head"),
    ]


def test_a_season_places_the_three_way_tie_as_the_event_does(tournament, organizer):
    """A season by placement points (10, 8, 6, ...) takes the event's places: Bill 10,
    Anna 8, Čada 6 (a draw scored 0 would give Anna and Čada 8 each)."""
    event = three_way_tie(tournament, organizer)
    season = season_services.create_season(
        organizer,
        name="Clarkson series",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.PLACEMENT,
        placement_points=[10, 8, 6, 5, 4, 3, 2, 1],
        published=False,
    )
    season_services.add_event(season, event, organizer)
    rows = season_standings(season).rows
    assert [(r.rank, r.player.name, r.total) for r in rows[:3]] == [
        (1, "Bill", 10),
        (2, "Anna", 8),
        (3, "Čada", 6),
    ]
    assert [r.placing.place for r in rows[1].results] == ["2 of 8"]


def test_a_seat_shared_two_deals_each_is_the_leaver_s(tournament, organizer):
    """Dana plays deals 1 and 2, Ivan (in their own name) deals 3 and 4: two each, the
    seat's place and points are Dana's (FORMATS.md: the leaver on equal counts).

    Deals (Clarkson Fives at T1 Anna, Bill, Čada, Dana): 1 Dana and Anna make it (Dana
    +8); 2 Dana and Bill (+8); 3 Ivan and Čada (Ivan +8); 4 Ivan and Anna (+8). The
    seat: 32 chips, alone 1st: 4 points to Dana. Anna 8 - 8 - 8 + 8 = 0, Bill -8 + 8 - 8
    - 8 = -16, Čada -8 - 8 + 8 - 8 = -16: Anna 2nd (3), Bill and Čada 3rd= (2)."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=["chips"]
    )
    (t1,) = seat_round(event, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Dana", "Anna", 40), ("Dana", "Bill", 40))
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3, AS_THEMSELVES)
    play(t1, organizer, ("Ivan", "Čada", 40), ("Ivan", "Anna", 40))
    rows = {s.player.name: s for s in standings(event)}
    assert (rows["Dana"].points_shown, rows["Dana"].chips, rows["Dana"].table_wins) == ("4", 16, 1)
    assert (rows["Ivan"].points_shown, rows["Ivan"].chips, rows["Ivan"].table_wins) == ("0", 16, 0)
    assert (rows["Anna"].points_shown, rows["Bill"].points_shown) == ("3", "2")


def test_each_sitter_of_a_seat_counts_their_own_chips_for_the_best_round(tournament, organizer):
    """Emil takes Bill's seat from deal 2, in their own name; the seat makes +32 (Bill's
    +8 and Emil's +24), alone 1st at T1: Emil played 3 of its 4 deals and scores its 4
    points. Fanny makes +24 alone at T2: 4 points. Ranked by table points, ties by the
    best round: Emil's best round is Emil's own +24, not the seat's +32; Fanny's +24:
    they share 1st.

    T1 Anna, Bill, Čada, Dana: 1 Bill and Anna make a Five (Bill +8, Anna +8, Čada and
    Dana -8); 2 to 4 Emil makes one with Čada, Dana, Anna: Emil +24, Anna 0, Čada -16,
    Dana -16. T2 Fanny, Gustav, Hana, Ivan: Fanny makes three, with each: Fanny +24, the
    others -8. Anna 3 points; Gustav, Hana, Ivan 3; Čada, Dana 2; Bill 0 (+8 chips, best
    round +8)."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=["best_round"]
    )
    t1, t2 = seat_round(
        event,
        organizer,
        [["Anna", "Bill", "Čada", "Dana"], ["Fanny", "Gustav", "Hana", "Ivan"]],
    )
    play(t1, organizer, ("Bill", "Anna", 40))
    services.substitute_player(t1, organizer, player("Bill"), player("Emil"), 2, AS_THEMSELVES)
    play(t1, organizer, ("Emil", "Čada", 40), ("Emil", "Dana", 40), ("Emil", "Anna", 40))
    play(t2, organizer, ("Fanny", "Gustav", 40), ("Fanny", "Hana", 40), ("Fanny", "Ivan", 40))
    rows = standings(event)
    assert [(s.rank, s.player.name, s.points_shown, s.chips, s.decided_by) for s in rows[:2]] == [
        (1, "Emil", "4", 24, ""),
        (1, "Fanny", "4", 24, ""),
    ]
    by_name = {s.player.name: s for s in rows}
    assert (by_name["Emil"].best_round, by_name["Fanny"].best_round) == (24, 24)
    assert (by_name["Bill"].best_round, by_name["Bill"].points_shown) == (8, "0")


def dana_leaves(tournament, organizer, mode):
    """Table points, ties by chips. R1 T1 Anna, Bill, Čada, Dana: deal 1 Anna and Bill
    make a Five (Dana -8); Ivan takes Dana's seat from deal 2 (``mode``) and makes two,
    with Čada then Anna: the seat +16 more. Anna +8, Bill -8, Čada -8; the seat +8 (Dana
    -8, then +16 for Dana or for Ivan). The seat shares 1st with Anna: 4 points each."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=["chips"]
    )
    (t1,) = seat_round(event, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Anna", "Bill", 40))
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 2, mode)
    seat = "Ivan" if mode == AS_THEMSELVES else "Dana"
    play(t1, organizer, (seat, "Čada", 40), (seat, "Anna", 40))
    return Event.objects.get(pk=event.pk)


def standings_row(client, event, name) -> list[str]:
    page = unescape(client.get(reverse("standings", args=[event.pk])).content.decode())
    for row in re.findall(r"<tr><td>(.*?)</tr>", page, re.S):
        cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", "<td>" + row)]
        if cells[1].startswith(name):
            return cells
    raise AssertionError(f"{name} has no row")


def places_rows(client, event, name) -> list[list[str]]:
    url = reverse("player-statement", args=[event.pk, player(name).pk])
    page = unescape(client.get(url).content.decode())
    rows = re.search(r'<table id="table-places">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [re.findall(r"<td[^>]*>([^<]*)</td>", r) for r in rows.split("</tr>")[:-1]]


def test_a_substitute_for_the_leaver_has_their_round_said(client, tournament, organizer):
    """Ivan played deals 2 and 3 for Dana: the standings' row and the statement say so
    (not "—", not "No table played yet"); the seat's place and points are Dana's."""
    event = dana_leaves(tournament, organizer, Substitution.Mode.FOR_LEAVER)
    assert standings_row(client, event, "Ivan")[-1] == "R1 T1: played for Dana"
    assert standings_row(client, event, "Dana")[-1] == "R1 T1: 1st= 4"
    assert places_rows(client, event, "Ivan") == [["1", "1", "—", "played for Dana", "0"]]
    pdf = printouts.statement_pdf(event, player("Ivan"))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "1 1 — played for Dana 0" in text and "No table played yet" not in text


def test_a_substitute_in_their_own_name_and_the_leaver_each_have_a_round(
    client, tournament, organizer
):
    """Ivan played 2 of the seat's 3 deals in their own name: the seat's 1st= and 4
    points are Ivan's, on the seat's +8; Ivan's own chips there are +16, Dana's -8."""
    event = dana_leaves(tournament, organizer, AS_THEMSELVES)
    assert standings_row(client, event, "Ivan")[-1] == "R1 T1: 1st= 4"
    assert standings_row(client, event, "Dana")[-1] == "R1 T1: left: the seat's place is Ivan's"
    assert places_rows(client, event, "Ivan") == [
        ["1", "1", "+16", "1st= of 4 (the seat's +8)", "4"]
    ]
    assert places_rows(client, event, "Dana") == [
        ["1", "1", "-8", "left: the seat's place is Ivan's", "0"]
    ]
    rows = {s.player.name: s for s in standings(event)}
    assert (rows["Ivan"].best_round, rows["Dana"].best_round) == (16, -8)
