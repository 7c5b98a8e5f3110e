"""What pages, printouts and files say of the models: values in words. The models hold
the data and its rules; how a page says them is here (and in the ``words`` template
filters, which read it)."""

from __future__ import annotations

import re

from django.core.exceptions import FieldDoesNotExist
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.utils.text import slugify

import taroky_scoring as core

from .models import (
    POT_ACCOUNT,
    TABLE_LINK_USERNAME,
    ActivityEntry,
    Deal,
    DealVersion,
    Event,
    RejectedVersion,
    Season,
    Table,
)


def time_of_day(moment) -> str:
    """A time of day as the hall's clock says it, in the event's time zone: 19:02."""
    return f"{timezone.localtime(moment):%H:%M}"


def counted(n: int, word: str) -> str:
    """A number of things, one in the singular.

    >>> counted(1, "deal"), counted(2, "deal"), counted(0, "event")
    ('1 deal', '2 deals', '0 events')
    """
    return f"{n} {word}{pluralize(n)}"


def listed(items: list[str]) -> str:
    """Items as a sentence says them.

    >>> listed(["Anna"]), listed(["Anna", "Bill"]), listed(["Anna", "Bill", "Čada"])
    ('Anna', 'Anna and Bill', 'Anna, Bill and Čada')
    """
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]]))


# -- a deal and its ledger rows, in the words of its own game -------------------------
# What a deal stores (kind, bid, each row's reason) are every game's values; Django's
# get_FOO_display would say them in the union's words, not the deal's game's.


def kind_words(deal: Deal) -> str:
    """The deal's kind in the words of its game (read from its document: no query)."""
    return deal.game.kind_label(deal.kind)


def bid_words(deal: Deal) -> str:
    """The deal's bid in the words of its game; "" when nobody bid."""
    return deal.game.bid_label(deal.bid) if deal.bid else ""


def reason_words(reason: str, game: core.Game) -> str:
    """Why a ledger row's chips moved, in the words of ``game``, its event's (a page
    lists one event's rows: the caller has the game, no row queries its event)."""
    return game.reason_label(reason)


POT_WORDS = "the pot"


def account_words(account: str) -> str:
    """A side of a transfer as pages say it: a player's name, or "the pot" (exports and
    imports keep the core's account name, ``POT_ACCOUNT``)."""
    return POT_WORDS if account == POT_ACCOUNT else account


def sender_words(rejected: RejectedVersion) -> str:
    """Who sent a version that was not saved, as pages say it (select ``sent_by``)."""
    return "the table link" if rejected.via_link else rejected.sender


def author_words(username: str, table: Table | None = None) -> str:
    """Who entered a deal's version (its ``created_by``, or an imported version's
    author), as pages say it: a user's name, or the table's link for the account a
    link's deals are filed under, never that account's name.

    >>> author_words("org"), author_words("table-link"), author_words("table-link", Table(number=2))
    ('org', "the table's link", "Table 2's link")
    """
    if username != TABLE_LINK_USERNAME:
        return username
    return f"{table}'s link" if table is not None else "the table's link"


# A New pot version's reason, which the app writes (``services.corrections``): the
# deal whose correction or void moved the pot, and the verb. Read back to say who made
# the version (``version_author_words``).
REPOT_REASON = "The pot changed: deal {number} was {verb}"
REPAIRED_POT_REASON = "The pot the ledger holds (repaired)"
_REPOT_CAUSE = re.compile(r"The pot changed: deal (\d+) was (corrected|voided)")
_REPOT_VERB = {"corrected": "the correction", "voided": "the voiding"}


def version_author_words(version: DealVersion, table: Table | None = None) -> str:
    """Who made a deal's version, as the deal's history says it: a New pot version was
    made by the app (after the correction or the void of an earlier deal, which it
    names, or at an organizer's repair of the pots), any other by whoever entered it
    (``author_words``).

    >>> new_pot = DealVersion(action="repotted", reason="The pot changed: deal 3 was corrected")
    >>> version_author_words(new_pot)
    'the app, after the correction of deal 3'
    >>> version_author_words(DealVersion(action="repotted", reason=REPAIRED_POT_REASON))
    'the app, at a repair of the pots'
    """
    if version.action != DealVersion.Action.REPOTTED:
        return author_words(version.created_by.get_username(), table)
    cause = _REPOT_CAUSE.fullmatch(version.reason)
    if cause is None:
        return "the app, at a repair of the pots"
    return f"the app, after {_REPOT_VERB[cause[2]]} of deal {cause[1]}"


def session_end_words(event: Event) -> str:
    """How a table's session ends, as the event's page says it."""
    if event.session_end == Event.SessionEnd.FIXED_DEALS:
        n = event.deals_per_session
        return f"{n} deal{pluralize(n)} per table"
    if event.session_end == Event.SessionEnd.TIMED:
        return (
            "rounds on the clock: a table's session ends at the round's bell, "
            "after the deal in progress"
        )
    return "a table's session ends when a player runs out of chips"


def session_length_words(event: Event) -> str:
    """How long a table's session is, in the director's short words."""
    if event.session_end == Event.SessionEnd.FIXED_DEALS:
        return f"{counted(event.deals_per_session, 'deal')} a table"
    if event.session_end == Event.SessionEnd.TIMED:
        return "until the round's bell and the deal in progress then"
    return "until a player runs out of chips"


def deals_played(count: int, event: Event) -> str:
    """A table's deals so far, out of the session's when it has a fixed number: 3 / 20."""
    if event.session_end == Event.SessionEnd.FIXED_DEALS:
        return f"{count} / {event.deals_per_session}"
    return str(count)


def below_zero_words(event: Event) -> str:
    """What a sheet adds when a player is below zero before the session's end: only a
    session of a fixed number of deals goes on regardless."""
    if event.session_end != Event.SessionEnd.FIXED_DEALS:
        return ""
    n = event.deals_per_session
    return f"The session goes on to its {n} deal{pluralize(n)}; settle the debt as the club does."


def house_rules_words(event: Event) -> list[str]:
    """The event's house rules, each in the words of its game's option."""
    return event.game.house_rules_words(event.house_rules)


# -- a season ---------------------------------------------------------------------------


def year_not_named(season: Season) -> str:
    """The season's year where its name does not say it already ("" for "Fall club
    season 2026"): shown beside the name, and in its files' names."""
    year = f"{season.start_date:%Y}"
    return "" if year in season.name else year


def season_file_stem(season: Season) -> str:
    """The start of its downloads' file names.

    >>> from datetime import date
    >>> season_file_stem(Season(name="Fall club season 2026", start_date=date(2026, 9, 3)))
    'fall-club-season-2026'
    >>> season_file_stem(Season(name="Sokol series", start_date=date(2027, 1, 7)))
    'sokol-series-2027'
    """
    return "-".join(filter(None, [slugify(season.name) or "season", year_not_named(season)]))


# A season's tie-breaks: the form says each by its choice's label; the season's sentence
# by the label's first part ("head-to-head"); the standings, of the player a tie-break
# set apart, by the tie-break classes (tournaments.tie_breaks).
def tie_break_words(tie_breaks) -> str:
    """``["chips", "head_to_head"]`` as "chips won over the season, then head-to-head".

    >>> tie_break_words(["chips", "head_to_head"])
    'chips won over the season, then head-to-head'
    """
    words = dict(Season.TieBreak.choices)
    return ", then ".join(words.get(b, str(b)).split(":")[0].lower() for b in tie_breaks or ())


def scoring_words(season: Season) -> str:
    """How the season ranks, in a sentence (its page and printouts)."""
    if season.basis == Season.Basis.PLACEMENT:
        table = ", ".join(str(p) for p in season.placement_points)
        said = f"Placement points per event ({table} for 1st, 2nd, ...)"
        if season.participation_points:
            said += f", {season.participation_points} for taking part"
    else:
        said = "Total chips won"
    if season.best_of is not None:
        best, of = season.best_of, counted(season.planned_events, "event")
        said += f"; each player's best {best} of {of} {'counts' if best == 1 else 'count'}"
    breaks = tie_break_words(season.tie_breaks)
    if breaks:
        said += f"; ties broken by {breaks}"
    said += "."
    if Season.TieBreak.HEAD_TO_HEAD in (season.tie_breaks or ()):
        said += (
            " Head-to-head is applied again among the players it leaves tied, until it "
            "parts nobody."
        )
    return said


def season_history_words(action: str, detail: dict) -> list[str]:
    """One change of a season (its ``ActivityEntry`` action and detail) in words, for its
    history: the scoring changed, published or not, events added or removed.

    >>> season_history_words("add_event", {"name": "Club night (2026-01-08)"})
    ['added Club night (2026-01-08)']
    >>> season_history_words("update_season", {"published": True, "changed": ["name"]})
    ['published the season', 'changed name']
    """
    if action != ActivityEntry.Action.UPDATE_SEASON:
        return [activity_words(action, {"name": "an event", **detail})]
    # What changed, which its detail says.
    said = scoring_change_words(detail.get("scoring") or {})
    if "published" in detail:
        said.append("published the season" if detail["published"] else "unpublished it")
    if detail.get("changed"):
        said.append("changed " + ", ".join(detail["changed"]))
    return said


def scoring_change_words(scoring: dict) -> list[str]:
    """A recorded change of the scoring ({field: [before, after]}) in the form's words:
    ``["count each player's best N events: 3 → 2"]``; a value the season no longer knows
    is said as it was stored.

    >>> scoring_change_words({"best_of": [3, 2], "participation_points": [0, 1]})
    ['points for taking part: 0 → 1', "count each player's best N events: 3 → 2"]
    """

    def said(name, value):
        if value in (None, "", []):
            return "none"
        if name == "basis":
            return dict(Season.Basis.choices).get(value, str(value))
        if name == "tie_breaks" and isinstance(value, list):
            return tie_break_words(value)
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return str(value)

    def label(name):
        try:
            return Season._meta.get_field(name).verbose_name
        except FieldDoesNotExist:
            return name

    # In the form's order: PostgreSQL's jsonb keeps a detail's keys by length.
    names = [n for n in Season.SCORING if n in scoring] + sorted(set(scoring) - set(Season.SCORING))
    return [
        f"{label(name)}: {said(name, scoring[name][0])} → {said(name, scoring[name][1])}"
        for name in names
    ]


# -- the activity log -------------------------------------------------------------------


class _Detail(dict):
    # Words an action says from its detail: "1 minute more", "5 minutes more".
    DERIVED = {"minutes_more": ("minutes", lambda n: f"{counted(n, 'minute')} more")}

    def __missing__(self, key: str) -> str:
        source, said = self.DERIVED.get(key, (None, None))
        if isinstance(self.get(source), int):
            return said(self.get(source))
        return "?"  # an entry written before its detail said it


def activity_words(action: str, detail: dict) -> str:
    """An entry of the activity log in its action's words (``ActivityEntry.Action``),
    filled in from its detail; an action no longer declared is said as it was stored.

    >>> activity_words("rename_player", {"player": 7, "from": "Anna", "to": "Anna Nováková"})
    'renamed Anna to Anna Nováková'
    >>> activity_words("close_round", {}), activity_words("renamed", {})
    ('closed round ?', 'renamed')
    >>> activity_words("extend_table", {"round": 2, "table": 3, "minutes": 1})
    'gave table 3 of round 2 1 minute more'
    >>> activity_words("extend_table", {"round": 2, "table": 3, "minutes": 5})
    'gave table 3 of round 2 5 minutes more'
    >>> activity_words("extend_table", {"round": 2, "table": 3})
    'gave table 3 of round 2 ?'
    """
    try:
        words = ActivityEntry.Action(action).label
    except ValueError:
        return action
    return words.format_map(_Detail(detail))
