"""CSV downloads: a name a spreadsheet would run as a formula comes out as text."""

import csv
import io
import json

import pytest

from tournaments import exchange, services
from tournaments.models import Player

pytestmark = pytest.mark.django_db

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


WON = "Game won with 41 card points: Four (second half) 5 = 5"


def rows(text):
    return list(csv.reader(io.StringIO(text)))


def test_standings_csv_neutralises_formulas_and_keeps_negative_numbers(hostile_deal):
    body = rows(exchange.standings_csv(hostile_deal.table.round.event))
    assert body[1:] == [
        ["1", "'" + HOSTILE[0], "'@Tab club", "5", "1", "1", "1", "5", "5", "0"],
        ["1", "'" + HOSTILE[2], "'@Tab club", "5", "1", "0", "0", "5", "5", "0"],
        ["3", "'" + HOSTILE[1], "'@Tab club", "-5", "1", "0", "0", "-5", "-5", "0"],
        ["3", "'" + HOSTILE[3], "'@Tab club", "-5", "1", "0", "0", "-5", "-5", "0"],
    ]


def test_deals_and_ledger_csv_neutralise_formulas(hostile_deal):
    event = hostile_deal.table.round.event
    deal_row = rows(exchange.deals_csv(event))[1]
    assert deal_row[:12] == [
        "1",
        "1",
        "1",
        "1",
        "played",
        "'-2+3",
        "'" + HOSTILE[0],
        "four",
        "'@SUM(A1:A9)",
        "41",
        "True",
        "False",
    ]
    assert json.loads(deal_row[12]) == hostile_deal.document
    ledger = rows(exchange.ledger_csv(event))
    assert [r[5:10] for r in ledger[1:]] == [
        ["'+cmd|' /C calc'!A0", "'" + HOSTILE[0], "5", "game", WON],
        ["'-2+3", "'@SUM(A1:A9)", "5", "game", WON],
    ]


def test_a_plain_name_and_numbers_are_untouched():
    assert exchange.spreadsheet_safe("Ken Čada") == "Ken Čada"
    assert exchange.spreadsheet_safe(-5) == -5
    assert exchange.spreadsheet_safe("\rx") == "'\rx"


@pytest.mark.parametrize(
    "cell, safe",
    [
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("=1+1", "'=1+1"),
        ("-2+3", "'-2+3"),
        ("Nováková", "Nováková"),
        (-5, -5),
    ],
)
def test_spreadsheet_safe_cells(cell, safe):
    # Names and clubs are cleaned of leading tabs when entered (tournaments.names), so a
    # tab or CR cell can only come from elsewhere (a reason, an imported explanation).
    assert exchange.spreadsheet_safe(cell) == safe
