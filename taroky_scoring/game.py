"""The game protocol: what every game (``games/<game>/``) is and does.

A game declares its rulesets and table as class attributes and implements ``fields``
(its deal document, described once: ``fields.Field``), ``parse`` (the document read
into its typed outcome, every problem an error at its field), ``settle`` (the
outcome's transfers), ``payment_table`` and ``payment_reasons``; the rest has
defaults: the rules of a preset with house rules, the common dealer rotation, the pot
for a game that has one. What a game says of a deal on pages and printouts is its
``presentation.Presentation``. docs/rules.md ("How to add a game") walks through one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from .errors import FieldError, OutcomeError
from .fields import Field
from .options import Option, Preset, resolve
from .points import Pack, declarers_points
from .presentation import POT, Presentation, union
from .rotation import NextDeal, PreviousDeal, after, check_seats, deal_for, first_or_next_dealer
from .settlement import Settlement


class Game(Presentation):
    """One game; subclass it, set the class attributes, implement the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    family: ClassVar[str] = ""  # the game as listed ("texas" for its three rulesets); default name
    presets: ClassVar[tuple[Preset, ...]]
    option_list: ClassVar[tuple[Option, ...]]
    active_players: ClassVar[int]
    table_sizes: ClassVar[tuple[int, ...]]
    order_of_play: ClassVar[str]  # "clockwise" | "counter-clockwise"
    pack: ClassVar[Pack]
    total_points: ClassVar[int]
    winning_points: ClassVar[int]
    has_pot: ClassVar[bool] = False
    # The game's word for the player who won the bidding and plays the contract
    # (standings, printouts): Texas and Petrtyl say "declarer", Nebraska "bidder".
    bidder_word: ClassVar[str] = "declarer"
    # Who is a session's first forehand (section 12: the holder of the lowest trump from
    # II upward, the tarok 2 unless it lies in the talon), in the game's words.
    first_forehand_holds: ClassVar[str] = "the lowest trump from II up"

    # -- rulesets --------------------------------------------------------------------

    def preset(self, name: str) -> Preset:
        return next(p for p in self.presets if p.name == name)

    def rules(self, name: str, options: Mapping[str, Any] | None = None) -> Any:
        """The preset ``name`` with house-rule ``options``; errors name ``options``.
        Resolved rules are read, never changed: each is resolved once."""
        try:
            return self._resolved(name, tuple(options.items()) if options else ())
        except (TypeError, AttributeError):  # options not a mapping of hashable values
            return resolve(self.name, self.preset(name), self.option_list, options)

    @lru_cache(maxsize=256)  # noqa: B019 - games are registered once and live as long
    def _resolved(self, name: str, options: tuple[tuple[str, Any], ...]) -> Any:
        return resolve(self.name, self.preset(name), self.option_list, dict(options) or None)

    def rules_of(self, document: Mapping[str, Any]) -> Any:
        """The rules a deal document is scored under: its ruleset with its house rules
        (``options``; not an object: refused, naming ``options``, by ``rules``)."""
        return self.rules(document["ruleset"], document.get("options"))

    def listing(self) -> list[dict[str, Any]]:
        """Every preset: its game, source, players and options, for display."""
        return [
            {
                "name": p.name,
                "title": p.title,
                "game": self.family or self.name,
                "source": p.source,
                "description": p.description,
                "players": self.active_players,
                "table_sizes": list(self.table_sizes),
                "order_of_play": self.order_of_play,
                "card_points": self.total_points,
                "winning_points": self.winning_points,
                "options": {o.name: p.values.get(o.name, o.default) for o in self.option_list},
                "option_kinds": [o.as_dict() for o in self.option_list],
            }
            for p in self.presets
        ]

    # -- the deal --------------------------------------------------------------------

    def fields(self, rules: Any) -> tuple[Field, ...]:
        raise NotImplementedError

    def parse(self, document: Any, rules: Any) -> Any:
        raise NotImplementedError

    def settle(self, outcome: Any, rules: Any) -> Settlement:
        raise NotImplementedError

    def payment_table(self, rules: Any) -> list[str]:
        raise NotImplementedError

    def payment_reasons(self) -> tuple[tuple[str, str], ...]:
        """Every ``reason`` of a transfer the game may post, with its words."""
        raise NotImplementedError

    def deal_kinds(self) -> tuple[tuple[str, str], ...]:
        """Every kind of deal the game may store under any of its rulesets, with its
        words. The default: the choices of the ``kind`` field of each preset."""
        return self._choices_of("kind")

    def deal_bids(self) -> tuple[tuple[str, str], ...]:
        """Every bid a deal of the game may store, with its words (default: the
        choices of the ``bid`` field of each preset)."""
        return self._choices_of("bid")

    @lru_cache(maxsize=8)  # noqa: B019 - games are registered once and live as long
    def _choices_of(self, name: str) -> tuple[tuple[str, str], ...]:
        return union(
            (c.value, c.label)
            for p in self.presets
            for f in self.fields(self.rules(p.name))
            if f.name == name
            for c in f.choices
        )

    def score(self, document: Any) -> Settlement:
        outcome, rules = self.parse_deal(document)
        return self.settle(outcome, rules)

    def parse_deal(self, document: Any) -> tuple[Any, Any]:
        rules = self.rules_of(document)
        return self.parse(document, rules), rules

    def declarer_points(self, document: Mapping[str, Any], rules: Any) -> int | None:
        """The card points of the declarer's side as the deal says them (either side's
        count), or None when it says none."""
        return declarers_points(
            document.get("bidder_points"), document.get("opponent_points"), self.total_points
        )

    # -- what a person enters, what the app fills -------------------------------------

    # Keys a deal form does not ask: the envelope (the ruleset and house rules, who
    # plays and who sits out, which the form fills from the table) and the pot (the
    # ledger's).
    FILLED_BY_THE_APP: ClassVar[frozenset[str]] = frozenset(
        {"ruleset", "options", "players", "sitting_out", POT}
    )

    def entered_fields(self, rules: Any) -> tuple[Field, ...]:
        """The fields a person enters for a deal: ``fields(rules)`` without what the app
        fills (``FILLED_BY_THE_APP``)."""
        return tuple(f for f in self.fields(rules) if f.name not in self.FILLED_BY_THE_APP)

    # -- the pot (section 12: an account of the table's, not a player) ------------------

    def pot_of(self, document: Mapping[str, Any]) -> int:
        """The chips the deal's document says were in the pot before it (0 in a game
        without a pot).

        >>> from taroky_scoring import game_for
        >>> game_for("petrtyl").pot_of({"pot": 4}), game_for("petrtyl").pot_of({})
        (4, 0)
        """
        return (document.get(POT) or 0) if self.has_pot else 0

    def with_pot(self, document: Mapping[str, Any], pot: int) -> Mapping[str, Any]:
        """The document playing for ``pot``, the chips the ledger holds before the deal (a
        pot is never typed in: the app fills it); a game without a pot's as it is.

        >>> from taroky_scoring import game_for
        >>> game_for("petrtyl").with_pot({"kind": "misdeal"}, 4)
        {'kind': 'misdeal', 'pot': 4}
        >>> game_for("texas-xix").with_pot({"kind": "played"}, 4)
        {'kind': 'played'}
        """
        return {**document, POT: pot} if self.has_pot else document

    def without_pot(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The document as a person entered it: without the pot the app filled in (so
        a deal sent again compares equal to the one saved, whatever the pot).

        >>> from taroky_scoring import game_for
        >>> game_for("petrtyl").without_pot({"kind": "misdeal", "pot": 4})
        {'kind': 'misdeal'}
        """
        return {k: v for k, v in document.items() if k != POT}

    # -- seating and rotation -----------------------------------------------------------

    def dealer_sits_out(self, seats: int) -> bool:
        """Whether the dealer sits out each deal at a table of ``seats`` (Nebraska's fifth
        player): where more sit than play.

        >>> from taroky_scoring import game_for
        >>> game_for("la-vista").dealer_sits_out(5), game_for("petrtyl-five").dealer_sits_out(5)
        (True, False)
        """
        return seats > self.active_players

    def deal_seating(self, seats: Sequence[str], dealer: str | None) -> NextDeal:
        """Who plays a deal that ``dealer`` dealt at a table of ``seats`` (in the order
        of play), and who sits out: where everyone seated plays, the seats as they are
        (the dealer may be unknown); where the table seats more than play, the dealer
        sits out and the others play from forehand, so the dealer must be named."""
        seats = list(seats)
        if not self.dealer_sits_out(len(seats)):
            forehand = after(seats, dealer) if dealer in seats else ""
            return NextDeal(dealer or "", forehand, tuple(seats), None)
        if dealer not in seats:
            raise OutcomeError(
                [FieldError("dealer", "Choose who dealt this deal: the dealer sits out.")]
            )
        return deal_for(seats, dealer, self.active_players)

    def next_deal(
        self,
        seats: Sequence[str],
        rules: Any,
        previous: PreviousDeal | None = None,
        first_forehand: str | None = None,
    ) -> NextDeal:
        """The common rotation: the previous forehand deals (section 12)."""
        check_seats(seats, self.table_sizes)
        dealer = first_or_next_dealer(list(seats), previous, first_forehand)
        return deal_for(list(seats), dealer, self.active_players)
