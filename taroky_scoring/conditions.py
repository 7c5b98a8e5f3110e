"""When a field of a deal document applies: a condition written as JSON data, so a page
script can evaluate it too, and say it in words (``score --help``'s "only when ...").

- ``{"field": "bid", "in": ["four"]}``: the document's ``bid`` is one of the values
  (an absent field is ``null``);
- ``{"all": [c, ...]}``, ``{"any": [c, ...]}``, ``{"not": c}``.

>>> applies(all_of(when("kind", "played"), when("bid", "four")), {"kind": "played", "bid": "four"})
True
>>> applies(not_(when("bid", "four")), {})
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Condition = Mapping[str, Any]

# A field of the document this ruleset never uses (Clarkson's kontra): "any of none".
NEVER: Condition = {"any": []}

# The constructors fold what is decided already (``None`` is "always"), so that a
# description, its JSON and its ``--help`` say no condition that cannot matter:
#
# >>> all_of(when("kind", "played"), not_(when("bid")))
# {'field': 'kind', 'in': ['played']}


def when(field: str, *values: Any) -> Condition:
    """The document's ``field`` is one of ``values`` (none given: never)."""
    return {"field": field, "in": list(values)} if values else NEVER


def all_of(*conditions: Condition | None) -> Condition | None:
    parts = [c for c in conditions if c is not None]
    if NEVER in parts:
        return NEVER
    return {"all": parts} if len(parts) > 1 else (parts[0] if parts else None)


def any_of(*conditions: Condition | None) -> Condition | None:
    if None in conditions:
        return None
    parts = [c for c in conditions if c != NEVER]
    return {"any": parts} if len(parts) > 1 else (parts[0] if parts else NEVER)


def not_(condition: Condition | None) -> Condition | None:
    if condition is None:
        return NEVER
    return None if condition == NEVER else {"not": condition}


def compile_condition(condition: Condition | None):
    """The condition as a function of a document (evaluated once per field, not per deal)."""
    if condition is None:
        return lambda document: True
    if "all" in condition:
        parts = tuple(compile_condition(c) for c in condition["all"])

        def every(document):  # a loop: cheaper than all() over a generator
            for p in parts:
                if not p(document):
                    return False
            return True

        return every
    if "any" in condition:
        parts = tuple(compile_condition(c) for c in condition["any"])

        def some(document):
            for p in parts:
                if p(document):
                    return True
            return False

        return some
    if "not" in condition:
        part = compile_condition(condition["not"])
        return lambda document: not part(document)
    key, values = condition["field"], tuple(condition["in"])
    return lambda document: document.get(key) in values


def applies(condition: Condition | None, document: Mapping[str, Any]) -> bool:
    """Evaluate a condition against a document (None: always)."""
    if condition is None:
        return True
    if "all" in condition:
        return all(applies(c, document) for c in condition["all"])
    if "any" in condition:
        return any(applies(c, document) for c in condition["any"])
    if "not" in condition:
        return not applies(condition["not"], document)
    return document.get(condition["field"]) in condition["in"]


def condition_words(condition: Condition | None) -> str:
    """A condition as a sentence (``--help``'s "only when ...").

    >>> condition_words(any_of(all_of(when("kind", "played"), when("bid", "four", "five")),
    ...                        when("kind", "surrendered")))
    'either kind is played and bid is four or five, or kind is surrendered'
    >>> condition_words(all_of(any_of(when("kind", "played"), when("kind", "surrendered")),
    ...                        not_(when("king_in_blind", True)), when("bid", "four", None)))
    'kind is played or surrendered and king_in_blind is not true and bid is four or not given'
    >>> condition_words(all_of(when("kind", "played"), not_(when("bid", "a", "b", "c"))))
    'kind is played and bid is none of a, b, c'
    >>> condition_words(not_(any_of(when("a", 1), when("b", 2))))
    'neither a is 1 nor b is 2'
    >>> condition_words(all_of(any_of(when("a", 1), when("b", 2)), when("condition", 3)))
    'either a is 1 or b is 2, and condition is 3'
    """
    if condition is None:
        return "always"
    if condition == NEVER:
        return "never"
    if "field" in condition:
        return f"{condition['field']} is {_either(condition['in'], 'or')}"
    if "not" in condition:
        inner = condition["not"]
        if "field" in inner:
            values = inner["in"]
            if len(values) == 1:
                return f"{inner['field']} is not {_value_words(values[0])}"
            if len(values) == 2:
                return f"{inner['field']} is neither {_either(values, 'nor')}"
            return f"{inner['field']} is none of {', '.join(map(_value_words, values))}"
        if "any" in inner:
            return "neither " + " nor ".join(condition_words(x) for x in inner["any"])
        return f"not: {condition_words(inner)}"
    if "all" in condition:
        # An "or" of different fields inside an "and" says "either": no brackets to read.
        said = [
            f"either {condition_words(x)}"
            if "any" in x
            and len(_merged(x["any"])) > 1
            and not condition_words(x).startswith("either")
            else condition_words(x)
            for x in condition["all"]
        ]
        joined = ", and " if any(s.startswith("either") for s in said) else " and "
        return joined.join(said)
    parts = _merged(condition["any"])
    said = [condition_words(x) for x in parts]
    if any("all" in x for x in parts):
        return "either " + ", or ".join(said)
    return " or ".join(said)


def _merged(conditions: Sequence[Condition]) -> list[Condition]:
    """``any`` parts with the ``when``s of one field made one (kind is played or
    surrendered)."""
    merged: list[Condition] = []
    for condition in conditions:
        same = next(
            (m for m in merged if "field" in m and m["field"] == condition.get("field")), None
        )
        if same is not None:
            same["in"] = [*same["in"], *condition["in"]]
        else:
            merged.append(dict(condition) if "field" in condition else condition)
    return merged


def _value_words(value: Any) -> str:
    return "not given" if value is None else str(value).lower()


def _either(values: Sequence[Any], word: str) -> str:
    said = [_value_words(v) for v in values]
    return f"{said[0]} {word} {said[1]}" if len(said) == 2 else f" {word} ".join(said)
