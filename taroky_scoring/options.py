"""Rulesets as data: presets of typed options, with house-rule overrides.

A game lists its ``Option``s (name, words, kind of value, default) and its
``Preset``s (a ruleset's name, source and the values it sets). ``resolve`` applies an
event's overrides to a preset and refuses unknown options or values of the wrong kind
with errors in the field ``options``.

>>> opts = (Option("uni_bonus", "Uni bonus", INT, 4, minimum=1),)
>>> rules = resolve("texas", Preset("t", "T", "003", "d", {}), opts, {"uni_bonus": 2})
>>> rules.uni_bonus, rules.options
(2, {'uni_bonus': 2})
>>> resolve("texas", Preset("t", "T", "003", "d", {}), opts, {"uni_bonus": "x"})
Traceback (most recent call last):
...
taroky_scoring.errors.OutcomeError: options: Option 'uni_bonus' must be a whole number from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import FieldError, OutcomeError

BOOL = "bool"
INT = "int"
CHOICE = "choice"
INT_OR_NULL = "int_or_null"


@dataclass(frozen=True)
class Option:
    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    help: str = ""
    # Each choice in words, in the order of ``choices`` (a form shows these).
    choice_labels: tuple[str, ...] = ()

    def label_of(self, value: Any) -> str:
        """A choice in words (as stored when it has none)."""
        for choice, words in zip(self.choices, self.choice_labels, strict=False):
            if choice == value:
                return words
        return str(value).replace("_", " ")

    def wanted(self) -> str:
        if self.kind == BOOL:
            return "true or false"
        if self.kind == CHOICE or self.choices:
            return "one of " + ", ".join(str(c) for c in self.choices)
        number = f"a whole number from {self.minimum}" if self.minimum is not None else "a number"
        return number if self.kind == INT else f"null or {number}"

    def accepts(self, value: Any) -> bool:
        if self.kind == BOOL:
            return isinstance(value, bool)
        if self.kind == CHOICE:
            return isinstance(value, str) and value in self.choices
        if value is None:
            return self.kind == INT_OR_NULL
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if self.choices:
            return value in self.choices
        return self.minimum is None or value >= self.minimum

    def as_dict(self) -> dict[str, Any]:
        described = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
        }
        if self.choices:
            described["choices"] = list(self.choices)
            described["choice_labels"] = [self.label_of(c) for c in self.choices]
        if self.minimum is not None:
            described["minimum"] = self.minimum
        if self.help:
            described["help"] = self.help
        return described


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    source: str
    description: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """A ruleset with its options resolved; options read as attributes."""

    name: str
    title: str
    game: str
    options: dict[str, Any]

    def __getattr__(self, key: str) -> Any:
        try:
            return self.__dict__["options"][key]
        except KeyError:
            raise AttributeError(key) from None

    @property
    def starting_chips(self) -> int:
        return self.options["starting_chips"]

    def __hash__(self) -> int:
        """Rules are read, never changed: a game keeps what it works out per rules."""
        return hash((self.name, frozenset(self.options.items())))


def option_errors(options: Any, known: Sequence[Option]) -> list[FieldError]:
    if options is None:
        return []
    if not isinstance(options, Mapping):
        return [FieldError("options", "House rules must be an object of option: value.")]
    by_name = {o.name: o for o in known}
    errors = []
    for key, value in options.items():
        option = by_name.get(key)
        if option is None:
            errors.append(
                FieldError(
                    "options",
                    f"Unknown option '{key}'. Known options: {', '.join(by_name)}.",
                )
            )
        elif not option.accepts(value):
            errors.append(FieldError("options", f"Option '{key}' must be {option.wanted()}."))
    return errors


def resolve(
    game: str, preset: Preset, known: Sequence[Option], overrides: Mapping[str, Any] | None
) -> Rules:
    errors = option_errors(overrides, known)
    if errors:
        raise OutcomeError(errors)
    values = {o.name: preset.values.get(o.name, o.default) for o in known}
    values.update(overrides or {})
    return Rules(preset.name, preset.title, game, values)
