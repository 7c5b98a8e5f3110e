"""Every row of a score sheet spans the same columns, in every game (a row one column
short shifts every player's chips under the wrong name)."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tournaments.templatetags.css import css_string

from ..conftest import game_table
from .event_sizes import build

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


PHONE_LABELS = re.compile(r"td:nth-child\((\d+)\)[^{]*::before \{ content: \"([^\"]*)\"; \}")


@pytest.mark.parametrize(
    "ruleset, labels",
    [
        # Nebraska's eight columns, after the number and the dealer (its cells 3 to 10).
        (
            "la-vista",
            [
                ("3", "Bidder "),
                ("4", "Bid "),
                ("5", "Partner "),
                ("6", "Points "),
                ("7", "Valat "),
                ("8", "Bonuses "),
                ("9", "Declarations "),
                ("10", "Penalties "),
            ],
        ),
        # A game saying a deal in one cell in words: no label.
        ("texas-xix", []),
        ("petrtyl", []),
    ],
)
def test_a_phone_says_each_of_the_games_cells_with_its_heading(client, organizer, ruleset, labels):
    """On a phone the sheet's headings are off the rows (site.css): each cell of the
    game's is labelled with its heading, by its place in the row. A wrong place labels
    the partner "Bid"; a game of one cell would say "Deal" before every deal's words."""
    table = empty_table(organizer, ruleset)
    client.force_login(organizer)
    html = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    assert PHONE_LABELS.findall(html) == labels
    assert 'id="score-sheet" style="--players: 4"' in html


def test_a_css_string_cannot_end_its_string_its_rule_or_its_style():
    assert css_string('Bid "x"; } </style><b>\\') == (
        '"Bid \\000022x\\000022; \\00007d \\00003c\\00002fstyle\\00003e\\00003cb\\00003e\\00005c"'
    )
    assert css_string("Čada") == '"\\00010cada"'
