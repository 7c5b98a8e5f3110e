"""Events, tables, deals and the append-only chip ledger.

A Deal stores the entered outcome as the scoring contract's JSON document (validated
by taroky_scoring on every save) plus the few indexed columns pages query. Every
change makes a DealVersion; LedgerEntry rows, and the DealNet rows that sum them per
player for standings, are never updated or deleted. Versions, ledger rows and nets
are append-only in the database too (tournaments/append_only.py: triggers).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import slugify

import taroky_scoring as core
from taroky_scoring.editions import RULES_EDITION
from taroky_scoring.settlement import POT

from .names import clean_name, fold


class PlayerQuerySet(models.QuerySet):
    """Bulk writes keep the stored spelling and the folded name and club as ``save``
    does."""

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for player in objs:
            player.clean_names()
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs, fields = list(objs), list(fields)
        for text, folded in Player.FOLDED.items():
            if text in fields:
                for player in objs:
                    setattr(player, text, clean_name(getattr(player, text)))
                    setattr(player, folded, fold(getattr(player, text)))
                fields.append(folded)
        return super().bulk_update(objs, fields, *args, **kwargs)

    def update(self, **kwargs):
        for text, folded in Player.FOLDED.items():
            if isinstance(kwargs.get(text), str):
                kwargs[text] = clean_name(kwargs[text])
                kwargs[folded] = fold(kwargs[text])
        return super().update(**kwargs)


class Player(models.Model):
    """A person in the registry; picked, not typed twice."""

    name = models.CharField(max_length=100, unique=True)
    club = models.CharField("club or town", max_length=100, blank=True)
    notes = models.TextField(blank=True)
    # ``names.fold(name)``: what the search and the look-alike check compare, indexed,
    # so neither reads the registry (a fold casefolds: "ß" is "ss", so it may be longer).
    folded = models.CharField(max_length=300, db_index=True, editable=False, default="")
    # ``names.fold(club)``: the search finds a club as it finds a name, on both databases.
    folded_club = models.CharField(max_length=300, editable=False, default="")

    objects = PlayerQuerySet.as_manager()

    # Each text a player's search compares, and its folded column.
    FOLDED = {"name": "folded", "club": "folded_club"}

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.clean_names()
        fields = kwargs.get("update_fields")
        if fields is not None:
            folded = {f for text, f in self.FOLDED.items() if text in fields}
            kwargs["update_fields"] = {*fields, *folded}
        super().save(*args, **kwargs)

    def clean_names(self) -> None:
        # One stored spelling however the name came in (admin, services, imports).
        self.name = clean_name(self.name)
        self.club = clean_name(self.club)
        self.folded = fold(self.name)
        self.folded_club = fold(self.club)


class FormerName(models.Model):
    """A name a player was known by before a rename: imports and lists of players that
    still say it find the player."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="former_names")
    name = models.CharField(max_length=100)
    folded = models.CharField(max_length=300, db_index=True)
    renamed_at = models.DateTimeField(auto_now_add=True)
    renamed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["renamed_at", "id"]
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return f"{self.name} (now {self.player})"

    def save(self, *args, **kwargs):
        self.name = clean_name(self.name)
        self.folded = fold(self.name)
        super().save(*args, **kwargs)


def ruleset_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every ruleset of the core, grouped by game: a callable, so a ruleset added to the
    core needs no migration here."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for entry in core.listing():
        title = core.game_for(entry["name"]).title
        groups.setdefault(title, []).append((entry["name"], entry["title"]))
    return list(groups.items())


# What a deal stores beside its document, every game's values: callables, so a game or
# ruleset added to the core needs no migration here. Pages say a value in the words of
# its own game (``Deal.get_kind_display`` and the like), not these.


def kind_choices() -> list[tuple[str, str]]:
    return core.registry.kind_choices()


def bid_choices() -> list[tuple[str, str]]:
    return core.registry.bid_choices()


def reason_choices() -> list[tuple[str, str]]:
    return core.registry.reason_choices()


def default_placement_points() -> list[int]:
    """Points for 1st, 2nd, 3rd ... of an event, as many clubs give them."""
    return [10, 8, 6, 5, 4, 3, 2, 1]


def default_tie_breaks() -> list[str]:
    return [Season.TieBreak.CHIPS, Season.TieBreak.EVENTS_WON, Season.TieBreak.HEAD_TO_HEAD]


class Season(models.Model):
    """A club's season or a tournament series: standings across its events, of any game.

    Its scoring (``SCORING``) says how the events count: the chips won, or placement
    points per event (a table for 1st, 2nd, ... and points for taking part), optionally
    only each player's best N of the M events, and ties broken in a stated order. The
    scoring is fixed once the season is published; every change is in the audit.
    """

    class Basis(models.TextChoices):
        CHIPS = "chips", "Total chips won"
        PLACEMENT = "placement", "Placement points per event"

    class TieBreak(models.TextChoices):
        CHIPS = "chips", "Chips won over the season"
        EVENTS_WON = "events_won", "Events won"
        HEAD_TO_HEAD = "head_to_head", "Head-to-head: placed above the other in more events"

    # Bounds an organizer's numbers must keep (a table of points is short and small).
    MAX_PLACES = 64
    MAX_POINTS = 10_000
    MAX_EVENTS = 1_000

    name = models.CharField(max_length=150)
    club = models.CharField("club or series", max_length=100, blank=True)
    start_date = models.DateField()
    end_date = models.DateField()
    basis = models.CharField(
        "the season ranks by", max_length=20, choices=Basis.choices, default=Basis.CHIPS
    )
    placement_points = models.JSONField(
        "points for 1st, 2nd, 3rd ...",
        default=default_placement_points,
        blank=True,
        help_text="Placement points only: the points of each place in an event.",
    )
    participation_points = models.PositiveIntegerField(
        "points for taking part",
        default=0,
        help_text="Placement points only: added for every event a player plays.",
    )
    planned_events = models.PositiveIntegerField(
        "events in the season (M)",
        null=True,
        blank=True,
        help_text="How many events the season has; needed to count the best N of them.",
    )
    best_of = models.PositiveIntegerField(
        "count each player's best N events",
        null=True,
        blank=True,
        help_text="Leave empty to count every event.",
    )
    tie_breaks = models.JSONField(
        "ties broken by, in order", default=default_tie_breaks, blank=True
    )
    published = models.BooleanField(
        default=False,
        help_text="Anyone may read the season's standings; its scoring is then fixed.",
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_seasons", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    # How the season ranks: fixed once it is published.
    SCORING = (
        "basis",
        "placement_points",
        "participation_points",
        "planned_events",
        "best_of",
        "tie_breaks",
    )
    # What an organizer sets on the season form and what an export carries.
    SETTINGS = ("name", "club", "start_date", "end_date", *SCORING, "published")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season-detail", args=[self.pk])

    @property
    def year_not_named(self) -> str:
        """The season's year where its name does not say it already ("" for "Fall club
        season 2026"): shown beside the name, and in its files' names."""
        year = f"{self.start_date:%Y}"
        return "" if year in self.name else year

    @property
    def file_stem(self) -> str:
        """The start of its downloads' file names.

        >>> import datetime
        >>> Season(name="Fall club season 2026", start_date=datetime.date(2026, 9, 3)).file_stem
        'fall-club-season-2026'
        >>> Season(name="Sokol series", start_date=datetime.date(2027, 1, 7)).file_stem
        'sokol-series-2027'
        """
        return "-".join(filter(None, [slugify(self.name) or "season", self.year_not_named]))

    def clean(self):
        errors: dict[str, list[str]] = {}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors.setdefault("end_date", []).append("The season ends on or after its start.")
        points = self.placement_points
        if not isinstance(points, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in points
        ):
            errors.setdefault("placement_points", []).append(
                "Give whole numbers of points, one a place: 10, 8, 6, 5."
            )
        elif any(p < 0 for p in points):
            errors.setdefault("placement_points", []).append("Points cannot be below 0.")
        elif any(p > self.MAX_POINTS for p in points) or len(points) > self.MAX_PLACES:
            errors.setdefault("placement_points", []).append(
                f"At most {self.MAX_PLACES} places of at most {self.MAX_POINTS:,} points."
            )
        if self.basis == self.Basis.PLACEMENT and not points and not self.participation_points:
            errors.setdefault("placement_points", []).append(
                "Give the points of at least the first place (or for taking part)."
            )
        for name in ("planned_events", "best_of"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                if value is not None:  # clean_fields says what it is not
                    errors.setdefault(name, [])
                continue
            if not 1 <= value <= self.MAX_EVENTS:
                errors.setdefault(name, []).append(f"From 1 to {self.MAX_EVENTS:,}.")
        if (
            self.best_of is not None
            and not errors.get("best_of")
            and "planned_events" not in errors
        ):
            if self.planned_events is None:
                errors.setdefault("planned_events", []).append(
                    "Give how many events the season has (M) to count the best N."
                )
            elif self.best_of > self.planned_events:
                errors.setdefault("best_of", []).append(
                    f"N ({self.best_of}) cannot be larger than the season's {self.planned_events} "
                    "events (M)."
                )
        breaks = self.tie_breaks
        known = set(self.TieBreak.values)
        if (
            not isinstance(breaks, list)
            or not all(isinstance(b, str) and b in known for b in breaks)
            or len(set(breaks)) != len(breaks)
        ):
            errors.setdefault("tie_breaks", []).append(
                f"Each of {', '.join(self.TieBreak.values)} at most once, in order."
            )
        errors = {name: said for name, said in errors.items() if said}
        if errors:
            raise ValidationError(errors)

    @property
    def counts_best(self) -> bool:
        return self.best_of is not None

    @property
    def scoring_words(self) -> str:
        """How the season ranks, in a sentence (its page and printouts)."""
        if self.basis == self.Basis.PLACEMENT:
            table = ", ".join(str(p) for p in self.placement_points)
            said = f"Placement points per event ({table} for 1st, 2nd, ...)"
            if self.participation_points:
                said += f", {self.participation_points} for taking part"
        else:
            said = "Total chips won"
        if self.best_of is not None:
            said += f"; each player's best {self.best_of} of {self.planned_events} events count"
        breaks = self.tie_break_words(self.tie_breaks)
        if breaks:
            said += f"; ties broken by {breaks}"
        said += "."
        if self.TieBreak.HEAD_TO_HEAD in (self.tie_breaks or ()):
            said += (
                " Head-to-head is applied again among the players it leaves tied, until it "
                "parts nobody."
            )
        return said

    @classmethod
    def tie_break_words(cls, tie_breaks) -> str:
        """``["chips", "head_to_head"]`` as "chips won over the season, then head-to-head"."""
        words = dict(cls.TieBreak.choices)
        return ", then ".join(words.get(b, str(b)).split(":")[0].lower() for b in tie_breaks or ())

    @classmethod
    def history_words(cls, action: str, detail: dict) -> list[str]:
        """One audited change of a season (``AuditEntry`` action and detail) in words, for
        its history: the scoring changed, published or not, events added or removed.

        >>> Season.history_words("add_event", {"name": "Club night (2026-01-08)"})
        ['added Club night (2026-01-08)']
        >>> Season.history_words("update_season", {"published": True, "changed": ["name"]})
        ['published the season', 'changed name']
        """
        if action == "create_season":
            return ["created the season"]
        if action == "add_event":
            return [f"added {detail.get('name', 'an event')}"]
        if action == "remove_event":
            return [f"removed {detail.get('name', 'an event')}"]
        said = cls.scoring_change_words(detail.get("scoring") or {})
        if "published" in detail:
            said.append("published the season" if detail["published"] else "unpublished it")
        if detail.get("changed"):
            said.append("changed " + ", ".join(detail["changed"]))
        return said

    @classmethod
    def scoring_change_words(cls, scoring: dict) -> list[str]:
        """An audited change of the scoring ({field: [before, after]}) in the form's
        words: ``["count each player's best N events: 3 → 2"]``; a value the season no
        longer knows is said as it was stored."""

        def said(name, value):
            if value in (None, "", []):
                return "none"
            if name == "basis":
                return dict(cls.Basis.choices).get(value, str(value))
            if name == "tie_breaks" and isinstance(value, list):
                return cls.tie_break_words(value)
            if isinstance(value, list):
                return ", ".join(str(v) for v in value)
            return str(value)

        def label(name):
            try:
                return cls._meta.get_field(name).verbose_name
            except FieldDoesNotExist:
                return name

        # In the form's order: PostgreSQL's jsonb keeps a detail's keys by length.
        names = [n for n in cls.SCORING if n in scoring] + sorted(set(scoring) - set(cls.SCORING))
        return [
            f"{label(name)}: {said(name, scoring[name][0])} → {said(name, scoring[name][1])}"
            for name in names
        ]


class Event(models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", "Club night"
        TOURNAMENT = "tournament", "Tournament"

    class SessionEnd(models.TextChoices):
        FIXED_DEALS = core.SessionEnd.FIXED_DEALS.value, "After a fixed number of deals"
        OUT_OF_CHIPS = core.SessionEnd.OUT_OF_CHIPS.value, "When a player runs out of chips"

    class PaperSize(models.TextChoices):
        LETTER = "letter", "US Letter"
        A4 = "a4", "A4"

    name = models.CharField(max_length=150)
    date = models.DateField()
    venue = models.CharField(max_length=150, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default="la-vista")
    house_rules = models.JSONField(
        default=dict,
        blank=True,
        help_text='Options overriding the ruleset, e.g. {"kontra_allowed": false}.',
    )
    starting_chips = models.PositiveIntegerField(default=20)
    session_end = models.CharField(
        max_length=20, choices=SessionEnd.choices, default=SessionEnd.FIXED_DEALS
    )
    deals_per_session = models.PositiveIntegerField(
        null=True, blank=True, default=20, help_text="For sessions of a fixed number of deals."
    )
    published = models.BooleanField(
        default=False, help_text="Anyone may read the standings and sheets of a published event."
    )
    paper_size = models.CharField(
        max_length=10,
        choices=PaperSize.choices,
        default=PaperSize.LETTER,
        help_text="Paper for the printouts.",
    )
    bye_chips = models.IntegerField(
        default=0,
        help_text="Chips a player is credited for a round with a bye (usually 0).",
    )
    table_deals_need_confirmation = models.BooleanField(
        "deals entered at a table need an organizer's confirmation",
        default=False,
        help_text="Deals entered through a table link count at once but show as "
        "unconfirmed until an organizer confirms them from the inbox.",
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_events", blank=True
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        help_text="The season whose standings the event counts in (at most one).",
    )
    players = models.ManyToManyField(
        Player, related_name="events", blank=True, through="Registration"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    # What an organizer sets on the event form and what an export carries.
    SETTINGS = (
        "name",
        "date",
        "venue",
        "kind",
        "ruleset",
        "house_rules",
        "starting_chips",
        "session_end",
        "deals_per_session",
        "published",
        "bye_chips",
        "paper_size",
        "table_deals_need_confirmation",
    )

    # What the event's deals are scored under (the core's ruleset and its options):
    # fixed once a deal is recorded, so no deal changes meaning after it was entered.
    FIXED_ONCE_DEALT = ("ruleset", "house_rules", "starting_chips")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.pk])

    def clean(self):
        if not isinstance(self.house_rules, dict):
            raise ValidationError(
                {"house_rules": 'House rules are a JSON object, e.g. {"kontra_allowed": false}.'}
            )
        try:
            core.registry.rules_for(self.ruleset, self.house_rules or None)
        except core.OutcomeError as e:
            raise ValidationError({"house_rules": [err.message for err in e.errors]}) from e
        except RecursionError:
            raise ValidationError({"house_rules": "The house rules nest too deeply."}) from None
        if isinstance(self.starting_chips, int):
            # The core says which starting chips a game can start from.
            try:
                core.registry.rules_for(self.ruleset, {"starting_chips": self.starting_chips})
            except core.OutcomeError as e:
                raise ValidationError({"starting_chips": [err.message for err in e.errors]}) from e
        if self.session_end == self.SessionEnd.FIXED_DEALS and not self.deals_per_session:
            raise ValidationError({"deals_per_session": "Give the number of deals a table plays."})

    @property
    def rules(self):
        """The ruleset with the event's house rules and starting chips applied."""
        options = dict(self.house_rules or {})
        options["starting_chips"] = self.starting_chips
        return core.registry.rules_for(self.ruleset, options)

    @property
    def game(self) -> core.Game:
        """The core's game of this event's ruleset (its table sizes, order of play, fields)."""
        return core.game_for(self.ruleset)

    @property
    def house_rules_words(self) -> list[str]:
        return self.game.house_rules_words(self.house_rules)

    @property
    def ruleset_listing(self) -> dict:
        """The core's listing of this event's ruleset (title, description, source): the
        same for every game, whatever its resolved rules carry."""
        return next(e for e in self.game.listing() if e["name"] == self.ruleset)

    @property
    def order_of_play(self) -> str:
        """ "clockwise" or "counter-clockwise": the game's, from the core."""
        return self.game.order_of_play

    def has_deals(self) -> bool:
        return Deal.objects.filter(table__round__event=self).exists()

    def deal_document_base(self) -> dict:
        """The ruleset part of every deal document of this event."""
        doc = {"ruleset": self.ruleset}
        if self.house_rules:
            doc["options"] = dict(self.house_rules)
        return doc


class Registration(models.Model):
    """A player registered for an event; withdrawn players are left out of later rounds."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    withdrawn = models.BooleanField(default=False)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_registration")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    present = models.ManyToManyField(
        Player, related_name="rounds_present", blank=True, help_text="The roll call."
    )
    byes = models.ManyToManyField(Player, related_name="rounds_with_bye", blank=True)
    seed = models.BigIntegerField(
        null=True, blank=True, help_text="The seating draw's seed; the same seed, same draw."
    )
    drawn_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the round was closed: its table links stop."
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    first_forehand = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who held the lowest tarok (2 up) in the first deal; deals come from "
        "the player to their right.",
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("table-sheet", args=[self.pk])

    @property
    def event(self) -> Event:
        return self.round.event


class Seat(models.Model):
    """A player's place at a table; positions run clockwise from 0."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["table", "player"], name="unique_seat_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table}"


class Deal(models.Model):
    """One deal at a table: its current outcome document and indexed facts."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    version = models.PositiveIntegerField(default=1, help_text="The current version's number.")
    document = models.JSONField(help_text="The scoring contract's deal document.")
    kind = models.CharField(max_length=20, choices=kind_choices)
    dealer = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sitting_out = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    bidder = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="deals_as_bidder"
    )
    bid = models.CharField(max_length=20, choices=bid_choices, blank=True)
    bidder_won = models.BooleanField(null=True)
    voided = models.BooleanField(default=False)
    # Who entered the current version when it came through a table link, and whether
    # it waits for an organizer's confirmation (the event's option); the confirmations
    # themselves are DealConfirmation rows.
    entered_via = models.ForeignKey(
        "TableLink", on_delete=models.PROTECT, null=True, blank=True, related_name="deals"
    )
    awaiting_confirmation = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_deal_number")
        ]
        indexes = [
            models.Index(fields=["bidder", "voided"]),
            # The organizer's inbox: the few deals that wait, across an event's tables.
            models.Index(
                fields=["awaiting_confirmation"],
                condition=Q(awaiting_confirmation=True),
                name="deals_awaiting_confirmation",
            ),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} at {self.table}"

    def save(self, *args, **kwargs):
        # The stored outcome is checked by the scoring core on every save that writes
        # it. A save of other columns (a void, a confirmation) leaves it as it stands:
        # one recorded under earlier rules may be refused by today's.
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "document" in update_fields:
            self.clean()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("deal-detail", args=[self.pk])

    def clean(self):
        try:
            core.parse_deal(self.document)
        except core.OutcomeError as e:
            raise ValidationError({"document": [str(err.message) for err in e.errors]}) from e

    @property
    def game(self) -> core.Game:
        """The core's game of the deal's own document (no query)."""
        return core.game_of_document(self.document)

    # The stored kind and bid in the words of the deal's game.
    def get_kind_display(self) -> str:
        return self.game.kind_label(self.kind)

    def get_bid_display(self) -> str:
        return self.game.bid_label(self.bid) if self.bid else ""


def rules_edition_now() -> int:
    """The edition of the rules the core scores by today (a new version's)."""
    return RULES_EDITION


class DealVersion(models.Model):
    """One version of a deal: what was entered, by whom, when and why."""

    class Action(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        CORRECTED = "corrected", "Corrected"
        # The same outcome with the pot the ledger now holds, after an earlier deal of
        # the table was corrected or voided: made by the app, not entered by anyone.
        REPOTTED = "repotted", "New pot"
        VOIDED = "voided", "Voided"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=20, choices=Action.choices)
    document = models.JSONField()
    reason = models.TextField(blank=True)
    # Documents store names; a player renamed later is still found by id here.
    names = models.JSONField(
        default=dict,
        help_text="The player id of every name in the document, as seated when saved.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # An imported version is created by the importing organizer, now; who entered it
    # and when, in the database it came from, are kept as recorded, never as our own.
    original_author = models.CharField(
        max_length=150, blank=True, help_text="Imported: the user name that entered it."
    )
    original_at = models.DateTimeField(
        null=True, blank=True, help_text="Imported: when it was entered."
    )
    # The core's rules edition it was scored under: a deal recorded under earlier rules
    # stands as it was paid (the audit notes it); versions before editions were kept: 1.
    rules_edition = models.PositiveSmallIntegerField(
        default=rules_edition_now,
        help_text="The scoring rules' edition it was scored under (1: before contract section 19).",
    )

    class Meta:
        ordering = ["deal", "number"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "number"], name="unique_deal_version")
        ]
        # Corrections and voids: what DealNet.objects.current() looks up.
        indexes = [
            models.Index(
                fields=["deal", "number"], condition=Q(number__gt=1), name="later_deal_versions"
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.number} ({self.action})"

    def player_ids(self) -> dict[str, int]:
        """Each name in the document and the id of the player it stands for."""
        return {name: int(pk) for name, pk in (self.names or {}).items()}


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError(f"{self.model.__name__} rows are append-only: post new rows instead.")

    def delete(self):
        raise TypeError(f"{self.model.__name__} rows are append-only: post new rows instead.")


class AppendOnly(models.Model):
    """Rows that are only ever added: a change posts new rows, never edits old ones."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise TypeError(f"{type(self).__name__} rows are append-only: post new rows instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} rows are append-only: post new rows instead.")


# The core's name for the table's pot account (a ledger side with no player), and the
# pages' words for it.
POT_ACCOUNT = POT
POT_WORDS = "the pot"


def account_words(account: str) -> str:
    """A side of a transfer as pages say it: a player's name, or "the pot"."""
    return POT_WORDS if account == POT_ACCOUNT else account


class LedgerEntry(AppendOnly):
    """One chip transfer. Rows are only ever added: corrections post reversals."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="ledger")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="ledger")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="ledger")
    deal_version = models.ForeignKey(DealVersion, on_delete=models.PROTECT, related_name="ledger")
    # Each side is one account: a player, or the table's pot (Petrtyl's games), said by
    # the *_is_pot flag with no player; the CHECK constraints below hold it so.
    payer = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="payments", null=True, blank=True
    )
    payee = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="receipts", null=True, blank=True
    )
    payer_is_pot = models.BooleanField(default=False)
    payee_is_pot = models.BooleanField(default=False)
    chips = models.PositiveIntegerField()
    reason = models.CharField(max_length=20, choices=reason_choices)
    explanation = models.CharField(max_length=300)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(condition=Q(chips__gt=0), name="ledger_chips_positive"),
            models.CheckConstraint(
                condition=~Q(payer=models.F("payee")), name="ledger_payer_is_not_payee"
            ),
            models.CheckConstraint(
                condition=Q(payer_is_pot=True, payer__isnull=True)
                | Q(payer_is_pot=False, payer__isnull=False),
                name="ledger_payer_is_one_account",
            ),
            models.CheckConstraint(
                condition=Q(payee_is_pot=True, payee__isnull=True)
                | Q(payee_is_pot=False, payee__isnull=False),
                name="ledger_payee_is_one_account",
            ),
            models.CheckConstraint(
                condition=~Q(payer_is_pot=True, payee_is_pot=True),
                name="ledger_pot_is_not_both_sides",
            ),
        ]
        indexes = [
            models.Index(fields=["event", "payer"]),
            models.Index(fields=["event", "payee"]),
        ]

    def __str__(self) -> str:
        return f"{self.payer_name} → {self.payee_name}: {self.chips} ({self.reason})"

    def get_reason_display(self) -> str:
        """Why the chips moved, in the words of the event's game (callers that list
        rows select the event with them)."""
        return self.event.game.reason_label(self.reason)

    @property
    def payer_name(self) -> str:
        return POT_ACCOUNT if self.payer_is_pot else self.payer.name

    @property
    def payee_name(self) -> str:
        return POT_ACCOUNT if self.payee_is_pot else self.payee.name

    # Pages say "the pot"; exports and imports keep the core's account name #pot.
    @property
    def payer_words(self) -> str:
        return POT_WORDS if self.payer_is_pot else self.payer.name

    @property
    def payee_words(self) -> str:
        return POT_WORDS if self.payee_is_pot else self.payee.name


class DealNetQuerySet(AppendOnlyQuerySet):
    def current(self):
        """The nets of each deal's current version: those no later version supersedes.

        A voided deal's last version posts no nets, so a voided deal has none here.
        """
        superseding = DealVersion.objects.filter(
            deal=models.OuterRef("deal"),
            # number > 1 is implied; said so the partial index on later versions is used.
            number__gt=1,
            number=models.OuterRef("version") + 1,
        )
        return self.filter(~models.Exists(superseding))


class DealNet(AppendOnly):
    """One player's net chips from one version of a deal, posted with its ledger rows.

    The ledger's rows for the version summed for the player, kept so that standings
    (totals, best and worst deal, deals played, bids won) are one GROUP BY player over
    the event's current nets instead of a grouping per deal over every ledger row and
    a count over the deals. A correction posts the new version's nets; the old ones
    stay, superseded. audit_ledger checks these rows against the ledger rows they sum
    and against the settlement.
    """

    # The deal's event and table, kept on the row (as on ledger rows) so standings
    # filter and group without joins. No separate indexes on event and deal: the
    # index by player and the unique (deal, version, player) constraint begin with them.
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+", db_index=False)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="nets", db_index=False)
    version = models.PositiveIntegerField(help_text="The number of the deal version.")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    chips = models.IntegerField(help_text="Received minus paid in this version of the deal.")
    won_as_bidder = models.BooleanField(
        null=True, help_text="Empty unless the player was the bidder: then whether he won."
    )

    objects = DealNetQuerySet.as_manager()

    class Meta:
        ordering = ["deal", "version", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "version", "player"], name="unique_deal_net_per_player"
            )
        ]
        indexes = [
            # Every column the standings chart reads for its players: the index alone
            # answers it (PostgreSQL's index-only scan, SQLite's covering index).
            models.Index(
                fields=["event", "player", "table", "deal", "version", "chips"],
                name="deal_nets_by_player",
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}: {self.player} {self.chips:+d}"


class TableLink(models.Model):
    """An unguessable link that lets whoever holds it enter deals at one table.

    It works while it is not revoked and the table's round is open; it grants nothing
    else. Reissuing a table's link revokes the old one.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "-created_at"]

    def __str__(self) -> str:
        return f"Link of {self.table}" + (" (revoked)" if self.revoked_at else "")

    def get_absolute_url(self) -> str:
        return reverse("link-sheet", args=[self.token])

    @property
    def token_sha256(self) -> str:
        """What the activity log keeps of a revoked link's token: the ledger audit finds
        a link carrying it again (deleted and inserted anew), never the token itself."""
        return hashlib.sha256(self.token.encode()).hexdigest()


class DealConfirmation(models.Model):
    """An organizer's confirmation of one version of a deal entered at a table."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="confirmations")
    version = models.PositiveIntegerField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_at = models.DateTimeField(auto_now_add=True)
    # An imported one is recorded by the importing organizer, now; who confirmed it and
    # when, in the database it came from, are kept as recorded (as a version's author).
    original_by = models.CharField(
        max_length=150, blank=True, help_text="Imported: the user name that confirmed it."
    )
    original_at = models.DateTimeField(
        null=True, blank=True, help_text="Imported: when it was confirmed."
    )

    class Meta:
        ordering = ["deal", "version"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="one_confirmation_a_version")
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version} confirmed by {self.confirmer}"

    @property
    def confirmer(self) -> str:
        """The user name that confirmed it (select ``confirmed_by`` with it)."""
        return self.original_by or self.confirmed_by.get_username()


class RejectedVersion(models.Model):
    """A version of a deal sent from a table and not saved: another deal of that number
    was saved first (a conflict). Kept with what it would have paid until an organizer
    adopts it as a correction of the deal or dismisses it (``handled``)."""

    class Handled(models.TextChoices):
        ADOPTED = "adopted", "Adopted"
        DISMISSED = "dismissed", "Dismissed"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="rejected_versions")
    document = models.JSONField(help_text="The deal document sent, under the deal's ruleset.")
    # As DealVersion's: pages and files say the document under today's names by these.
    names = models.JSONField(
        default=dict,
        help_text="The player id of every name in the document, as seated when it was sent.",
    )
    # The document without its pot, hashed: a phone sending it again finds this row (the
    # service looks under the table's lock). Not unique: two versions sent with a name
    # renamed between are one document under today's names, as a file says them.
    fingerprint = models.CharField(max_length=64)
    transfers = models.JSONField(
        default=list, help_text="The payments it would have made, as the core said them."
    )
    net = models.JSONField(default=dict, help_text="Each account's net in those payments.")
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    sent_via = models.ForeignKey(
        TableLink, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sent_at = models.DateTimeField(auto_now_add=True)
    handled = models.CharField(max_length=20, choices=Handled.choices, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    adopted_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="Adopted: the deal's version it became."
    )
    # An imported one is recorded (and, if handled, handled) by the importing organizer;
    # who sent and handled it in the database it came from are kept as recorded, as an
    # imported deal version's author is. Its times are those it came with.
    original_sender = models.CharField(
        max_length=150, blank=True, help_text="Imported: the user name that sent it."
    )
    original_via_link = models.BooleanField(
        default=False, help_text="Imported: sent through the table's link."
    )
    original_handler = models.CharField(
        max_length=150, blank=True, help_text="Imported: the user name that handled it."
    )

    class Meta:
        ordering = ["deal", "sent_at", "id"]
        indexes = [
            # The organizer's inbox: the few versions still to handle.
            models.Index(fields=["handled"], condition=Q(handled=""), name="rejected_to_handle")
        ]

    def __str__(self) -> str:
        return f"{self.deal}: a version sent at {self.sent_at:%H:%M:%S}, not saved"

    @property
    def via_link(self) -> bool:
        return self.sent_via_id is not None or self.original_via_link

    @property
    def sender(self) -> str:
        """The user name that sent it (select ``sent_by`` with it)."""
        return self.original_sender or self.sent_by.get_username()

    @property
    def sender_words(self) -> str:
        """Who sent it, as pages say it (select ``sent_by`` with it)."""
        return "the table link" if self.via_link else self.sender

    @property
    def handler(self) -> str:
        """The user name that adopted or dismissed it (select ``handled_by`` with it)."""
        if not self.handled:
            return ""
        return self.original_handler or self.handled_by.get_username()


class ChipCount(models.Model):
    """A player's physical chips counted at the end of a table, against the ledger."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="chip_counts")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    counted = models.IntegerField()
    expected = models.IntegerField(help_text="Starting chips + net from the ledger, when counted.")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "-recorded_at", "player__name"]

    def __str__(self) -> str:
        return f"{self.player}: counted {self.counted}, expected {self.expected}"

    @property
    def difference(self) -> int:
        return self.counted - self.expected


class AuditEntry(models.Model):
    """Who changed what in an event, for every state change a service makes."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit", null=True)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="audit", null=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    action = models.CharField(max_length=50)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.action} by {self.user} at {self.created_at:%Y-%m-%d %H:%M}"


class EventStamp(models.Model):
    """How many times what an event's live pages show has changed (the wall, the table
    sheets, the inbox): their ETag. Every service that changes what they show counts one
    more, in its own transaction (``tournaments.stamps``). A row of its own, not a column
    of the event: deals hold the event row FOR SHARE while they are scored, and a
    counter there would make two tables' deals wait for each other's share lock."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="stamp"
    )
    changes = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.event_id}: {self.changes} changes"
