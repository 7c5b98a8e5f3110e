"""A file's JSON read strictly, and every value of a document checked before its fields
are: what would otherwise end an import in a traceback, or mean two things, is said at
its place.

- a key given twice in one object (``json`` keeps the last silently): which one is meant?
- a number of thousands of digits (``int()`` refuses past 4,300 with a ValueError), or
  one past what any column holds (1e999 too, which reads as infinity);
- NaN and Infinity, which are not JSON;
- a NUL character (PostgreSQL's text refuses it) and a lone surrogate (no character:
  nothing can print or store it), anywhere: in a key or in any text.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
from typing import Any

from .document import ExchangeError

# A column holds a 64-bit integer at most (19 digits).
LARGEST = 2**63 - 1
DIGITS = 19

# The words for one item of a list, by the list's key ("round 3"): the import's words.
ITEM = {
    "players": "player",
    "rounds": "round",
    "tables": "table",
    "deals": "deal",
    "versions": "version",
    "events": "event",
    "confirmed": "confirmation",
    "rejected": "rejected version",
}


class _Twice(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class _Number(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return obj


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > DIGITS:
        raise _Number(digits)
    return int(digits)


def _constant(name: str):
    raise ValueError(f"{name} is not a number JSON knows")


def parse_json(text: str) -> Any:
    """The JSON in ``text``; ExchangeError saying where for a key twice or a number no
    field holds. (Malformed JSON raises ``json.JSONDecodeError`` as ``json.loads``.)"""
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_constant=_constant)
    except _Twice as e:
        raise ExchangeError(
            f"the key {_said(e.key)} is given twice in the object that starts on line "
            f"{_line_of_twice(text, e.key)}: which one is meant?"
        ) from None
    except _Number as e:
        at = text.find(e.digits)
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        digits = len(e.digits.lstrip("-"))
        raise ExchangeError(
            f"line {line}, column {column}: a number of {digits:,} digits; no field holds "
            "one that long."
        ) from None
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError):
            raise
        raise ExchangeError(f"{e}.") from None


def _line_of_twice(text: str, key: str) -> int:
    """The line where the object holding ``key`` twice starts: found again with the
    pure-Python parser, which says where each object starts (only when one is wrong)."""
    found = []

    def parse_object(s_and_end, *args):
        start = s_and_end[1] - 1  # just past the "{"
        strict, scan_once, _, _, memo = args
        obj, end = json.decoder.JSONObject(s_and_end, strict, scan_once, None, list, memo)
        keys = [k for k, _ in obj]
        if not found and keys.count(key) > 1:
            found.append(text.count("\n", 0, start) + 1)
        return dict(obj), end

    decoder = json.JSONDecoder(parse_int=lambda d: 0, parse_constant=lambda c: 0)
    decoder.parse_object = parse_object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except (ValueError, RecursionError):
        pass
    return found[0] if found else 1


def _said(text: str) -> str:
    """Text as a message may print it: a NUL or a lone surrogate escaped."""
    return repr(text) if isinstance(text, str) else str(text)


def check_values(value: Any, where: tuple[str, ...] = ()) -> None:
    """Refuse, naming its place, a NUL or a lone surrogate in any key or text, and a
    number past what any field holds, anywhere in ``value`` (a decoded document)."""
    stack = [(value, where)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            _check_text(value, where)
        elif isinstance(value, int) and not isinstance(value, bool):
            if not -(2**63) <= value <= LARGEST:
                raise ExchangeError(f"{_place(where)}: a number too large for any field.")
        elif isinstance(value, float) and not math.isfinite(value):  # 1e999 reads as inf
            raise ExchangeError(f"{_place(where)}: a number too large for any field.")
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(str(key), (*where, "a key"))
                stack.append((item, (*where, key)))
        elif isinstance(value, list):
            last = where[-1] if where else ""
            word = ITEM.get(last)
            for n, item in enumerate(value, start=1):
                stack.append((item, (*where[:-1], f"{word or last or 'item'} {n}")))


def _place(where: tuple[str, ...]) -> str:
    return ", ".join(where) or "the document"


def _check_text(text: str, where: tuple[str, ...]) -> None:
    if "\x00" in text:
        raise ExchangeError(f"{_place(where)}: a NUL character (\\x00) is not allowed in text.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        lone = text[e.start]
        raise ExchangeError(
            f"{_place(where)}: a lone surrogate (\\u{ord(lone):04x}) is not a character."
        ) from None
