"""The Texas games (contract sections 13-16): texas-xix, texas-xx, texas-king.

Each is a class over ``common.Texas`` with its bids, values, words and options; the
difference formula, the bonuses and Pagat and valat are written once in ``common``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import FieldError
from ...fields import BOOL, CHOICE, NEVER, OBJECT, PLAYER, Field, all_of, choices, not_, when
from ...options import BOOL as OPTION_BOOL
from ...options import CHOICE as OPTION_CHOICE
from ...options import INT as OPTION_INT
from ...options import INT_OR_NULL, Option, Preset
from ...registry import register
from ...settlement import Transfer, from_each_other
from .common import BONUS_CHIPS, FOUR_KINGS, LAST_OUTCOMES, PLAYED, WINNING, Texas, difference
from .outcome import TexasOutcome
from .words import BONUS_NAMES, TALON_WORDS, TEXAS, TEXAS_XX, TexasReason


def _talon_label(outcome: TexasOutcome) -> str:
    return f"Prever ({TALON_WORDS[outcome.talon]})"


def _took_a_trick_field(bid: str) -> Field:
    return Field(
        "bidder_took_a_trick",
        "Declarer took a trick",
        BOOL,
        "whether the declarer took a trick (true: he lost)",
        required=True,
        applies=all_of(PLAYED, when("bid", bid)),
    )


def _mond_field(applies) -> Field:
    return Field(
        "mond_lost", "Mond (XXI) lost", PLAYER, "the player who lost the XXI", applies=applies
    )


def _mond_transfers(outcome: TexasOutcome, why: str) -> list[Transfer]:
    player = outcome.mond_lost
    if player not in outcome.players:  # null, or the harmless "none"
        return []
    return from_each_other(
        outcome.players, player, 2, TexasReason.MOND_LOST, why.format(player=player), pays=True
    )


def _prever_lost(chips: int, why: str, talon: str, second: int, back: int) -> tuple[int, str]:
    """A lost Prever's talon multiplier: ``second`` for the second three, ``back`` for
    going back to the first three."""
    words = {2: "doubled", 3: "tripled", 4: "quadrupled"}
    if talon == "second":
        chips *= second
        why += f", {words[second]} for the second three = {chips}"
    elif talon == "first_after_second":
        chips *= back
        why += f", {words[back]} for going back to the first three = {chips}"
    return chips, why


def _by_difference(points: int, label: str, multiplier: int) -> tuple[bool, int, str]:
    won = points >= WINNING
    chips, words = difference(points, multiplier)
    return won, chips, f"{label} {'won' if won else 'lost'}: {words}"


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
            return _by_difference(points, "Povinost", 2)
        label = _talon_label(outcome)
        if outcome.talon == "first_after_second" and rules.prever_back_value is not None:
            won = points >= WINNING
            chips = rules.prever_back_value
            return (
                won,
                chips,
                f"{label} {'won' if won else 'lost'}: {chips} (house rule for going back)",
            )
        won, chips, why = _by_difference(points, label, 3)
        if not won:
            chips, why = _prever_lost(chips, why, outcome.talon, 2, 3)
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
            _took_a_trick_field("zebrak"),
        )

    def late_fields(self, rules: Any) -> tuple[Field, ...]:
        return (_mond_field(PLAYED if rules.mond_penalty else NEVER),)

    def check_more(self, outcome: TexasOutcome, rules: Any, add) -> None:
        if outcome.kind != "played" or outcome.bid != "ze_ruky":
            return
        if outcome.partner is None and not outcome.xx_in_talon:
            add(
                FieldError(
                    "partner",
                    "In Ze Ruky the holder of the XX is the partner: name him, or say the XX "
                    "was in the talon (xx_in_talon).",
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
            return _by_difference(points, "Povinost", 2)
        if bid == "ze_ruky":
            return _by_difference(points, "Ze Ruky", 4)
        won, chips, why = _by_difference(points, _talon_label(outcome), 3)
        if not won and points != 53:
            chips, why = _prever_lost(chips, why, outcome.talon, 2, 4)
        elif not won:
            why += " (both sides at 53: 3 whatever the talon)"
        return won, chips, why

    def more_transfers(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return _mond_transfers(
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
    alone_words = "Alone (called his own King)"
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
            _took_a_trick_field("no_trick"),
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
                    Field("announced", "Announced", BOOL, "announced before play", default=False),
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
            _mond_field(PLAYED),
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
            return _by_difference(points, "Povenost", 2)
        label = _talon_label(outcome)
        if stated:
            talon = outcome.talon
            if talon == "first" and outcome.no_trick_bid:
                return won, 2, f"{label} {result}: 2 (No Trick was bid)"
            chips = {"first": 1, "second": 2, "first_after_second": 4}[talon]
            return won, chips, f"{label} {result}: {chips}"
        won, chips, why = _by_difference(points, label, 3)
        if not won:
            chips, why = _prever_lost(chips, why, outcome.talon, 2, 3)
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
        holder of all four Kings holds the called King, so he is the partner: only C can.
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
                    "player's hand. Name him as partner.",
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
                "the fourth King was called: the declarer holds three Kings and his partner "
                "the fourth, so nobody holds all four"
            )
        if called == "queen":
            why = "a Queen was called, so the declarer holds all four Kings"
            return declarer, f"{why}: only {declarer} can"
        if partner is None:
            why = "the declarer called a King and plays alone, so he holds it"
            return declarer, f"{why}: only {declarer} can"
        presumed = "" if called else " (none is given: a King is presumed)"
        return partner, (
            f"the holder of all four Kings holds the called King{presumed}, so he is the "
            f"partner: only {partner} can"
        )

    def more_transfers(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return _mond_transfers(
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
