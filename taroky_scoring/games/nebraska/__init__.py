"""Nebraska Taroky: La Vista, Heun and Clarkson (contract Part I, sections 1-11).

Four play; at a five-player table the dealer sits out. Play is clockwise; 70 card
points counted in packets of three, 36 win. Its modules: ``rulesets`` (presets and
options), ``document`` (the deal document as data), ``outcome`` (reading it),
``validation``, ``payments`` (settlement and the printed payment table),
``rotation`` (Heun's bidder deals after a Four) and ``statistics`` (a deal told for a
player's statistics).
"""

from __future__ import annotations

from typing import Any

from ...errors import FieldError, OutcomeError
from ...options import BOOL, CHOICE, INT, Option, Preset
from ...points import PACKETS_OF_THREE
from ...registry import Cell, Game, register
from ...settlement import Settlement
from ...statistics import Facts
from . import statistics, words
from .document import describe
from .outcome import ACTIVE_PLAYERS, TABLE_SIZES, TOTAL_POINTS, WINNING_POINTS, DealOutcome
from .payments import FOUR_BASE, reminder, settle
from .rotation import next_deal
from .rulesets import DEFAULT_RULESET, OPTION_FIELDS, PRESETS, Ruleset, ruleset
from .validation import validate

SOURCES = {
    "la-vista": "000 (La Vista page)",
    "heun": "001 (Heun rules, 1997); 000 (Heun section)",
    "clarkson": "000 (Variations): La Vista without kontra",
}


# Each option and its choices in a club organizer's words (contract, section 1).
OPTION_WORDS = {
    "kontra_allowed": "Kontra and rekontra on a Five and a Five Over",
    "tarok1_last_rule": "Tarok 1 Last is won when",
    "surrender_after": "A Four may be surrendered after seeing",
    "next_dealer": "Who deals next",
    "blind_half_to_lone_bidder": "A Five with the called King in the blind: the bidder takes",
    "starting_chips": "Starting chips",
}
CHOICE_WORDS = {
    "tarok1_wins": "the Tarok 1 itself takes the last trick",
    "team_wins": "the Tarok 1's team takes the last trick",
    "both_halves": "both halves of the blind",
    "any_half": "either half of the blind",
    "forehand": "the previous forehand",
    "heun": "after a Four its bidder, else the previous forehand (Heun)",
    "with_king": "the half with the King",
    "top": "the top half",
}


def _option(f) -> Option:
    default = getattr(PRESETS[DEFAULT_RULESET], f.name)
    label = OPTION_WORDS.get(f.name, f.name.replace("_", " "))
    if isinstance(default, bool):
        return Option(f.name, label, BOOL, default)
    if isinstance(default, int):
        return Option(f.name, label, INT, default, minimum=1)
    values = tuple(m.value for m in type(default))
    return Option(
        f.name,
        label,
        CHOICE,
        default.value,
        values,
        choice_labels=tuple(CHOICE_WORDS.get(v, v.replace("_", " ")) for v in values),
    )


@register
class Nebraska(Game):
    name = "nebraska"
    title = "Nebraska Taroky"
    presets = tuple(
        Preset(r.name, r.title, SOURCES[r.name], r.description, r.options())
        for r in PRESETS.values()
    )
    option_list = tuple(_option(f) for f in OPTION_FIELDS)
    active_players = ACTIVE_PLAYERS
    table_sizes = TABLE_SIZES
    order_of_play = "clockwise"
    bidder_word = "bidder"
    first_forehand_holds = "the lowest tarok from 2 up"  # section 8
    pack = PACKETS_OF_THREE
    total_points = TOTAL_POINTS
    winning_points = WINNING_POINTS

    def rules(self, name: str, options: Any = None) -> Ruleset:
        return ruleset(name, options)

    def fields(self, rules: Ruleset) -> tuple:
        cache = self.__dict__.setdefault("_fields", {})
        key = rules.kontra_allowed
        if key not in cache:  # read, never changed: one description per kind of rules
            four = {blind.value: chips for blind, chips in FOUR_BASE.items()}
            cache[key] = describe(tuple(PRESETS), rules.kontra_allowed, four)
        return cache[key]

    def parse_deal(self, document: Any) -> tuple[DealOutcome, Ruleset]:
        """Read and validate a deal document; raise OutcomeError listing every problem."""
        errors: list[FieldError] = []
        outcome = rules = None
        try:
            outcome = DealOutcome.from_document(document)
        except OutcomeError as e:
            errors += e.errors
        if isinstance(document, dict) and isinstance(document.get("ruleset"), str | None):
            options = document.get("options")
            try:
                rules = ruleset(
                    document.get("ruleset") or DEFAULT_RULESET,
                    options if isinstance(options, dict) else None,
                )
            except OutcomeError as e:
                errors += [err for err in e.errors if err not in errors]
        if errors:
            raise OutcomeError(errors)
        problems = validate(outcome, rules)
        if problems:
            raise OutcomeError(problems)
        return outcome, rules

    def parse(self, document: Any, rules: Ruleset) -> DealOutcome:
        return self.parse_deal(document)[0]

    def settle(self, outcome: DealOutcome, rules: Ruleset) -> Settlement:
        return settle(outcome, rules)

    def payment_table(self, rules: Ruleset) -> list[str]:
        return reminder(rules)

    def summary(self, document: Any, rules: Ruleset) -> str:
        return words.summary(DealOutcome.from_document(document))

    def result_words(self, settlement: Settlement) -> str:
        """Nebraska's teams settle in pairs (section 4).

        >>> from taroky_scoring import score
        >>> deal = {"players": ["A", "B", "C", "D"], "kind": "played", "bidder": "A",
        ...         "bid": "four", "blind": "second", "partner": "C", "bidder_points": 30}
        >>> Nebraska().result_words(score(deal))
        "The bidder's team loses: game 5 per pair."
        """
        if settlement.bidder_won is None:
            return ""
        verb = "wins" if settlement.bidder_won else "loses"
        return f"The bidder's team {verb}: game {settlement.game_value} per pair."

    def sheet_columns(self, rules: Ruleset, count: int = 8) -> list[str]:
        """The paper sheet's own headings, blank or filled (``words.SHEET_HEADINGS``).

        >>> Nebraska().sheet_columns(Nebraska().rules("la-vista"))[-2:]
        ['Declarations', 'Penalties']
        """
        columns = [c.text for c in words.SHEET_HEADINGS]
        return columns + [""] * (count - len(columns))

    def sheet_notes(self, rules: Ruleset, count: int = 8) -> list[str]:
        return []  # every column of the paper sheet is its own

    def sheet_headings(self, rules: Ruleset) -> list[Cell]:
        return list(words.SHEET_HEADINGS)

    def sheet_cells(self, document: Any, rules: Ruleset) -> list[Cell]:
        return words.sheet_cells(DealOutcome.from_document(document))

    def payment_reasons(self) -> tuple[tuple[str, str], ...]:
        return tuple((r.value, w) for r, w in words.REASON_WORDS.items())

    def next_deal(self, seats, rules, previous=None, first_forehand=None):
        return next_deal(seats, rules, previous, first_forehand)

    def statistics_groups(self) -> tuple[tuple[str, str], ...]:
        """The roles (in "bidder"), then Nebraska's own groups.

        >>> [title for _, title in Nebraska().statistics_groups()][-5:]
        ['King Last and Tarok 1 Last', 'Valat', 'Kontra', 'Declarations', 'Penalties']
        """
        return super().statistics_groups() + statistics.GROUPS

    def deal_facts(self, document: Any, settlement: Settlement) -> Facts:
        return statistics.deal_facts(document)


NEBRASKA = Nebraska
