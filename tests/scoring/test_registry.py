"""The registry of games: every ruleset has one game, which describes its document."""

import json

import pytest

from taroky_scoring import OutcomeError, game_for, games, listing, ruleset_names
from taroky_scoring.fields import Field, applies, when
from taroky_scoring.games.nebraska.outcome import FIELDS
from taroky_scoring.settlement import between_sides, side_pairs


def test_every_ruleset_belongs_to_one_game():
    names = ruleset_names()
    assert names[:3] == ["la-vista", "heun", "clarkson"]
    owners = {name: game_for(name).name for name in names}
    assert owners["la-vista"] == owners["heun"] == owners["clarkson"] == "nebraska"
    assert sum(len(g.presets) for g in games()) == len(names)


def test_unknown_ruleset_is_an_error_in_ruleset():
    with pytest.raises(OutcomeError) as e:
        game_for("prague")
    assert e.value.errors[0].field == "ruleset"
    assert e.value.errors[0].message.startswith("Unknown ruleset 'prague'. Choose one of: la-vista")


def test_listing_gives_game_source_players_and_options():
    entry = next(e for e in listing() if e["name"] == "heun")
    assert entry["game"] == "nebraska"
    assert entry["source"].startswith("001")
    assert (entry["players"], entry["table_sizes"], entry["order_of_play"]) == (
        4,
        [4, 5],
        "clockwise",
    )
    assert (entry["card_points"], entry["winning_points"]) == (70, 36)
    assert entry["options"]["next_dealer"] == "heun"
    kinds = {o["name"]: o["kind"] for o in entry["option_kinds"]}
    assert kinds == {
        "kontra_allowed": "bool",
        "tarok1_last_rule": "choice",
        "surrender_after": "choice",
        "next_dealer": "choice",
        "blind_half_to_lone_bidder": "choice",
        "starting_chips": "int",
    }
    json.dumps(listing())  # plain JSON for a page


def test_nebraska_reads_exactly_the_fields_it_describes():
    game = game_for("la-vista")
    described = game.fields(game.rules("la-vista"))
    assert tuple(f.name for f in described) == FIELDS
    as_json = json.loads(json.dumps([f.as_dict() for f in described]))
    blind = next(f for f in as_json if f["name"] == "blind")
    assert [c["value"] for c in blind["choices"]] == ["first", "second", "first_after_second"]
    assert blind["applies"] == {
        "all": [
            {
                "any": [
                    {"field": "kind", "in": ["played"]},
                    {"field": "kind", "in": ["surrendered"]},
                ]
            },
            {"field": "bid", "in": ["four", None]},
        ]
    }


def test_kontra_choices_follow_the_rules():
    game = game_for("clarkson")
    kontra = next(f for f in game.fields(game.rules("clarkson")) if f.name == "kontra")
    assert kontra.values == ("none",)
    kontra = next(f for f in game.fields(game.rules("la-vista")) if f.name == "kontra")
    assert kontra.values == ("none", "kontra", "rekontra")


def test_conditions_are_data():
    c = {"all": [when("kind", "played"), {"not": when("bid", "four")}]}
    assert applies(c, {"kind": "played", "bid": "five"}) is True
    assert applies(c, {"kind": "played", "bid": "four"}) is False
    assert applies({"any": [when("a", 1), when("b", None)]}, {"a": 2}) is True
    assert Field("x", "X", "bool").as_dict() == {
        "name": "x",
        "label": "X",
        "kind": "bool",
        "required": False,
        "applies": None,
    }


def test_two_against_three_settles_partner_with_the_opponent_after_him():
    # Contract section 12: five play; A and C against B, D, E in the order of play.
    assert side_pairs(["A", "B", "C", "D", "E"], "A", "C") == [("A", "B"), ("A", "E"), ("C", "D")]
    assert side_pairs(["A", "B", "C", "D", "E"], "D", "B") == [("D", "E"), ("D", "A"), ("B", "C")]
    lost = between_sides(["A", "B", "C", "D", "E"], "A", "C", False, 6, _Reason.GAME, "lost")
    assert [(t.payer, t.payee, t.chips) for t in lost] == [
        ("A", "B", 6),
        ("A", "E", 6),
        ("C", "D", 6),
    ]


class _Reason:
    class GAME:
        value = "game"


def test_score_help_for_each_ruleset_lists_its_fields():
    import io

    from taroky_scoring.cli import main

    for name in ruleset_names():
        out = io.StringIO()
        assert main(["score", "--help", "--ruleset", name], stdout=out) == 0
        text = out.getvalue()
        game = game_for(name)
        for f in game.fields(game.rules(name)):
            assert f"  {f.name} " in text
        assert f"Fields of the {name} rules" in text


def test_no_player_name_begins_with_hash_in_any_game():
    # '#pot' and the like are accounts, not players (contract section 12).
    from taroky_scoring import score

    nebraska = {"players": ["Anna", "Bill", "#pot", "Dana"], "kind": "thrown_in"}
    texas = {**nebraska, "ruleset": "texas-xx"}
    for doc in (
        nebraska,
        {**nebraska, "sitting_out": "#Emil", "players": ["A", "B", "C", "D"]},
        texas,
    ):
        with pytest.raises(OutcomeError) as e:
            score(doc)
        assert [(x.field, x.message) for x in e.value.errors] == [
            ("players", "A player's name may not begin with #.")
        ]


def test_every_ruleset_has_a_payment_table_for_its_blank_sheet():
    tables = {n: game_for(n).payment_table(game_for(n).rules(n)) for n in ruleset_names()}
    assert tables["clarkson"][2] == "No kontra or rekontra."
    assert "Hrb x2, Rhea x4, Contrec x8, Suprec x16" in tables["texas-xx"][1]
    assert tables["texas-xix"][-1].endswith("Uni 4, Two trumps 2.")
    assert tables["texas-king"][0].startswith("Game: Povenost 1, No Trick 1, Prever 1 / 2 / 4")
    king = game_for("texas-king")
    difference = king.payment_table(king.rules("texas-king", {"game_value": "difference"}))
    assert "No Trick 16" in difference[0]


def test_deal_seating_asks_the_game_who_plays_and_who_sits_out():
    nebraska = game_for("la-vista")
    five = ["Anna", "Bill", "Cyril", "Dana", "Emil"]
    seating = nebraska.deal_seating(five, "Bill")
    assert (seating.players, seating.sitting_out) == (("Cyril", "Dana", "Emil", "Anna"), "Bill")
    # Where everyone seated plays, the seats as they are, with or without a dealer.
    four = five[:4]
    assert nebraska.deal_seating(four, "Bill").players == tuple(four)
    assert nebraska.deal_seating(four, None).sitting_out is None
    # At five, who plays depends on the dealer: he must be named, at the dealer field.
    with pytest.raises(OutcomeError) as e:
        nebraska.deal_seating(five, None)
    assert [(x.field, x.message) for x in e.value.errors] == [
        ("dealer", "Choose who dealt this deal: the dealer sits out.")
    ]
    petrtyl_five = game_for("petrtyl-five")
    assert petrtyl_five.deal_seating(five, None).players == tuple(five)


def test_the_description_says_nobody_and_at_most_as_data():
    nebraska = game_for("la-vista")
    fields = {f.name: f for f in nebraska.fields(nebraska.rules("la-vista"))}
    assert fields["partner"].as_dict()["none_label"] == "Alone (own King or King in blind)"
    assert fields["penalties"].as_dict()["max_items"] == 1
    assert [c.label for c in fields["blind"].choices] == [
        "First half: 4",
        "Second half: 5",
        "First half after seeing the second: 6",
    ]
    clarkson = {f.name: f for f in nebraska.fields(nebraska.rules("clarkson"))}
    assert clarkson["kontra"].never and not fields["kontra"].never
    assert clarkson["kontra"].values == ("none",)
