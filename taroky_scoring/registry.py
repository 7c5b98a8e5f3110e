"""The registry of games: every ruleset belongs to exactly one game.

A *game* is one family of Taroky (Nebraska, Texas, Petrtyl); a *ruleset* is a named
preset of the game's options (``la-vista``, ``texas-xix``, ...). Each game is one class
in ``taroky_scoring/games/<game>/`` that owns all its rules; nothing outside it
branches on a ruleset's name. What games share is written once beside them:
``errors`` (field-named errors), ``settlement`` (transfers, settlements, settling
between the sides, from each other player), ``doubling`` (doubling words),
``fields`` (the document described as data, its reader and ``--help``), ``options``
(typed options, presets, house-rule overrides), ``points`` (the pack and its
counting), ``rotation`` (dealer rotation), ``session`` (session end), ``statistics``
(a player's statistics over deals, in each game's words).

How to add a game
-----------------

1. Create ``taroky_scoring/games/<game>/__init__.py`` with a subclass of ``Game``
   decorated with ``@register``. Set its class attributes:

   - ``name``, ``title``;
   - ``presets``: its rulesets (``options.Preset``: name, title, source, description,
     the option values it sets) and ``option_list``: its typed options
     (``options.Option``), ``starting_chips`` among them;
   - ``active_players`` (players who play a deal), ``table_sizes`` (how many may sit:
     ``(4, 5)`` where a fifth deals and sits out), ``order_of_play``
     (``"clockwise"`` or ``"counter-clockwise"``), ``pack`` (``points.Pack``: the
     cards and whether piles count in packets of three or singly), ``total_points``
     and ``winning_points``; ``has_pot`` if transfers may name the account ``#pot``;
     ``bidder_word`` if the one who won the bidding is not the "declarer";
     ``first_forehand_holds`` if the game names its trumps otherwise than I to XXI.

2. Implement:

   - ``fields(rules)``: the deal document as a tuple of ``fields.Field`` (key, words,
     kind, choices with labels, when it applies as data). It is the single
     description: ``fields.Reader`` parses by it, ``score --help --ruleset NAME``
     prints it, a web form is generated from ``Field.as_dict()``.
   - ``parse(document, rules)``: read and validate; raise ``OutcomeError`` listing
     every problem, each naming its field. Return the game's outcome object (anything
     with ``players`` and ``bidder``).
   - ``settle(outcome, rules)``: the ``Settlement`` (build transfers with
     ``settlement.between_sides`` / ``from_each_other``; each transfer's ``reason`` is
     one of the game's own ``StrEnum`` reasons; its explanation shows the arithmetic
     in the game's own words).
   - ``payment_table(rules)``: lines for a blank score sheet.
   - ``payment_reasons()``: every transfer reason with its words (what the ledger
     stores and its pages say); ``deal_kinds()`` and ``deal_bids()`` default to the
     choices of the ``kind`` and ``bid`` fields of its presets.
   - optionally ``next_deal`` (the default is the common rotation of ``rotation``),
     ``sheet_headings`` and ``sheet_cells`` (a filled score sheet's columns; the
     default is one column, the deal's ``summary``) and ``declarer_points``.
   - optionally ``deal_facts`` and ``statistics_groups`` (a player's statistics, see
     ``statistics``): ``deal_facts(document, settlement)`` tells a deal as
     ``statistics.Facts`` in the game's words (its contract; the payments doubled, with
     the doubling word; valats and last-trick announcements; holdings, penalties and
     the pot, each by the reasons of the transfers that pay it), and
     ``statistics_groups()`` gives each group's title in the game's words. The default
     tells who declared, with whom and the bid (``bid_label``), so a new game has its
     statistics by role at once; ``deal_statistics(document, settlement, player)``, the
     method a page calls, needs no change (a game may still override it).

3. Import the module in ``taroky_scoring/games/__init__.py`` (registration happens at
   import), add its README section and its tests under ``tests/scoring/``.

The default methods (``rules``, ``score``, ``next_deal``, ``listing``) need no change;
nothing in the web layer changes either: its choices of kinds, bids and reasons are
the registry's ``kind_choices``, ``bid_choices`` and ``reason_choices`` (callables, no
migration), its pages say a stored value with ``kind_label``, ``bid_label`` and
``reason_label`` of the deal's game, and a player's statistics are the groups of
``player_statistics(deals).groups()``, titled and worded by each deal's game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import FieldError, OutcomeError
from .fields import Field
from .options import Option, Preset, Rules, resolve
from .points import Pack, declarers_points
from .rotation import (
    NextDeal,
    PreviousDeal,
    after,
    check_seats,
    deal_for,
    first_or_next_dealer,
)
from .settlement import Settlement
from .statistics import Facts, Stat, Tally, stats_of

DEFAULT_RULESET = "la-vista"
POT = "pot"  # the document's key for the chips in the pot before the deal (section 12)

# A score sheet has room for eight columns of a deal's outcome, the pot's among them.
SHEET_CELLS = 8


@dataclass(frozen=True)
class Cell:
    """One cell of a score sheet's row (or heading): its words, how many of the
    sheet's outcome columns it spans, and what it holds: ``"text"`` (words),
    ``"num"`` (a figure, set right) or ``"note"`` (a remark across the columns)."""

    text: str
    span: int = 1
    kind: str = "text"


class Game:
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

        Resolved rules are kept per name and options (they are read, never changed).
        """
        cache = self.__dict__.setdefault("_rules", {})
        try:
            key = (name, tuple(options.items()) if options else ())
            hash(key)
        except (TypeError, AttributeError):
            return resolve(self.name, self.preset(name), self.option_list, options)
        if key not in cache:
            if len(cache) > 256:  # house rules are few; do not grow without bound
                cache.clear()
            cache[key] = resolve(self.name, self.preset(name), self.option_list, options)
        return cache[key]

    def house_rules_words(self, options: Mapping[str, Any] | None) -> list[str]:
        """House rules in words, one per option (the event's page).

        >>> rules = {"kontra_allowed": False, "tarok1_last_rule": "team_wins"}
        >>> for said in game_for("la-vista").house_rules_words(rules):
        ...     print(said)
        Kontra and rekontra on a Five and a Five Over: no
        Tarok 1 Last is won when: the Tarok 1's team takes the last trick
        """
        known = {o.name: o for o in self.option_list}
        said = []
        for name, value in (options or {}).items():
            option = known.get(name)
            if option is None:
                said.append(f"{name}: {value}")
            elif isinstance(value, bool):
                said.append(f"{option.label}: {'yes' if value else 'no'}")
            else:
                said.append(f"{option.label}: {option.label_of(value)}")
        return said

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

    # -- the pot (section 12: an account of the table's, not a player) ------------------

    def pot_of(self, document: Mapping[str, Any]) -> int:
        """The chips the deal's document says were in the pot before it (0 in a game
        without a pot).

        >>> game_for("petrtyl").pot_of({"pot": 4}), game_for("petrtyl").pot_of({})
        (4, 0)
        """
        return (document.get(POT) or 0) if self.has_pot else 0

    def with_pot(self, document: Mapping[str, Any], pot: int) -> Mapping[str, Any]:
        """The document playing for ``pot``, the chips the ledger holds before the deal (a
        pot is never typed in: the app fills it); a game without a pot's as it is.

        >>> game_for("petrtyl").with_pot({"kind": "misdeal"}, 4)
        {'kind': 'misdeal', 'pot': 4}
        >>> game_for("texas-xix").with_pot({"kind": "played"}, 4)
        {'kind': 'played'}
        """
        return {**document, POT: pot} if self.has_pot else document

    def without_pot(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The document as a person entered it: without the pot the app filled in (so
        a deal sent again compares equal to the one saved, whatever the pot).

        >>> game_for("petrtyl").without_pot({"kind": "misdeal", "pot": 4})
        {'kind': 'misdeal'}
        """
        return {k: v for k, v in document.items() if k != POT}

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

    def in_field_order(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The document with its keys in the order of its fields (and of their items),
        keys it does not describe last, in sorted order: the same text however a
        database stored it (PostgreSQL's jsonb keeps keys by length, not as entered).

        >>> game_for("la-vista").in_field_order({"kind": "played", "ruleset": "la-vista",
        ...     "king_last": {"outcome": "won", "announced": True}, "extra": 1})
        {'ruleset': 'la-vista', 'kind': 'played',
         'king_last': {'announced': True, 'outcome': 'won'}, 'extra': 1}
        """
        try:
            fields = self.fields(self.rules_of(document))
        except (OutcomeError, KeyError, TypeError):
            fields = ()  # a document its game cannot read: sorted keys only
        return _ordered(document, fields)

    # -- display words -----------------------------------------------------------------

    # Keys a summary leaves out: said elsewhere on every page (the ruleset, the seats,
    # the dealer's column, the pot's own column).
    SUMMARY_SKIPS: ClassVar[frozenset[str]] = frozenset(
        {"ruleset", "options", "players", "dealer", POT}
    )

    def summary_words(self, document: Mapping[str, Any], rules: Any) -> list[str]:
        """The deal in the game's own words, one phrase per field that says something:
        the labels and choice labels of ``fields(rules)`` (``Talon: second three``)."""
        words = []
        for f in self.fields(rules):
            if f.name in self.SUMMARY_SKIPS or not f.test(document):
                continue
            said = _say(f, document.get(f.name))
            if said:
                words.append(said)
        return words

    # Keys a blank sheet gives no column: said by another column or rarely written.
    SHEET_SKIPS: ClassVar[frozenset[str]] = frozenset({"kind", "called", "opponent_points"})
    # Fields a blank sheet gives a column of their own: a name, a word or a figure fits
    # one; the rest (yes/no, announcements, lists) are written in the Notes column.
    SHEET_KINDS: ClassVar[frozenset[str]] = frozenset({"player", "choice", "int"})

    def sheet_columns(self, rules: Any, count: int = 8) -> list[str]:
        """Headings of a blank score sheet's ``count`` outcome columns, in the game's
        words: its fields of a name, a word or a figure in order, then "Notes" for the
        rest (``sheet_notes``), empty strings for columns the game does not need."""
        columns, notes = self._sheet_split(rules, count)
        columns += ["Notes"] if notes else []
        return columns + [""] * (count - len(columns))

    def sheet_notes(self, rules: Any, count: int = 8) -> list[str]:
        """What a blank sheet's Notes column holds (the labels of its fields), in order."""
        return self._sheet_split(rules, count)[1]

    def _sheet_split(self, rules: Any, count: int) -> tuple[list[str], list[str]]:
        fields = [
            f for f in self.fields(rules) if f.name not in self.SUMMARY_SKIPS | self.SHEET_SKIPS
        ]
        own = [f for f in fields if f.kind in self.SHEET_KINDS]
        if len(own) > count or (len(own) == count and len(own) < len(fields)):
            own = own[: count - 1]
        return [f.label for f in own], [f.label for f in fields if f not in own]

    def summary(self, document: Mapping[str, Any], rules: Any) -> str:
        """The deal in a line of the game's own words (score sheets, deal pages)."""
        return "; ".join(self.summary_words(document, rules))

    def result_words(self, settlement: Settlement) -> str:
        """The game's result in a sentence (the deal form's payments preview); empty for
        a deal with no game (a misdeal, a throw-in).

        >>> from taroky_scoring import score
        >>> deal = {"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...         "kind": "played", "bidder": "A", "bid": "povinost", "partner": "C",
        ...         "bidder_points": 60}
        >>> game_for("texas-xix").result_words(score(deal))
        "The declarer's side wins: the game is worth 3."
        """
        if settlement.bidder_won is None:
            return ""
        verb = "wins" if settlement.bidder_won else "loses"
        return f"The declarer's side {verb}: the game is worth {settlement.game_value}."

    # -- a filled score sheet ----------------------------------------------------------

    def sheet_headings(self, rules: Any) -> list[Cell]:
        """The headings of a filled score sheet's outcome columns (at most
        ``SHEET_CELLS``, less one where the game has a pot); the sheet stretches the
        last to fill the row. The default: one column, the deal in words."""
        return [Cell("Deal")]

    def sheet_cells(self, document: Mapping[str, Any], rules: Any) -> list[Cell]:
        """A deal's cells under ``sheet_headings``: by default its ``summary``."""
        return [Cell(self.summary(document, rules))]

    def declarer_points(self, document: Mapping[str, Any], rules: Any) -> int | None:
        """The card points of the declarer's side as the deal says them (either side's
        count), or None when it says none."""
        return declarers_points(
            document.get("bidder_points"), document.get("opponent_points"), self.total_points
        )

    # -- a player's statistics (``statistics``) ------------------------------------------

    def statistics_groups(self) -> tuple[tuple[str, str], ...]:
        """The statistics' groups as (key, title) in the game's words, in the order a page
        shows them. The default: the player's role in a deal, in ``bidder_word``.

        >>> game_for("texas-xix").statistics_groups()[:2]
        (('declarer', 'As declarer'), ('partner', 'As partner'))
        """
        word = self.bidder_word
        return (
            ("declarer", f"As {word}"),
            ("partner", "As partner"),
            ("opponents", f"Against the {word}"),
            ("other", f"Deals without a {word}"),
        )

    def deal_facts(self, document: Mapping[str, Any], settlement: Settlement) -> Facts:
        """What happened in a deal (its document as saved), told for statistics. The
        default tells who declared, with whom, and the bid (or, without a declarer, the
        kind) in the game's words; a game adds its doublings, events and own payments."""
        bidder = document.get("bidder")
        if bidder is None:
            return Facts(document["players"], self.kind_label(document["kind"]))
        bid = document.get("bid")
        contract = self.bid_label(bid) if bid else self.kind_label(document["kind"])
        return Facts(document["players"], contract, bidder, document.get("partner"))

    def deal_statistics(
        self, document: Mapping[str, Any], settlement: Settlement, player: str
    ) -> list[Stat]:
        """``player``'s statistics in one deal: the document as saved, the core's
        settlement of it, and the player's name in it (``statistics.stats_of``).

        >>> deal = {"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...         "kind": "played", "bidder": "A", "bid": "povinost", "partner": "C",
        ...         "bidder_points": 60, "contra": "contra"}
        >>> game_for("texas-xix").deal_statistics(deal, score(deal), "B")
        [Stat(group='opponents', item='Povinost', won=False, chips=-6),
         Stat(group='doubling', item='Contra given', won=False, chips=-6)]
        """
        return stats_of(self.deal_facts(document, settlement), settlement, player)

    # -- what the web stores beside the document, in the game's words -----------------

    def deal_kinds(self) -> tuple[tuple[str, str], ...]:
        """Every kind of deal the game may store under any of its rulesets, with its
        words. The default: the choices of the ``kind`` field of each preset."""
        return self._choices_of("kind")

    def deal_bids(self) -> tuple[tuple[str, str], ...]:
        """Every bid a deal of the game may store, with its words (default: the
        choices of the ``bid`` field of each preset)."""
        return self._choices_of("bid")

    def payment_reasons(self) -> tuple[tuple[str, str], ...]:
        """Every ``reason`` of a transfer the game may post, with its words."""
        raise NotImplementedError

    def kind_label(self, value: str) -> str:
        return _label(self.deal_kinds(), value)

    def bid_label(self, value: str) -> str:
        return _label(self.deal_bids(), value)

    def reason_label(self, value: str) -> str:
        return _label(self.payment_reasons(), value)

    def _choices_of(self, name: str) -> tuple[tuple[str, str], ...]:
        cache = self.__dict__.setdefault("_choices", {})
        if name not in cache:
            cache[name] = _union(
                (c.value, c.label)
                for p in self.presets
                for f in self.fields(self.rules(p.name))
                if f.name == name
                for c in f.choices
            )
        return cache[name]

    def rules_of(self, document: Mapping[str, Any]) -> Any:
        options = document.get("options")
        return self.rules(document["ruleset"], options)

    def score(self, document: Any) -> Settlement:
        outcome, rules = self.parse_deal(document)
        return self.settle(outcome, rules)

    def parse_deal(self, document: Any) -> tuple[Any, Any]:
        rules = self.rules_of(document)
        return self.parse(document, rules), rules

    def dealer_sits_out(self, seats: int) -> bool:
        """Whether the dealer sits out each deal at a table of ``seats`` (Nebraska's fifth
        player): where more sit than play.

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


def _ordered(value: Any, fields: Sequence[Field]) -> Any:
    """``value`` (an object, or a list of objects) with keys in ``fields``' order."""
    if isinstance(value, list):
        return [_ordered(v, fields) for v in value]
    if not isinstance(value, Mapping):
        return value
    known = {f.name: f for f in fields}
    keys = [f.name for f in fields if f.name in value]
    keys = list(dict.fromkeys(keys)) + sorted(k for k in value if k not in known)
    return {k: _ordered(value[k], known[k].items) if k in known else value[k] for k in keys}


def _union(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """(value, words) pairs, each value once with its first words."""
    seen: dict[str, str] = {}
    for value, words in pairs:
        seen.setdefault(value, words)
    return tuple(seen.items())


def _label(pairs: tuple[tuple[str, str], ...], value: str) -> str:
    """The words of ``value`` among ``pairs``; a value the game does not know is said
    as stored, its underscores as spaces."""
    for known, words in pairs:
        if known == value:
            return words
    return str(value).replace("_", " ")


def _value_words(f: Field, value: Any) -> str:
    if isinstance(value, bool):
        return f.label if value else ""
    labels = {c.value: c.label for c in f.choices}
    return str(labels.get(value, value))


def _say(f: Field, value: Any) -> str:
    """One field's value in words, or "" when it says nothing (empty, none, false)."""
    if value is None or value == "" or value == "none" or value is False or value == []:
        return ""
    if isinstance(value, Mapping):
        parts = [_value_words(i, value.get(i.name)) for i in f.items if i.name in value]
        parts = [p for p in parts if p and p != "none"]
        return f"{f.label}: {', '.join(parts)}" if parts else ""
    if isinstance(value, list | tuple):
        if f.items:
            said = [_say(Field("", "", "object", items=f.items), v) for v in value]
            said = [w.removeprefix(": ") for w in said if w]
            return f"{f.label}: {'; '.join(said)}" if said else ""
        return f"{f.label}: {', '.join(_value_words(f, v) for v in value)}"
    if isinstance(value, bool):
        return f.label
    if f.name == "kind":
        return _value_words(f, value)
    return f"{f.label}: {_value_words(f, value)}"


_GAMES: dict[str, Game] = {}
_RULESETS: dict[str, Game] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: add a game and its rulesets to the registry."""
    game = cls()
    _GAMES[cls.name] = game
    for preset in cls.presets:
        if preset.name in _RULESETS:  # pragma: no cover - a programming error
            raise ValueError(f"Ruleset {preset.name} registered twice")
        _RULESETS[preset.name] = game
    return cls


def games() -> list[Game]:
    return list(_GAMES.values())


def ruleset_names() -> list[str]:
    return list(_RULESETS)


def game_for(ruleset: Any) -> Game:
    """The game a ruleset belongs to; an unknown ruleset is an error in ``ruleset``."""
    game = _RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if game is None:
        raise OutcomeError(
            [
                FieldError(
                    "ruleset",
                    f"Unknown ruleset '{ruleset}'. Choose one of: {', '.join(_RULESETS)}.",
                )
            ]
        )
    return game


def rules_for(ruleset: str = DEFAULT_RULESET, options: Mapping[str, Any] | None = None) -> Rules:
    return game_for(ruleset).rules(ruleset, options)


def game_of_document(document: Any) -> Game:
    """The game that reads ``document``: its ruleset's, or the default game's, which
    reports a missing or unknown ruleset beside every other problem of the document."""
    name = document.get("ruleset") if isinstance(document, dict | Mapping) else None
    game = _RULESETS.get(name) if isinstance(name, str) else None
    return game or _RULESETS[DEFAULT_RULESET]


def score(document: Any) -> Settlement:
    """The settlement of one deal document of any ruleset."""
    return game_of_document(document).score(document)


def deal_statistics(document: Any, player: str, settlement: Settlement | None = None) -> list[Stat]:
    """``player``'s statistics in one deal document of any ruleset (scored here unless
    its ``settlement`` is given).

    >>> deal = {"players": ["Anna", "Bill", "Cyril", "Dana"], "kind": "played",
    ...         "bidder": "Anna", "bid": "five", "partner": "Cyril", "bidder_points": 41,
    ...         "declarations": [{"player": "Bill", "kind": "three_high"}]}
    >>> deal_statistics(deal, "Bill")
    [Stat(group='opponents', item='Five', won=False, chips=-2),
     Stat(group='bonuses', item='Three High', won=None, chips=6)]
    """
    game = game_of_document(document)
    return game.deal_statistics(document, settlement or game.score(document), player)


def player_statistics(deals: Iterable[tuple[Any, str]]) -> Tally:
    """A player's statistics over ``deals``: each a deal document of any ruleset and his
    name in it. Each is scored through the core; a deal he did not take part in (sitting
    out, and not the misdealing dealer) is not counted.

    >>> table = {"players": ["Anna", "Bill", "Cyril", "Dana"]}
    >>> won = {**table, "kind": "played", "bidder": "Anna", "bid": "four",
    ...        "blind": "first", "partner": "Cyril", "bidder_points": 40}
    >>> thrown = {**table, "kind": "thrown_in"}
    >>> tally = player_statistics([(won, "Anna"), (thrown, "Anna")])
    >>> tally.deals, tally.chips, tally.chips_per_deal
    (2, 4, 2.0)
    >>> [(g.title, [(r.item, r.times, r.won, r.chips) for r in g.rows]) for g in tally.groups()]
    [('As bidder', [('Four, first half', 1, 1, 4)]),
     ('Deals without a bidder', [('Thrown in', 1, 0, 0)])]
    """
    tally = Tally()
    groups: dict[int, tuple[tuple[str, str], ...]] = {}
    for document, player in deals:
        game = game_of_document(document)
        settlement = game.score(document)
        stats = game.deal_statistics(document, settlement, player)
        if stats:
            if id(game) not in groups:
                groups[id(game)] = game.statistics_groups()
            tally.count(stats, settlement.net.get(player, 0), groups[id(game)])
    return tally


def card_points(cards: int, counting: Iterable[str] = (), ruleset: str | None = None) -> int:
    """Points of a pile of ``cards`` cards whose counting cards are ``counting``, counted
    as the game of ``ruleset`` counts (default: la-vista's, Nebraska's packets of three).

    Seed 001's worked example counts four packets (Jack-3-4 = 2, Queen-2-Horseman = 6,
    King-Queen-1 = 12, three plain taroky = 1) and two cards left over; by the
    contract's rule the two-card remainder counts its sum minus 1, so 1 more:

    >>> card_points(14, ["jack", "queen", "horseman", "king", "queen", "tarok1"])
    22
    >>> card_points(7, ["king", "queen"])
    9
    >>> card_points(7, ["king", "queen"], ruleset="heun")
    9
    >>> card_points(54, ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman",
    ...                                                   "jack"] * 4)
    70
    >>> card_points(2, ["king", "king", "king"])
    Traceback (most recent call last):
    ...
    taroky_scoring.errors.OutcomeError: counting: A pile of 2 cards cannot hold 3 counting cards.
    """
    return game_for(ruleset or DEFAULT_RULESET).pack.points(cards, counting)


def listing() -> list[dict[str, Any]]:
    return [entry for game in games() for entry in game.listing()]


# The choices of what the web stores beside a deal's document: every game's, each
# value once (with the words of the first game that has it). Pages say a stored value
# in its own game's words (``Game.kind_label`` and the like).


def kind_choices() -> list[tuple[str, str]]:
    return list(_union(pair for game in games() for pair in game.deal_kinds()))


def bid_choices() -> list[tuple[str, str]]:
    return list(_union(pair for game in games() for pair in game.deal_bids()))


def reason_choices() -> list[tuple[str, str]]:
    return list(_union(pair for game in games() for pair in game.payment_reasons()))
