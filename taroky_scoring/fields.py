"""The fields of a deal document, described as data, and the reader that reads by them.

Each game describes its document once, as a ``Description`` (a tuple of ``Field``): the
key, the words to show, the kind of value, the choices with their labels, whether it is
required, and when it applies (``conditions``). The same description drives parsing
(``Reader``), the CLI's ``score --help --ruleset NAME`` (``field_help``) and, as JSON
(``Field.as_dict``), a web form and its script.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from .conditions import NEVER, Condition, all_of, compile_condition, when
from .errors import FieldError, OutcomeError

# The kinds of value, by name: the reader tests them, and so does the web's deal form
# (``fields.CHOICE``).
from .kinds import BOOL, CHOICE, INT, LIST, OBJECT, OPTIONS, PLAYER, PLAYERS, TEXT


class Choice(NamedTuple):
    """One of a field's choices: a pair of its value and the words a form shows for it."""

    value: Any
    label: str


@dataclass(frozen=True)
class Field:
    """One key of a deal document (or of an object inside it)."""

    name: str
    label: str
    kind: str
    help: str = ""
    choices: tuple[Choice, ...] = ()
    required: bool = False  # required whenever it applies
    applies: Condition | None = None  # None: always
    minimum: int | None = None
    maximum: int | None = None
    items: tuple[Field, ...] = ()  # an object's keys, or each list item's
    default: Any = None
    item_label: str = ""  # a list's word for one item ("Bonus 1: ...")
    # An optional player: the words for "nobody" when nobody is an answer to choose
    # ("Alone (own King or King in blind)"); a form then asks for a player or it.
    none_label: str = ""
    asked: Condition | None = None  # with none_label: when a form needs the answer (None: applies)
    max_items: int | None = None  # a list: at most this many items (None: one per player)
    # A yes/no in a deal's words, (when false, when true): ("not made", "made"); empty,
    # the label when true and nothing when false.
    said: tuple[str, str] = ()

    @cached_property
    def values(self) -> tuple[Any, ...]:
        return tuple(c.value for c in self.choices)

    @cached_property
    def item_names(self) -> frozenset[str]:
        return frozenset(i.name for i in self.items)

    @property
    def never(self) -> bool:
        """The field never applies under these rules."""
        return self.applies == NEVER

    @cached_property
    def asks(self):
        """Whether a form needs an answer (a player or ``none_label``) for this document."""
        if not self.none_label:
            return lambda document: False
        test, asked = self.test, compile_condition(self.asked)
        return lambda document: test(document) and asked(document)

    @cached_property
    def test(self):
        """``applies`` compiled: a function of the document's values."""
        return compile_condition(self.applies)

    def as_dict(self) -> dict[str, Any]:
        """JSON for a web form: every attribute, choices as {value, label}."""
        described: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind}
        if self.help:
            described["help"] = self.help
        if self.choices:
            described["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        described["required"] = self.required
        described["applies"] = self.applies
        if self.minimum is not None:
            described["minimum"] = self.minimum
        if self.maximum is not None:
            described["maximum"] = self.maximum
        if self.items:
            described["items"] = [f.as_dict() for f in self.items]
        if self.default is not None:
            described["default"] = self.default
        if self.item_label:
            described["item_label"] = self.item_label
        if self.none_label:
            described["none_label"] = self.none_label
        if self.asked is not None:
            described["asked"] = self.asked
        if self.max_items is not None:
            described["max_items"] = self.max_items
        return described


def choices(*pairs: tuple[Any, str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, label) for v, label in pairs)


def took_a_trick(
    bid: str, name: str, help: str = "whether the declarer took a trick (true: the declarer lost)"
) -> Field:
    """Whether the declarer of ``bid`` (``name`` in words: Zebrak, No Trick, Grand Nullo)
    took a trick, asked in a played deal of it: they lost if so."""
    return Field(
        "bidder_took_a_trick",
        "Declarer took a trick",
        BOOL,
        help,
        required=True,
        applies=all_of(when("kind", "played"), when("bid", bid)),
        said=(f"{name} won: the declarer took no trick", f"{name} lost: the declarer took a trick"),
    )


def values_said(values: Sequence[Any]) -> str:
    return ", ".join("null" if v is None else str(v).lower() for v in values)


def is_empty(value: Any) -> bool:
    """Absent, null, false, "none" or an empty list (read as ``()``): the harmless value
    of any field (contract 19 D10).

    >>> [is_empty(v) for v in (None, False, "none", [], (), 0, [{}])]
    [True, True, True, True, True, False, False]
    """
    return value is None or value is False or value == "none" or value == [] or value == ()


# The kinds of deal where nothing is played: no field of a game applies, and a refusal
# names the kind (contract 19 D15).
NO_GAME_KINDS = {"thrown_in": "a thrown-in deal", "misdeal": "a misdeal"}


def not_in_a_deal_without_game(f: Field, values: Mapping[str, Any]) -> str | None:
    """Why ``f`` does not apply, when the deal was not played: its kind named.

    >>> not_in_a_deal_without_game(Field("bidder", "Declarer", PLAYER), {"kind": "thrown_in"})
    'Declarer does not apply to a thrown-in deal.'
    """
    kind = NO_GAME_KINDS.get(values.get("kind"))
    return f"{f.label} does not apply to {kind}." if kind else None


class Description(tuple):
    """A game's fields in the document's order: a tuple of ``Field`` that knows how a
    ``Reader`` walks it, worked out once (a game keeps its descriptions)."""

    @cached_property
    def names(self) -> frozenset[str]:
        return frozenset(f.name for f in self)

    @cached_property
    def plans(self) -> dict[str | None, _Plan]:
        """The reading plan for each word of "nobody" a reader takes (see ``plan``)."""
        return {}

    def plan(self, wording: Wording) -> _Plan:
        plan = self.plans.get(wording.nobody)
        if plan is None:
            plan = self.plans[wording.nobody] = _Plan(self, wording.nobody)
        return plan


@dataclass(frozen=True)
class Fault:
    """One fault inside an object (or a list's item), for ``Wording.object_faults``:
    ``item`` is the item's field (None for keys the object may not have, ``unknown``);
    ``missing`` when a required item is absent; ``message`` the reader's words."""

    item: Field | None
    message: str = ""
    missing: bool = False
    unknown: tuple[str, ...] = ()


class Wording:
    """What a reader says of a document's faults, in the words the games share. A game
    whose document says them otherwise (Nebraska's) subclasses it; the reader asks it
    for every message, so which fields are named, and in what order, stays the reader's.
    """

    # The word a document may give for "nobody" where a name goes (contract 19 D10).
    nobody: str | None = "none"
    # Whether the reader refuses a field given where it does not apply, and asks for a
    # required field only then; if not, the game's own checks say both in their words
    # and the reader asks only for the fields required always, where they stand.
    judges_applying: bool = True

    # The words of the plain faults, filled in by the reader (``str.format``): ``key``
    # a key the rules (``rules``, their name) do not have; ``f`` the field, ``value``
    # the value given, ``choices`` the field's choices as ``choices_said`` says them.
    unknown_key = "'{key}' is not a field of the {rules} rules."
    not_a_choice = "'{value}' is not allowed here: choose one of {choices}."
    not_a_number = "{f.label} must be a whole number."
    out_of_range = "{f.label} must be from {f.minimum} to {f.maximum}, not {value}."

    def choices_said(self, f: Field) -> str:
        return values_said(f.values)

    def required(self, f: Field) -> str:
        return f"Required: {f.help or f.label}."

    def object_faults(self, f: Field, n: int | None, faults: Sequence[Fault]) -> list[str]:
        """The messages of an object's faults (``n``: a list's item, counted from 1)."""
        prefix = f"{f.item_label or f.label} {n}: " if n is not None else ""
        said = []
        for fault in faults:
            if fault.item is None:
                said.append(f"{prefix}Unknown field(s): {', '.join(fault.unknown)}.")
            elif fault.missing:
                said.append(f"{prefix}'{fault.item.name}' is required: {fault.item.help}.")
            else:
                said.append(f"{prefix}'{fault.item.name}': {fault.message}")
        return said


WORDING = Wording()


class Reader:
    """Reads a document by its description, collecting every error.

    ``read`` returns the document's values with null for absent keys; a game then
    checks what its fields say about each other. ``why_not`` (the field and the values
    read) words the refusal of a field given where it does not apply, or returns None
    for the plain "does not apply to this deal"; ``wording`` says every other fault.
    """

    def __init__(
        self,
        fields: Sequence[Field],
        rules_name: str,
        why_not: Callable[[Field, Mapping[str, Any]], str | None] | None = None,
        wording: Wording = WORDING,
    ):
        # A game's own description keeps its reading plan; any other is planned here.
        self.fields = fields if isinstance(fields, Description) else Description(fields)
        self.rules_name = rules_name
        self.why_not = why_not
        self.wording = wording
        self.errors: list[FieldError] = []

    def error(self, field: str, message: str) -> None:
        self.errors.append(FieldError(field, message))

    def read(self, document: Any) -> dict[str, Any]:
        if not isinstance(document, Mapping):
            raise OutcomeError([FieldError("input", "The deal must be a JSON object.")])
        fields, wording = self.fields, self.wording
        known = fields.names
        for key in document:
            if key not in known:
                self.error(str(key), wording.unknown_key.format(key=key, rules=self.rules_name))
        plan = fields.plan(wording)
        # Absent keys take their value from a template (in the description's order);
        # only the keys given are read, the unusual ones below in the description's
        # order so that errors come in that order.
        values = dict(plan.absent)
        given: list[int] = []
        slow: list[int] = []
        position, fast = plan.position, plan.fast
        for key, raw in document.items():
            i = position.get(key)
            if i is None or raw is None:
                continue
            given.append(i)
            value = fast[i](raw)
            if value is _SLOW:
                slow.append(i)
            else:
                values[key] = value
        if not wording.judges_applying:
            # What every deal requires is asked for where it stands among the others.
            for i, name in plan.required:
                if document.get(name) is None:
                    slow.append(i)
        for i in sorted(slow) if len(slow) > 1 else slow:
            f = fields[i]
            raw = document.get(f.name)
            if raw is None:
                self.error(f.name, wording.required(f))
            else:
                values[f.name] = self.value(f, raw, f.name)
        if not self.errors and wording.judges_applying:
            # Only a missing required field or a given one can be wrong about applying.
            for i in sorted(plan.always.union(given)):
                f = fields[i]
                value = values[f.name]
                if value is None:
                    if f.required and f.test(values):
                        self.error(f.name, wording.required(f))
                elif not is_empty(value) and not f.test(values):
                    why = self.why_not(f, values) if self.why_not else None
                    self.error(f.name, why or f"{f.label} does not apply to this deal.")
        if self.errors:
            raise OutcomeError(self.errors)
        return values

    def value(self, f: Field, value: Any, where: str) -> Any:
        """``value`` read as ``f`` says, or None after an error in ``where``."""
        read, fault = self.read_value(f, value, where)
        if fault:
            self.error(where, fault)
        return read

    def read_value(self, f: Field, value: Any, where: str) -> tuple[Any, str | None]:
        """``value`` read as ``f`` says, and what is wrong with it (None: nothing).
        Objects and lists say their items' faults themselves, in ``where``."""
        if value is None:
            return (f.default if f.kind in (OBJECT, LIST, OPTIONS) else None), None
        kind, wording = f.kind, self.wording
        if kind == CHOICE:
            if isinstance(value, str | bool) and value in f.values and value is not True:
                return value, None
            return None, wording.not_a_choice.format(value=value, choices=wording.choices_said(f))
        if kind == BOOL:
            if isinstance(value, bool):
                return value, None
            return None, "Must be true or false."
        if kind == INT:
            if isinstance(value, bool) or not isinstance(value, int):
                return None, wording.not_a_number.format(f=f)
            if (f.minimum is not None and value < f.minimum) or (
                f.maximum is not None and value > f.maximum
            ):
                return None, wording.out_of_range.format(f=f, value=value)
            return value, None
        if kind in (PLAYER, TEXT):
            if value == wording.nobody:  # the harmless empty value: nobody
                return None, None
            if isinstance(value, str) and value.strip():
                return value, None
            return None, "Must be a name (text)."
        if kind == PLAYERS:
            if isinstance(value, list) and all(isinstance(p, str) and p.strip() for p in value):
                return tuple(value), None
            return None, "Must be a list of the players' names."
        if kind == OPTIONS:
            if isinstance(value, Mapping):
                return dict(value), None
            return None, "House rules must be an object of option: value."
        if kind == OBJECT:
            return self.object(f, value, where), None
        if kind == LIST:
            if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
                return None, "Must be a list of objects."
            items = [self.object(f, v, where, n) for n, v in enumerate(value, start=1)]
            return (None if any(i is None for i in items) else tuple(items)), None
        return None, None

    def object(self, f: Field, value: Any, where: str, n: int | None = None) -> Any:
        """An object of ``f``'s items (a list's item ``n``), or None after its errors."""
        if not isinstance(value, Mapping):
            prefix = f"{f.item_label or f.label} {n}: " if n is not None else ""
            self.error(where, f"{prefix}Must be an object (or null when nothing happened).")
            return None
        known = f.item_names
        unknown = sorted(str(k) for k in value if k not in known)
        if unknown:
            faults = [Fault(None, unknown=tuple(unknown))]
        else:
            faults = []
            result = {}
            for item in f.items:
                v = value.get(item.name)
                if v is None:
                    if item.required:
                        faults.append(Fault(item, missing=True))
                    result[item.name] = item.default
                    continue
                mark = len(self.errors)
                read, fault = self.read_value(item, v, where)
                # An item's errors (its own items' too) are said again of the item.
                own = [fault] if fault else [e.message for e in self.errors[mark:]]
                del self.errors[mark:]
                faults += (Fault(item, message) for message in own)
                result[item.name] = read
            if not faults:
                return result
        for message in self.wording.object_faults(f, n, faults):
            self.error(where, message)
        return None


_SLOW = object()  # a fast reader's answer: "not the plain case, read it the long way"


def _fast_reader(f: Field, nobody: str | None):
    """A function of the raw value returning the value for the plain, valid case, or
    _SLOW for anything else, which ``Reader.value`` then reads with its messages."""
    kind = f.kind
    if kind == CHOICE:
        words = frozenset(v for v in f.values if isinstance(v, str))
        return lambda raw: raw if type(raw) is str and raw in words else _SLOW
    if kind == BOOL:
        return lambda raw: raw if raw is True or raw is False else _SLOW
    if kind == INT and f.minimum is not None and f.maximum is not None:
        low, high = f.minimum, f.maximum
        return lambda raw: raw if type(raw) is int and low <= raw <= high else _SLOW
    if kind in (PLAYER, TEXT):
        return lambda raw: raw if type(raw) is str and raw != nobody and raw.strip() else _SLOW
    if kind == PLAYERS:
        return _fast_players
    if kind == OPTIONS:
        return lambda raw: dict(raw) if type(raw) is dict else _SLOW
    if kind == OBJECT:
        return _fast_object(f, nobody)
    if kind == LIST:
        item = _fast_object(f, nobody)

        def read_list(raw):
            if type(raw) is not list:
                return _SLOW
            read = [item(v) for v in raw]
            return _SLOW if _SLOW in read else tuple(read)

        return read_list
    return lambda raw: _SLOW


def _fast_players(raw: Any) -> Any:
    if type(raw) is not list:
        return _SLOW
    for name in raw:
        if type(name) is not str or not name.strip():
            return _SLOW
    return tuple(raw)


def _fast_object(f: Field, nobody: str | None):
    """``_fast_reader`` of an object (or of a list's item): every key one of its items,
    every item plain and valid, the required ones given."""
    names = f.item_names
    items = tuple((i.name, _fast_reader(i, nobody), i.required, i.default) for i in f.items)

    def read_object(raw):
        if type(raw) is not dict or not names.issuperset(raw):
            return _SLOW
        result = {}
        for name, fast, required, default in items:
            value = raw.get(name)
            if value is None:
                if required:
                    return _SLOW
                result[name] = default
            else:
                value = result[name] = fast(value)
                if value is _SLOW:
                    return _SLOW
        return result

    return read_object


class _Plan:
    """How ``Reader.read`` walks a description (``Description.plan``)."""

    def __init__(self, fields: Sequence[Field], nobody: str | None):
        # The value of each field when its key is absent or null.
        self.absent = {
            f.name: f.default if f.kind in (OBJECT, LIST, OPTIONS) else None for f in fields
        }
        self.position = {f.name: i for i, f in enumerate(fields)}
        self.fast = [_fast_reader(f, nobody) for f in fields]
        # Fields whose applying is checked even when absent.
        self.always = frozenset(
            i for i, f in enumerate(fields) if f.required or self.absent[f.name] is not None
        )
        # Fields every deal requires.
        self.required = tuple(
            (i, f.name) for i, f in enumerate(fields) if f.required and f.applies is None
        )
