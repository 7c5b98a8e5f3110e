"""The table sheet's rows written in Python (tournaments/sheethtml.py) are, byte for
byte, what the template's loop wrote before (tests/web/reference_templates/_sheet_rows.html)."""

from pathlib import Path

import pytest
from django.template import engines

from .test_every_game_queries import DEALS

REFERENCE = Path(__file__).parent / "reference_templates"


def reference_rows(sheet) -> str:
    engine = engines["django"].engine
    from django.template import Context, Engine

    reference = Engine(dirs=[str(REFERENCE)], app_dirs=True, libraries=engine.libraries)
    template = reference.get_template("_sheet_rows.html")
    return template.render(Context({"sheet": sheet}, autoescape=True))


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", sorted(DEALS))
@pytest.mark.parametrize("deals", [0, 4])
def test_sheet_rows_are_written_as_the_template_wrote_them(organizer, ruleset, deals):
    """Played, corrected (v2), voided (struck through) deals, a pot's column."""
    from tournaments import queries

    from .test_every_game_queries import build
    from .test_sheet_columns import empty_table

    table = build(organizer, ruleset, 1, 1, deals)[2] if deals else empty_table(organizer, ruleset)
    sheet = queries.table_sheet(queries.table_with_event(table.pk))
    assert str(sheet.rows_html()) + "\n" == reference_rows(sheet)
    assert ("No deals yet." in str(sheet.rows_html())) == (not deals)


@pytest.mark.django_db
def test_unconfirmed_deals_and_names_with_markup_are_written_as_the_template_wrote_them(
    organizer,
):
    from tournaments import queries, services
    from tournaments.models import Player

    from .test_every_game import make_event

    event = make_event(organizer, "la-vista", table_deals_need_confirmation=True)
    rnd = services.create_round(event, organizer)
    names = ['<i>"Anna"</i>', "Bill & Co", "Čada's", "Dana"]
    players = [Player.objects.create(name=n) for n in names]
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    link = services.issue_link(table, organizer)
    document = {
        "ruleset": "la-vista",
        "players": names,
        "dealer": names[3],
        "kind": "played",
        "bidder": names[0],
        "bid": "four",
        "blind": "second",
        "partner": names[2],
        "bidder_points": 20,
    }
    services.record_deal(table, document, None, number=1, link=link)
    sheet = queries.table_sheet(queries.table_with_event(table.pk))
    html = str(sheet.rows_html())
    assert '<span class="unconfirmed-tag">unconfirmed</span>' in html
    assert "&lt;i&gt;&quot;Anna&quot;&lt;/i&gt;" in html
    assert html + "\n" == reference_rows(sheet)
