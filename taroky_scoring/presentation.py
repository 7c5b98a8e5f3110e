"""A game in words: what the pages and printouts read of a deal, in each game's words.

``Presentation`` is the part of every ``game.Game`` that says things: a deal in a line
(``summary``), a filled score sheet's columns and cells, a blank sheet's columns, the
result in a sentence, the house rules, the words of a stored kind, bid or reason, and
a player's statistics (their groups and what a deal tells them). Its defaults read the
game's description (``Game.fields``), so a new game is said at once; a game says more
by overriding (Nebraska's paper sheet: ``games/nebraska/words.py``).

"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import OutcomeError
from .fields import Field
from .settlement import Settlement
from .statistics import ROLE_GROUPS, Facts, Stat, stats_of

POT = "pot"  # the document's key for the chips in the pot before the deal (section 12)


@dataclass(frozen=True)
class Cell:
    """One cell of a score sheet's row (or heading): its words, how many of the
    sheet's outcome columns it spans, and what it holds: ``"text"`` (words),
    ``"num"`` (a figure, set right) or ``"note"`` (a remark across the columns)."""

    text: str
    span: int = 1
    kind: str = "text"


class Presentation:
    """The words of a game: a mixin of ``game.Game``, whose description, rules and
    words (``fields``, ``rules_of``, ``deal_kinds`` ...) it reads."""

    # -- the event's page --------------------------------------------------------------

    def house_rules_words(self, options: Mapping[str, Any] | None) -> list[str]:
        """House rules in words, one per option (the event's page).

        >>> from taroky_scoring import game_for
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

    # -- a deal in words ---------------------------------------------------------------

    # Keys a summary leaves out: said elsewhere on every page (the ruleset, the seats,
    # the dealer's column, the pot's own column).
    SUMMARY_SKIPS: ClassVar[frozenset[str]] = frozenset(
        {"ruleset", "options", "players", "dealer", POT}
    )

    def summary_words(self, document: Mapping[str, Any], rules: Any) -> list[str]:
        """The deal in the game's own words, one phrase per field that says something:
        the labels and choice labels of ``fields(rules)`` (``Talon: second three``), a
        yes/no in its ``said`` words (a valat "not made"), a player nobody asked for as
        its ``none_label`` (the declarer alone), and what the deal records but does not
        pay, with why (``unpaid``).

        >>> from taroky_scoring import game_for
        >>> game = game_for("texas-xix")
        >>> deal = {"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...     "kind": "played", "bidder": "A", "bid": "povinost", "partner": None,
        ...     "bidder_points": 80, "valat": {"team": "bidder", "announced": True,
        ...     "made": False}, "pagat": {"team": "opponents", "outcome": "won"}}
        >>> for said in game.summary_words(deal, game.rules_of(deal)):
        ...     print(said)
        Played
        Declarer: A
        Bid: Povinost
        Partner: Alone (called their own trump)
        Declarer's side's card points: 80
        Valat: declarer's side, announced, not made
        Pagat in the last trick: opponents, took the last trick (not paid in a valat deal)
        """
        words = []
        unpaid = self.unpaid(document, rules)
        for f in self.fields(rules):
            if f.name in self.SUMMARY_SKIPS or not f.test(document):
                continue
            value = document.get(f.name)
            if value is None and f.none_label and f.asks(document):
                said = f"{f.label}: {f.none_label}"
            else:
                said = _say(f, value)
            if said and f.name in unpaid:
                said += f" ({unpaid[f.name]})"
            if said:
                words.append(said)
        return words

    def unpaid(self, document: Mapping[str, Any], rules: Any) -> dict[str, str]:
        """The fields a deal records that its settlement does not pay, each with why in
        a few words (a Pagat in a valat deal: contract section 14). The default: none."""
        return {}

    def changes(
        self, before: Mapping[str, Any], after: Mapping[str, Any], rules: Any
    ) -> list[tuple[str, str, str]]:
        """The fields two documents of one deal say differently, in the game's words:
        each field's label, what ``before`` says and what ``after`` says ("none" for
        nothing). The ruleset, house rules and pot are not the deal's fields to change.

        >>> from taroky_scoring import game_for
        >>> game = game_for("la-vista")
        >>> before = {"ruleset": "la-vista", "players": ["A", "B", "C", "D"],
        ...           "kind": "played", "bidder": "A", "bid": "four", "partner": "C",
        ...           "blind": "second", "bidder_points": 41}
        >>> after = {**before, "bidder_points": 20, "partner": None, "valat": None}
        >>> game.changes(before, after, game.rules_of(before))
        [('Partner', 'C', 'Alone (own King or King in blind)'),
         ("Card points of the bidder's team", '41', '20')]
        """
        said = []
        for f in self.fields(rules):
            if f.name in self.NOT_CHANGED:
                continue
            old, new = before.get(f.name), after.get(f.name)
            if old == new or (_nothing(old) and _nothing(new)):
                continue
            said.append((f.label, _value_said(f, old), _value_said(f, new)))
        return said

    # Keys ``changes`` leaves out: the deal's settings, not what was played.
    NOT_CHANGED: ClassVar[frozenset[str]] = frozenset({"ruleset", "options", POT})

    def summary(self, document: Mapping[str, Any], rules: Any) -> str:
        """The deal in a line of the game's own words (score sheets, deal pages)."""
        return "; ".join(self.summary_words(document, rules))

    # The result in the game's words: its side, and what the game is worth to whom.
    RESULT_WORDS: ClassVar[str] = "The declarer's side {verb}: the game is worth {value}."

    def result_words(
        self, settlement: Settlement, document: Mapping[str, Any] | None = None
    ) -> str:
        """The game's result in a sentence (the deal form's payments preview); empty for
        a deal with no game (a misdeal, a throw-in). A deal of another kind than played
        (``document``'s) wins no game: its kind is said (a Three passed by all); what
        the deal records but does not pay is said after the result (``unpaid``).

        >>> from taroky_scoring import game_for, score
        >>> deal = {"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...         "kind": "played", "bidder": "A", "bid": "povinost", "partner": "C",
        ...         "bidder_points": 60}
        >>> game_for("texas-xix").result_words(score(deal), deal)
        "The declarer's side wins: the game is worth 3."
        >>> passed = {"ruleset": "petrtyl", "players": ["A", "B", "C", "D"],
        ...           "kind": "three_passed", "bidder": "A", "bid": "three"}
        >>> game_for("petrtyl").result_words(score(passed), passed)
        'Three passed by all, not played.'
        >>> valat = {**deal, "bidder_points": 106, "valat": {"team": "bidder", "made": True},
        ...          "pagat": {"team": "bidder", "outcome": "won"}}
        >>> game_for("texas-xix").result_words(score(valat), valat)
        "The declarer's side wins: the game is worth 20. Pagat in the last trick: not paid
        in a valat deal."
        """
        if settlement.bidder_won is None:
            return ""
        kind = (document or {}).get("kind", "played")
        if kind != "played":
            return f"{self.kind_label(kind)}."
        verb = "wins" if settlement.bidder_won else "loses"
        said = [self.RESULT_WORDS.format(verb=verb, value=settlement.game_value)]
        if document is not None:
            rules = self.rules_of(document)
            unpaid = self.unpaid(document, rules)
            for f in self.fields(rules):
                if f.name in unpaid and document.get(f.name) and f.test(document):
                    said.append(f"{f.label}: {unpaid[f.name]}.")
        return " ".join(said)

    def in_field_order(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The document with its keys in the order of its fields (and of their items),
        keys it does not describe last, in sorted order: the same text however a
        database stored it (PostgreSQL's jsonb keeps keys by length, not as entered).

        >>> from taroky_scoring import game_for
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

    # -- a blank score sheet -----------------------------------------------------------

    # Keys a blank sheet gives no column: said by another column or rarely written.
    SHEET_SKIPS: ClassVar[frozenset[str]] = frozenset({"kind", "called", "opponent_points"})
    # Fields a blank sheet gives a column of their own: a name, a word or a figure fits
    # one; the rest (yes/no, announcements, lists) are written in the Notes column.
    SHEET_KINDS: ClassVar[frozenset[str]] = frozenset({"player", "choice", "int"})

    def sheet_columns(self, rules: Any, count: int) -> list[str]:
        """Headings of a blank score sheet's ``count`` outcome columns, in the game's
        words: its fields of a name, a word or a figure in order, then "Notes" for the
        rest (``sheet_notes``), empty strings for columns the game does not need."""
        columns, notes = self._sheet_split(rules, count)
        columns += ["Notes"] if notes else []
        return columns + [""] * (count - len(columns))

    def sheet_notes(self, rules: Any, count: int) -> list[str]:
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

    # -- a filled score sheet ----------------------------------------------------------

    def sheet_headings(self, rules: Any) -> list[Cell]:
        """The headings of a filled score sheet's outcome columns (at most as many as
        the sheet has, less one where the game has a pot: the app's paper layout); the
        sheet stretches the last to fill the row. The default: one column, the deal in
        words."""
        return [Cell("Deal")]

    def sheet_cells(self, document: Mapping[str, Any], rules: Any) -> list[Cell]:
        """A deal's cells under ``sheet_headings``: by default its ``summary``."""
        return [Cell(self.summary(document, rules))]

    # -- what the web stores beside the document, in the game's words -----------------

    def kind_label(self, value: str) -> str:
        return _label(self.deal_kinds(), value)

    def bid_label(self, value: str) -> str:
        return _label(self.deal_bids(), value)

    def reason_label(self, value: str) -> str:
        return _label(self.payment_reasons(), value)

    # -- a player's statistics (``statistics``) ------------------------------------------

    def statistics_groups(self) -> tuple[tuple[str, str], ...]:
        """The statistics' groups as (key, title) in the game's words, in the order a page
        shows them. The default: the player's role in a deal, in ``bidder_word``.

        >>> from taroky_scoring import game_for
        >>> game_for("texas-xix").statistics_groups()[:2]
        (('declarer', 'As declarer'), ('partner', 'As partner'))
        """
        word = self.bidder_word
        titles = (f"As {word}", "As partner", f"Against the {word}", f"Deals without a {word}")
        return tuple(zip(ROLE_GROUPS, titles, strict=True))

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

        >>> from taroky_scoring import game_for, score
        >>> deal = {"ruleset": "texas-xix", "players": ["A", "B", "C", "D"],
        ...         "kind": "played", "bidder": "A", "bid": "povinost", "partner": "C",
        ...         "bidder_points": 60, "contra": "contra"}
        >>> game_for("texas-xix").deal_statistics(deal, score(deal), "B")
        [Stat(group='opponents', item='Povinost', won=False, chips=-6),
         Stat(group='doubling', item='Contra given', won=False, chips=-6)]
        """
        return stats_of(self.deal_facts(document, settlement), settlement, player)


# -- helpers -------------------------------------------------------------------------


def union(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
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


def _value_words(f: Field, value: Any) -> str:
    if isinstance(value, bool):
        if f.said:
            return f.said[value]
        return f.label if value else ""
    labels = {c.value: c.label for c in f.choices}
    return str(labels.get(value, value))


def _nothing(value: Any) -> bool:
    """A value that says nothing: missing, empty, "none" or false (not 0)."""
    return value is None or value is False or value in ("", "none") or value == []


def _value_said(f: Field, value: Any) -> str:
    """One field's value in words for a change ("none" for nothing)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        labels = {c.value: c.label for c in f.choices}
        return labels.get(None) or f.none_label or "none"
    return _say(f, value).removeprefix(f"{f.label}: ") or "none"


def _say(f: Field, value: Any) -> str:
    """One field's value in words, or "" when it says nothing (empty, none, false
    without ``said`` words). In an object, a word the next words say again is said once
    (an announced Pagat "announced, played before the last trick")."""
    if isinstance(value, bool) and f.said:
        return f.said[value]
    if value is None or value == "" or value == "none" or value is False or value == []:
        return ""
    if isinstance(value, Mapping):
        parts = [_value_words(i, value.get(i.name)) for i in f.items if i.name in value]
        parts = [p for p in parts if p and p != "none"]
        parts = [p for p in parts if not any(q.startswith(f"{p}, ") for q in parts)]
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
