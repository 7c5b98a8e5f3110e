"""Downloads as XLSX beside CSV (issue 39): the same rows as the CSV, cell for cell,
numbers as numbers, every text cell spreadsheet-safe as in the CSV."""

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Player
from tournaments.services.prizes import set_prizes

from ..conftest import played_doc
from .seasons import make_season, nights  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

# Names a spreadsheet would run as formulas (as in test_csv_safety.py).
HOSTILE = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3"]


@pytest.fixture
def hostile_deal(round1, organizer):
    players = [Player.objects.create(name=n, club="@Tab club") for n in HOSTILE]
    table = services.create_table(round1, organizer, players)
    doc = {
        "ruleset": "la-vista",
        "players": HOSTILE,
        "dealer": HOSTILE[3],
        "kind": "played",
        "bidder": HOSTILE[0],
        "bid": "four",
        "partner": HOSTILE[2],
        "blind": "second",
        "bidder_points": 41,
    }
    return services.record_deal(table, doc, organizer)


HEADER = [
    "rank", "player", "club", "net_chips", "deals", "as_bidder", "bidder_wins",
    "best_deal", "worst_deal", "byes",
]  # fmt: skip
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def csv_rows(response) -> list[list[str]]:
    body = response.content.decode()
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body[1:])))


def xlsx_rows(response) -> list[list]:
    assert response["Content-Type"] == XLSX
    book = openpyxl.load_workbook(io.BytesIO(response.content), read_only=True)
    return [[c for c in row] for row in book.active.iter_rows(values_only=True)]


def as_csv_text(rows: list[list]) -> list[list[str]]:
    """The workbook's cells as the CSV writes them (an empty cell is "", 5 is "5")."""
    return [[("" if c is None else str(c)) for c in row] for row in rows]


def both(client, name, *args, query=None):
    csv_name, xlsx_name = name
    data = query or {}
    return (
        client.get(reverse(csv_name, args=args), data),
        client.get(reverse(xlsx_name, args=args), data),
    )


def test_the_standings_xlsx_is_the_csv_with_numbers_and_formulas_neutralized(
    hostile_deal, organizer, client
):
    event = hostile_deal.table.round.event
    client.force_login(organizer)
    as_csv, as_xlsx = both(client, ("standings-csv", "standings-xlsx"), event.pk)
    assert as_xlsx["Content-Disposition"] == (
        'attachment; filename="heun-parish-night-2026-11-20-standings.xlsx"'
    )
    cells = xlsx_rows(as_xlsx)
    assert as_csv_text(cells) == csv_rows(as_csv)
    assert cells[0] == HEADER
    # Anna's row: her name guarded as in the CSV, her 5 chips a number.
    assert cells[1] == [1, "'" + HOSTILE[0], "'@Tab club", 5, 1, 1, 1, 5, 5, 0]
    assert cells[3] == [3, "'" + HOSTILE[1], "'@Tab club", -5, 1, 0, 0, -5, -5, 0]


def test_the_ledger_xlsx_is_the_csv(hostile_deal, organizer, client):
    event = hostile_deal.table.round.event
    client.force_login(organizer)
    as_csv = client.get(reverse("event-download", args=[event.pk, "ledger.csv"]))
    as_xlsx = client.get(reverse("event-download", args=[event.pk, "ledger.xlsx"]))
    cells = xlsx_rows(as_xlsx)
    assert as_csv_text(cells) == csv_rows(as_csv)
    assert cells[0][:9] == [
        "id",
        "round",
        "table",
        "deal",
        "version",
        "from",
        "to",
        "chips",
        "reason",
    ]
    assert [r[5:9] for r in cells[1:]] == [
        ["'+cmd|' /C calc'!A0", "'" + HOSTILE[0], 5, "game"],
        ["'-2+3", "'@SUM(A1:A9)", 5, "game"],
    ]
    # Organizers only, as the CSV: the unpublished event is not shown to a visitor.
    client.logout()
    refused = client.get(reverse("event-download", args=[event.pk, "ledger.xlsx"]))
    assert refused.status_code == 404


def test_a_players_statement_as_csv_and_xlsx(table, organizer, client):
    services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    anna = Player.objects.get(name="Anna")
    client.force_login(organizer)
    as_csv, as_xlsx = both(client, ("statement-csv", "statement-xlsx"), event.pk, anna.pk)
    cells = xlsx_rows(as_xlsx)
    assert as_csv_text(cells) == csv_rows(as_csv)
    assert cells[0] == [
        "round",
        "table",
        "deal",
        "version",
        "kind",
        "with",
        "chips",
        "reason",
        "explanation",
        "net_so_far",
        "chips_at_table",
    ]
    # The Four pays 5 chips; Anna is paid by Bill, the last line of the deal carries her
    # net so far and her chips at the table (100 starting chips and 5).
    explanation = cells[1][8]
    assert cells[1:] == [
        [1, 1, 1, 1, None, "Bill", 5, "game", explanation, 5, event.starting_chips + 5]
    ]
    page = client.get(reverse("player-statement", args=[event.pk, anna.pk])).content.decode()
    assert 'id="statement-xlsx"' in page


def test_the_prize_list_xlsx_is_the_csv_with_dollars_as_numbers(table, organizer, client):
    services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    set_prizes(event, organizer, 333, "50%\n30%\n20%", False)
    client.force_login(organizer)
    as_csv, as_xlsx = both(client, ("prize-list-csv", "prize-list-xlsx"), event.pk)
    cells = xlsx_rows(as_xlsx)
    assert as_csv_text(cells) == csv_rows(as_csv)
    assert cells[0] == ["list", "place", "player", "club", "net_chips", "prize_dollars", "note"]
    assert cells[1] == ["Overall", "1=", "Anna", None, 5, 5.32, "1st and 2nd prizes shared by 2"]
    assert csv_rows(as_csv)[1][5] == "5.32"
    assert Decimal(str(cells[3][5])) == Decimal("1.33")


def test_the_season_standings_xlsx_is_the_csv(organizer, nights, client):  # noqa: F811
    season = make_season(organizer, nights)
    client.force_login(organizer)
    as_csv, as_xlsx = both(client, ("season-csv", "season-xlsx"), season.pk)
    cells = xlsx_rows(as_xlsx)
    assert as_csv_text(cells) == csv_rows(as_csv)
    assert cells[0][:4] == ["rank", "player", "club", "chips_counted"]
    assert all(isinstance(row[3], int) for row in cells[1:])
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert 'id="season-xlsx"' in page


def test_the_xlsx_links_beside_the_csv_links(hostile_deal, organizer, client):
    event = hostile_deal.table.round.event
    client.force_login(organizer)
    detail = client.get(reverse("event-detail", args=[event.pk])).content.decode()
    assert 'id="ledger-xlsx"' in detail
    standings = client.get(reverse("standings", args=[event.pk]), {"round": 1}).content.decode()
    assert (
        f'href="{reverse("standings-xlsx", args=[event.pk])}?round=1" id="standings-xlsx"'
        in standings
    )
