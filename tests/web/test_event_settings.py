"""An event's settings declared once (models/event_settings.py, issue 35): the model's
checks, the event form and the event's file read the same bounds and defaults; the
formats fill how the event ranks in one choice; the new-event form takes the entry fee
and prizes; the event page says how the event ranks."""

import json
import re
from pathlib import Path

import pytest
from django import forms
from django.urls import reverse

from tournaments import exchange, services
from tournaments.forms import EventForm
from tournaments.models import ActivityEntry, Event
from tournaments.models.event_settings import DECLARED, FORMAT_BY_KEY, FORMATS, SETTINGS

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "organizers.md"


def page_data(form: EventForm, **changes) -> dict:
    """What the event form's page posts as it shows ``form`` (no field touched), with
    ``changes``: as a browser without the page's scripts sends it."""
    data = {}
    for field in [*form, *(form.prizes or [])]:
        value = field.value()
        if isinstance(field.field, forms.BooleanField):
            if value:
                data[field.html_name] = "on"
            continue
        data[field.html_name] = "" if value is None else value
    data[form[EventForm.FORMAT].html_initial_name] = form[EventForm.FORMAT].initial
    data[EventForm.MARKER] = data[EventForm.RANKING_MARKER] = "1"
    data.update(changes)
    return data


def ranking_of(event: Event) -> dict:
    event.refresh_from_db()
    return {key: getattr(event, key) for key in Event.RANKING_SETTINGS}


# -- the declaration, read by the model, the form and the file ------------------------


NUMBERS = [s for s in SETTINGS if s.kind == "number"]


@pytest.mark.parametrize("setting", NUMBERS, ids=[s.key for s in NUMBERS])
def test_each_number_is_bounded_alike_by_the_model_the_form_and_the_file(
    setting, tournament, organizer, other_organizer, client
):
    """One bound, declared once: the service (the model's check), the form and its page
    and the event's file all refuse the number past it, in the same words."""
    low, high = setting.low, setting.high
    assert (setting.key, low, high) in {
        ("deals_per_session", 1, 1_000),
        ("bye_chips", 0, 100_000),
        ("points_scale", 0, 1_000),
        ("bye_points", 0, 1_000),
        ("lodge_best", 1, 50),
    }
    if not setting.typed_bounds:  # (a load test's sessions of 100,000 deals pass)
        with pytest.raises(services.ServiceError, match=f"From {low:,} to {high:,}"):
            services.update_event(tournament, organizer, **{setting.key: high + 1})
    services.update_event(tournament, organizer, **{setting.key: high})  # the most is fine
    form = EventForm(instance=tournament)
    label = form.fields[setting.key].label
    said = f"{label} must be from {low:,} to {high:,}{setting.why}."
    assert f'max="{high}"' in str(form[setting.key]) and f'min="{low}"' in str(form[setting.key])
    client.force_login(organizer)
    url = reverse("event-edit", args=[tournament.pk])
    page = client.post(url, page_data(form, **{setting.key: str(high + 1)})).content.decode()
    assert said in page.replace("&#x27;", "'")
    document = exchange.export_event(Event.objects.get(pk=tournament.pk))
    document["event"][setting.key] = high + 1
    with pytest.raises(exchange.ExchangeError, match=re.escape(f"{setting.key}: {said}")):
        exchange.import_event(document, other_organizer)


def test_a_file_leaving_a_setting_out_takes_its_declared_default(tournament, other_organizer):
    document = exchange.export_event(tournament)
    for key in ("session_end", "deals_per_session", "bye_chips"):
        del document["event"][key]
    copy = exchange.import_event(document, other_organizer)
    assert {key: getattr(copy, key) for key in DECLARED} == {
        s.key: s.default_value() for s in SETTINGS
    }
    assert (copy.session_end, copy.deals_per_session, copy.bye_chips, copy.lodge_best) == (
        "fixed_deals",
        20,
        0,
        3,
    )


def test_the_model_s_columns_say_the_declared_words_and_defaults():
    for setting in SETTINGS:
        column = Event._meta.get_field(setting.key)
        assert column.verbose_name == setting.words
        assert column.help_text == setting.help
        assert column.get_default() == setting.default_value()
    assert EventForm().fields["points_scale"].label == "Chips per table point"


# -- formats ---------------------------------------------------------------------------


def test_the_formats_set_what_the_issue_names():
    czech, tirol, club = (
        FORMAT_BY_KEY[k].settings() for k in ("czech_day", "tirol_cup", "club_night")
    )
    assert czech == {
        "ranking": "table_points",
        "table_points": {"2": [2, 1], "3": [3, 2, 1], "4": [4, 3, 2, 1], "5": [4, 3, 2, 1, 1]},
        "shared_places": "average",
        "points_scale": 10,
        "bye_points": 2,
        "tie_breaks": ["table_wins", "chips"],
    }
    assert tirol == {**club, "ranking": "chips_and_points", "points_scale": 10}
    assert club == {
        "ranking": "chips",
        "table_points": {"2": [2, 1], "3": [3, 2, 1], "4": [4, 3, 2, 1], "5": [4, 3, 2, 1, 1]},
        "shared_places": "place",
        "points_scale": 10,
        "bye_points": 0,
        "tie_breaks": ["chips"],
    }


@pytest.fixture
def own_ranking(tournament, organizer):
    """The Clarkson open ranked the director's own way, unlike any format."""
    return services.update_event(
        tournament,
        organizer,
        ranking="chips_and_points",
        table_points={"2": [3, 0], "3": [5, 2, 0], "4": [6, 4, 2, 0], "5": [6, 4, 2, 1, 0]},
        shared_places="average",
        points_scale=7,
        bye_points=5,
        tie_breaks=["head_to_head", "best_round"],
        team_ranking="lodges",
        lodge_best=4,
    )


@pytest.mark.parametrize("key", [f.key for f in FORMATS])
def test_each_format_fills_every_setting_it_names(key, own_ranking, organizer, client):
    """Chosen on the page without its script: the server fills every ranking setting
    (those the format names, the rest at their defaults); the teams stay the
    director's. The page then shows the format chosen."""
    chosen = FORMAT_BY_KEY[key]
    form = EventForm(instance=own_ranking)
    assert form[EventForm.FORMAT].initial == ""  # the director's own settings
    client.force_login(organizer)
    url = reverse("event-edit", args=[own_ranking.pk])
    response = client.post(url, page_data(form, format=key))
    assert response.status_code == 302, response.content.decode()
    settings = ranking_of(own_ranking)
    for name, value in chosen.sets.items():
        assert settings[name] == value, name
    assert settings == {
        **chosen.settings(),
        "team_ranking": "lodges",
        "team_size": 2,
        "lodge_best": 4,
    }
    page = client.get(url).content.decode()
    assert f'<option value="{key}" selected>{chosen.title}</option>' in page


def test_a_format_shown_does_not_undo_the_director_s_own_change(tournament, organizer, client):
    """A Czech day whose bye points the director changes (the select still says Czech
    day, as the page showed it): the change stands."""
    client.force_login(organizer)
    url = reverse("event-edit", args=[tournament.pk])
    client.post(url, page_data(EventForm(instance=tournament), format="czech_day"))
    form = EventForm(instance=Event.objects.get(pk=tournament.pk))
    assert form[EventForm.FORMAT].initial == "czech_day"
    response = client.post(url, page_data(form, bye_points="3"))
    assert response.status_code == 302
    settings = ranking_of(tournament)
    assert (settings["ranking"], settings["shared_places"], settings["bye_points"]) == (
        "table_points",
        "average",
        3,
    )
    page = client.get(url).content.decode()
    assert '<option value="" selected>Settings of your own</option>' in page


def test_the_page_carries_each_format_s_fields_for_its_script(organizer, client):
    client.force_login(organizer)
    page = client.get(reverse("event-create")).content.decode()
    found = re.search(r'<script id="event-formats" type="application/json">(.*?)</script>', page)
    formats = json.loads(found.group(1))
    assert list(formats) == ["czech_day", "tirol_cup", "club_night"]
    assert formats["czech_day"] == {
        "ranking_form": "1",
        "ranking": "table_points",
        "shared_places": "average",
        "points_scale": "10",
        "bye_points": "2",
        "points_at_2": "2, 1",
        "points_at_3": "3, 2, 1",
        "points_at_4": "4, 3, 2, 1",
        "points_at_5": "4, 3, 2, 1, 1",
        "tie_break_1": "table_wins",
        "tie_break_2": "chips",
        "tie_break_3": "",
        "tie_break_4": "",
    }
    assert formats["tirol_cup"]["ranking"] == "chips_and_points"
    # Every field a format fills is on the page.
    for name in formats["czech_day"]:
        assert f'name="{name}"' in page
    # A new event starts as a club night.
    assert '<option value="club_night" selected>Club night</option>' in page
    assert 'src="/static/tournaments/event_formats.js"' in page


def test_a_format_changes_nothing_once_the_event_has_deals(table, organizer, client):
    event = table.round.event
    services.record_deal(table, played_doc(), organizer)
    form = EventForm(instance=event)
    assert form.fields[EventForm.FORMAT].disabled
    client.force_login(organizer)
    url = reverse("event-edit", args=[event.pk])
    response = client.post(url, page_data(form, format="czech_day", name="Heun night"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.ranking, event.bye_points) == ("Heun night", "chips", 0)


def test_the_guide_describes_each_format_with_what_it_sets():
    guide = DOCS.read_text()
    formats = guide.split("## Tournament formats", 1)[1].split("\n## ", 1)[0]
    for f in FORMATS:
        assert f"**{f.title}**" in formats
    said = " ".join(formats.split())
    assert (
        "**Czech day**: ranked by table points, 4/3/2/1 at a table of four and 4/3/2/1/1 "
        "at five (3/2/1 at three, 2/1 at two), players on equal chips at a table "
        "getting the average of the places they share, a bye scoring 2 table points, "
        "ties broken by table wins, then total chips."
    ) in said


# -- the new-event form's prizes ----------------------------------------------------------


def new_event(client, organizer, **changes):
    client.force_login(organizer)
    form = EventForm(prizes=True)
    data = page_data(form, name="Westfest", date="2026-09-05", **changes)
    return client.post(reverse("event-create"), data)


def test_the_new_event_form_sets_the_entry_fee_and_prizes(organizer, client):
    response = new_event(
        client, organizer, entry_fee="$12.50", prize_table="50%\n30%\n20%", format="czech_day"
    )
    event = Event.objects.get()
    assert response["Location"] == reverse("event-detail", args=[event.pk])
    assert (event.entry_fee_cents, event.prize_table, event.prizes_club_adds) == (
        1250,
        "50%\n30%\n20%",
        False,
    )
    assert (event.ranking, event.bye_points) == ("table_points", 2)
    actions = list(
        ActivityEntry.objects.filter(event=event).order_by("pk").values_list("action", "detail")
    )
    assert [a for a, _ in actions] == ["create_event", "set_prizes"]
    assert actions[1][1]["prize_table"] == "50%\n30%\n20%"


def test_a_new_event_without_prizes_says_nothing_of_them(organizer, client):
    new_event(client, organizer)
    event = Event.objects.get()
    assert (event.entry_fee_cents, event.prize_table, event.sets_prizes) == (0, "", False)
    assert list(ActivityEntry.objects.values_list("action", flat=True)) == ["create_event"]


@pytest.mark.parametrize(
    "changes, said",
    [
        ({"entry_fee": "ten", "prize_table": "50%"}, "The entry fee"),
        ({"entry_fee": "$10", "prize_table": "50%\nlots"}, "2nd place"),
    ],
    ids=["fee", "table"],
)
def test_bad_prizes_on_the_new_event_form_are_said_at_their_field(organizer, client, changes, said):
    """Refused by the prize form's own checks or by set_prizes, said at the field on
    the new-event page; no event is created."""
    response = new_event(client, organizer, **changes)
    assert response.status_code == 200
    form = response.context["form"]
    assert said in " ".join(
        form.prizes.errors.get("entry_fee", []) + form.prizes.errors.get("prize_table", [])
    )
    assert said in response.content.decode().replace("&#x27;", "'")
    assert not Event.objects.exists()


def test_a_new_events_fixed_prizes_wait_for_its_players(organizer, client):
    """No one has paid yet when the event is made: fixed prizes are kept, and the prize
    list says what the fees do not cover until enough players pay (then the prize form
    refuses a table paying more, as before)."""
    new_event(client, organizer, entry_fee="$10", prize_table="$40")
    event = Event.objects.get()
    assert (event.entry_fee_cents, event.prize_table) == (1000, "$40.00")
    page = client.get(reverse("prize-list", args=[event.pk])).content.decode()
    assert (
        "These prizes pay $40.00 more than the fees collected, and the club has not said "
        "it adds the rest." in page.replace("&#x27;", "'")
    )


def test_the_edit_page_keeps_the_prizes_on_their_own_page(tournament, organizer, client):
    client.force_login(organizer)
    page = client.get(reverse("event-edit", args=[tournament.pk])).content.decode()
    assert 'name="entry_fee"' not in page and 'id="prize-settings-link"' in page
    page = client.get(reverse("event-create")).content.decode()
    assert 'name="entry_fee"' in page and 'name="prize_table"' in page


# -- the event page --------------------------------------------------------------------


def test_the_event_page_says_how_the_event_ranks(tournament, organizer, client):
    url = reverse("event-detail", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert '<p id="how-it-ranks">Ranked by chips.</p>' in page
    services.update_event(tournament, organizer, **FORMAT_BY_KEY["czech_day"].settings())
    page = client.get(url).content.decode()
    assert (
        '<p id="how-it-ranks">Ranked by table points; ties broken by table wins (first '
        "places), then total chips.</p>"
    ) in page
    services.update_event(tournament, organizer, **FORMAT_BY_KEY["tirol_cup"].settings())
    page = client.get(url).content.decode()
    assert (
        '<p id="how-it-ranks">Ranked by chips plus table points, each point 10 chips; ties '
        "broken by total chips.</p>"
    ) in page
