"""A moment in one form, wherever one is shown (issue 40): the local time of the
project's time zone (``settings.TIME_ZONE``: the club's), the zone named, so a deal's
page, its history, a printout and the ledger CSV say the same day and hour.

Pages say them through the ``moment`` and ``moment_time`` template filters
(``{% load words %}``); files and messages through these functions.

>>> import datetime
>>> late = datetime.datetime(2026, 11, 29, 5, 29, 32, tzinfo=datetime.UTC)
>>> moment(late), moment_time(late), moment_time(late, seconds=True)
('2026-11-28 23:29 CST', '23:29 CST', '23:29:32 CST')
>>> moment(datetime.datetime(2026, 7, 4, 1, 0, tzinfo=datetime.UTC))  # summer time
'2026-07-03 20:00 CDT'
>>> moment(None)
''
"""

from __future__ import annotations

import datetime

from django.utils import dateformat, timezone

# Django's date format letters: the date, the hour and the zone's abbreviation.
MOMENT = "Y-m-d H:i T"
TIME = "H:i T"
TIME_SECONDS = "H:i:s T"


# How far a phone's clock is believed: a deal kept up to a week before it reached the
# server (a phone offline all evening), or a few minutes after (a clock running fast).
KEPT_BEFORE = datetime.timedelta(days=7)
CLOCK_AHEAD = datetime.timedelta(minutes=5)


def phone_moment(text, received: datetime.datetime) -> datetime.datetime | None:
    """When a phone says it kept a deal (an ISO date-time by its own clock, as a page
    script's ``new Date().toISOString()`` gives it), if it can be believed of a deal that
    reached the server at ``received``; None for anything else.

    >>> at = datetime.datetime(2026, 11, 29, 4, 46, 42, tzinfo=datetime.UTC)
    >>> moment_time(phone_moment("2026-11-29T04:40:10.250Z", at), seconds=True)
    '22:40:10 CST'
    >>> [phone_moment(t, at) for t in ("2026-11-19T04:40:10Z", "2026-11-29T04:40", "soon")]
    [None, None, None]
    """
    try:
        value = datetime.datetime.fromisoformat(str(text or "")[:40])
    except ValueError:
        return None
    if value.tzinfo is None or not received - KEPT_BEFORE <= value <= received + CLOCK_AHEAD:
        return None
    return value


def local(value: datetime.datetime) -> datetime.datetime:
    """``value`` in the project's time zone."""
    return timezone.localtime(value)


def moment(value: datetime.datetime | None) -> str:
    """A moment with its day: 2026-11-28 23:29 CST ("" for none)."""
    return "" if value is None else dateformat.format(local(value), MOMENT)


def moment_time(value: datetime.datetime | None, seconds: bool = False) -> str:
    """A moment's time of day, the zone named: 23:29 CST (with ``seconds``, 23:29:32 CST)."""
    if value is None:
        return ""
    return dateformat.format(local(value), TIME_SECONDS if seconds else TIME)
