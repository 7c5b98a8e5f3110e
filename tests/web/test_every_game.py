"""Every ruleset through the services: tables of the game's sizes, deals with exact nets,
the dealer the game's rotation suggests, the ruleset select grouped by game."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import DealNet, Event, Player, ruleset_choices
from tournaments.queries import table_sheet
from tournaments.services.errors import DealError, ServiceError

from ..conftest import club_night, game_table
from .every_game import NAMES, event_post

pytestmark = pytest.mark.django_db


def suggested_deal(table):
    """The next deal the deal form's page offers (its dealer preselected)."""
    return table_sheet(table, cells=False).next_deal


def nets(deal) -> dict[str, int]:
    return {
        n.player.name: n.chips
        for n in DealNet.objects.filter(deal=deal, version=deal.version).select_related("player")
    }


def test_a_texas_table_of_four_records_a_deal_with_exact_nets(organizer):
    table = game_table(organizer, "texas-xix", NAMES[:4])
    deal = services.record_deal(
        table,
        {
            "ruleset": "texas-xix",
            "players": NAMES[:4],
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "povinost",
            "partner": "Čada",
            "called": "xix",
            "bidder_points": 60,
        },
        organizer,
    )
    assert nets(deal) == {"Anna": 3, "Bill": -3, "Čada": 3, "Dana": -3}
    assert (deal.kind, deal.bid, deal.bidder.name, deal.dealer.name) == (
        "played",
        "povinost",
        "Anna",
        "Dana",
    )
    assert deal.sitting_out is None


def test_texas_rotation_suggests_the_dealer_counter_clockwise(organizer):
    # Seats are stored in the order of play (counter-clockwise in Texas): forehand
    # Anna's dealer sits before her, and the previous forehand deals next.
    table = game_table(organizer, "texas-xix", NAMES[:4])
    assert suggested_deal(table).dealer == "Dana"
    services.record_deal(
        table,
        {
            "ruleset": "texas-xix",
            "players": NAMES[:4],
            "dealer": "Dana",
            "kind": "thrown_in",
        },
        organizer,
    )
    nxt = suggested_deal(table)
    assert (nxt.dealer, nxt.forehand, nxt.players) == (
        "Anna",
        "Bill",
        ("Bill", "Čada", "Dana", "Anna"),
    )


@pytest.mark.parametrize(
    "ruleset, n, extra, expected",
    [
        ("petrtyl-two", 2, {"talon": "first"}, {"Anna": 4, "Bill": -4}),
        ("petrtyl-three", 3, {"talon": "first"}, {"Anna": 8, "Bill": -4, "Čada": -4}),
        (
            "petrtyl",
            4,
            {"talon": "first", "partner": "Čada", "called": "clubs"},
            {"Anna": 4, "Bill": -4, "Čada": 4, "Dana": -4},
        ),
        (
            "petrtyl-five",
            5,
            {"partner": "Čada", "called": "clubs"},
            {"Anna": 12, "Bill": -6, "Čada": 6, "Dana": -6, "Emil": -6},
        ),
    ],
)
def test_petrtyl_tables_of_every_size_record_a_deal(organizer, ruleset, n, extra, expected):
    table = game_table(organizer, ruleset, NAMES[:n])
    doc = {
        "ruleset": ruleset,
        "players": NAMES[:n],
        "dealer": NAMES[n - 1],
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "bidder_points": 41,
        **extra,
    }
    deal = services.record_deal(table, doc, organizer)
    assert nets(deal) == expected
    # Everyone plays in Petrtyl: nobody sits out, and the forehand's dealer is the last seat.
    assert deal.sitting_out is None
    assert suggested_deal(table).dealer == "Anna"


@pytest.mark.parametrize(
    "ruleset, n, message",
    [
        ("texas-xix", 5, "A table seats four different players under texas-xix."),
        ("petrtyl-three", 4, "A table seats three different players under petrtyl-three."),
        ("la-vista", 3, "A table seats four or five different players under la-vista."),
    ],
)
def test_a_table_the_game_cannot_seat_is_refused(organizer, ruleset, n, message):
    event = club_night(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=name) for name in NAMES[:n]]
    with pytest.raises(ServiceError) as e:
        services.create_table(rnd, organizer, players)
    assert str(e.value) == message
    assert not rnd.tables.exists()


def test_a_sitting_out_player_is_refused_where_everyone_plays(organizer):
    table = game_table(organizer, "petrtyl-five", NAMES[:5])
    doc = {
        "ruleset": "petrtyl-five",
        "players": NAMES[:4],
        "sitting_out": "Emil",
        "dealer": "Emil",
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "bidder_points": 41,
    }
    with pytest.raises(DealError) as e:
        services.record_deal(table, doc, organizer)
    assert not table.deals.exists()
    assert [(err.field, err.message) for err in e.value.field_errors] == [
        ("sitting_out", "'sitting_out' is not a field of the petrtyl-five rules."),
    ]


def test_ruleset_choices_are_grouped_by_game_from_the_core():
    assert ruleset_choices() == [
        (
            "Nebraska Taroky",
            [("la-vista", "La Vista"), ("heun", "Heun"), ("clarkson", "Clarkson")],
        ),
        (
            "Petrtyl's Tarok of 1922",
            [
                ("petrtyl", "Petrtyl, four-handed"),
                ("petrtyl-five", "Petrtyl, five-handed"),
                ("petrtyl-three", "Petrtyl, three-handed"),
                ("petrtyl-two", "Petrtyl, two-handed"),
            ],
        ),
        (
            "Texas Tarok",
            [("texas-xix", "Texas XIX"), ("texas-xx", "Texas XX"), ("texas-king", "Texas King")],
        ),
    ]
    field = Event._meta.get_field("ruleset")
    assert "texas-king" in dict(field.flatchoices)


TEXAS_XIX_OPTIONS = {
    "house_rules_form": "1",
    "rule__texas-xix__uni_bonus": "2",
    "rule__texas-xix__two_trumps_bonus": "on",
    "rule__texas-xix__prever_back_value": "12",
}


def test_the_event_form_groups_rulesets_by_game_with_their_options(client, organizer):
    client.force_login(organizer)
    page = client.get("/events/new/").content.decode()
    assert page.count("<optgroup") == 3
    nebraska = page[page.index('<optgroup label="Nebraska Taroky">') :]
    assert nebraska.index('value="clarkson"') < nebraska.index('<optgroup label="Petrtyl')
    assert '<optgroup label="Texas Tarok">' in page
    # One fieldset per ruleset, with its source and description from the core.
    assert page.count('<fieldset class="house-rules"') == 10
    texas = page[page.index('data-ruleset="texas-xix"') :]
    texas = texas[: texas.index("</fieldset>")]
    assert 'Texas XIX <small class="muted">(003 §19.16)</small>' in texas
    assert "4 at a table, counter-clockwise." in texas
    assert (
        'name="rule__texas-xix__two_trumps_bonus" id="id_rule__texas-xix__two_trumps_bonus" checked'
        in texas
    )
    assert '<option value="4" selected>4</option>' in texas
    assert 'type="number" name="rule__texas-xix__prever_back_value"' in texas
    petrtyl = page[page.index('data-ruleset="petrtyl-three"') :]
    assert "No options besides the starting chips." in petrtyl[: petrtyl.index("</fieldset>")]
    assert "tournaments/event_form.js" in page


def test_house_rules_are_saved_from_the_generated_fields_of_the_chosen_ruleset(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/events/new/",
        event_post(
            # Another ruleset's fields (shown without JavaScript) are not read.
            **TEXAS_XIX_OPTIONS,
            **{"rule__la-vista__tarok1_last_rule": "nonsense", "house_rules": '{"a": 1}'},
        ),
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Texas night")
    assert (event.ruleset, event.house_rules) == (
        "texas-xix",
        {"uni_bonus": 2, "prever_back_value": 12},
    )
    assert (event.rules.uni_bonus, event.rules.called_trump_throw_in) == (2, False)
    # The edit form shows the event's house rules.
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    texas = page[page.index('data-ruleset="texas-xix"') :]
    assert '<option value="2" selected>2</option>' in texas[: texas.index("</fieldset>")]
    assert 'name="rule__texas-xix__prever_back_value" value="12"' in texas


def test_posted_house_rules_json_is_ignored(client, organizer):
    client.force_login(organizer)
    hostile = '{"a":' * 50_000 + "1" + "}" * 50_000
    response = client.post(
        "/events/new/", event_post(ruleset="petrtyl", house_rules=hostile, name="P")
    )
    assert response.status_code == 302
    assert Event.objects.get(name="P").house_rules == {}


def test_texas_kings_no_trick_bonuses_house_rule_on_the_event_form(client, organizer):
    """Contract 19 D3: texas-king pays no bonuses in a No Trick unless the house rule
    no_trick_bonuses; the event form shows it labelled from the core's option."""
    client.force_login(organizer)
    page = client.get("/events/new/").content.decode()
    king = page[page.index('data-ruleset="texas-king"') :]
    king = king[: king.index("</fieldset>")]
    # (Compared with its runs of white space made one: the partials indent it.)
    assert (
        '<p><label><input type="checkbox" name="rule__texas-king__no_trick_bonuses" '
        'aria-describedby="id_rule__texas-king__no_trick_bonuses_helptext" '
        'id="id_rule__texas-king__no_trick_bonuses"> Bonuses for holdings paid in a No Trick'
        '</label> <small class="muted">18.13 allows nothing but Contra to be said '
        "to a No Trick</small>"
    ) in " ".join(king.split())
    response = client.post(
        "/events/new/",
        event_post(
            name="King night",
            ruleset="texas-king",
            house_rules_form="1",
            **{
                "rule__texas-king__game_value": "stated",
                "rule__texas-king__no_trick_bonuses": "on",
            },
        ),
    )
    assert response.status_code == 302
    event = Event.objects.get(name="King night")
    assert event.house_rules == {"no_trick_bonuses": True}
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert 'id="id_rule__texas-king__no_trick_bonuses" checked>' in page


def test_a_texas_king_no_trick_pays_bonuses_only_under_the_house_rule(organizer):
    # Contract 19 D3: No Trick 1 from each; Bill's Trul 2 from each other player.
    doc = {
        "ruleset": "texas-king",
        "players": NAMES[:4],
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "no_trick",
        "bidder_took_a_trick": False,
        "bonuses": [{"player": "Bill", "kind": "trull"}],
    }
    table = game_table(organizer, "texas-king", NAMES[:4])
    with pytest.raises(DealError) as e:
        services.record_deal(table, doc, organizer)
    assert [(err.field, err.message) for err in e.value.field_errors] == [
        (
            "bonuses",
            "Bonuses for holdings are not paid in a No Trick: 18.13 allows nothing but Contra "
            "to be said to it. A club that pays them sets the house rule no_trick_bonuses.",
        )
    ]
    services.update_event(table.round.event, organizer, house_rules={"no_trick_bonuses": True})
    deal = services.record_deal(table, {**doc, "options": {"no_trick_bonuses": True}}, organizer)
    assert nets(deal) == {"Anna": 1, "Bill": 5, "Čada": -3, "Dana": -3}


@pytest.mark.parametrize(
    "ruleset, seats, intro, second",
    [
        (
            "texas-xix",
            ["Seat 1", "Seat 2 (right of 1)", "Seat 3", "Seat 4"],
            "Seat the players counter-clockwise. Four play at a table.",
            "right",
        ),
        (
            "petrtyl-two",
            ["Seat 1", "Seat 2 (left of 1)"],
            "Seat the players clockwise. Two play at a table.",
            "left",
        ),
        (
            "la-vista",
            ["Seat 1", "Seat 2 (left of 1)", "Seat 3", "Seat 4", "Seat 5 (optional)"],
            "Seat the players clockwise. With five, the dealer sits out each deal.",
            "left",
        ),
    ],
)
def test_the_table_form_seats_the_games_players(client, organizer, ruleset, seats, intro, second):
    event = club_night(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    client.force_login(organizer)
    response = client.get(f"/rounds/{rnd.pk}/tables/new/")
    form = response.context["form"]
    assert [form[name].label for name in form.seat_names] == seats
    assert [f.required for f in list(form.fields.values())[: len(seats)]] == [
        i < min(len(seats), 4 if ruleset == "la-vista" else len(seats)) for i in range(len(seats))
    ]
    assert f'<p class="muted">{intro}</p>' in response.content.decode()


def test_a_petrtyl_table_of_two_is_set_up_through_the_form(client, organizer):
    event = club_night(organizer, "petrtyl-two")
    rnd = services.create_round(event, organizer)
    anna, bill = (Player.objects.create(name=n) for n in ("Anna", "Bill"))
    for p in (anna, bill):
        event.registrations.create(player=p)
    client.force_login(organizer)
    response = client.post(f"/rounds/{rnd.pk}/tables/new/", {"seat1": anna.pk, "seat2": bill.pk})
    assert response.status_code == 302
    table = rnd.tables.get()
    assert [s.player.name for s in table.seats.order_by("position")] == ["Anna", "Bill"]


def test_the_draw_seats_tables_of_three_for_petrtyl_three(organizer):
    event = club_night(organizer, "petrtyl-three")
    players = [Player.objects.create(name=f"Player {i}") for i in range(10)]
    for p in players:
        event.registrations.create(player=p)
    rnd = services.create_round(event, organizer)
    draw = services.draw_seating(rnd, organizer, seed=5)
    assert [len(t) for t in draw.tables] == [3, 3, 3]
    assert len(draw.byes) == 1
    assert [t.seats.count() for t in rnd.tables.order_by("number")] == [3, 3, 3]
    assert rnd.byes.count() == 1


def test_the_draw_needs_the_games_smallest_table(organizer):
    event = club_night(organizer, "petrtyl-two")
    event.registrations.create(player=Player.objects.create(name="Anna"))
    rnd = services.create_round(event, organizer)
    with pytest.raises(ServiceError, match="At least two players must be present"):
        services.draw_seating(rnd, organizer, seed=1)


def test_the_deal_form_opens_the_card_point_counter_of_its_game(client, organizer):
    table = game_table(organizer, "texas-xx", NAMES[:4])
    client.force_login(organizer)
    html = client.get(reverse("deal-create", args=[table.pk])).content.decode()
    counter = reverse("card-points")
    deal_url = reverse("deal-create", args=[table.pk])
    assert f'href="{counter}?ruleset=texas-xx&amp;back={deal_url}"' in html
