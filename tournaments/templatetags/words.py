"""The pages' words for the models' values (``tournaments.words``), as template filters:
``{% load words %}``."""

from django import template

from .. import moments, seat_holders, words

register = template.Library()

# A moment in one form on every page: local time, the zone named (tournaments.moments).
register.filter("moment", moments.moment)
register.filter("moment_time", moments.moment_time)
register.filter("moment_seconds", lambda value: moments.moment_time(value, seconds=True))

# The words of the models' values, each a filter of its own name.
for words_of in (
    words.account_words,
    words.author_words,
    words.below_zero_words,
    words.deals_played,
    words.house_rules_words,
    words.reason_words,
    words.scoring_words,
    words.sender_words,
    words.session_end_words,
    words.version_author_words,
    words.year_not_named,
):
    register.filter(words_of)
register.filter("seat_head", seat_holders.head_words)
