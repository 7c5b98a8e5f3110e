"""An event's settings declared once (models/event_settings.py, issue 35): the model's
checks, the event form and the event's file read the same bounds and defaults."""

import re

import pytest
from django import forms
from django.urls import reverse

from tournaments import exchange, services
from tournaments.forms import EventForm
from tournaments.models import Event
from tournaments.models.event_settings import DECLARED, SETTINGS

pytestmark = pytest.mark.django_db


def page_data(form: EventForm, **changes) -> dict:
    """What the event form's page posts as it shows ``form`` (no field touched), with
    ``changes``: as a browser without the page's scripts sends it."""
    data = {}
    for field in form:
        value = field.value()
        if isinstance(field.field, forms.BooleanField):
            if value:
                data[field.html_name] = "on"
            continue
        data[field.html_name] = "" if value is None else value
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
