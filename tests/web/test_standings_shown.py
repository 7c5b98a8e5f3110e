"""What the standings show beside the ranks (issue 36, point 7): the tie-break where it
matters (not where a column shows it), the wall's "1=" as the standings', the chart of
the rounds played only."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services
from tournaments.models import Event
from tournaments.standings import standings, standings_series

from .hand_days import play, seat_round, two_rounds

pytestmark = pytest.mark.django_db

EVERY_BREAK = ["chips", "table_wins", "best_round", "head_to_head"]


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_tie_break_is_said_where_no_column_says_it(tournament, organizer, client):
    """Bill and Emil (6 points, 8 chips, a table win each) are parted by the best round:
    said. Gustav (6, 0 chips) by chips, Čada and Dana by table wins, Ivan and Hana by
    chips: the Net chips and Table wins columns say it, the names do not."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=EVERY_BREAK
    )
    two_rounds(event, organizer)
    decided = [(s.player.name, s.decided_by) for s in standings(event)]
    assert decided == [
        ("Fanny", ""),
        ("Anna", ""),
        ("Bill", "best round"),
        ("Emil", "best round"),
        ("Gustav", "chips"),
        ("Čada", "table wins"),
        ("Dana", "table wins"),
        ("Ivan", "chips"),
        ("Hana", "chips"),
    ]
    page = client.get(reverse("standings", args=[event.pk])).content.decode()
    notes = re.findall(r"</a>( \(tie broken by [^)]*\))", page)
    assert notes == [" (tie broken by best round)"] * 2
    text = pdf_text(printouts.standings_pdf(Event.objects.get(pk=event.pk)))
    assert text.count("tie broken by") == 2
    assert "Bill Clarkson · tie broken by best round" in text
    assert "Emil Clarkson · tie broken by best round" in text


def test_a_chip_ranked_event_says_its_table_wins_tie_break(tournament, organizer):
    """By chips, ties by table wins. T1: Anna and Bill make a Five, +8 each, 1st= there.
    T2: Emil makes three, with Fanny, Gustav, Fanny: Emil +24, Fanny +8 (2nd there),
    Gustav -8, Hana -24. Anna, Bill and Fanny on +8: Fanny, without a table win, is set
    apart by the table wins, which no column of a chip-ranked standings shows."""
    event = services.update_event(tournament, organizer, tie_breaks=["table_wins"])
    t1, t2 = seat_round(
        event, organizer, [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]]
    )
    play(t1, organizer, ("Anna", "Bill", 40))
    play(t2, organizer, ("Emil", "Fanny", 40), ("Emil", "Gustav", 40), ("Emil", "Fanny", 40))
    rows = [(s.rank, s.player.name, s.chips, s.decided_by) for s in standings(event)]
    assert rows[:4] == [
        (1, "Emil", 24, ""),
        (2, "Anna", 8, ""),
        (2, "Bill", 8, ""),
        (4, "Fanny", 8, "table wins"),
    ]
    text = pdf_text(printouts.standings_pdf(Event.objects.get(pk=event.pk)))
    assert "Fanny Clarkson · tie broken by table wins" in text


def test_the_wall_writes_a_shared_rank_as_the_standings_do(tournament, organizer, client):
    """Anna and Bill make a Five at the only table: 1st= there, 4 points and +8 each,
    equal on everything: "1=" on the standings page and on the wall."""
    event = services.update_event(tournament, organizer, ranking="table_points")
    (t1,) = seat_round(event, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Anna", "Bill", 40))
    wall = client.get(reverse("wall-live", args=[event.pk])).content.decode()
    assert '<td class="num">1=</td><td>Anna</td><td class="num">4</td>' in wall
    assert '<td class="num">3=</td><td>Dana</td><td class="num">2</td>' in wall
    page = client.get(reverse("standings", args=[event.pk])).content.decode()
    assert re.search(r"<tr><td>1=</td><td><a [^>]*>Anna</a>", page)


def test_the_chart_draws_no_round_not_yet_played(tournament, organizer, client):
    """Round 1 played (Anna and Bill +8), round 2 drawn and not begun: no line to round
    2, and no chart on the page (it takes two rounds played)."""
    (t1,) = seat_round(tournament, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    play(t1, organizer, ("Anna", "Bill", 40))
    seat_round(tournament, organizer, [["Anna", "Bill", "Čada", "Dana"]])
    series = dict(standings_series(tournament, standings(tournament)))
    assert (series["Anna"], series["Čada"]) == ([0, 8], [0, -8])
    page = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert "<svg" not in page
