"""Every ruleset through the services: tables of the game's sizes, deals with exact nets,
the dealer the game's rotation suggests, the ruleset select grouped by game."""

import datetime

import pytest

from tournaments import services
from tournaments.models import DealNet, Event, Player, ruleset_choices
from tournaments.queries import suggested_deal
from tournaments.services.errors import DealError, ServiceError

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil"]


def make_event(organizer, ruleset, **fields):
    return services.create_event(
        organizer,
        name=f"{ruleset} night",
        date=datetime.date(2026, 11, 20),
        kind=Event.Kind.CLUB_NIGHT,
        ruleset=ruleset,
        house_rules={},
        starting_chips=100,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        **fields,
    )


def seat(organizer, ruleset, n, first_forehand=0):
    event = make_event(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=name) for name in NAMES[:n]]
    table = services.create_table(rnd, organizer, players, first_forehand=players[first_forehand])
    return table


def nets(deal) -> dict[str, int]:
    return {
        n.player.name: n.chips
        for n in DealNet.objects.filter(deal=deal, version=deal.version).select_related("player")
    }


def test_a_texas_table_of_four_records_a_deal_with_exact_nets(organizer):
    table = seat(organizer, "texas-xix", 4)
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
    table = seat(organizer, "texas-xix", 4, first_forehand=0)
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
    table = seat(organizer, ruleset, n)
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
    event = make_event(organizer, ruleset)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=name) for name in NAMES[:n]]
    with pytest.raises(ServiceError) as e:
        services.create_table(rnd, organizer, players)
    assert str(e.value) == message
    assert not rnd.tables.exists()


def test_a_sitting_out_player_is_refused_where_everyone_plays(organizer):
    table = seat(organizer, "petrtyl-five", 5)
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
