"""The pages' words for the models' values (``tournaments.words``), as template filters:
``{% load words %}``."""

from django import template

from .. import moments, seat_holders, words

register = template.Library()

# A moment in one form on every page: local time, the zone named (tournaments.moments).
register.filter("moment", moments.moment)
register.filter("moment_time", moments.moment_time)
register.filter("moment_seconds", lambda value: moments.moment_time(value, seconds=True))

register.filter("account_words", words.account_words)
register.filter("author_words", words.author_words)
register.filter("below_zero_words", words.below_zero_words)
register.filter("deals_played", words.deals_played)
register.filter("house_rules_words", words.house_rules_words)
register.filter("reason_words", words.reason_words)
register.filter("scoring_words", words.scoring_words)
register.filter("seat_head", seat_holders.head_words)
register.filter("sender_words", words.sender_words)
register.filter("session_end_words", words.session_end_words)
register.filter("version_author_words", words.version_author_words)
register.filter("year_not_named", words.year_not_named)
