"""August Petrtyl's 1922 Tarok for two to five players (contract sections 17 and 18).

One game, its table sizes as data: ``tables.TABLES`` holds a row per ruleset
(``petrtyl`` four-handed, ``petrtyl-five``, ``petrtyl-three`` with the 42-card pack,
``petrtyl-two``); the rules read the row. Play is clockwise; the declarer's side needs
more than half the card points (36 of 70, 34 of 66). Its modules: ``tables`` (section
18), ``document`` (the deal document as data), ``checks`` (what the fields say about
each other, impossible declarations), ``payments`` (the settlement, the pot and the
printed table) and ``statistics`` (a deal told for a player's statistics). Each ruleset
is registered as a ``Petrtyl`` bound to its row, so the registry's per-game attributes
(players, pack, points) hold for it.

>>> from taroky_scoring import score
>>> s = score({"ruleset": "petrtyl", "players": ["Anna", "Bill", "Cyril", "Dana"],
...     "kind": "played", "bidder": "Anna", "bid": "four", "partner": "Cyril",
...     "talon": "second", "bidder_points": 41, "pot": 8,
...     "papoose_last": {"player": "Cyril", "announced": True, "outcome": "won"}})
>>> s.net
{'Anna': 7, 'Bill': -7, 'Cyril': 15, 'Dana': -7, '#pot': -8}
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from ...errors import FieldError, OutcomeError
from ...fields import Reader, not_in_a_deal_without_game
from ...game import Game
from ...options import INT, Option, Preset, Rules
from ...registry import register
from ...settlement import Settlement
from ...statistics import Facts
from . import statistics
from .checks import check
from .document import describe
from .outcome import PetrtylOutcome
from .payments import REASON_WORDS, payment_table, settle
from .tables import TABLES, Table

GAME = "petrtyl"


class Petrtyl(Game):
    """Petrtyl's Tarok at one table size (``table``: its row of section 18)."""

    title = "Petrtyl's Tarok of 1922"
    family = GAME  # the game as listed, for the registry's ``family`` (Texas does the same)
    order_of_play = "clockwise"
    has_pot = True
    option_list = (Option("starting_chips", "Starting chips", INT, 100, minimum=1),)
    table: ClassVar[Table]

    def listing(self) -> list[dict[str, Any]]:
        # One game at four table sizes: every ruleset is listed as the game "petrtyl".
        return [{**entry, "game": GAME} for entry in super().listing()]

    def fields(self, rules: Rules) -> tuple:
        return describe(self.table.ruleset)

    def parse(self, document: Any, rules: Rules) -> PetrtylOutcome:
        """Read and check a deal document; raise OutcomeError listing every problem."""
        errors: list[FieldError] = []
        if isinstance(document, Mapping):
            document, errors = self._before_reading(document)
            if errors and document.get("kind") == "played" and document.get("bid") == "three":
                raise OutcomeError(errors)
        try:
            values = Reader(self.fields(rules), rules.name, not_in_a_deal_without_game).read(
                document
            )
        except OutcomeError as e:
            raise OutcomeError(errors + list(e.errors)) from None
        check(values, self.table, errors.append)
        if errors:
            raise OutcomeError(errors)
        return PetrtylOutcome.read(values)

    def _before_reading(self, document: Mapping[str, Any]) -> tuple[dict, list[FieldError]]:
        """What the reader would word badly: a partner where the declarer is always alone,
        a played Three; and a null game field that this table has not (``talon: null`` at
        five players) is dropped like an absent one."""
        errors: list[FieldError] = []
        known = _known(self.table.ruleset)
        if any(k not in known for k in document):
            document = {
                k: v
                for k, v in document.items()
                if k in known or v is not None or k not in PETRTYL_FIELDS
            }
        if not self.table.chief_called and document.get("partner") is not None:
            document = dict(document)
            errors.append(
                FieldError(
                    "partner",
                    f"Must be empty: at {self.table.players} players the declarer always "
                    "plays alone.",
                )
            )
            del document["partner"]
        if document.get("kind") == "surrendered" and self.table.chief_called:
            # The kind says both: a Four given up with the called Chief in the talon
            # (section 17). The bid and the box may be left out; given, they must say so.
            if document.get("bid") not in (None, "four"):
                errors.append(FieldError("bid", "Only a Four may be given up."))
            if document.get("chief_in_talon") not in (None, True):
                errors.append(
                    FieldError(
                        "chief_in_talon",
                        "A Four is given up because the called Chief was in the talon: "
                        "leave this out, or true.",
                    )
                )
            document = {k: v for k, v in document.items() if k not in ("bid", "chief_in_talon")}
        if document.get("kind") == "played" and document.get("bid") == "three":
            errors.append(
                FieldError(
                    "bid", "A Three is never played: if all pass it, the deal is three_passed."
                )
            )
        return document, errors

    def settle(self, outcome: PetrtylOutcome, rules: Rules) -> Settlement:
        return settle(outcome, self.table)

    def unpaid(self, document: Mapping[str, Any], rules: Rules) -> dict[str, str]:
        """With a Sweep made there is no Chief Last or Papoose Last payment, and the pot
        is not touched (contract section 17)."""
        if not (document.get("sweep") or {}).get("made"):
            return {}
        return dict.fromkeys(("chief_last", "papoose_last"), "not paid with a Sweep made")

    def payment_table(self, rules: Rules) -> list[str]:
        return payment_table(self.table)

    def payment_reasons(self) -> tuple[tuple[str, str], ...]:
        return tuple((r.value, w) for r, w in REASON_WORDS.items())

    def statistics_groups(self) -> tuple[tuple[str, str], ...]:
        return super().statistics_groups() + statistics.groups(self.table)

    def deal_facts(self, document: Mapping[str, Any], settlement: Settlement) -> Facts:
        return statistics.deal_facts(document, self.table)


def _bind(table: Table) -> type[Petrtyl]:
    """The game bound to one row of section 18, registered under its ruleset."""
    attributes = {
        "name": table.ruleset,
        "table": table,
        "presets": (Preset(table.ruleset, table.title, table.source, table.description),),
        "active_players": table.players,
        "table_sizes": (table.players,),
        "pack": table.pack,
        "total_points": table.total,
        "winning_points": table.winning,
        "__doc__": f"{table.title} ({table.source}).",
    }
    name = "Petrtyl" + table.ruleset.removeprefix("petrtyl").replace("-", "_").title()
    return register(type(name, (Petrtyl,), attributes))


# Each row of section 18 a game of its own, registered under its ruleset.
for _table in TABLES.values():
    _bind(_table)

PETRTYL_FIELDS = frozenset(f.name for name in TABLES for f in describe(name))


@cache
def _known(ruleset: str) -> frozenset[str]:
    return frozenset(f.name for f in describe(ruleset))
