"""Texas XIX: Tarock, the XIX called for a partner (003 §19.16)."""

from __future__ import annotations

from typing import Any

from ...options import BOOL as OPTION_BOOL
from ...options import INT as OPTION_INT
from ...options import INT_OR_NULL, Option, Preset
from ...registry import register
from ...settlement import Transfer, from_each_other
from . import parts
from .bonuses import BONUS_CHIPS
from .common import WINNING, Texas
from .outcome import TexasOutcome
from .words import TEXAS, TexasReason


@register
class TexasXIX(Texas):
    """Tarock, XIX called for a partner (003 §19.16)."""

    name = "texas-xix"
    doubling = TEXAS
    presets = (
        Preset(
            "texas-xix",
            "Texas XIX",
            "003 §19.16",
            "Tarock as played in Texas, the XIX called for a partner: Povinost and Prever, "
            "the difference formula, Pagat, valat and bonuses for holdings.",
        ),
    )
    option_list = (
        Option("uni_bonus", "Uni (no trumps) bonus", OPTION_INT, 4, choices=(4, 2)),
        Option("two_trumps_bonus", "Two trumps bonus paid", OPTION_BOOL, True),
        Option(
            "prever_back_value",
            "Prever back to the first three: fixed value",
            INT_OR_NULL,
            None,
            minimum=1,
            help="empty: by the card points, as any Prever; the variant of 19.16 says 12",
        ),
        Option("called_trump_throw_in", "Throw in on drawing the called trump", OPTION_BOOL, False),
    ) + Texas.base_options
    bids = (("povinost", "Povinost"), ("prever", "Prever"))
    partner_bids = ("povinost",)
    called = {
        "povinost": (
            ("xix", "XIX"),
            ("xviii", "XVIII"),
            ("xvii", "XVII"),
            ("xvi", "XVI"),
            ("xv", "XV"),
        )
    }
    SURRENDERED = ("surrendered", "Thrown in: the declarer drew the called trump")
    # The printed table says Uni, a house rule's, before the Two trumps another may drop.
    table_order = (*(k for k in BONUS_CHIPS if k != "two_trumps"), "two_trumps")

    def kinds(self, rules: Any) -> tuple[tuple[str, str], ...]:
        kinds = super().kinds(rules)
        if rules.called_trump_throw_in:
            kinds += (self.SURRENDERED,)
        return kinds

    def deal_kinds(self) -> tuple[tuple[str, str], ...]:
        # The presets' kinds and the throw-in a house rule allows.
        return super().deal_kinds() + (self.SURRENDERED,)

    def bonus_allowed(self, kind: str, rules: Any) -> bool:
        return kind != "two_trumps" or rules.two_trumps_bonus

    def bonus_chips(self, kind: str, rules: Any) -> int:
        return rules.uni_bonus if kind == "no_trumps" else super().bonus_chips(kind, rules)

    def game(self, outcome: TexasOutcome, rules: Any) -> tuple[bool, int, str]:
        """Povinost D(P, 2), Prever D(P, 3); a lost Prever x2 (second three) or x3 (back).

        >>> g = TexasXIX()
        >>> r = g.rules("texas-xix")
        >>> g.game(TexasOutcome({"bid": "prever", "talon": "first", "bidder_points": 59}), r)
        (True, 5, 'Prever (first three) won: (6 + 10) x 3 = 48 -> 50 = 5')
        >>> g.game(TexasOutcome({"bid": "prever", "talon": "second", "bidder_points": 42}), r)[1:]
        (12, 'Prever (second three) lost: (11 + 10) x 3 = 63 -> 60 = 6,
              doubled for the second three = 12')
        >>> back = TexasOutcome({"bid": "prever", "talon": "first_after_second",
        ...                      "bidder_points": 42})
        >>> g.game(back, g.rules("texas-xix", {"prever_back_value": 12}))
        (False, 12, 'Prever (back to the first three) lost: 12 (house rule for going back)')
        """
        points = self.declarer_points(outcome, rules)
        if outcome.bid == "povinost":
            return parts.by_difference(points, "Povinost", 2)
        label = parts.talon_label(outcome)
        if outcome.talon == "first_after_second" and rules.prever_back_value is not None:
            won = points >= WINNING
            chips = rules.prever_back_value
            return (
                won,
                chips,
                f"{label} {'won' if won else 'lost'}: {chips} (house rule for going back)",
            )
        won, chips, why = parts.by_difference(points, label, 3)
        if not won:
            chips, why = parts.prever_lost(chips, why, outcome.talon, 2, 3)
        return won, chips, why

    def surrender(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        why = "Povinost thrown in (the declarer drew the called trump): 2 to each other player"
        return from_each_other(
            outcome.players, outcome.bidder, 2, TexasReason.SURRENDER, why, pays=True
        )

    def payment_table(self, rules: Any) -> list[str]:
        return [
            "Game: (|points - 53| + 10) x 2 (Povinost) or x 3 (Prever), to the nearest 10, / 10; "
            "54 of 106 win. Lost Prever x2 after the second three, x3 back to the first.",
            "Contra x2, Re x4, Supre x8, Mort x16. Valat 20, announced 40 (replaces the game).",
            "Pagat last 2, announced 4 (none with a valat).",
            f"Bonuses from each: {self.bonuses_paid(rules)}.",
        ]
