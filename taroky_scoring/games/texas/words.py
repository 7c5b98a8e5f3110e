"""The Texas games' words: their doubling, why chips move, the bonuses' names the three
games share, the three of the talon a Prever takes (the settlement's explanations, the pages and
the statistics say them)."""

from __future__ import annotations

from enum import StrEnum

from ...doubling import Doubling

# The doubling of the game (and of an announcement), each game's words.
TEXAS = Doubling(("none", "contra", "re", "supre", "mort"))  # texas-xix, texas-king
TEXAS_XX = Doubling(("none", "hrb", "rhea", "contrec", "suprec"))


class TexasReason(StrEnum):
    """Why chips moved in a Texas deal."""

    GAME = "game"
    VALAT = "valat"
    PAGAT = "pagat"
    KING_LAST = "king_last"
    MOND_LOST = "mond_lost"
    SURRENDER = "surrender"
    EIGHT_TRUMPS = "eight_trumps"
    TEN_TRUMPS = "ten_trumps"
    TRULL = "trull"
    PANE = "pane"
    TRULL_PANE = "trull_pane"
    KRALE = "krale"
    ROSANNE_PANE = "rosanne_pane"
    SPJST = "spjst"
    TWO_TRUMPS = "two_trumps"
    NO_TRUMPS = "no_trumps"


# The bonuses' names the three games share; a game overrides those it says otherwise.
BONUS_NAMES = {
    "eight_trumps": "Taroky",
    "ten_trumps": "Tarocky",
    "trull": "Trull",
    "pane": "Pane",
    "trull_pane": "Trull Pane",
    "krale": "Krale",
    "rosanne_pane": "Rosanne Pane",
    "spjst": "SPJST",
    "two_trumps": "Two trumps",
    "no_trumps": "Uni",
}
# The words of the other reasons a transfer is paid for (the bonuses': their names).
REASON_WORDS = {
    TexasReason.GAME: "Game",
    TexasReason.VALAT: "Valat",
    TexasReason.PAGAT: "Pagat",
    TexasReason.KING_LAST: "King Last",
    TexasReason.MOND_LOST: "Mond (XXI) lost",
    TexasReason.SURRENDER: "Povinost thrown in",
}
TALON_WORDS = {
    "first": "first three",
    "second": "second three",
    "first_after_second": "back to the first three",
}
