"""Table points wherever an event's results are shown (issue 27): a player's statement
PDF, the results website's standings and statements, a season's PDF, page and wall."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, site_export
from tournaments.models import Event, Player, Season
from tournaments.season_standings import season_standings

from .days import ALL_BREAKS, day, ranked_day
from .seasons import ostrava_series, season_of

pytestmark = pytest.mark.django_db

# The nine-player day of tests/web/test_ranking.py by table points, a bye worth 2:
# Bill R1 T1 1st (+16) 4 points, R2 T2 3rd= (-8) 2; Ivan R1 T2 4th= (-8) 1, then a bye.
RANKS = "Ranked by table points; ties broken by total chips, then table wins (first places)"


def pdf_text(pdf: bytes) -> str:
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    return re.sub(r"\s+", " ", text)  # as the lines wrap, said in one line


@pytest.fixture
def by_points(tournament, organizer):
    ranked_day(tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS)
    return Event.objects.get(pk=tournament.pk)


def test_the_statement_pdf_shows_each_round_s_place_and_points(by_points):
    bill = Player.objects.get(name="Bill")
    said = pdf_text(printouts.statement_pdf(by_points, bill))
    assert (
        "Net chips: +8 Places at the tables " + RANKS + ", then best single round (chips), "
        "then head to head. Each round, each table ranks its players by the chips won there; "
        "equal chips share the place. Round Table Chips there Place Table points "
        "1 1 +16 1st of 4 4 2 2 -8 3rd= of 4 2 Round Table Deal"
    ) in said


def test_a_chip_ranked_statement_pdf_has_no_places(tournament, organizer):
    day(tournament, organizer)
    said = pdf_text(printouts.statement_pdf(tournament, Player.objects.get(name="Bill")))
    assert "Places at the tables" not in said and "Table points" not in said
    assert said.startswith("Clarkson open: statement of Bill")


def test_the_website_s_standings_and_statements_show_the_places(by_points, client, organizer):
    files = site_export.build_event(by_points)
    standings = files["standings.html"].decode()
    assert f'<p id="how-it-ranks">{RANKS}, then best single round' in standings
    assert "<th" in standings and ">Table points<" in standings
    # The website's statement shows the places as the app's statement page does.
    bill = Player.objects.get(name="Bill")
    page = files[f"player-{bill.pk}.html"].decode()

    def places(html):
        return re.search(r'<table id="table-places">.*?</table>', html, re.S).group(0)

    assert re.findall(r"<td[^>]*>([^<]*)</td>", places(page)) == [
        "1",
        "1",
        "+16",
        "1st of 4",
        "4",
        "2",
        "2",
        "-8",
        "3rd= of 4",
        "2",
    ]
    client.force_login(organizer)
    app = client.get(reverse("player-statement", args=[by_points.pk, bill.pk])).content.decode()
    assert places(app) == places(page)


def test_a_chip_ranked_website_says_nothing_of_table_points(tournament, organizer):
    day(tournament, organizer)
    files = site_export.build_event(tournament)
    bill = Player.objects.get(name="Bill")
    assert "how-it-ranks" not in files["standings.html"].decode()
    assert "table-places" not in files[f"player-{bill.pk}.html"].decode()


@pytest.fixture
def season(by_points, organizer):
    return ostrava_series(organizer, [by_points], published=True)


SEASON_SAYS = (
    "Events ranked by table points place their players as their standings do. "
    "Clarkson open (Nov 21): ranked by table points; ties broken by total chips"
)


def test_the_season_pdf_says_its_events_rank_by_table_points(season):
    said = pdf_text(printouts.season_standings_pdf(season_standings(season)))
    assert SEASON_SAYS in said
    assert "then head to head." in said.split(SEASON_SAYS)[1]


def test_the_season_wall_shows_the_latest_event_s_table_points(season, client, organizer):
    client.force_login(organizer)
    wall = client.get(reverse("season-wall-live", args=[season.pk])).content.decode()
    latest = wall.split('id="wall-latest"')[1]
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", latest).group(1)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", head) == ["#", "Player", "Points", "Chips"]
    assert (
        '<td class="num">3</td><td>Bill</td><td class="num">6</td><td class="num pos">+8</td>'
    ) in latest
    assert '<td class="num">8</td><td>Ivan</td><td class="num">3</td>' in latest
    assert f'<p class="muted" id="wall-latest-how-it-ranks">{RANKS}' in latest
    assert f'<p class="muted" id="how-events-rank">{SEASON_SAYS}' in wall.split("wall-latest")[0]
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert f'id="how-events-rank">{SEASON_SAYS}' in page
    site = site_export.build_season(season)
    assert f'id="how-events-rank">{SEASON_SAYS}' in site["index.html"].decode()


def test_a_season_of_chip_ranked_events_says_nothing_of_table_points(tournament, organizer, client):
    day(tournament, organizer)
    season = season_of(
        organizer,
        [tournament],
        name="Club season",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        basis=Season.Basis.CHIPS,
        published=True,
    )
    client.force_login(organizer)
    wall = client.get(reverse("season-wall-live", args=[season.pk])).content.decode()
    assert "how-events-rank" not in wall and "how-it-ranks" not in wall
    assert ">Points<" not in wall
    said = pdf_text(printouts.season_standings_pdf(season_standings(season)))
    assert "table points" not in said
