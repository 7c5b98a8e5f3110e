"""An event and what it seats: registrations, rounds, tables, seats, chip counts, and
the stamp its live pages compare."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

import taroky_scoring as core

from ..names import clean_names
from ..scoping import club_manager
from . import event_settings, ranking_settings
from .choices import ruleset_choices
from .club_owned import ClubOwned
from .clubs import Club
from .event_settings import DECLARED
from .players import Player

# Migration 0026 names the lists' defaults here (where they were first written).
from .ranking_settings import (  # noqa: F401
    Ranking,
    SharedPlaces,
    default_event_tie_breaks,
    default_table_points,
)
from .seasons import Season
from .team_settings import TeamRanking


class Event(ClubOwned, models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", "Club night"
        TOURNAMENT = "tournament", "Tournament"

    SessionEnd = event_settings.SessionEnd

    class PaperSize(models.TextChoices):
        LETTER = "letter", "US Letter"
        A4 = "a4", "A4"

    Ranking = Ranking
    TeamRanking = TeamRanking
    SharedPlaces = SharedPlaces

    name = models.CharField(max_length=150)
    date = models.DateField()
    venue = models.CharField(max_length=150, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    # The core's default ruleset and its starting chips, read as values (not callables):
    # the migrations hold them, and makemigrations notices if the core's change.
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default=core.DEFAULT_RULESET)
    house_rules = models.JSONField(
        default=dict,
        blank=True,
        help_text='Options overriding the ruleset, e.g. {"kontra_allowed": false}.',
    )
    starting_chips = models.PositiveIntegerField(
        default=core.rules_for(core.DEFAULT_RULESET).starting_chips
    )
    # How the tables play, how the event ranks and its teams: each setting's words,
    # default and bounds are declared once (event_settings.py); the column is here.
    session_end = DECLARED["session_end"].column(models.CharField, max_length=20)
    deals_per_session = DECLARED["deals_per_session"].column(models.PositiveIntegerField)
    published = models.BooleanField(
        default=False, help_text="Anyone may read the standings and sheets of a published event."
    )
    paper_size = models.CharField(
        max_length=10,
        choices=PaperSize.choices,
        default=PaperSize.LETTER,
        help_text="Paper for the printouts.",
    )
    bye_chips = DECLARED["bye_chips"].column(models.IntegerField)
    table_deals_need_confirmation = models.BooleanField(
        "deals entered at a table need an organizer's confirmation",
        default=False,
        help_text="Deals entered through a table link count at once but show as "
        "unconfirmed until an organizer confirms them from the inbox.",
    )
    # Prizes (optional, tournaments.prizes): none unless the prize table is set.
    entry_fee_cents = models.PositiveIntegerField(
        "entry fee", default=0, help_text="In cents: what each registered player pays."
    )
    prize_table = models.TextField(
        blank=True,
        help_text="A line a place, first place first: an amount ($40.00) or a percentage "
        "of the fees collected (50%).",
    )
    prizes_club_adds = models.BooleanField(
        "the club adds what the fees do not cover",
        default=False,
        help_text="Allows a prize table that pays more than the fees collected.",
    )
    # One prize per player (docs/organizers.md, "Prizes"): a player
    # placed for prizes in more than one list takes the larger, unless this is ticked.
    prizes_in_each_list = models.BooleanField(
        "a player may take a prize in each list",
        default=False,
        help_text="Otherwise a player placed in the event's and a category's prizes takes "
        "the larger, and the next in line takes the other.",
    )
    # How the event ranks (tournaments.ranking): fixed once it has deals.
    ranking = DECLARED["ranking"].column(models.CharField, max_length=20)
    table_points = DECLARED["table_points"].column(models.JSONField, blank=True)
    shared_places = DECLARED["shared_places"].column(models.CharField, max_length=10)
    points_scale = DECLARED["points_scale"].column(models.PositiveIntegerField)
    bye_points = DECLARED["bye_points"].column(models.PositiveIntegerField)
    tie_breaks = DECLARED["tie_breaks"].column(models.JSONField, blank=True)
    # Teams or lodges ranked beside the players (tournaments.teams), on their scores.
    team_ranking = DECLARED["team_ranking"].column(models.CharField, max_length=10)
    team_size = DECLARED["team_size"].column(models.PositiveSmallIntegerField)
    lodge_best = DECLARED["lodge_best"].column(models.PositiveSmallIntegerField)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_events", blank=True
    )
    # The club whose event it is; blank: saved as the server's only club's (save).
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events", blank=True)
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
    # Read in a club scope (tournaments.scoping).
    objects = club_manager("club")

    class Meta:
        ordering = ["-date", "name"]

    # Set on the event's prize page (not the event form); exported only when set.
    PRIZE_SETTINGS = ("entry_fee_cents", "prize_table", "prizes_club_adds", "prizes_in_each_list")
    # Teams or lodges ranked beside the players: part of how it ranks.
    TEAM_SETTINGS = event_settings.keys(event_settings.TEAMS)
    # How the event ranks: set on the event form, exported only when not the default.
    RANKING_SETTINGS = event_settings.keys(*event_settings.FIXED_GROUPS)
    TABLE_SIZES = ranking_settings.TABLE_SIZES
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
        *PRIZE_SETTINGS,
        *RANKING_SETTINGS,
    )

    # What the event's deals are scored under (the core's ruleset and its options):
    # fixed once a deal is recorded, so no deal changes meaning after it was entered.
    SCORED_UNDER = ("ruleset", "house_rules", "starting_chips")
    # And how it ranks: fixed too, so no standing changes meaning after a deal.
    FIXED_ONCE_DEALT = (
        *SCORED_UNDER,
        *(s.key for s in event_settings.SETTINGS if s.fixed_once_dealt),
    )

    # The most starting chips, or a house rule's number, an organizer types (the event
    # form, and the files it checks): far past any club's night (20 or 100 starting
    # chips), short of figures nobody means. The least starting chips are the game's
    # (the core's); the other numbers' bounds are declared with them (event_settings).
    MAX_CHIPS = event_settings.MAX_CHIPS

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.pk])

    def clean(self):
        # Its name and venue as players' names are stored; one no name holds, said.
        problems = clean_names(self, {"name": "name", "venue": "venue"})
        if problems:
            raise ValidationError(problems)
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
        self.clean_prizes()
        event_settings.clean(self)
        if self.session_end == self.SessionEnd.FIXED_DEALS and not self.deals_per_session:
            raise ValidationError({"deals_per_session": "Give the number of deals a table plays."})

    def clean_prizes(self) -> None:
        """The prize table read (tournaments.prizes), stored in its own words; the fee
        bounded. Whether it pays more than the fees is the prize form's question (it
        depends on the players registered)."""
        from .. import money as prizes

        if isinstance(self.entry_fee_cents, int) and self.entry_fee_cents > prizes.MAX_CENTS:
            raise ValidationError(
                {"entry_fee_cents": f"An entry fee is at most {prizes.dollars(prizes.MAX_CENTS)}."}
            )
        try:
            table = prizes.parse_table(self.prize_table)
            prizes.check_table(self.entry_fee_cents or 0, table)
        except ValidationError as e:
            raise ValidationError({"prize_table": e.messages}) from e
        if self.entry_fee_cents and not table:
            raise ValidationError(
                {"prize_table": "An entry fee is for prizes: give the prize table, or no fee."}
            )
        self.prize_table = prizes.table_text(table)
        self.prizes_club_adds = bool(table) and self.prizes_club_adds

    @property
    def ranks_by_default(self) -> bool:
        """Whether the event ranks as every event did before formats: by chips, ties
        shared (its export then carries no ranking settings)."""
        return all(
            getattr(self, name) == value
            for name, value in event_settings.defaults(*event_settings.FIXED_GROUPS).items()
        )

    @property
    def sets_prizes(self) -> bool:
        """Whether anything about prizes (or money) is shown for the event."""
        return bool(self.prize_table.strip())

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
    def ruleset_listing(self) -> dict:
        """The core's listing of this event's ruleset (title, description, source): the
        same for every game, whatever its resolved rules carry."""
        return next(e for e in self.game.listing() if e["name"] == self.ruleset)

    @property
    def order_of_play(self) -> str:
        """ "clockwise" or "counter-clockwise": the game's, from the core."""
        return self.game.order_of_play

    def has_deals(self) -> bool:
        return Table.objects.filter(round__event=self, deals__isnull=False).exists()

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
    # The whole schedule drawn in advance (services.schedule): the player's start
    # number, printed on their card, and whether they keep one table every round.
    start_number = models.PositiveIntegerField(null=True, blank=True)
    cannot_move = models.BooleanField(
        "cannot move", default=False, help_text="Keeps the same table every round of a schedule."
    )
    # Who pays the entry fee (docs/organizers.md, "Prizes"): everyone registered, unless
    # the organizer says otherwise (a refund, a guest) or they came as a substitute only.
    pays_fee = models.BooleanField("pays the entry fee", default=True)
    # A reserve is registered without a seat: the draws leave them out until the organizer
    # seats them (a late arrival kept off the drawn rounds, a substitute only).
    reserve = models.BooleanField(
        default=False, help_text="Registered without a seat: the draws leave them out."
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "player__folded", "player__name"]  # names.name_key
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_registration")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"


class Round(models.Model):
    """A round of an event: its roll call and byes, its seating draw, its tables; on the
    clock, its length and start."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    present = models.ManyToManyField(
        Player, related_name="rounds_present", blank=True, help_text="The roll call."
    )
    byes = models.ManyToManyField(Player, related_name="rounds_with_bye", blank=True)
    seed = models.BigIntegerField(
        null=True, blank=True, help_text="The seating draw's seed; the same seed, same draw."
    )
    # A random draw's seed is below a billion; a seed typed to repeat a draw is too.
    MAX_SEED = 999_999_999
    drawn_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the round was closed: its table links stop."
    )
    # Rounds on the clock (tournaments.clock, services.clock): the length, and when the
    # round was started; its bell rings ``minutes`` later, whatever server process asks.
    minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The round's length on the clock, in minutes."
    )
    clock_started_at = models.DateTimeField(
        null=True, blank=True, help_text="When the round was started: its clock's start."
    )
    MIN_MINUTES, MAX_MINUTES = 5, 240

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
    # A round on the clock: the director gave the table more time (its own bell), or
    # ended its session (services.clock).
    bell_at = models.DateTimeField(
        null=True, blank=True, help_text="The table's own bell, when it was given more time."
    )
    clock_stopped_at = models.DateTimeField(
        null=True, blank=True, help_text="When the director ended the table's session."
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


class ChipCount(models.Model):
    """A player's physical chips counted at the end of a table, against the ledger."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="chip_counts")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    counted = models.IntegerField()
    expected = models.IntegerField(help_text="Starting chips + net from the ledger, when counted.")
    # The most chips a count may say: more than any table's chips in hand.
    MAX_COUNTED = 1_000_000
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
