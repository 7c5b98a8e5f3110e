"""Deal outcomes in the game's own words: Nebraska's live with the game in the core
(``taroky_scoring.games.nebraska.words``); this module only names them for the web layer."""

from taroky_scoring.games.nebraska.words import (  # noqa: F401
    KIND_WORDS,
    bid_words,
    bonus_words,
    declaration_words,
    partner_words,
    penalty_words,
    points_words,
    valat_words,
)
