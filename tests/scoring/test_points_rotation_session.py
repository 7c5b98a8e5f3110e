import pytest

from taroky_scoring import (
    Clock,
    OutcomeError,
    PreviousDeal,
    SessionEnd,
    card_points,
    game_for,
    session_state,
)
from taroky_scoring.games.nebraska.outcome import Bid, DealKind
from taroky_scoring.games.nebraska.rotation import next_deal
from taroky_scoring.games.nebraska.rulesets import ruleset

POINTS = [
    # Seed 000: King-8-7 is 5 + 1 + 1 - 2 = 5.
    (3, ["king"], 5),
    # Seed 000: 21-Horseman-Jack is 5 + 3 + 2 - 2 = 8.
    (3, ["tarok21", "horseman", "jack"], 8),
    # Seed 000: three one-point cards are 1.
    (3, [], 1),
    # Seed 001: Jack + 3 + 4 of diamonds = 2.
    (3, ["jack"], 2),
    # Seed 001: Queen + "2" Tarok + Horseman = 6.
    (3, ["queen", "horseman"], 6),
    # Seed 001: King + Queen + "1" Tarok = 12.
    (3, ["king", "queen", "tarok1"], 12),
    # Seed 001's whole example: the four packets make 21 and the two cards left over
    # count their sum minus 1 under the contract (section 2): 22.
    (14, ["jack", "queen", "horseman", "king", "queen", "tarok1"], 22),
    # Contract section 2: 7 cards, K, Q and five 1-pointers -> 9.
    (7, ["king", "queen"], 9),
    # A single card left over counts its value minus 1: a King alone is 4.
    (1, ["king"], 4),
    (0, [], 0),
    # The whole deck is 70.
    (54, ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman", "jack"] * 4, 70),
]


@pytest.mark.parametrize("cards, counting, points", POINTS)
def test_card_points(cards, counting, points):
    assert card_points(cards, counting) == points


def test_two_piles_always_add_to_70():
    deck = ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman", "jack"] * 4
    for split in range(0, 55):
        counting_here = deck[: min(split, len(deck))]
        counting_there = deck[len(counting_here) :]
        assert card_points(split, counting_here) + card_points(54 - split, counting_there) == 70


@pytest.mark.parametrize(
    "cards, counting, field",
    [
        (55, [], "cards"),
        (-1, [], "cards"),
        ("seven", [], "cards"),
        (2, ["king", "king", "king"], "counting"),
        (10, ["skies", "skies"], "counting"),
        (10, ["king"] * 5, "counting"),
        (10, ["ace"], "counting"),
        (40, [], "cards"),  # only 35 plain cards in the deck
    ],
)
def test_impossible_piles(cards, counting, field):
    with pytest.raises(OutcomeError) as caught:
        card_points(cards, counting)
    assert caught.value.errors[0].field == field


SEATS = ["Anna", "Bill", "Cyril", "Dana"]


def test_first_deal_dealer_sits_right_of_the_tarok_2_holder():
    deal = next_deal(SEATS, ruleset(), first_forehand="Anna")
    assert (deal.dealer, deal.forehand, deal.players) == (
        "Dana",
        "Anna",
        ("Anna", "Bill", "Cyril", "Dana"),
    )


ROTATION = [
    # La Vista: the previous forehand deals (the turn passes clockwise).
    ("la-vista", PreviousDeal("Anna", DealKind.PLAYED, Bid.FOUR, "Dana"), "Bill"),
    ("la-vista", PreviousDeal("Anna", DealKind.PLAYED, Bid.FIVE, "Dana"), "Bill"),
    # Heun (seed 001): after a Four the bidder deals next...
    ("heun", PreviousDeal("Anna", DealKind.PLAYED, Bid.FOUR, "Dana"), "Dana"),
    # ... after a surrendered Four too (contract section 8) ...
    ("heun", PreviousDeal("Anna", DealKind.SURRENDERED, Bid.FOUR, "Cyril"), "Cyril"),
    # ... after a Five the player left of the last dealer.
    ("heun", PreviousDeal("Anna", DealKind.PLAYED, Bid.FIVE_OVER, "Dana"), "Bill"),
    # After a misdeal or a thrown-in deal the forehand deals, in every preset.
    ("heun", PreviousDeal("Anna", DealKind.MISDEAL), "Bill"),
    ("heun", PreviousDeal("Cyril", DealKind.THROWN_IN), "Dana"),
    ("clarkson", PreviousDeal("Dana", DealKind.MISDEAL), "Anna"),
]


@pytest.mark.parametrize("preset, previous, dealer", ROTATION)
def test_next_dealer(preset, previous, dealer):
    assert next_deal(SEATS, ruleset(preset), previous).dealer == dealer


def test_five_player_table_dealer_sits_out_and_rotation_covers_five_seats():
    seats = SEATS + ["Emil"]
    deal = next_deal(seats, ruleset(), first_forehand="Anna")
    assert (deal.dealer, deal.sitting_out, deal.players) == (
        "Emil",
        "Emil",
        ("Anna", "Bill", "Cyril", "Dana"),
    )
    dealers = []
    previous = None
    for _ in range(6):
        deal = next_deal(seats, ruleset(), previous, first_forehand="Anna")
        dealers.append(deal.dealer)
        previous = PreviousDeal(deal.dealer, DealKind.PLAYED, Bid.FIVE, deal.forehand)
    assert dealers == ["Emil", "Anna", "Bill", "Cyril", "Dana", "Emil"]


def test_heun_bidder_deals_next_at_a_five_player_table():
    seats = SEATS + ["Emil"]
    deal = next_deal(
        seats, ruleset("heun"), PreviousDeal("Emil", DealKind.PLAYED, Bid.FOUR, "Cyril")
    )
    assert (deal.dealer, deal.sitting_out, deal.forehand) == ("Cyril", "Cyril", "Dana")
    assert deal.players == ("Dana", "Emil", "Anna", "Bill")


def test_rotation_refuses_unknown_players():
    with pytest.raises(OutcomeError):
        next_deal(SEATS, ruleset())
    with pytest.raises(OutcomeError):
        next_deal(SEATS, ruleset(), PreviousDeal("Zdeněk", DealKind.MISDEAL))
    with pytest.raises(OutcomeError):
        next_deal(SEATS[:3], ruleset(), first_forehand="Anna")


SESSIONS = [
    # Out of chips: Anna at exactly zero is out; the session ends.
    (SessionEnd.OUT_OF_CHIPS, None, {"Anna": -20, "Bill": 20}, 7, (True, ("Anna",))),
    # Owing more than held: recorded in full, negative, still out.
    (SessionEnd.OUT_OF_CHIPS, None, {"Anna": -26, "Bill": 26}, 7, (True, ("Anna",))),
    # One chip left: still playing.
    (SessionEnd.OUT_OF_CHIPS, None, {"Anna": -19, "Bill": 19}, 7, (False, ())),
    # Fixed number of deals: ends at the limit, however the chips stand.
    (SessionEnd.FIXED_DEALS, 20, {"Anna": -2, "Bill": 2}, 20, (True, ())),
    (SessionEnd.FIXED_DEALS, 20, {"Anna": -30, "Bill": 30}, 19, (False, ("Anna",))),
]


@pytest.mark.parametrize("end, limit, net, deals, expected", SESSIONS)
def test_session_end(end, limit, net, deals, expected):
    state = session_state(20, net, deals, end, limit)
    assert (state.ended, state.out_of_chips) == expected
    assert state.reason == (end if expected[0] else None)


TIMED = [
    # No bell yet: plays on, whoever is out of chips.
    (Clock(), {"Anna": -30, "Bill": 30}, 12, (False, ("Anna",))),
    # The bell rang after 12 deals: the deal in progress (the 13th) is still played...
    (Clock(deals_at_bell=12), {"Anna": -2, "Bill": 2}, 12, (False, ())),
    # ... and then the session ends.
    (Clock(deals_at_bell=12), {"Anna": -2, "Bill": 2}, 13, (True, ())),
    # The director ended the table: at once, whatever was played.
    (Clock(stopped=True), {"Anna": -2, "Bill": 2}, 4, (True, ())),
]


@pytest.mark.parametrize("clock, net, deals, expected", TIMED)
def test_a_timed_session_ends_after_the_deal_in_progress_at_the_bell(clock, net, deals, expected):
    state = session_state(20, net, deals, SessionEnd.TIMED, clock=clock)
    assert (state.ended, state.out_of_chips) == expected
    assert state.reason == (SessionEnd.TIMED if expected[0] else None)


def test_presets_are_listed_with_their_options():
    listing = {r["name"]: r for r in game_for("la-vista").listing()}
    assert list(listing) == ["la-vista", "heun", "clarkson"]
    assert listing["la-vista"]["options"] == {
        "kontra_allowed": True,
        "tarok1_last_rule": "tarok1_wins",
        "surrender_after": "both_halves",
        "next_dealer": "forehand",
        "blind_half_to_lone_bidder": "with_king",
        "starting_chips": 20,
    }
    assert listing["heun"]["options"] == {
        "kontra_allowed": False,
        "tarok1_last_rule": "team_wins",
        "surrender_after": "any_half",
        "next_dealer": "heun",
        "blind_half_to_lone_bidder": "top",
        "starting_chips": 20,
    }
    assert listing["clarkson"]["options"]["kontra_allowed"] is False
    assert all(r["description"] for r in listing.values())


def test_house_rules_override_single_options():
    rules = ruleset("heun", {"tarok1_last_rule": "tarok1_wins", "starting_chips": 30})
    assert rules.tarok1_last_rule == "tarok1_wins"
    assert rules.starting_chips == 30
    assert rules.next_dealer == "heun"
