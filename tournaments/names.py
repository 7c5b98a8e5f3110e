"""Players' names as typed in a hall: one spelling stored, look-alikes found.

A name can arrive decomposed (NFD, as macOS pastes "Čada"), with a zero-width space
from a copied list, or with doubled spaces; stored as typed these made second registry
players that look identical. Every way a name enters (forms, CSV import, services,
admin) stores ``clean_name(name)``; ``fold(name)`` is the case- and accent-blind key
that search and the duplicate warning compare, computed in Python so it works the
same on SQLite and PostgreSQL.
"""

from __future__ import annotations

import unicodedata

# Format characters (zero-width space and joiners, soft hyphen, BOM, bidi marks) are
# invisible: nobody means them in a name.
_INVISIBLE = {"Cf"}


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
