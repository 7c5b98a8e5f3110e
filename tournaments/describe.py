"""Deal outcomes in the game's own words: Nebraska's live with the game in the core
(``taroky_scoring.games.nebraska.words``); this module only names them for the web layer."""

from taroky_scoring.games.nebraska.words import (  # noqa: F401
    BLIND_SHORT,
    CALLED_WORDS,
    KIND_WORDS,
    KING_LAST_WORDS,
    TAROK1_WORDS,
    bid_words,
    bonus_words,
    declaration_words,
    partner_words,
    penalty_words,
    points_words,
    summary,
    valat_words,
)
