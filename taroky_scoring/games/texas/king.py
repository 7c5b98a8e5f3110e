"""Texas King: Tarok, a King called for a partner (003 §18.13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...conditions import all_of, not_, when
from ...errors import FieldError
from ...fields import Field, choices, took_a_trick
from ...kinds import BOOL, CHOICE, OBJECT
from ...options import BOOL as OPTION_BOOL
from ...options import CHOICE as OPTION_CHOICE
from ...options import Option, Preset
from ...registry import register
from ...settlement import Transfer
from . import parts
from .bonuses import FOUR_KINGS
from .common import WINNING, Texas
from .document import LAST_OUTCOMES, PLAYED, SAID_ANNOUNCED
from .outcome import TexasOutcome
from .words import BONUS_NAMES, TEXAS


@register
class TexasKing(Texas):
    """Tarok, a King called for a partner (003 §18.13)."""

    name = "texas-king"
    doubling = TEXAS
    presets = (
        Preset(
            "texas-king",
            "Texas King",
            "003 §18.13",
            "Tarok as played in Texas, a King called for a partner: Povenost, No Trick and "
            "Prever, King Last, Pagat, valat and bonuses.",
        ),
    )
    option_list = (
        Option(
            "game_value",
            "What a game is worth",
            OPTION_CHOICE,
            "stated",
            choices=("stated", "difference"),
            choice_labels=(
                "the values 18.13 states (1 to 4 chips)",
                "by the card points' difference, as in Texas XIX (its footnote 7)",
            ),
        ),
        Option(
            "no_trick_bonuses",
            "Bonuses for holdings paid in a No Trick",
            OPTION_BOOL,
            False,
            help="18.13 allows nothing but Contra to be said to a No Trick",
        ),
    ) + Texas.base_options
    bids = (("povenost", "Povenost"), ("no_trick", "No Trick"), ("prever", "Prever"))
    partner_bids = ("povenost",)
    alone_words = "Alone (called their own King)"
    no_points_bids = ("no_trick",)
    valat_contra = False
    has_king_last = True
    called = {
        "povenost": (
            ("clubs", "clubs"),
            ("spades", "spades"),
            ("hearts", "hearts"),
            ("diamonds", "diamonds"),
            ("fourth_king", "the fourth King"),
            ("queen", "a Queen (holding all four Kings)"),
        )
    }
    bonus_names = {
        **BONUS_NAMES,
        "eight_trumps": "Tarockee",
        "ten_trumps": "Tarokee (Velki)",
        "trull": "Trul",
        "trull_pane": "Trul Pane",
        "rosanne_pane": "Rosane Pane",
        "no_trumps": "No trumps",
    }
    table_names = {"ten_trumps": "Tarokee"}  # the printed table's short name

    def extra_fields(self, rules: Any) -> tuple[Field, ...]:
        return (
            took_a_trick("no_trick", "No Trick"),
            Field(
                "no_trick_bid",
                "No Trick was bid",
                BOOL,
                "somebody bid No Trick in the auction",
                applies=all_of(PLAYED, when("bid", "prever")),
            ),
        )

    def late_fields(self, rules: Any) -> tuple[Field, ...]:
        words = tuple((w, self.doubling.label(w)) for w in self.doubling.words)
        return (
            Field(
                "king_last",
                "King Last",
                OBJECT,
                "the called King in the last trick, seen from the declarer's side",
                applies=all_of(PLAYED, when("bid", "povenost"), not_(when("called", "queen"))),
                items=(
                    Field(
                        "announced",
                        "Announced",
                        BOOL,
                        "announced before play",
                        default=False,
                        said=SAID_ANNOUNCED,
                    ),
                    Field(
                        "outcome", "Outcome", CHOICE, "what happened", LAST_OUTCOMES, required=True
                    ),
                    Field(
                        "contra",
                        "Contra",
                        CHOICE,
                        "on an announced King",
                        choices(*words),
                        default="none",
                    ),
                ),
            ),
            parts.mond_field(PLAYED),
        )

    def bonuses_apply(self, rules: Any):
        """Not in a No Trick, where 18.13 allows nothing but Contra to be said, unless the
        house rule ``no_trick_bonuses`` (contract 19 D3)."""
        if rules.no_trick_bonuses:
            return PLAYED
        return all_of(PLAYED, not_(when("bid", "no_trick")))

    def why_not(self, f: Field, values: Mapping[str, Any]) -> str | None:
        """King Last and bonuses where they cannot be, with the reason (contract 19 D3,
        D5).

        >>> g = TexasKing()
        >>> g.why_not(g.fields(g.rules("texas-king"))[-1], {"kind": "played", "bid": "no_trick"})
        'Bonuses for holdings are not paid in a No Trick: 18.13 allows nothing but Contra to
        be said to it. A club that pays them sets the house rule no_trick_bonuses.'
        """
        if values.get("kind") == "played" and f.name == "king_last":
            bid = values.get("bid")
            if bid == "povenost" and values.get("called") == "queen":
                return "King Last does not apply to this deal: no King was called: a Queen was."
            if bid in ("prever", "no_trick"):
                return (
                    f"King Last does not apply to a {dict(self.bids)[bid]}: no King is called "
                    "in it."
                )
        if values.get("kind") == "played" and f.name == "bonuses":
            return (
                "Bonuses for holdings are not paid in a No Trick: 18.13 allows nothing but "
                "Contra to be said to it. A club that pays them sets the house rule "
                "no_trick_bonuses."
            )
        return super().why_not(f, values)

    def game(self, outcome: TexasOutcome, rules: Any) -> tuple[bool, int, str]:
        """``stated``: Povenost 1, No Trick 1, Prever 1 (2 if No Trick was bid) / 2 / 4 by
        the talon, won or lost alike; ``difference``: as texas-xix, No Trick 16.

        >>> g = TexasKing()
        >>> g.game(TexasOutcome({"bid": "prever", "talon": "first", "no_trick_bid": True,
        ...         "bidder_points": 50}), g.rules("texas-king"))
        (False, 2, 'Prever (first three) lost: 2 (No Trick was bid)')
        >>> g.game(TexasOutcome({"bid": "no_trick", "bidder_took_a_trick": False}),
        ...        g.rules("texas-king", {"game_value": "difference"}))
        (True, 16, 'No Trick won: no trick taken = 16')
        """
        bid = outcome.bid
        stated = rules.game_value == "stated"
        if bid == "no_trick":
            won = not outcome.bidder_took_a_trick
            how = "no trick taken" if won else "the declarer took a trick"
            chips = 1 if stated else 16
            return won, chips, f"No Trick {'won' if won else 'lost'}: {how} = {chips}"
        points = self.declarer_points(outcome, rules)
        won = points >= WINNING
        result = "won" if won else "lost"
        if bid == "povenost":
            if stated:
                return won, 1, f"Povenost {result}: 1"
            return parts.by_difference(points, "Povenost", 2)
        label = parts.talon_label(outcome)
        if stated:
            talon = outcome.talon
            if talon == "first" and outcome.no_trick_bid:
                return won, 2, f"{label} {result}: 2 (No Trick was bid)"
            chips = {"first": 1, "second": 2, "first_after_second": 4}[talon]
            return won, chips, f"{label} {result}: {chips}"
        won, chips, why = parts.by_difference(points, label, 3)
        if not won:
            chips, why = parts.prever_lost(chips, why, outcome.talon, 2, 3)
        return won, chips, why

    def check_more(self, outcome: TexasOutcome, rules: Any, add) -> None:
        """Who may hold all four Kings (Krale, Rosane Pane, SPJST) in a Povenost follows
        the call, as the holder of all four holds the called King; the fourth King called
        is in the partner's hand (contract 19 D4).

        >>> deal = {"ruleset": "texas-king", "players": ["A", "B", "C", "D"],
        ...         "kind": "played", "bidder": "A", "bid": "povenost", "partner": "C",
        ...         "called": "hearts", "bidder_points": 60,
        ...         "bonuses": [{"player": "A", "kind": "krale"}]}
        >>> TexasKing().parse(deal, TexasKing().rules("texas-king"))
        Traceback (most recent call last):
        ...
        taroky_scoring.errors.OutcomeError: bonuses: Bonus 1: A claims Krale, but the
        holder of all four Kings holds the called King, so that player is the partner: only C can.
        """
        if outcome.kind != "played" or outcome.bid != "povenost":
            return
        called, partner = outcome.called, outcome.partner
        if called == "fourth_king" and partner is None:
            add(
                FieldError(
                    "partner",
                    "The declarer called the fourth King, holding the other three: all six "
                    "talon cards are drawn before the call, so the fourth King is in another "
                    "player's hand. Name that player as partner.",
                )
            )
        holder, why = self.four_kings_holder(outcome)
        for n, b in enumerate(outcome.bonuses or (), start=1):
            if b.kind in FOUR_KINGS and b.player != holder:
                name = self.bonus_names[b.kind]
                add(FieldError("bonuses", f"Bonus {n}: {b.player} claims {name}, but {why}."))

    @staticmethod
    def four_kings_holder(outcome: TexasOutcome) -> tuple[str | None, str]:
        """Who alone may hold all four Kings in a Povenost, by the call, and why
        (contract 19 D4; a call not given presumes a King, D5).

        >>> deal = {"bidder": "A", "partner": "C"}
        >>> TexasKing.four_kings_holder(TexasOutcome({**deal, "called": "queen"}))
        ('A', 'a Queen was called, so the declarer holds all four Kings: only A can')
        >>> TexasKing.four_kings_holder(TexasOutcome({**deal, "called": "clubs"}))[0]
        'C'
        """
        declarer, partner, called = outcome.bidder, outcome.partner, outcome.called
        if called == "fourth_king":
            return None, (
                "the fourth King was called: the declarer holds three Kings and the partner "
                "the fourth, so nobody holds all four"
            )
        if called == "queen":
            why = "a Queen was called, so the declarer holds all four Kings"
            return declarer, f"{why}: only {declarer} can"
        if partner is None:
            why = "the declarer called a King and plays alone, so the declarer holds it"
            return declarer, f"{why}: only {declarer} can"
        presumed = "" if called else " (none is given: a King is presumed)"
        return partner, (
            f"the holder of all four Kings holds the called King{presumed}, so that player "
            f"is the partner: only {partner} can"
        )

    def more_transfers(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return parts.mond_transfers(
            outcome, "Mond (XXI) captured by the Skys: {player} pays 2 to each other player"
        )

    def payment_table(self, rules: Any) -> list[str]:
        if rules.game_value == "stated":
            game = (
                "Game: Povenost 1, No Trick 1, Prever 1 / 2 / 4 (first three / second / back), "
                "2 with the first three if No Trick was bid; 54 of 106 win."
            )
        else:
            game = (
                "Game: (|points - 53| + 10) x 2 (Povenost) or x 3 (Prever), to the nearest 10, "
                "/ 10; lost Prever x2 / x3 by the talon; No Trick 16."
            )
        return [
            game,
            "Contra x2, Re x4, Supre x8, Mort x16. Valat 20, announced 40 (replaces the game; "
            "x the game's Contra).",
            "Pagat last, King Last: 2, announced 4 (none with a valat). Mond captured: 2 to each.",
            f"Bonuses from each: {self.bonuses_paid(rules)}"
            + (" (in a No Trick too)." if rules.no_trick_bonuses else " (none in a No Trick)."),
        ]
