"""The Texas games (contract sections 13-16): texas-xix, texas-xx, texas-king.

Each is a class over ``common.Texas`` with its bids, values, words and options (``xix``,
``xx``, ``king``); what they share is written once: ``common`` (reading, checking and
settling), ``document`` (the description), ``bonuses``, ``outcome``, ``parts``,
``words`` and ``statistics``.
"""

# Registered in this order, the order the rulesets are listed and named in.
# isort: off
from .xix import TexasXIX
from .xx import TexasXX
from .king import TexasKing

# isort: on

__all__ = ["TexasKing", "TexasXIX", "TexasXX"]
