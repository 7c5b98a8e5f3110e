"""The sheet's chart of chips labels its chips' axis at every gridline, the frame's top
and bottom included (the Petrtyl sheet's labelled only 100 and 150, its lines running
to the frame's edges with no label)."""

import re

import pytest
from django.urls import reverse

from tournaments import services

from ..conftest import game_table

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bill", "Cyril", "Dana"]


def test_the_petrtyl_sheets_chart_labels_every_gridline(client, organizer):
    table = game_table(organizer, "petrtyl", PLAYERS, starting_chips=100)
    four = {
        "ruleset": "petrtyl",
        "players": PLAYERS,
        "kind": "played",
        "dealer": "Dana",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Cyril",
        "talon": "second",
        "bidder_points": 41,
    }
    for _ in range(3):
        services.record_deal(table, four, organizer)
    services.record_deal(table, {**four, "bidder_points": 20}, organizer)
    client.force_login(organizer)
    html = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    svg = html[html.index('<svg class="chips-chart"') : html.index("</svg>")]
    labels = re.findall(r">(-?\d+)</text>", svg)
    # The deals' axis says 0 (the start) to 4; the chips' axis from 80 to 120 by 10.
    chips = [label for label in labels if int(label) > 4]
    assert chips == ["80", "90", "100", "110", "120"]
    # A light gridline across the plot at each of them above the deals' axis (at 80).
    gridlines = re.findall(
        r'<path d="M [\d.,]+ L [\d.,]+ Z" style="stroke: rgb\(86%,86%,86%\)', svg
    )
    assert len(gridlines) == len(chips) - 1
