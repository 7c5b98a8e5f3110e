"""The Petrtyl tables as data (contract section 18; seed 003 §18.14-18.17).

One row per ruleset: how many play, the pack, the talon, the values that change with
the number of players, and which bids, kinds and declarations the table has. The rules
themselves are written once (``document``, ``checks``, ``payments``); they read a row.

>>> TABLES["petrtyl"].four_value("second"), TABLES["petrtyl-five"].four_value(None)
(5, 6)
>>> TABLES["petrtyl"].sweep_value("four", "first_after_second", announced=True)
32
>>> TABLES["petrtyl-five"].sweep_value("five", None, announced=False)
36
>>> TABLES["petrtyl-three"].pack.total, TABLES["petrtyl"].pack.total
(66, 70)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ...points import IN_DECK, PACKETS_OF_THREE, Pack

# 18.16: the 42-card pack is the 22 trumps (3 honours, 19 plain) and five cards of each
# suit (its 4 court cards and 1 numeral card): 23 plain cards (section 12). Counted in
# packets of three it holds 66 points.
PACK_42 = Pack(cards=42, in_pack=dict(IN_DECK))

TALON_WORDS = {
    "first": "first three of the talon",
    "second": "second three of the talon",
    "first_after_second": "back to the first three of the talon",
}
HALVES = {"first": 4, "second": 5, "first_after_second": 6}  # 18.14
SWEPT_FOUR = {"first": 12, "second": 14, "first_after_second": 16}  # 18.14
SWEPT_FIVE = 24  # 18.14: "24 game points undeclared and 48 declared"
GRAND_NULLO = 36
GRAND_SWEEP = 60
THREE_PASSED = 3
MISDEAL_INTO_POT = 4
LAST_TRICK_IN_FIVE = 2  # Chief Last and Papoose Last x2 in a Five (inferred)


@dataclass(frozen=True)
class Table:
    """One row of section 18."""

    ruleset: str
    title: str
    source: str
    description: str
    players: int
    lack_of_regiment: int | None  # most trumps for Lack of Regiment (None: no Grand Nullo)
    # The rest as at the four-handed table (18.14) unless a row says otherwise.
    pack: Pack = PACKETS_OF_THREE
    halves: bool = True  # the talon in two halves of three; False: four cards, all taken in a Four
    four_whole_talon: int | None = None  # the Four's value when the whole talon is taken (five)
    five: int = 8
    swept_four_whole_talon: int | None = None
    swept_five: int = SWEPT_FIVE
    grand_bids: bool = True  # Grand Nullo and Grand Sweep
    regiment: int = 10  # trumps needed for Regiment
    honours: tuple[str, ...] = ("trule", "all_four")  # or four_honours

    @cached_property
    def hand(self) -> int:
        """The cards a player holds (at two: their hand and their dummy, 24): the pack but
        the talon (six cards in two halves, or four), dealt to all alike."""
        dealt, left = divmod(self.pack.cards - (6 if self.halves else 4), self.players)
        assert not left, f"{self.ruleset}: the pack does not deal out evenly"
        return dealt

    @cached_property
    def chief_called(self) -> bool:
        """A Chief is called for a partner: at four and five players."""
        return self.players >= 4

    @cached_property
    def total(self) -> int:
        return self.pack.total

    @cached_property
    def winning(self) -> int:
        """The declarer's side needs more than half the points in thirds: 36 of 70, 34 of
        66 (a tie loses)."""
        return self.total // 2 + 1

    def four_value(self, talon: str | None) -> int:
        return HALVES[talon] if self.halves else self.four_whole_talon

    def game_value(self, bid: str, talon: str | None) -> int:
        if bid == "four":
            return self.four_value(talon)
        return {"five": self.five, "grand_nullo": GRAND_NULLO, "grand_sweep": GRAND_SWEEP}[bid]

    def sweep_value(self, bid: str, talon: str | None, announced: bool) -> int:
        if bid == "five":
            value = self.swept_five
        else:
            value = SWEPT_FOUR[talon] if self.halves else self.swept_four_whole_talon
        return value * 2 if announced else value

    def bids(self) -> tuple[str, ...]:
        grand = ("grand_nullo", "grand_sweep") if self.grand_bids else ()
        return ("three", "four", "five", *grand)

    def kinds(self) -> tuple[str, ...]:
        surrendered = ("surrendered",) if self.chief_called else ()
        return ("played", "three_passed", *surrendered, "thrown_in", "misdeal")

    def declarations(self, bid: str) -> tuple[str, ...]:
        if bid == "grand_nullo":
            return ("lack_of_regiment", "no_trule_card", "no_chief")
        return ("regiment", *self.honours)


DECLARATION_VALUE: Mapping[str, int] = {"four": 1, "five": 2, "grand_sweep": 4, "grand_nullo": 4}

TABLES: dict[str, Table] = {
    t.ruleset: t
    for t in (
        Table(
            "petrtyl",
            "Petrtyl, four-handed",
            "003 §18.14; 000 (Variations, Petrtyl Tarock)",
            "August Petrtyl's 1922 Tarok for four: a Chief called for a partner; Three, Four, "
            "Five, Grand Nullo and Grand Sweep; Sweep, Chief Last, Papoose Last and the "
            "penalty pot.",
            players=4,
            lack_of_regiment=2,
        ),
        Table(
            "petrtyl-five",
            "Petrtyl, five-handed",
            "003 §18.15",
            "Petrtyl's Tarok with all five playing: a talon of four cards, all taken in a "
            "Four; two against three with a partner.",
            players=5,
            lack_of_regiment=0,
            halves=False,
            four_whole_talon=6,
            five=12,
            swept_four_whole_talon=16,
            swept_five=36,
        ),
        Table(
            "petrtyl-three",
            "Petrtyl, three-handed",
            "003 §18.16",
            "Petrtyl's Tarok for three with the 42-card pack (66 points, 34 win): the "
            "declarer always plays alone.",
            players=3,
            lack_of_regiment=0,
            pack=PACK_42,
            regiment=12,
        ),
        Table(
            "petrtyl-two",
            "Petrtyl, two-handed",
            "003 §18.17",
            "Petrtyl's Tarok for two, each with a dummy: Three, Four and Five; Papoose Last "
            "the only announcement; four honours instead of Trule and All Four.",
            players=2,
            lack_of_regiment=None,
            grand_bids=False,
            honours=("four_honours",),
        ),
    )
}
