"""What the three Texas games share (contract section 13, seed 003 §18.13, 19.16, 19.17).

Four play, counter-clockwise; every card counts singly, 106 in the pack; the
declarer's side wins with 54 (53-53 loses). Written once here: the difference formula,
the bonuses for holdings and their checks against the pack, Pagat and valat, the
document's common fields, and settling it all between the sides.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from ...doubling import Doubling
from ...errors import (
    FieldError,
    OutcomeError,
    last_trick_contradictions,
    named_as_an_account,
    named_twice,
)
from ...fields import (
    Description,
    Field,
    Reader,
    not_in_a_deal_without_game,
)
from ...game import Game
from ...options import INT as OPTION_INT
from ...options import Option
from ...points import SINGLY
from ...settlement import (
    Settlement,
    Transfer,
    between_sides,
    from_each_other,
    product,
    settlement,
    times_after,
)
from ...statistics import Facts
from . import statistics
from .bonuses import BONUS_CHIPS, check_bonuses
from .document import PLAYED, TOTAL, describe
from .outcome import TexasOutcome, Valat
from .words import BONUS_NAMES, REASON_WORDS, TexasReason

WINNING = 54
TIE = 53


# -- the difference formula -------------------------------------------------------------


def round10(value: int) -> int:
    """Round to the nearest multiple of 10, a 5 rounded up.

    >>> [round10(v) for v in (44, 45, 48, 63, 64, 66)]
    [40, 50, 50, 60, 60, 70]
    """
    return (value + 5) // 10 * 10


def difference(points: int, multiplier: int) -> tuple[int, str]:
    """D(P, m) = round10((|P - 53| + 10) x m) / 10, and the arithmetic in words.

    Seed 19.16: a Prever (m = 3) won with 59 points is worth 5 from each opponent; lost
    with 42 it is 6 before the talon's doubling. Seed 19.17: 64 -> 6, 66 -> 7; a
    Povinost at 53-53 costs 2.

    >>> difference(59, 3)
    (5, '(6 + 10) x 3 = 48 -> 50 = 5')
    >>> difference(42, 3)
    (6, '(11 + 10) x 3 = 63 -> 60 = 6')
    >>> difference(53, 2)[0], difference(75, 2)[0], difference(76, 2)[0]
    (2, 6, 7)
    """
    diff = abs(points - TIE)
    raw = (diff + 10) * multiplier
    rounded = round10(raw)
    return rounded // 10, f"({diff} + 10) x {multiplier} = {raw} -> {rounded} = {rounded // 10}"


def side_words(team: str) -> str:
    return "declarer's side" if team == "bidder" else "opponents"


def _check_announcement(event: Mapping[str, Any], key: str, early: tuple[str, str], name: str, add):
    """A card in the last trick (Pagat, King Last) that fell early matters only when
    announced, and only an announcement can be doubled."""
    if event.outcome == "played_early" and not event.announced:
        card, announcement = early
        add(
            FieldError(
                key,
                f"{card} played before the last trick matters only when {announcement} "
                "announced: leave it empty.",
            )
        )
    if event.contra != "none" and not event.announced:
        add(FieldError(key, f"Only an announced {name} can be doubled."))


class Texas(Game):
    """The Texas games: subclasses give their bids, values, words and options."""

    family = "texas"
    title = "Texas Tarok"
    active_players = 4
    table_sizes = (4,)
    order_of_play = "counter-clockwise"
    pack = SINGLY
    total_points = TOTAL
    winning_points = WINNING

    doubling: ClassVar[Doubling]
    bids: ClassVar[tuple[tuple[str, str], ...]]  # (word, label)
    partner_bids: ClassVar[tuple[str, ...]]  # bids where a partner may be called
    no_points_bids: ClassVar[tuple[str, ...]] = ()  # decided by a trick, not by points
    no_contra_bids: ClassVar[tuple[str, ...]] = ()
    called: ClassVar[Mapping[str, tuple[tuple[str, str], ...]]]  # bid -> called choices
    bonus_names: ClassVar[Mapping[str, str]] = BONUS_NAMES
    # The payment table's order of the bonuses and the names it says short.
    table_order: ClassVar[tuple[str, ...]] = tuple(BONUS_CHIPS)
    table_names: ClassVar[Mapping[str, str]] = {}
    valat_contra: ClassVar[bool] = True
    # The partner's "nobody": the declarer called a card the declarer held.
    alone_words: ClassVar[str] = "Alone (called their own trump)"
    # When a deal needs the partner or ``alone_words`` said (None: wherever a partner may
    # be called); a deal that says the declarer is alone otherwise does not say it twice.
    partner_asked: ClassVar[Mapping[str, Any] | None] = None
    pagat_contra_always: ClassVar[bool] = True
    pagat_with_valat: ClassVar[bool] = False  # Pagat payments stand when a valat is made
    has_king_last: ClassVar[bool] = False  # King Last in a Povenost (texas-king)
    base_options: ClassVar[tuple[Option, ...]] = (
        Option("starting_chips", "Starting chips", OPTION_INT, 100, minimum=1),
    )

    # -- hooks for the three games ---------------------------------------------------

    def extra_fields(self, rules: Any) -> tuple[Field, ...]:
        return ()

    def kinds(self, rules: Any) -> tuple[tuple[str, str], ...]:
        return (("played", "Played"), ("thrown_in", "Thrown in (redeal, or all passed)"))

    def valat_value(self, bid: str, announced: bool) -> int:
        return 40 if announced else 20

    # -- a player's statistics (``statistics``) ----------------------------------------

    def statistics_groups(self) -> tuple[tuple[str, str], ...]:
        """The roles, then the Texas groups (the doubling titled by the game's word).

        >>> from taroky_scoring import game_for
        >>> dict(game_for("texas-xx").statistics_groups())["doubling"]
        'Hrb'
        """
        return super().statistics_groups() + statistics.groups(self)

    def deal_facts(self, document: Mapping[str, Any], settlement: Settlement) -> Facts:
        return statistics.deal_facts(self, document)

    # -- what a deal stores, in the game's words ---------------------------------------

    def payment_reasons(self) -> tuple[tuple[str, str], ...]:
        return tuple(
            (r.value, self.bonus_names[r.value] if r.value in BONUS_CHIPS else REASON_WORDS[r])
            for r in TexasReason
        )

    def game(self, outcome: TexasOutcome, rules: Any) -> tuple[bool, int, str]:
        """(declarer's side won, chips per opponent before contra, explanation)."""
        raise NotImplementedError

    def pagat_allows_contra(self, rules: Any) -> bool:
        return self.pagat_contra_always

    def bonus_chips(self, kind: str, rules: Any) -> int:
        return BONUS_CHIPS[kind]

    def bonus_allowed(self, kind: str, rules: Any) -> bool:
        return True

    def bonuses_paid(self, rules: Any) -> str:
        """The bonuses ``rules`` pay, for the payment table: each in the game's words with
        its chips from each other player.

        >>> from taroky_scoring import game_for
        >>> xix = game_for("texas-xix")
        >>> xix.bonuses_paid(xix.rules("texas-xix", {"uni_bonus": 2, "two_trumps_bonus": False}))
        'Taroky 2, Tarocky 4, Trull 2, Pane 2, Trull Pane 4, Krale 4, Rosanne Pane 6, SPJST 10,
         Uni 2'
        """
        return ", ".join(
            f"{self.table_names.get(kind, self.bonus_names[kind])} {self.bonus_chips(kind, rules)}"
            for kind in self.table_order
            if self.bonus_allowed(kind, rules)
        )

    def check_more(self, outcome: TexasOutcome, rules: Any, add) -> None:
        pass

    def more_transfers(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return []

    # -- the document ----------------------------------------------------------------

    @lru_cache(maxsize=64)  # noqa: B019 - games are registered once and live as long
    def fields(self, rules: Any) -> Description:
        """The document's fields under ``rules`` (built once per ruleset and options)."""
        return describe(self, rules)

    def late_fields(self, rules: Any) -> tuple[Field, ...]:
        return ()

    def bonuses_apply(self, rules: Any):
        """When bonuses for holdings are paid: in every played deal."""
        return PLAYED

    def why_not(self, f: Field, values: Mapping[str, Any]) -> str | None:
        """Why a field given does not apply (None: the reader's plain words); a deal not
        played names its kind (contract 19 D15)."""
        return not_in_a_deal_without_game(f, values)

    # -- reading and checking ----------------------------------------------------------

    def rules_of(self, document: Mapping[str, Any]) -> Any:
        options = document.get("options") if isinstance(document, Mapping) else None
        if options is not None and not isinstance(options, Mapping):
            raise OutcomeError(
                [FieldError("options", "House rules must be an object of option: value.")]
            )
        return self.rules(document["ruleset"], options)

    def parse(self, document: Any, rules: Any) -> dict[str, Any]:
        outcome = TexasOutcome.read(
            Reader(self.fields(rules), rules.name, self.why_not).read(document)
        )
        errors: list[FieldError] = []
        add = errors.append
        players = outcome.players
        if len(players) != 4:
            add(FieldError("players", f"Name exactly four players, not {len(players)}."))
        for error in (named_twice(players), named_as_an_account(players)):
            if error:
                add(error)
        for key in ("dealer", "bidder", "partner", "mond_lost"):
            named = getattr(outcome, key)
            if named is not None and named not in players:
                add(FieldError(key, f"{named} is not one of this deal's players."))
        if outcome.partner is not None and outcome.partner == outcome.bidder:
            add(
                FieldError(
                    "partner",
                    "The declarer cannot be their own partner: leave the partner empty when "
                    "the declarer called their own card and plays alone.",
                )
            )
        if outcome.kind == "played" and outcome.bid is None:
            add(FieldError("bid", f"Required: the game played ({', '.join(self.bid_words())})."))
        if outcome.kind == "surrendered" and outcome.bid not in (None, self.bids[0][0]):
            add(FieldError("bid", f"Only a {self.bids[0][1]} can be thrown in this way."))
        if outcome.kind == "played" and not errors:
            self.check_played(outcome, rules, add)
        if not errors:
            self.check_more(outcome, rules, add)
        if errors:
            raise OutcomeError(errors)
        return outcome

    def bid_words(self) -> list[str]:
        return [word for word, _ in self.bids]

    def check_played(self, outcome: TexasOutcome, rules: Any, add) -> None:
        by_points = outcome.bid not in self.no_points_bids
        bp, op = outcome.bidder_points, outcome.opponent_points
        if by_points:
            if bp is None and op is None:
                add(
                    FieldError(
                        "bidder_points", "Required: the card points of the declarer's side (0-106)."
                    )
                )
            elif bp is not None and op is not None and bp + op != TOTAL:
                add(
                    FieldError(
                        "bidder_points",
                        f"The two sides' card points must add up to 106: {bp} + {op} = {bp + op}.",
                    )
                )
        points = self.declarer_points(outcome, rules) if by_points else None
        takers: list[tuple[str, str]] = []  # (field, side) that took the last trick
        valat = outcome.valat
        if valat:
            if not valat.announced and not valat.made:
                add(
                    FieldError(
                        "valat", "An unannounced valat must be made: leave it empty otherwise."
                    )
                )
            if valat.contra != "none" and not valat.announced:
                add(FieldError("valat", "Only an announced valat can be doubled."))
            if valat.made:
                takers.append(("valat", valat.team))
                if points is not None:
                    if valat.team == "bidder" and points < WINNING:
                        add(
                            FieldError(
                                "valat",
                                "The declarer's side cannot take every trick and have only "
                                f"{points} card points.",
                            )
                        )
                    if valat.team == "opponents" and points >= WINNING:
                        add(
                            FieldError(
                                "valat",
                                "The opponents cannot take every trick while the declarer's "
                                f"side has {points} card points.",
                            )
                        )
        if points in (0, TOTAL) and (bp is None or op is None or bp + op == TOTAL):
            self.check_no_trick_taken(points, valat, add)
        pagat = outcome.pagat
        if pagat:
            _check_announcement(pagat, "pagat", ("A Pagat", "it was"), "Pagat", add)
            if pagat.outcome == "won":
                takers.append(("pagat", pagat.team))
        king = outcome.king_last
        if king:
            _check_announcement(king, "king_last", ("A King", "King Last was"), "King Last", add)
            if king.outcome == "won":
                takers.append(("king_last", "bidder"))
            elif king.outcome == "lost":
                takers.append(("king_last", "opponents"))
        for error in last_trick_contradictions([(f, side_words(s)) for f, s in takers]):
            add(error)
        bonuses = outcome.bonuses or ()
        for b in bonuses:
            if not self.bonus_allowed(b.kind, rules):
                add(
                    FieldError(
                        "bonuses", f"The {rules.title} rules pay no {self.bonus_names[b.kind]}."
                    )
                )
        if bonuses:
            for e in check_bonuses(bonuses, outcome.players, self.bonus_names):
                add(e)

    @staticmethod
    def check_no_trick_taken(points: int, valat: Valat | None, add) -> None:
        """A side with no card points took no trick (every card counts at least 1), so
        the other side's valat must be recorded as made (contract 19 D6).

        >>> errors = []
        >>> Texas.check_no_trick_taken(106, None, errors.append)
        >>> errors[0].message
        "The opponents have no card points, so they took no trick: record the declarer's
        side's valat as made."
        >>> made = Valat({"team": "opponents", "made": True})
        >>> Texas.check_no_trick_taken(0, made, errors.append)
        >>> len(errors)
        1
        """
        taker = "bidder" if points == TOTAL else "opponents"
        if valat and valat.made:
            return  # the taker's; the other side's is refused by the points already
        if taker == "bidder":
            why = "The opponents have no card points, so they took no trick: record the "
            why += "declarer's side's valat as made."
        else:
            why = "The declarer's side has no card points, so it took no trick: record the "
            why += "opponents' valat as made."
        add(FieldError("valat", why))

    # -- settling ------------------------------------------------------------------------

    def settle(self, outcome: TexasOutcome, rules: Any) -> Settlement:
        """The game (or the valat that replaces it) between the sides, then Pagat and
        King Last, the game's own extras, and the bonuses from each other player.

        A valat made or announced replaces the game: its value goes to its side if made
        and from it if not, x its own contra when announced, else the game's contra (in
        texas-king, without a contra of its own, always the game's):

        >>> from taroky_scoring import score
        >>> s = score({"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...     "kind": "played", "bidder": "A", "bid": "prever", "talon": "second",
        ...     "bidder_points": 10, "contra": "contra",
        ...     "valat": {"team": "opponents", "made": True}})
        >>> s.net, s.transfers[0].explanation
        ({'A': -120, 'B': 40, 'C': 40, 'D': 40}, 'Valat made by the opponents: 20 x Contra 2 = 40')
        """
        order = outcome.players
        if outcome.kind == "thrown_in":
            return settlement(order, [])
        if outcome.kind == "surrendered":
            return settlement(order, self.surrender(outcome, rules))
        declarer, partner = outcome.bidder, outcome.partner
        transfers: list[Transfer] = []
        valat = outcome.valat
        valat_counts = bool(valat) and (valat.made or valat.announced)
        if valat_counts:
            base = self.valat_value(outcome.bid, valat.announced)
            # texas-king's valat has no contra of its own: the game's (contract 19 D1).
            own = valat.announced and self.valat_contra
            word = valat.contra if own else outcome.contra
            receives = (valat.team == "bidder") == valat.made
            label = "Valat announced" if valat.announced else "Valat"
            made = "made" if valat.made else "failed"
            value, words = product("", base, self.doubling.factors(word))
            why = f"{label} and {made} by the {side_words(valat.team)}: {words}"
            if not valat.announced:
                why = f"Valat made by the {side_words(valat.team)}: {words}"
            won, reason = receives, TexasReason.VALAT
        else:
            won, value, why = self.game(outcome, rules)
            value, why = times_after(value, why, self.doubling.factors(outcome.contra))
            reason = TexasReason.GAME
        transfers += between_sides(order, declarer, partner, won, value, reason, why)
        if not valat_counts or self.pagat_with_valat:
            transfers += self.last_trick(outcome, "pagat", "Pagat", TexasReason.PAGAT)
            if not valat_counts:
                transfers += self.last_trick(
                    outcome, "king_last", "King Last", TexasReason.KING_LAST
                )
        transfers += self.more_transfers(outcome, rules)
        for b in outcome.bonuses or ():
            chips = self.bonus_chips(b.kind, rules)
            name = self.bonus_names[b.kind]
            why = f"{b.player} holds {name}: {chips} from each other player"
            transfers += from_each_other(order, b.player, chips, TexasReason(b.kind), why)
        return settlement(order, transfers, won, value)

    def unpaid(self, document: Mapping[str, Any], rules: Any) -> dict[str, str]:
        """A Pagat or King Last recorded in a deal whose valat was made or announced is
        not paid (contract sections 14 and 16; texas-xx pays its Pagat, section 15).

        >>> from taroky_scoring import game_for
        >>> deal = {"valat": {"team": "bidder", "made": True}}
        >>> game_for("texas-xix").unpaid(deal, None), game_for("texas-xx").unpaid(deal, None)
        ({'pagat': 'not paid in a valat deal', 'king_last': 'not paid in a valat deal'},
         {'king_last': 'not paid in a valat deal'})
        """
        valat = document.get("valat") or {}
        if not (valat.get("made") or valat.get("announced")):
            return {}
        keys = ("king_last",) if self.pagat_with_valat else ("pagat", "king_last")
        return dict.fromkeys(keys, "not paid in a valat deal")

    def surrender(self, outcome: TexasOutcome, rules: Any) -> list[Transfer]:
        return []

    def last_trick(
        self, outcome: TexasOutcome, key: str, name: str, reason: TexasReason
    ) -> list[Transfer]:
        """Pagat or King Last: 2 unannounced, 4 announced, x its contra when announced.

        An unannounced King Last that is lost costs nothing; an unannounced Pagat that
        is beaten costs its side 2.

        >>> outcome = TexasOutcome.read({"players": ("A", "B", "C", "D"), "bidder": "A",
        ...     "partner": "C", "pagat": {"team": "opponents", "announced": True,
        ...     "outcome": "won", "contra": "re"}})
        >>> from taroky_scoring.games.texas import TexasXIX
        >>> [(t.payer, t.payee, t.chips, t.explanation) for t in TexasXIX().last_trick(
        ...     outcome, "pagat", "Pagat", TexasReason.PAGAT)][0]
        ('A', 'B', 16, 'Pagat announced won by the opponents: 4 x Re 4 = 16')
        """
        event = getattr(outcome, key)
        if not event:
            return []
        team = event.team
        success = event.outcome == "won"
        if not event.announced and not success and key == "king_last":
            return []
        base = 4 if event.announced else 2
        word = event.contra if event.announced else "none"
        label = f"{name} announced" if event.announced else name
        what = {"won": "won", "lost": "lost", "played_early": "played early"}[event.outcome]
        value, words = product("", base, self.doubling.factors(word))
        why = f"{label} {what} by the {side_words(team)}: {words}"
        receives = (team == "bidder") == success
        return between_sides(
            outcome.players, outcome.bidder, outcome.partner, receives, value, reason, why
        )
