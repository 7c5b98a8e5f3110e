"""Nebraska Taroky: La Vista, Heun and Clarkson (contract Part I, sections 1-11).

Four play; at a five-player table the dealer sits out. Play is clockwise; 70 card
points counted in packets of three, 36 win. Its modules: ``rulesets`` (presets and
options), ``document`` (the deal document as data), ``outcome`` (reading it),
``validation``, ``payments`` (settlement and the printed payment table),
``rotation`` (Heun's bidder deals after a Four) and ``statistics`` (a deal told for a
player's statistics).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...errors import FieldError, OutcomeError
from ...fields import Description
from ...game import Game
from ...options import BOOL, CHOICE, INT, Option, Preset
from ...points import PACKETS_OF_THREE
from ...registry import register
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
class Nebraska(words.NebraskaWords, Game):
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

    def fields(self, rules: Ruleset) -> Description:
        return _described(rules.kontra_allowed)

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


@cache
def _described(kontra_allowed: bool) -> Description:
    """The description under rules with or without kontra, the blind's choices saying
    what a Four is worth."""
    four = {blind.value: chips for blind, chips in FOUR_BASE.items()}
    return describe(tuple(PRESETS), kontra_allowed, four)
