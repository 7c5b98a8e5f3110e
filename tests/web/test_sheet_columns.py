"""Every row of a score sheet spans the same columns, in every game (a row one column
short shifts every player's chips under the wrong name)."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from ..conftest import game_table
from .test_every_game_queries import build

pytestmark = pytest.mark.django_db


class Rows(HTMLParser):
    """Each row of the score sheet: the sum of its cells' colspans (rowspans of the
    first header row carried into the second)."""

    def __init__(self):
        super().__init__()
        self.inside, self.rows, self.carried = False, [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id") == "score-sheet":
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append(self.carried)
            self.carried = 0
        elif self.inside and tag in ("td", "th"):
            span = int(attrs.get("colspan", 1))
            self.rows[-1] += span
            if attrs.get("rowspan") == "2":
                self.carried += span

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False


def empty_table(organizer, ruleset):
    return game_table(organizer, ruleset, ["Anna", "Bill", "Čada", "Dana"])


@pytest.mark.parametrize("ruleset", ["la-vista", "texas-xix", "petrtyl"])
@pytest.mark.parametrize("deals", [0, 3])
def test_every_row_of_the_sheet_spans_the_same_columns(client, organizer, ruleset, deals):
    if deals:
        table = build(organizer, ruleset, 1, 1, deals)[2]
    else:
        table = empty_table(organizer, ruleset)
    client.force_login(organizer)
    parser = Rows()
    parser.feed(client.get(reverse("table-sheet", args=[table.pk])).content.decode())
    widths = set(parser.rows)
    # Two header rows, the starting chips, the deals (or "No deals yet"), the net row.
    assert len(parser.rows) == 4 + max(deals, 1)
    # The number, the dealer, the game's 8 columns (the pot one of them), 4 players.
    assert widths == {2 + 8 + 2 * 4}, parser.rows
