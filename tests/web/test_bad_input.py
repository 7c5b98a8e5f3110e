"""Hostile and clumsy input on the organizer's pages: a clear message, never a 500."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActivityEntry, ChipCount, Deal, Event, Player, Registration, Round

from ..conftest import played_doc
from .deal_forms import form_data

pytestmark = pytest.mark.django_db

HUGE_ID = "123456789012345678901"  # 21 digits: past any integer column


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize("value", ["", "Anna", "-1", "0", "99999", HUGE_ID, "1e3"])
def test_withdrawing_someone_unknown_says_so(org_client, tournament, value):
    url = reverse("event-players", args=[tournament.pk])
    response = org_client.post(url, {"withdraw": value}, follow=True)
    assert response.status_code == 200
    assert messages_of(response) == ["Choose a registered player to withdraw."]
    assert not Registration.objects.filter(withdrawn=True).exists()


def test_withdrawing_a_player_of_another_event_says_so(org_client, tournament, organizer, event):
    outsider = services.register_player(event, organizer, name="Zdeněk")
    url = reverse("event-players", args=[tournament.pk])
    response = org_client.post(url, {"withdraw": str(outsider.pk)}, follow=True)
    assert messages_of(response) == ["Choose a registered player to withdraw."]
    assert not Registration.objects.filter(withdrawn=True).exists()


def test_withdrawing_a_registered_player(org_client, tournament):
    anna = Player.objects.get(name="Anna")
    url = reverse("event-players", args=[tournament.pk])
    response = org_client.post(url, {"withdraw": str(anna.pk)}, follow=True)
    assert messages_of(response) == ["Anna withdrawn from later rounds."]
    assert list(Registration.objects.filter(withdrawn=True).values_list("player__name")) == [
        ("Anna",)
    ]


PREVER_BACK = "Prever back to the first three: fixed value must be from 1 to 100,000."
STARTING_CHIPS = "Starting chips must be from 1 to 100,000."
DEALS_PER_SESSION = "Deals per session must be from 1 to 1,000."
BYE_CHIPS = "Bye chips must be from 0 to 100,000: a bye gives chips, it takes none away."


def event_fields(**fields):
    data = {
        "name": "Heun parish night",
        "date": "2026-11-20",
        "venue": "Heun",
        "kind": "club_night",
        "ruleset": "la-vista",
        "house_rules": "{}",
        "starting_chips": "20",
        "session_end": "fixed_deals",
        "deals_per_session": "20",
        "paper_size": "letter",
        "bye_chips": "0",
    }
    data.update(fields)
    return data


@pytest.mark.parametrize(
    "fields, field, words",
    [
        # House rules are a form generated from the ruleset's options (no typed JSON):
        # a bad value is refused at its option's field.
        (
            {"house_rules_form": "1", "rule__la-vista__tarok1_last_rule": "nonsense"},
            "rule__la-vista__tarok1_last_rule",
            "Select a valid choice. nonsense is not one of the available choices.",
        ),
        (
            {"ruleset": "texas-xix", "house_rules_form": "1", "rule__texas-xix__uni_bonus": "3"},
            "rule__texas-xix__uni_bonus",
            "Select a valid choice. 3 is not one of the available choices.",
        ),
        (
            {
                "ruleset": "texas-xix",
                "house_rules_form": "1",
                "rule__texas-xix__uni_bonus": "4",
                "rule__texas-xix__prever_back_value": "0",
            },
            "rule__texas-xix__prever_back_value",
            PREVER_BACK,
        ),
        (
            {
                "ruleset": "texas-xix",
                "house_rules_form": "1",
                "rule__texas-xix__uni_bonus": "4",
                "rule__texas-xix__prever_back_value": str(2**31),
            },
            "rule__texas-xix__prever_back_value",
            PREVER_BACK,
        ),
        # Every number is bounded by the game (the core's least starting chips) or the
        # app, and its message says the bound in words, not Django's "Ensure this value
        # is less than or equal to 2147483647".
        ({"starting_chips": "0"}, "starting_chips", STARTING_CHIPS),
        ({"starting_chips": "-5"}, "starting_chips", STARTING_CHIPS),
        ({"starting_chips": str(2**31)}, "starting_chips", STARTING_CHIPS),
        ({"starting_chips": "100001"}, "starting_chips", STARTING_CHIPS),
        ({"deals_per_session": str(10**20)}, "deals_per_session", DEALS_PER_SESSION),
        ({"deals_per_session": "1001"}, "deals_per_session", DEALS_PER_SESSION),
        ({"deals_per_session": "-1"}, "deals_per_session", DEALS_PER_SESSION),
        ({"bye_chips": str(-(2**31) - 1)}, "bye_chips", BYE_CHIPS),
        # A bye credits chips: negative ones made no sense, and were taken.
        ({"bye_chips": "-1"}, "bye_chips", BYE_CHIPS),
        ({"bye_chips": "100001"}, "bye_chips", BYE_CHIPS),
    ],
)
def test_bad_event_settings_are_refused_at_their_field(org_client, event, fields, field, words):
    for url in (reverse("event-create"), reverse("event-edit", args=[event.pk])):
        response = org_client.post(url, event_fields(**fields))
        assert response.status_code == 200, url
        errors = response.context["form"].errors
        assert errors[field] == [words], errors
    assert Event.objects.count() == 1
    event.refresh_from_db()
    assert (event.house_rules, event.starting_chips) == ({}, 20)


def test_the_largest_numbers_an_event_takes_are_saved(org_client, event):
    fields = event_fields(starting_chips="100000", deals_per_session="1000", bye_chips="100000")
    response = org_client.post(reverse("event-edit", args=[event.pk]), fields)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.starting_chips, event.deals_per_session, event.bye_chips) == (
        100_000,
        1_000,
        100_000,
    )


def test_starting_chips_must_be_above_zero_in_the_service_too(organizer, event):
    with pytest.raises(services.ServiceError, match="starting_chips.*above 0"):
        services.update_event(event, organizer, starting_chips=0)


@pytest.mark.parametrize(
    "count, words",
    [
        ("-1", "A count must be from 0 to 1,000,000 chips."),
        (str(2**31), "A count must be from 0 to 1,000,000 chips."),
        (str(10**20), "A count must be from 0 to 1,000,000 chips."),
        ("1000001", "A count must be from 0 to 1,000,000 chips."),
        ("twenty", "Enter a whole number"),
    ],
)
def test_chip_counts_must_be_whole_numbers_of_chips_a_table_can_hold(
    org_client, table, count, words
):
    players = [s.player for s in table.seats.order_by("position")]
    data = {f"player_{p.pk}": "20" for p in players}
    data[f"player_{players[0].pk}"] = count
    response = org_client.post(reverse("chip-count", args=[table.pk]), data)
    assert response.status_code == 200
    assert any(words in e for e in response.context["form"].errors[f"player_{players[0].pk}"])
    assert ChipCount.objects.count() == 0


@pytest.fixture
def drawable_round(tournament, organizer):
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, list(Player.objects.all()))
    return rnd


SEED = "A seed must be from 0 to 999,999,999, as a random draw's is."


@pytest.mark.parametrize(
    "seed, words",
    [
        (str(2**63), SEED),
        (HUGE_ID, SEED),
        ("-1", SEED),
        # A seed the size of 2^63 was taken; a random draw's is below a billion.
        (str(10**9), SEED),
    ],
)
def test_a_draw_seed_out_of_range_is_refused(org_client, drawable_round, seed, words):
    response = org_client.post(
        reverse("round-detail", args=[drawable_round.pk]), {"draw": "1", "seed": seed}
    )
    assert response.status_code == 200
    assert response.context["draw_form"].errors["seed"] == [words]
    assert Round.objects.get(pk=drawable_round.pk).drawn_at is None


def test_the_largest_seed_draws(org_client, drawable_round):
    seed = 999_999_999
    response = org_client.post(
        reverse("round-detail", args=[drawable_round.pk]), {"draw": "1", "seed": str(seed)}
    )
    assert response.status_code == 302
    assert Round.objects.get(pk=drawable_round.pk).seed == seed


@pytest.mark.parametrize(
    "value, words",
    [
        (HUGE_ID, f"Select a valid choice. {HUGE_ID} is not one of the available choices."),
        ("-" + HUGE_ID, f"Select a valid choice. -{HUGE_ID} is not one of the available choices."),
        ("x", "“x” is not a valid value."),
    ],
)
def test_a_roll_call_with_an_impossible_player_id_is_refused(
    org_client, drawable_round, value, words
):
    anna = Player.objects.get(name="Anna")
    response = org_client.post(
        reverse("round-detail", args=[drawable_round.pk]),
        {"roll_call": "1", "present": [str(anna.pk), value]},
    )
    assert response.status_code == 200
    assert response.context["roll_call"].errors["present"] == [words]
    assert drawable_round.present.count() == 9


@pytest.mark.parametrize("value", [HUGE_ID, "x", ""])
def test_a_swap_with_an_impossible_player_id_is_refused(
    org_client, drawable_round, organizer, value
):
    services.draw_seating(drawable_round, organizer, 7)
    anna = Player.objects.get(name="Anna")
    response = org_client.post(
        reverse("round-detail", args=[drawable_round.pk]),
        {"swap": "1", "first": str(anna.pk), "second": value},
    )
    assert response.status_code == 200
    assert response.context["swap_form"].errors["second"]
    assert ActivityEntry.objects.filter(action="swap").count() == 0


@pytest.mark.parametrize(
    "path", ["events/{}/players/{}/statement/", "events/{}/players/{}/statement.pdf"]
)
def test_a_huge_id_in_a_url_is_not_found(client, tournament, path):
    response = client.get("/" + path.format(tournament.pk, HUGE_ID))
    assert response.status_code == 404
    assert client.get(f"/tables/{HUGE_ID}/").status_code == 404
    assert client.get(f"/deals/{HUGE_ID}/").status_code == 404


@pytest.mark.parametrize("number", [None, "", "0", "x", HUGE_ID])
def test_a_deal_form_without_its_number_is_refused(org_client, table, number):
    url = reverse("deal-create", args=[table.pk])
    response = org_client.post(url, form_data(number=number))
    assert response.status_code == 200
    assert response.context["form"].errors["__all__"] == [
        "The form has lost its deal number: reload the page and enter the deal again."
    ]
    assert "The form has lost its deal number" in response.content.decode()
    assert Deal.objects.count() == 0
    assert org_client.post(url, form_data()).status_code == 302
    assert Deal.objects.count() == 1


@pytest.mark.parametrize("version", ["", "one", "1.5", HUGE_ID])
def test_voiding_needs_the_version_the_page_showed(org_client, table, organizer, version):
    deal = services.record_deal(table, played_doc(), organizer)
    response = org_client.post(
        reverse("deal-void", args=[deal.pk]),
        {"expected_version": version, "reason": "Wrong table"},
        follow=True,
    )
    assert messages_of(response) == [
        "The form has lost the deal's version: reload the page and void the deal again."
    ]
    deal.refresh_from_db()
    assert (deal.voided, deal.version) == (False, 1)


def test_the_void_service_needs_the_version(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount")
    with pytest.raises(services.StaleDealError, match="changed by org"):
        services.void_deal(deal, organizer, "Wrong table", expected_version=1)
