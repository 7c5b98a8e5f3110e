"""A player's email address (the results by email): typed on the players page, on the
player's page by their organizers, or read from an event's file; hostile input is
refused at the field by Django's EmailValidator, never a 500; never shown publicly."""

import json

import pytest
from django.urls import reverse

from tournaments import exchange, services
from tournaments.forms import AddPlayerForm, PlayerEmailForm, PlayerFieldsForm
from tournaments.models import ActivityEntry, Player
from tournaments.services.players import set_player_email

pytestmark = pytest.mark.django_db

SAID = "Type an email address such as anna@example.org, or leave it empty."
TOO_LONG = "An email address has at most 254 characters."
NUL_SAID = "Null characters are not allowed."

# Hostile and clumsy addresses, and what the field says of each.
HOSTILE = [
    ("a" * 250 + "@example.org", [TOO_LONG]),  # overlong: past the column
    ("anna\x00@example.org", [SAID, NUL_SAID]),  # a NUL
    ("a@b.c\nBcc: x@y.z", [SAID]),  # a header injected after a line break
    ("a@b.c\r\nBcc: x@y.z", [SAID]),
    ("anna@example.org, bill@example.org", [SAID]),  # two addresses
    ("Anna Nováková", [SAID]),  # not an email
    ("anna@", [SAID]),
    ("@example.org", [SAID]),
    ("anna@example", [SAID]),
]
IDS = ["overlong", "nul", "header-lf", "header-crlf", "two", "name", "no-domain", "no-user"]
IDS += ["no-tld"]


@pytest.mark.parametrize("value, said", HOSTILE, ids=IDS)
def test_the_players_fields_refuse_it_at_the_field(value, said):
    for form in (
        PlayerFieldsForm(data={"name": "Zoe", "email": value}),
        PlayerEmailForm(data={"email": value}),
    ):
        assert not form.is_valid()
        assert form.errors == {"email": said}


@pytest.mark.parametrize("value, said", HOSTILE, ids=IDS)
def test_the_service_refuses_it_at_the_field(value, said, organizer, table):
    anna = Player.objects.get(name="Anna")
    with pytest.raises(services.FormError) as refused:
        set_player_email(organizer, anna, value)
    assert refused.value.fields == {"email": [SAID]}
    assert Player.objects.get(name="Anna").email == ""


@pytest.mark.parametrize("value, said", [h for h in HOSTILE if "\x00" not in h[0]])
def test_the_register_form_refuses_it_at_the_field(client, organizer, event, value, said):
    client.force_login(organizer)
    url = reverse("event-players", args=[event.pk])
    response = client.post(url, {"name": "Zoe", "email": value})
    assert response.status_code == 200
    assert response.context["form"].errors == {"email": said}
    assert not Player.objects.filter(name="Zoe").exists()


def test_a_nul_posted_is_refused_before_any_form(client, organizer, event):
    client.force_login(organizer)
    url = reverse("event-players", args=[event.pk])
    response = client.post(url, {"name": "Zoe", "email": "zoe\x00@example.org"})
    assert response.status_code == 400
    assert not Player.objects.filter(name="Zoe").exists()


def test_a_new_player_registered_with_an_address(client, organizer, event):
    client.force_login(organizer)
    url = reverse("event-players", args=[event.pk])
    response = client.post(url, {"name": "Zoe", "email": " zoe@example.org "}, follow=True)
    assert [str(m) for m in response.context["messages"]] == ["Zoe registered."]
    assert Player.objects.get(name="Zoe").email == "zoe@example.org"
    assert AddPlayerForm().fields["email"].required is False


def exported(event):
    return json.loads(json.dumps(exchange.export_event(event)))


def test_the_players_csv_carries_the_address_and_a_new_player_gets_it_back(
    client, organizer, table
):
    """The players CSV (organizers only, as the event's file) says each address, and
    the players import reads it back: a new player is given theirs."""
    event = table.round.event
    set_player_email(organizer, Player.objects.get(name="Anna"), "anna@example.org")
    client.force_login(organizer)
    body = client.get(reverse("event-download", args=[event.pk, "players.csv"]))
    lines = body.content.decode().lstrip("\ufeff").splitlines()
    assert lines[:3] == [
        "name,club,notes,categories,email",
        "Anna,,,,anna@example.org",
        "Bill,,,,",
    ]
    other = services.create_event(organizer, name="Again", date=event.date, ruleset="heun")
    renamed = "\n".join([lines[0], lines[1].replace("Anna", "Anna Nová", 1)])
    exchange.import_players_csv(renamed, other, organizer)
    assert Player.objects.get(name="Anna Nová").email == "anna@example.org"


def test_the_event_file_carries_the_address_and_an_older_file_still_imports(organizer, table):
    event = table.round.event
    set_player_email(organizer, Player.objects.get(name="Anna"), "anna@example.org")
    document = exported(event)
    players = {p["name"]: p for p in document["players"]}
    assert players["Anna"]["email"] == "anna@example.org"
    assert "email" not in players["Bill"]  # only where known, as older files have none
    # New players from a file get its addresses; an older file's have none.
    for p in document["players"]:
        p["name"] += " Nová"
    document["players"][1]["email"] = "bill.nova@example.org"
    table_document = document["rounds"][0]["tables"][0]
    table_document["seats"] = [name + " Nová" for name in table_document["seats"]]
    table_document["first_forehand"] += " Nová"
    document["event"]["name"] = "Heun parish night, again"
    exchange.import_event(document, organizer)
    assert dict(Player.objects.filter(name__endswith=" Nová").values_list("name", "email")) == {
        "Anna Nová": "anna@example.org",
        "Bill Nová": "bill.nova@example.org",
        "Čada Nová": "",
        "Dana Nová": "",
    }


@pytest.mark.parametrize("value, said", HOSTILE, ids=IDS)
def test_an_event_file_with_a_bad_address_is_refused(organizer, table, value, said):
    document = exported(table.round.event)
    document["players"][0]["email"] = value
    document["players"][0]["name"] = "Zoe"
    table_document = document["rounds"][0]["tables"][0]
    table_document["seats"][0] = table_document["first_forehand"] = "Zoe"
    before = Player.objects.count()
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_event(document, organizer)
    if "\x00" in value:  # the file's reader refuses a NUL in any text, first
        said = ["a NUL character (\\x00) is not allowed in text."]
        assert refused.value.message == f"player 1, email: {said[0]}"
    else:
        assert refused.value.message == f"player 1 ('Zoe'): email: {' '.join(said)}"
    assert Player.objects.count() == before


def test_an_email_that_is_not_text_in_a_file_is_refused(organizer, table):
    document = exported(table.round.event)
    document["players"][0]["email"] = ["anna@example.org"]
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_event(document, organizer)
    assert refused.value.message == "player 1: 'email' must be text."


def player_page(player):
    return reverse("player-detail", args=[player.pk])


def test_the_players_page_shows_the_address_to_their_organizers_only(
    client, organizer, other_organizer, stranger, table
):
    services.update_event(table.round.event, organizer, published=True)
    anna = Player.objects.get(name="Anna")
    set_player_email(organizer, anna, "anna@example.org")
    client.force_login(organizer)
    text = client.get(player_page(anna)).content.decode()
    assert 'value="anna@example.org"' in text
    assert 'Email address <span class="muted">(organizers only)</span>' in text
    for who in (other_organizer, stranger, None):
        client.logout()
        if who:
            client.force_login(who)
        text = client.get(player_page(anna)).content.decode()
        assert "anna@example.org" not in text
        assert 'id="player-email"' not in text
        response = client.post(player_page(anna), {"email": "x@example.org"})
        assert response.status_code == 403
    assert Player.objects.get(pk=anna.pk).email == "anna@example.org"


def test_an_organizer_changes_it_on_the_players_page(client, organizer, table):
    anna = Player.objects.get(name="Anna")
    client.force_login(organizer)
    response = client.post(player_page(anna), {"email": "a@b.c\nBcc: x@y.z"})
    assert response.context["email_form"].errors == {"email": [SAID]}
    response = client.post(player_page(anna), {"email": "anna@example.org"}, follow=True)
    assert [str(m) for m in response.context["messages"]] == ["Anna's email address saved."]
    assert Player.objects.get(pk=anna.pk).email == "anna@example.org"
    logged = ActivityEntry.objects.filter(action="set_player_email")
    assert [(e.event_id, e.detail) for e in logged] == [(table.round.event_id, {"player": "Anna"})]


def test_an_organizer_of_only_some_of_the_players_events_may_not(organizer, other_organizer, table):
    anna = Player.objects.get(name="Anna")
    theirs = services.create_event(
        other_organizer, name="Clarkson night", date=table.round.event.date, ruleset="la-vista"
    )
    services.register_player(theirs, other_organizer, player=anna)
    with pytest.raises(services.PermissionDenied) as refused:
        set_player_email(organizer, anna, "anna@example.org")
    assert refused.value.message == (
        "Only someone who organizes every event Anna is registered for, or an "
        "administrator, may change Anna's email address."
    )
