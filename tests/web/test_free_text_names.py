"""Names of events, seasons and venues (and clubs) are cleaned as players' names are:
one spelling stored (NFC, invisible characters dropped, whitespace collapsed), and a
character no name holds refused at its field, in words: a bidi control that turns the
text after it around (U+202E shows "‮Anna" as "annA"), a control character (NUL too), a
lone surrogate. Before, an event or season took any of them as typed."""

import datetime
import unicodedata

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.forms import EventForm
from tournaments.models import Event, Player, Season
from tournaments.services import seasons as season_services

from .seasons import SEASON_FORM

pytestmark = pytest.mark.django_db

EVENT_FORM = {
    "name": "Heun parish night",
    "date": "2026-11-20",
    "venue": "Heun",
    "kind": "club_night",
    "ruleset": "la-vista",
    "starting_chips": "20",
    "session_end": "fixed_deals",
    "deals_per_session": "20",
    "paper_size": "letter",
    "bye_chips": "0",
}


def turns(what: str, code: str = "202E") -> str:
    return (
        f"The {what} contains a character that turns the text after it around "
        f"(U+{code}): type the {what} without it."
    )


def control(what: str, code: str) -> str:
    return f"The {what} contains a control character (U+{code}): type the {what} without it."


# (page, form data, the field, the word its messages say it by)
FIELDS = [
    ("event-create", EVENT_FORM, "name", "name"),
    ("event-create", EVENT_FORM, "venue", "venue"),
    ("season-create", SEASON_FORM, "name", "name"),
    ("season-create", SEASON_FORM, "club", "club"),
]


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.mark.parametrize("page, data, field, what", FIELDS)
@pytest.mark.parametrize(
    "typed, code, said",
    [
        ("\u202eAnna's night", "202E", turns),
        ("Club \u2066night\u2069", "2066", turns),
        ("Club\x07night", "0007", control),
        ("Club\x7fnight", "007F", control),
    ],
)
def test_a_character_no_name_holds_is_refused_at_its_field(
    org_client, page, data, field, what, typed, code, said
):
    response = org_client.post(reverse(page), {**data, field: typed})
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [said(what, code)]
    assert Event.objects.count() == Season.objects.count() == 0


@pytest.mark.parametrize("page, data, field, what", FIELDS)
def test_a_name_is_stored_in_one_spelling(org_client, page, data, field, what):
    typed = "  Č\u200bada\u00a0 " + unicodedata.normalize("NFD", "Šťastný") + "\t hall\ufeff "
    response = org_client.post(reverse(page), {**data, field: typed})
    assert response.status_code == 302, response.context["form"].errors
    saved = (Event if page == "event-create" else Season).objects.get()
    assert getattr(saved, field) == "Čada Šťastný hall"


@pytest.mark.parametrize(
    "page, data", [("event-create", EVENT_FORM), ("season-create", SEASON_FORM)]
)
def test_a_name_of_invisible_characters_only_is_no_name(org_client, page, data):
    response = org_client.post(reverse(page), {**data, "name": "\u200b\u00ad "})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["This field is required."]


def test_a_lone_surrogate_is_refused_by_the_event_form():
    # A browser cannot post one (the page's UTF-8 has none); a form given text can.
    form = EventForm(data={**EVENT_FORM, "venue": "Hall \ud800"})
    assert form.errors["venue"] == [
        "The venue contains a lone surrogate (U+D800), which is no character."
    ]


def event_fields(**fields):
    return {
        "name": "Heun parish night",
        "date": datetime.date(2026, 11, 20),
        "kind": Event.Kind.CLUB_NIGHT,
        "ruleset": "la-vista",
        "house_rules": {},
        "starting_chips": 20,
        "session_end": Event.SessionEnd.FIXED_DEALS,
        "deals_per_session": 20,
        **fields,
    }


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"name": "Night\x00"}, control("name", "0000")),
        ({"venue": "\u202eHall"}, turns("venue")),
        (
            {"name": "Night \udfff"},
            "The name contains a lone surrogate (U+DFFF), which is no character.",
        ),
    ],
)
def test_the_event_services_refuse_them_too(organizer, fields, said):
    with pytest.raises(services.ServiceError) as refused:
        services.create_event(organizer, **event_fields(**fields))
    assert str(refused.value) == said
    assert Event.objects.count() == 0


def test_the_event_services_store_the_clean_name(organizer, event):
    made = services.create_event(
        organizer, **event_fields(name=" Fall\u200b  night ", venue="Hall\u00a0")
    )
    assert (made.name, made.venue) == ("Fall night", "Hall")
    services.update_event(event, organizer, name=unicodedata.normalize("NFD", "Čada's night"))
    event.refresh_from_db()
    assert event.name == "Čada's night"


def test_the_season_service_refuses_them_at_the_field(organizer):
    with pytest.raises(season_services.SeasonError) as refused:
        season_services.create_season(
            organizer,
            name="Fall\x1b season",
            club="\u202eSokol",
            start_date=datetime.date(2026, 9, 1),
            end_date=datetime.date(2026, 12, 31),
        )
    assert refused.value.fields == {
        "name": [control("name", "001B")],
        "club": [turns("club")],
    }
    assert Season.objects.count() == 0


def test_a_players_name_refuses_a_bidi_control_too(org_client, event):
    # The same cleaning: a player's name dropped U+202E silently, as an invisible
    # character; it turns the text around, so it is refused as for an event's name.
    url = reverse("event-players", args=[event.pk])
    response = org_client.post(url, {"name": "\u202eAnna", "club": ""})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [turns("name")]
    assert not Player.objects.exists()
