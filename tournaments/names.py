"""Names as typed in a hall (players', clubs', events', seasons', venues'): one
spelling stored, a character no name holds refused, look-alikes found.

A name can arrive decomposed (NFD, as macOS pastes "Čada"), with a zero-width space
from a copied list, or with doubled spaces; stored as typed these made second registry
players that look identical. Every way a name enters (forms, CSV import, services,
admin) stores ``clean_name(name)``; ``fold(name)`` is the case- and accent-blind key
that search and the duplicate warning compare, computed in Python so it works the
same on SQLite and PostgreSQL. ``name_problem(name)`` says, before, what makes a text
no name: a bidi control, a control character, a lone surrogate (the forms say it at
the field, the models' ``clean`` to the services and imports: ``clean_names``).
"""

from __future__ import annotations

import unicodedata

# Format characters (zero-width space and joiners, soft hyphen, BOM, bidi marks) are
# invisible: nobody means them in a name.
_INVISIBLE = {"Cf"}

# Bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) turn the text after
# them around on a page ("\u202eAnna" shows as "annA"): a name holding one reads
# otherwise than it is, so it is refused, not dropped (the marks LRM and RLM only
# nudge a neighbour: they are dropped as invisible).
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def name_problem(text: str, what: str = "name") -> str:
    """Why ``text`` cannot be a name, in words (``what`` says which: "venue", "club"),
    or "" if nothing: a bidi control, a lone surrogate, or a control character other
    than whitespace (``clean_name`` makes a tab or a line break one space).

    >>> print(name_problem("\\u202eAnna"))
    The name contains a character that turns the text after it around (U+202E): type the
    name without it.
    >>> name_problem("Sokol\\x00", "club"), name_problem("Ken\\t\\u010cada")
    ('The club contains a control character (U+0000): type the club without it.', '')
    """
    for ch in text:
        code, kind = f"U+{ord(ch):04X}", unicodedata.category(ch)
        if ch in _BIDI_CONTROLS:
            said = "a character that turns the text after it around"
        elif kind == "Cs":
            return f"The {what} contains a lone surrogate ({code}), which is no character."
        elif kind == "Cc" and not ch.isspace():
            said = "a control character"
        else:
            continue
        return f"The {what} contains {said} ({code}): type the {what} without it."
    return ""


def clean_names(instance, fields: dict[str, str]) -> dict[str, list[str]]:
    """Each text field of ``instance`` ({field: what it is said as}) as ``clean_name``
    stores it; those that are no name left as they are and said, by field (a model's
    ``clean``: what the services and imports are told)."""
    problems = {}
    for field, what in fields.items():
        value = getattr(instance, field)
        if not isinstance(value, str):
            continue
        problem = name_problem(value, what)
        if problem:
            problems[field] = [problem]
        else:
            setattr(instance, field, clean_name(value))
    return problems


def clean_name(text: str) -> str:
    """NFC, invisible characters removed, runs of whitespace made one space.

    >>> clean_name("  Ken\\u200b  C\\u030cada ") == "Ken \\u010cada"
    True
    """
    text = unicodedata.normalize("NFC", text or "")
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(text.split())


def fold(text: str) -> str:
    """The key look-alike names share: no case, no accents.

    >>> fold("Ken Čada") == fold("ken cada") == fold("KEN ČADA")
    True
    """
    text = unicodedata.normalize("NFKD", clean_name(text).casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def name_key(name: str) -> tuple[str, str]:
    """The order a person reads a list of names in, the same on every page: by the
    name without case or accents (``fold``), then as written (so "Čada" comes just after
    "Cada", among the Cs, never after "Zeman" as the code points put it). Every list
    of players sorts by it; a query orders by the stored ``folded`` then ``name``, the
    same order.

    >>> sorted(["Tomáš", "Zdeněk Čada", "Štěpán Kříž", "Růžena", "Cyril"], key=name_key)
    ['Cyril', 'Růžena', 'Štěpán Kříž', 'Tomáš', 'Zdeněk Čada']
    >>> sorted(["Čada", "Dana", "Cyril", "Cada"], key=name_key)
    ['Cada', 'Čada', 'Cyril', 'Dana']
    """
    return fold(name), name
