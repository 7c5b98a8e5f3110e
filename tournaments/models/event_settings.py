"""How an event's tables play, how it ranks and whether it ranks teams: each setting
declared once, with its key, type, default, bounds and the words of its form field.

Everything else reads this declaration: the model's columns (``Setting.column``: the
words and default; the column's type and size are the model's) and its checks
(``clean``), the event form (its labels, help and the bounds it says), the event's
file (what it carries, the defaults of what it leaves out) and the activity log's
record of the settings fixed once the event has deals, which the ledger audit
compares. The formats (``FORMATS``) fill the ranking settings in one choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import models

import taroky_scoring as core

from . import ranking_settings, team_settings
from .ranking_settings import MAX_TABLE_POINTS, Ranking, SharedPlaces
from .team_settings import MAX_LODGE_BEST, TEAM_SIZES, TeamRanking

# The groups, in the event form's order. How the event ranks and its teams are fixed
# once the event has deals (its standings are read from them); the play is not.
PLAY, RANKING, TEAMS = "play", "ranking", "teams"
FIXED_GROUPS = (RANKING, TEAMS)

# The most chips a bye credits: as many as an event may start with (Event.MAX_CHIPS).
MAX_CHIPS = 100_000
MAX_DEALS_PER_SESSION = 1_000


class SessionEnd(models.TextChoices):
    FIXED_DEALS = core.SessionEnd.FIXED_DEALS.value, "After a fixed number of deals"
    OUT_OF_CHIPS = core.SessionEnd.OUT_OF_CHIPS.value, "When a player runs out of chips"
    TIMED = core.SessionEnd.TIMED.value, "At the round's bell (rounds on the clock)"


@dataclass(frozen=True)
class Setting:
    """One setting: ``kind`` is "choice" (one of ``choices``), "number" (a whole number
    from ``low`` to ``high``; ``why`` is said after the bounds) or "list" (a list or a
    table typed in fields of its own, checked by ``check``)."""

    key: str
    group: str
    kind: str
    default: object  # a value, or a function giving a new list or table
    label: str = ""  # the column's words, lower case (the form capitalizes them)
    help: str = ""
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    why: str = ""
    optional: bool = False  # a number that may be left empty (None)
    # Bounded where an organizer types it (the form, the file), not by the model: the
    # app's own load tests play sessions of 100,000 deals through the services.
    typed_bounds: bool = False
    check: Callable[[object], list[str]] | None = None  # more than its kind says

    @property
    def words(self) -> str:
        """Its label, as Django words a column without one."""
        return self.label or self.key.replace("_", " ")

    @property
    def fixed_once_dealt(self) -> bool:
        return self.group in FIXED_GROUPS

    def default_value(self):
        return self.default() if callable(self.default) else self.default

    def column(self, column_class, **column) -> models.Field:
        """The model's column of the setting: its words, choices and default from here,
        its type and size from the model. A label is passed only where it is not
        Django's own (the key's words), so the migrations' columns stay as they were."""
        if self.label:
            column["verbose_name"] = self.label
        if self.help:
            column["help_text"] = self.help
        if self.choices:
            column["choices"] = self.choices
        if self.optional:
            column.update(null=True, blank=True)
        return column_class(default=self.default, **column)

    def bounds_words(self) -> str:
        """>>> DECLARED["lodge_best"].bounds_words()
        'From 1 to 50.'
        """
        return f"From {self.low:,} to {self.high:,}{self.why}."

    def problems(self, value) -> list[str]:
        """What is wrong with ``value`` beyond its column's type (which the model's
        fields check): out of bounds, or refused by its ``check``."""
        if self.kind == "number":
            if self.typed_bounds:
                return []
            if isinstance(value, int) and not self.low <= value <= self.high:
                return [self.bounds_words()]
            return []
        return self.check(value) if self.check else []


def _team_sizes(value) -> list[str]:
    sizes = [n for n, _ in TEAM_SIZES]
    return [] if value in sizes else ["A team is 2 or 4 players."]


SETTINGS: tuple[Setting, ...] = (
    # -- how the tables play ---------------------------------------------------------
    Setting(
        "session_end",
        PLAY,
        "choice",
        SessionEnd.FIXED_DEALS,
        choices=tuple(SessionEnd.choices),
    ),
    Setting(
        "deals_per_session",
        PLAY,
        "number",
        20,
        help="For sessions of a fixed number of deals.",
        low=1,
        high=MAX_DEALS_PER_SESSION,
        optional=True,
        typed_bounds=True,
    ),
    Setting(
        "bye_chips",
        PLAY,
        "number",
        0,
        help="Chips a player is credited for a round with a bye (usually 0).",
        low=0,
        high=MAX_CHIPS,
        why=": a bye gives chips, it takes none away",
    ),
    # -- how the event ranks (tournaments.ranking) -----------------------------------
    Setting(
        "ranking",
        RANKING,
        "choice",
        Ranking.CHIPS,
        label="the event ranks by",
        choices=tuple(Ranking.choices),
    ),
    Setting(
        "table_points",
        RANKING,
        "list",
        ranking_settings.default_table_points,
        label="table points by table size",
        help="Each round, each table's places score these points, first place first.",
        check=ranking_settings.table_points_problems,
    ),
    Setting(
        "shared_places",
        RANKING,
        "choice",
        SharedPlaces.PLACE,
        label="players on equal chips at a table",
        choices=tuple(SharedPlaces.choices),
    ),
    Setting(
        "points_scale",
        RANKING,
        "number",
        10,
        label="chips per table point",
        help="Chips plus table points only: each table point counts as these chips.",
        low=0,
        high=MAX_TABLE_POINTS,
    ),
    Setting(
        "bye_points",
        RANKING,
        "number",
        0,
        help="Table points a player scores for a round with a bye.",
        low=0,
        high=MAX_TABLE_POINTS,
    ),
    Setting(
        "tie_breaks",
        RANKING,
        "list",
        ranking_settings.default_event_tie_breaks,
        label="ties broken by, in order",
        check=ranking_settings.tie_breaks_problems,
    ),
    # -- teams or lodges ranked beside the players (tournaments.teams) ---------------
    Setting(
        "team_ranking",
        TEAMS,
        "choice",
        TeamRanking.OFF,
        label="teams ranked beside the players",
        choices=tuple(TeamRanking.choices),
    ),
    Setting(
        "team_size",
        TEAMS,
        "choice",
        2,
        label="players a team",
        help="Teams only.",
        choices=TEAM_SIZES,
        check=_team_sizes,
    ),
    Setting(
        "lodge_best",
        TEAMS,
        "number",
        3,
        label="a lodge's best players counted",
        help="Lodges only: a player's lodge is their club or lodge as registered.",
        low=1,
        high=MAX_LODGE_BEST,
    ),
)
DECLARED: dict[str, Setting] = {s.key: s for s in SETTINGS}


def keys(*groups: str) -> tuple[str, ...]:
    """The settings of ``groups``, in the declaration's order."""
    return tuple(s.key for s in SETTINGS if s.group in groups)


def defaults(*groups: str) -> dict:
    return {s.key: s.default_value() for s in SETTINGS if s.group in groups}


def clean(event) -> None:
    """Every declared setting of ``event`` checked, each problem said at its field; then
    what depends on the event's rows (a team size its teams do not have)."""
    errors = {s.key: said for s in SETTINGS if (said := s.problems(getattr(event, s.key)))}
    if "team_size" not in errors:
        said = team_settings.teams_of_another_size(event)
        if said:
            errors["team_size"] = [said]
    if errors:
        raise ValidationError(errors)


@dataclass(frozen=True)
class Format:
    """A tournament format: the ranking settings it names, in one choice. Those it does
    not name take their declared defaults, so a format says how the event ranks whole
    (the teams and the play are the director's own)."""

    key: str
    title: str
    words: str  # what it sets, as the form's help and the guide say it
    sets: dict = field(default_factory=dict)

    def settings(self) -> dict:
        return {**defaults(RANKING), **self.sets}


FORMATS: tuple[Format, ...] = (
    Format(
        "czech_day",
        "Czech day",
        "table points 4/3/2/1 at four and 4/3/2/1/1 at five, shared places averaged, a "
        "bye 2 points, ties broken by table wins, then chips",
        {
            "ranking": Ranking.TABLE_POINTS,
            "table_points": {
                "2": [2, 1],
                "3": [3, 2, 1],
                "4": [4, 3, 2, 1],
                "5": [4, 3, 2, 1, 1],
            },
            "shared_places": SharedPlaces.AVERAGE,
            "bye_points": 2,
            "tie_breaks": ["table_wins", "chips"],
        },
    ),
    Format(
        "tirol_cup",
        "Tirol cup",
        "chips plus 10 chips a table point, ties broken by chips",
        {"ranking": Ranking.CHIPS_AND_POINTS, "points_scale": 10},
    ),
    Format("club_night", "Club night", "chips, ties shared", {"ranking": Ranking.CHIPS}),
)
FORMAT_BY_KEY: dict[str, Format] = {f.key: f for f in FORMATS}


def format_of(settings: dict) -> Format | None:
    """The format whose ranking settings ``settings`` has, if any."""
    ours = {key: settings.get(key) for key in keys(RANKING)}
    return next((f for f in FORMATS if f.settings() == ours), None)
