"""The event form proposes the chosen ruleset's starting chips (the core's
``starting_chips``: 20 in Nebraska, 100 in Texas and Petrtyl, SCORING-CONTRACT §12),
and keeps a number the organizer typed."""

import pytest

import taroky_scoring as core
from tournaments import services
from tournaments.forms import EventForm
from tournaments.models import Event

from ..conftest import club_night
from .every_game import event_post

pytestmark = pytest.mark.django_db

# SCORING-CONTRACT §12, the table's last column.
CHIPS = {
    "la-vista": 20,
    "heun": 20,
    "clarkson": 20,
    "texas-xix": 100,
    "texas-xx": 100,
    "texas-king": 100,
    "petrtyl": 100,
    "petrtyl-five": 100,
    "petrtyl-three": 100,
    "petrtyl-two": 100,
}


def test_every_ruleset_is_listed_with_its_starting_chips():
    assert {e["name"]: e["options"]["starting_chips"] for e in core.listing()} == CHIPS


def test_a_new_event_page_proposes_the_default_rulesets_chips(client, organizer):
    client.force_login(organizer)
    page = client.get("/events/new/").content.decode()
    assert 'type="number" name="starting_chips" value="20"' in page
    assert '<input type="hidden" name="starting_chips_proposed" value="20"' in page
    # Each ruleset's fieldset carries its chips for the page script.
    for name, chips in CHIPS.items():
        assert f'data-ruleset="{name}" data-starting-chips="{chips}"' in page


@pytest.mark.parametrize("ruleset", list(CHIPS))
def test_a_number_left_as_proposed_follows_the_chosen_ruleset(client, organizer, ruleset):
    """Without JavaScript: the page proposed la-vista's 20, the organizer chose another
    ruleset and left the number; the event gets the chosen ruleset's chips."""
    client.force_login(organizer)
    post = event_post(name=ruleset, ruleset=ruleset, starting_chips="20")
    response = client.post("/events/new/", {**post, "starting_chips_proposed": "20"})
    assert response.status_code == 302
    assert Event.objects.get(name=ruleset).starting_chips == CHIPS[ruleset]


@pytest.mark.parametrize(
    "ruleset, typed, proposed",
    [
        ("texas-xix", "20", ""),  # typed with the script: the proposal was cleared
        ("petrtyl", "50", "20"),  # typed without it: not the proposed number
        ("la-vista", "100", "100"),  # the script proposed Texas's 100, then la-vista
        ("texas-king", "75", None),  # a post without the proposal (an old page, a script)
    ],
)
def test_a_typed_number_is_kept(client, organizer, ruleset, typed, proposed):
    client.force_login(organizer)
    post = event_post(name="typed", ruleset=ruleset, starting_chips=typed)
    if proposed is not None:
        post["starting_chips_proposed"] = proposed
    assert client.post("/events/new/", post).status_code == 302
    expected = CHIPS[ruleset] if typed == proposed else int(typed)
    assert Event.objects.get(name="typed").starting_chips == expected


def test_editing_an_event_keeps_its_own_chips_and_follows_a_ruleset_change(organizer):
    event = club_night(organizer, "texas-xix")  # 100: still Texas's own
    form = EventForm(instance=event)
    assert form[EventForm.PROPOSED].value() == 100
    fields = {k: v for k, v in event_post(ruleset="petrtyl-two").items()}
    form = EventForm({**fields, "starting_chips": "100", "starting_chips_proposed": "100"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starting_chips"] == 100
    form = EventForm(
        {**fields, "ruleset": "heun", "starting_chips": "100", "starting_chips_proposed": "100"},
        instance=event,
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starting_chips"] == 20
    services.update_event(event, organizer, starting_chips=60)
    event.refresh_from_db()
    # The organizer's 60 is no proposal: changing the ruleset keeps it.
    form = EventForm(instance=event)
    assert form[EventForm.PROPOSED].value() is None
    form = EventForm({**fields, "ruleset": "heun", "starting_chips": "60"}, instance=event)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starting_chips"] == 60
