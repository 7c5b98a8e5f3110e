"""The deal form's fields written in Python (tournaments/fieldhtml.py) are, byte for
byte, what the templates wrote before (tests/web/reference_templates: the old
_game_fields.html and _field.html, through Django's widget templates): every ruleset,
every table size, new and bound forms, with errors, corrections."""

import random
from pathlib import Path

import pytest
from django.template import engines

import taroky_scoring as core
from tournaments.dealforms import CorrectGameDealForm, GameDealForm
from tournaments.models import Event

from .deal_forms import post_data
from .test_every_game import NAMES
from .test_every_game_queries import DEALS

REFERENCE = Path(__file__).parent / "reference_templates"


def reference_html(form) -> str:
    """What ``{% include "tournaments/_game_fields.html" %}`` rendered."""
    engine = engines["django"].engine
    from django.template import Context, Engine

    reference = Engine(
        dirs=[str(REFERENCE), *engine.dirs],
        app_dirs=True,
        libraries=engine.libraries,
        builtins=[],
    )
    template = reference.get_template("_game_fields.html")
    return template.render(Context({"form": form}, autoescape=True))


def event_of(ruleset, **house_rules):
    return Event(ruleset=ruleset, house_rules=house_rules, starting_chips=100)


CASES = [
    (ruleset, n)
    for game in core.registry.games()
    for ruleset in (p.name for p in game.presets)
    for n in game.table_sizes
]


def test_every_ruleset_and_table_size_is_covered():
    rulesets = {r for r, _ in CASES}
    assert rulesets == set(core.registry.ruleset_names())


@pytest.mark.parametrize("ruleset, n", CASES)
def test_a_new_deal_form_is_written_as_the_templates_wrote_it(ruleset, n):
    event = event_of(ruleset)
    form = GameDealForm(
        event=event, seats=NAMES[:n], initial={"number": 3, "dealer": NAMES[1]}, needs_number=True
    )
    assert str(form.fields_html()) == reference_html(form)


@pytest.mark.parametrize("ruleset, n", CASES)
def test_bound_forms_with_errors_are_written_as_the_templates_wrote_them(ruleset, n):
    """Random answers, many of them wrong: checked choices, values and every error."""
    event = event_of(ruleset)
    rng = random.Random(f"{ruleset}{n}")
    empty = GameDealForm(event=event, seats=NAMES[:n])
    names = list(empty.fields)
    for _ in range(8):
        data = {"number": str(rng.randint(1, 9))}
        for name in rng.sample(names, k=min(len(names), rng.randint(1, 12))):
            field = empty.fields[name]
            choices = [c for c, _ in getattr(field, "choices", [])]
            data[name] = rng.choice(
                choices + ["on", "41", "-3", "x<y>&\"'", ""] if choices else ["on", "12", "abc"]
            )
        form = GameDealForm(data, event=event, seats=NAMES[:n], needs_number=True)
        form.is_valid()
        assert str(form.fields_html()) == reference_html(form)


def test_a_correction_form_is_written_as_the_templates_wrote_it():
    document = {
        "ruleset": "la-vista",
        "players": NAMES[:4],
        "dealer": NAMES[3],
        "kind": "played",
        "bidder": NAMES[0],
        "bid": "four",
        "blind": "second",
        "partner": NAMES[2],
        "bidder_points": 41,
    }
    initial = GameDealForm.initial_from_document(document)
    initial |= {"expected_version": 1, "number": 1}
    event = event_of("la-vista")
    form = CorrectGameDealForm(event=event, seats=NAMES[:4], initial=initial)
    assert str(form.fields_html()) == reference_html(form)
    posted = CorrectGameDealForm(post_data(form), event=event, seats=NAMES[:4])
    assert posted.is_valid(), posted.errors
    assert str(posted.fields_html()) == reference_html(posted)
    # A service's refusal shown at its field (the card points) and over the form.
    posted.add_error("bidder_points", "Bidder's points must be from 0 to 70.")
    assert str(posted.fields_html()) == reference_html(posted)


def test_names_with_markup_are_escaped_as_the_templates_escaped_them():
    seats = ['<b>"Anna"</b>', "Bill & Co", "Čada's", "Dana"]
    form = GameDealForm(event=event_of("texas-xix"), seats=seats, initial={"dealer": seats[1]})
    html = str(form.fields_html())
    assert "&lt;b&gt;&quot;Anna&quot;&lt;/b&gt;" in html
    assert html == reference_html(form)


def test_house_rules_get_their_own_fields():
    """The description is cached by ruleset and house rules: a house rule that removes a
    field (kontra not allowed) is not answered from the cache of another event."""
    plain = GameDealForm(event=event_of("la-vista"), seats=NAMES[:4])
    strict = GameDealForm(event=event_of("la-vista", kontra_allowed=False), seats=NAMES[:4])
    assert "kontra" in plain.fields
    assert "kontra" not in strict.fields
    assert str(strict.fields_html()) == reference_html(strict)


# -- the table sheet's rows (tournaments/sheethtml.py) ------------------------------------


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
