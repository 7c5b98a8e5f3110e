"""Renaming a player reaches every field of every game that holds a name, read from the
game's own description of its document (Papoose Last's player, a bonus's holder ...)."""

import taroky_scoring as core
from taroky_scoring.renaming import rename_players

P4 = ["Anna", "Bill", "Cyril", "Dana"]
TODAY = {"Cyril": "Cyril Kučera"}
NEW = ["Anna", "Bill", "Cyril Kučera", "Dana"]


def test_a_petrtyl_deal_is_renamed_in_papoose_last_and_declarations():
    doc = {
        "ruleset": "petrtyl",
        "players": P4,
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Cyril",
        "talon": "second",
        "bidder_points": 41,
        "pot": 8,
        "papoose_last": {"player": "Cyril", "announced": True, "outcome": "won"},
        "declarations": [{"player": "Cyril", "kind": "regiment"}],
    }
    renamed = rename_players(doc, TODAY)
    assert renamed == doc | {
        "players": NEW,
        "partner": "Cyril Kučera",
        "papoose_last": {"player": "Cyril Kučera", "announced": True, "outcome": "won"},
        "declarations": [{"player": "Cyril Kučera", "kind": "regiment"}],
    }
    assert core.score(renamed).net["Cyril Kučera"] == core.score(doc).net["Cyril"] == 18
    assert doc["papoose_last"]["player"] == "Cyril"  # the original is left as it was


def test_a_texas_deal_is_renamed_in_bonuses_and_the_lost_mond():
    doc = {
        "ruleset": "texas-king",
        "players": P4,
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povenost",
        "partner": "Bill",
        "called": "clubs",
        "bidder_points": 60,
        "mond_lost": "Cyril",
        "pagat": {"team": "bidder", "announced": False, "outcome": "won"},
        # Krale only by the declarer's side in a Povenost (section 13): Cyril's is a count.
        "bonuses": [
            {"player": "Cyril", "kind": "ten_trumps"},
            {"player": "Dana", "kind": "trull"},
        ],
    }
    renamed = rename_players(doc, TODAY)
    assert renamed == doc | {
        "players": NEW,
        "mond_lost": "Cyril Kučera",
        "bonuses": [
            {"player": "Cyril Kučera", "kind": "ten_trumps"},
            {"player": "Dana", "kind": "trull"},
        ],
    }
    core.score(renamed)  # every name is one of the deal's players


def test_an_invalid_document_renames_the_names_every_game_shares():
    doc = {"ruleset": "petrtyl", "options": {"nonsense": 1}, "players": P4, "bidder": "Cyril"}
    assert rename_players(doc, TODAY) == doc | {"players": NEW, "bidder": "Cyril Kučera"}
