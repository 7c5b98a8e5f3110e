"""The registry of games: every ruleset has one game, which describes its document."""

import json

import pytest

from taroky_scoring import OutcomeError, game_for, games, listing, ruleset_names
from taroky_scoring.conditions import applies, when
from taroky_scoring.fields import Field
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


# -- issue 14: the words of what a deal stores, its sheet's columns, its seats ---------


def test_every_game_says_every_reason_it_can_post_in_its_own_words():
    from taroky_scoring.games.nebraska.payments import Reason
    from taroky_scoring.games.petrtyl.payments import PetrtylReason
    from taroky_scoring.games.texas.common import TexasReason

    enums = {"nebraska": Reason, "texas": TexasReason, "petrtyl": PetrtylReason}
    for game in games():
        said = dict(game.payment_reasons())
        assert set(said) == {r.value for r in enums[game.family or game.name]}, game.name
    words = {
        name: [game_for(name).reason_label(r) for r in ("game", "surrender", "two_trumps")]
        for name in ("la-vista", "texas-xix", "texas-xx", "texas-king", "petrtyl")
    }
    assert words == {
        "la-vista": ["Game", "Four surrendered", "two trumps"],  # not Nebraska's: as stored
        "texas-xix": ["Game", "Povinost thrown in", "Two trumps"],
        "texas-xx": ["Game", "Povinost thrown in", "Bid"],
        "texas-king": ["Game", "Povinost thrown in", "Two trumps"],
        "petrtyl": ["Game", "Four given up", "two trumps"],
    }
    assert game_for("petrtyl-three").reason_label("pot") == "Pot"
    assert game_for("petrtyl").reason_label("four_honours") == "four honours"


def test_kinds_and_bids_come_from_each_games_fields_and_its_declarations():
    assert game_for("la-vista").deal_kinds() == (
        ("played", "Played"),
        ("surrendered", "Four surrendered"),
        ("thrown_in", "Thrown in"),
        ("misdeal", "Misdeal"),
    )
    # Texas XIX's throw-in is a house rule: a stored one is still said in its words.
    assert dict(game_for("texas-xix").deal_kinds())["surrendered"] == (
        "Thrown in: the declarer drew the called trump"
    )
    assert "surrendered" not in dict(game_for("texas-xx").deal_kinds())
    assert game_for("texas-xx").deal_bids() == (
        ("povinost", "Povinost"),
        ("zebrak", "Zebrak"),
        ("ze_ruky", "Ze Ruky"),
        ("prever", "Prever"),
    )
    assert game_for("petrtyl-three").bid_label("grand_nullo") == "Grand Nullo"
    assert game_for("petrtyl-two").kind_label("surrendered") == "surrendered"  # not at two


FOUR = ["Anna", "Bill", "Cyril", "Dana"]


def test_nebraska_gives_its_sheet_columns_and_the_other_games_one_cell():
    from taroky_scoring.registry import Cell

    nebraska = game_for("heun")
    rules = nebraska.rules("heun")
    assert [(h.text, h.kind) for h in nebraska.sheet_headings(rules)] == [
        ("Bidder", "text"),
        ("Bid", "text"),
        ("Partner", "text"),
        ("Points", "num"),
        ("Valat", "text"),
        ("Bonuses", "text"),
        ("Declarations", "text"),
        ("Penalties", "text"),
    ]
    played = {"ruleset": "heun", "players": FOUR, "dealer": "Dana", "kind": "played"}
    played |= {"bidder": "Anna", "bid": "five", "kontra": "rekontra", "opponent_points": 29}
    played |= {"valat": None, "declarations": [{"player": "Bill", "kind": "four_kings"}]}
    assert nebraska.sheet_cells(played, rules) == [
        Cell("Anna"),
        Cell("Five, rekontra"),
        Cell("alone"),
        Cell("41:29", kind="num"),
        Cell(""),
        Cell(""),
        Cell("Bill: Four Kings"),
        Cell(""),
    ]
    thrown = {"ruleset": "heun", "players": FOUR, "dealer": "Dana", "kind": "thrown_in"}
    assert nebraska.sheet_cells(thrown, rules) == [
        Cell("", kind="note"),
        Cell("Thrown in", span=6, kind="note"),
        Cell("", kind="note"),
    ]
    assert nebraska.declarer_points(played, rules) == 41
    texas = game_for("texas-xix")
    doc = {"ruleset": "texas-xix", "players": FOUR, "kind": "played", "bidder": "Anna"}
    doc |= {"bid": "prever", "talon": "first", "opponent_points": 50}
    rules = texas.rules_of(doc)
    assert texas.sheet_headings(rules) == [Cell("Deal")]
    assert texas.sheet_cells(doc, rules) == [
        Cell("Played; Declarer: Anna; Bid: Prever; Talon: first three; Opponents' card points: 50")
    ]
    assert texas.declarer_points(doc, rules) == 56
    assert (
        texas.declarer_points({**doc, "kind": "thrown_in", "opponent_points": None}, rules) is None
    )


def test_nebraska_seats_are_the_games_table_sizes():
    from taroky_scoring.games.nebraska import outcome, rotation
    from taroky_scoring.rotation import number_word

    nebraska = game_for("la-vista")
    assert (nebraska.active_players, nebraska.table_sizes) == (4, (4, 5))
    assert (outcome.ACTIVE_PLAYERS, outcome.TABLE_SIZES) == (4, (4, 5))
    assert [number_word(n) for n in (2, 4, 6, 7)] == ["two", "four", "six", "7"]
    with pytest.raises(OutcomeError) as e:
        rotation.next_deal(FOUR[:3], nebraska.rules("la-vista"), first_forehand="Anna")
    assert e.value.errors[0].message == "A table seats four or five different players."
    with pytest.raises(OutcomeError) as e:
        nebraska.score({"ruleset": "la-vista", "players": FOUR[:3], "kind": "thrown_in"})
    assert e.value.errors[0].message == "Name exactly four active players, not 3."


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
