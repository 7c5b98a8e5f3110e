"""Texas XX: Taroks, the XX called for a partner (003 §19.17)."""

from __future__ import annotations

from typing import Any

from ...conditions import NEVER, all_of, not_, when
from ...errors import FieldError
from ...fields import Field, took_a_trick
from ...kinds import BOOL
from ...options import BOOL as OPTION_BOOL
from ...options import Option, Preset
from ...registry import register
from ...settlement import Transfer
from . import parts
from .common import Texas
from .document import PLAYED
from .outcome import TexasOutcome
from .words import BONUS_NAMES, TEXAS_XX


@register
class TexasXX(Texas):
    """Taroks, XX called for a partner (003 §19.17)."""

    name = "texas-xx"
    doubling = TEXAS_XX
    presets = (
        Preset(
            "texas-xx",
            "Texas XX",
            "003 §19.17",
            "Taroks as played in Texas (Dr. Havlak's rules), the XX called for a partner: "
            "Povinost, Zebrak, Ze Ruky and Prever.",
        ),
    )
    option_list = (
        Option("pagat_contra", "Contra on an announced Pagat", OPTION_BOOL, False),
        Option("mond_penalty", "Mond (XXI) lost pays 2 to each", OPTION_BOOL, False),
    ) + Texas.base_options
    bids = (
        ("povinost", "Povinost"),
        ("zebrak", "Zebrak"),
        ("ze_ruky", "Ze Ruky"),
        ("prever", "Prever"),
    )
    partner_bids = ("povinost", "ze_ruky")
    no_points_bids = ("zebrak",)
    no_contra_bids = ("zebrak",)
    pagat_with_valat = True
    partner_asked = not_(when("xx_in_talon", True))  # the XX in the talon says "alone"
    called = {"povinost": (("xx", "XX"), ("xix", "XIX"), ("xviii", "XVIII"), ("xvii", "XVII"))}
    bonus_names = {**BONUS_NAMES, "two_trumps": "Bid", "no_trumps": "Zebrak"}
    VALAT = {"povinost": 20, "ze_ruky": 40, "prever": 30}

    def kinds(self, rules: Any) -> tuple[tuple[str, str], ...]:
        return (("played", "Played"), ("thrown_in", "Thrown in (redeal, or all four passed)"))

    def pagat_allows_contra(self, rules: Any) -> bool:
        return rules.pagat_contra

    def valat_value(self, bid: str, announced: bool) -> int:
        """Povinost 20, Ze Ruky 40, Prever 30; doubled when announced.

        >>> [TexasXX().valat_value(b, a) for b in ("povinost", "ze_ruky", "prever")
        ...  for a in (False, True)]
        [20, 40, 40, 80, 30, 60]
        """
        return self.VALAT[bid] * (2 if announced else 1)

    def extra_fields(self, rules: Any) -> tuple[Field, ...]:
        return (
            Field(
                "xx_in_talon",
                "XX in the talon",
                BOOL,
                "the XX was in the talon: the declarer played alone",
                applies=all_of(PLAYED, when("bid", "ze_ruky")),
            ),
            took_a_trick("zebrak", "Zebrak"),
        )

    def late_fields(self, rules: Any) -> tuple[Field, ...]:
        return (parts.mond_field(PLAYED if rules.mond_penalty else NEVER),)

    def check_more(self, outcome: TexasOutcome, rules: Any, add) -> None:
        if outcome.kind != "played" or outcome.bid != "ze_ruky":
            return
        if outcome.partner is None and not outcome.xx_in_talon:
            add(
                FieldError(
                    "partner",
                    "In Ze Ruky the holder of the XX is the partner: name that player, or say "
                    "the XX was in the talon (xx_in_talon).",
                )
            )
        if outcome.partner is not None and outcome.xx_in_talon:
            add(FieldError("partner", "The XX was in the talon, so the declarer played alone."))

    def game(self, outcome: TexasOutcome, rules: Any) -> tuple[bool, int, str]:
        """Povinost D(P, 2), Ze Ruky D(P, 4), Prever D(P, 3) (a lost one x2 for the second
        three, x4 back to the first; at 53-53 it pays 3), Zebrak 16.

        >>> g, r = TexasXX(), TexasXX().rules("texas-xx")
        >>> [g.game(TexasOutcome({"bid": b, "talon": "second", "bidder_points": 53}), r)[1]
        ...  for b in ("povinost", "ze_ruky", "prever")]
        [2, 4, 3]
        >>> g.game(TexasOutcome({"bid": "zebrak", "bidder_took_a_trick": True}), r)
        (False, 16, 'Zebrak lost: the declarer took a trick = 16')
        """
        bid = outcome.bid
        if bid == "zebrak":
            if outcome.bidder_took_a_trick:
                return False, 16, "Zebrak lost: the declarer took a trick = 16"
            return True, 16, "Zebrak won: no trick taken = 16"
        points = self.declarer_points(outcome, rules)
        if bid == "povinost":
            return parts.by_difference(points, "Povinost", 2)
        if bid == "ze_ruky":
            return parts.by_difference(points, "Ze Ruky", 4)
        won, chips, why = parts.by_difference(points, parts.talon_label(outcome), 3)
        if not won and points != 53:
            chips, why = parts.prever_lost(chips, why, outcome.talon, 2, 4)
        elif not won:
            why += " (both sides at 53: 3 whatever the talon)"
        return won, chips, why

    def more_transfers(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return parts.mond_transfers(
            outcome, "Mond (XXI) lost to the opponents by {player}: 2 to each other player"
        )

    def payment_table(self, rules: Any) -> list[str]:
        lines = [
            "Game: (|points - 53| + 10) x 2 Povinost, x 4 Ze Ruky, x 3 Prever, to the nearest 10, "
            "/ 10; 54 of 106 win. Lost Prever x2 after the second three, x4 back to the first.",
            "Zebrak 16. Hrb x2, Rhea x4, Contrec x8, Suprec x16.",
            "Valat: Povinost 20, Ze Ruky 40, Prever 30; announced twice that (replaces the game).",
            "Pagat last 2, announced 4 (stands with a valat).",
            f"Bonuses from each: {self.bonuses_paid(rules)}.",
        ]
        if rules.mond_penalty:
            lines.append("Mond (XXI) lost to the opponents: 2 to each other player.")
        return lines
