"""A player's statistics, computed from deal documents through the core (every game).

Each game says what happened in a deal as ``Facts`` (``Game.deal_facts``): who declared
and with whom, the contract in the game's words, the payments that were doubled, what
one side did or tried (a valat, a last-trick announcement), and the payments a player
makes or receives on their own account (holdings, penalties, the pot), each tied to the
``reason`` of the transfers that pay it. ``stats_of`` reads those facts and the deal's
settlement for one player and gives their ``Stat``s; a ``Tally`` adds them up over many
deals into groups of rows a page shows without knowing the game. The mechanics are
written once, here; the words are the games'.

A deal gives a player who played it:

- exactly one **role** stat, whose chips are their net for the deal: ``declarer`` (they won
  the bidding), ``partner`` (the declarer's partner), ``opponents`` (against the
  declarer; after a passed Three or a bid given up, everybody else), or ``other`` (a deal
  without a declarer: thrown in, misdeal). Its item is the contract (the bid in the
  game's words, or the kind of a deal without one) and ``won`` whether their side won:
  the declarer's side wins when the settlement's ``bidder_won`` is true (a bid given up
  or thrown in is lost, so the others won it), ``None`` in a deal without a declarer;
- per doubled payment (``Doubled``), one stat: the doubling word at its level, *given*
  when their side said that word and *received* when the other side did. The first word
  (Kontra, Contra, Hrb: x2) is said by the side that did not make the game or the
  announcement, the second (Rekontra, Re, Rhea: x4) by the side that did, and so on
  in turn, so the word of level n is said by the doubled side when n is even. Its
  chips are what the doubled payment moved for them (all of it, not only the extra),
  and ``won`` whether their side received it. A doubling whose payment was not made (the
  game's contra where an announced valat replaced the game) gives no stat;
- per event (``Event``: a valat or sweep, King Last, Tarok 1 Last, Pagat, Chief Last,
  Papoose Last) that the settlement paid, one stat: the event's words, with
  ``", against"`` when the event was the other side's; ``won`` when their side received
  the payment, and its chips;
- per own payment (``Own``: a holding declared, a penalty, chips taken from or paid
  into the pot) one stat per item with its chips, ``won`` None.

A player who did not play the deal (Nebraska's dealer sitting out) gets only their own
payments: a misdeal they paid.

>>> from enum import StrEnum
>>> from taroky_scoring.settlement import Transfer, settlement
>>> Side = StrEnum("Side", ["WINS"])  # a game's reasons
>>> facts = Facts(players=("A", "B", "C", "D"), contract="Five", declarer="A", partner="C",
...     doubled=(Doubled("Kontra", 1, True, frozenset({"wins"})),))
>>> s = settlement("ABCD", [Transfer("B", "A", 16, Side.WINS, ""),
...                         Transfer("D", "C", 16, Side.WINS, "")], True, 16)
>>> for stat in stats_of(facts, s, "B"):
...     print(stat)
Stat(group='opponents', item='Five', won=False, chips=-16)
Stat(group='doubling', item='Kontra given', won=False, chips=-16)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .doubling import Doubling
from .settlement import Settlement

# The groups of the player's role in a deal: exactly one of them per deal they played.
ROLE_GROUPS = ("declarer", "partner", "opponents", "other")
AGAINST = ", against"


class Stat(NamedTuple):
    """One thing a deal says about one player (immutable; a named tuple, as ``Facts``,
    ``Doubled`` and ``Event`` are: a season's page builds thousands of them, and a
    named tuple is built at a third of a frozen dataclass's cost).

    ``group``: a key (``declarer``, ``partner``, ``opponents``, ``other``, ``doubling``,
    ``valat``, ``last_trick``, ``bonuses``, ``penalties``, ``pot``); ``item``: what, in
    the game's words; ``won``: whether their side won it (None where that does not apply);
    ``chips``: what it moved for them in the deal (+ received, - paid).
    """

    group: str
    item: str
    won: bool | None
    chips: int


class Doubled(NamedTuple):
    """A doubled payment: the doubling ``word`` as the game says it, its ``level`` (1 for
    x2, 2 for x4, ...), whether the doubled side (the side whose game or announcement
    it is) is the declarer's (``declarers``), the ``reasons`` of the transfers it
    doubled, and ``what`` was doubled in words ("" for the game)."""

    word: str
    level: int
    declarers: bool
    reasons: frozenset[str]
    what: str = ""


class Event(NamedTuple):
    """What one side did or tried that the settlement pays by its own ``reasons``: its
    ``group`` and ``item`` (words), and whether it is the declarer's side's
    (``declarers``)."""

    group: str
    item: str
    declarers: bool
    reasons: frozenset[str]


class Own(NamedTuple):
    """Payments a player makes or receives on their own account, by reason: the words of
    chips received (``received``) and of chips paid (``paid``). Reasons that share words
    make one stat per deal (``"Paid for others' declarations"``). A game declares them
    once, as one table (``own_payments``)."""

    group: str
    received: Mapping[str, str]
    paid: Mapping[str, str]


def held(group: str, names: Mapping[str, str], others: str) -> Own:
    """Holdings a player is paid for (declarations, bonuses): received under each one's
    name, paid under ``others``.

    >>> held("bonuses", {"trull": "Trull"}, "Paid for others' bonuses").paid
    {'trull': "Paid for others' bonuses"}
    """
    return Own(group, received=dict(names), paid=dict.fromkeys(names, others))


def at_fault(group: str, names: Mapping[str, str], others: str) -> Own:
    """Faults a player pays for (penalties): paid under each one's name, received under
    ``others``.

    >>> own = at_fault("penalties", {"misdeal": "Misdeal"}, "Received for others' penalties")
    >>> own.received, own.paid
    ({'misdeal': "Received for others' penalties"}, {'misdeal': 'Misdeal'})
    """
    return Own(group, received=dict.fromkeys(names, others), paid=dict(names))


# reason -> (group, the item when the player received, the item when they paid)
OwnPayments = Mapping[str, tuple[str, str | None, str | None]]


def own_payments(*owns: Own) -> OwnPayments:
    """One table of the reasons a player pays or receives on their own account.

    >>> own_payments(Own("bonuses", {"trull": "Trull"}, {"trull": "Paid for others'"}))
    {'trull': ('bonuses', 'Trull', "Paid for others'")}
    """
    table: dict[str, tuple[str, str | None, str | None]] = {}
    for own in owns:
        for reason in {**own.received, **own.paid}:
            table[reason] = (own.group, own.received.get(reason), own.paid.get(reason))
    return table


class Facts(NamedTuple):
    """What happened in one deal, as a game tells it for statistics.

    ``players``: those who played; ``contract``: the bid in the game's words, or the
    kind of a deal without a declarer; ``declarer`` and ``partner``: the declarer's side.
    """

    players: Sequence[str]
    contract: str
    declarer: str | None = None
    partner: str | None = None
    doubled: Sequence[Doubled] = ()
    events: Sequence[Event] = ()
    owns: OwnPayments = {}


def doubled(
    doubling: Doubling,
    word: str | None,
    declarers: bool,
    reasons: frozenset[str],
    what: str = "",
) -> tuple[Doubled, ...]:
    """The doubled payment a doubling ``word`` of the game names (none for x1).

    >>> from taroky_scoring.games.texas.words import TEXAS_XX
    >>> doubled(TEXAS_XX, "rhea", True, frozenset({"game"}))[0][:3]
    ('Rhea', 2, True)
    >>> doubled(TEXAS_XX, "none", True, frozenset({"game"}))
    ()
    """
    if not word or word == "none":
        return ()
    return (Doubled(doubling.label(word), doubling.words.index(word), declarers, reasons, what),)


def announcement(
    doubling: Doubling,
    group: str,
    name: str,
    event: Mapping[str, Any],
    declarers: bool,
    reasons: frozenset[str],
) -> tuple[Event, tuple[Doubled, ...]]:
    """A valat, a sweep or a card in the last trick as the document records it (its
    ``announced`` and, when announced, its own ``contra``): the event, said "... announced"
    when it was, and the doubling of its payment.

    >>> from taroky_scoring.games.texas.words import TEXAS
    >>> event, doubling = announcement(TEXAS, "last_trick", "Pagat",
    ...     {"announced": True, "outcome": "won", "contra": "re"}, False, frozenset({"pagat"}))
    >>> event.item, [(d.word, d.level, d.declarers, d.what) for d in doubling]
    ('Pagat announced', [('Re', 2, False, 'Pagat')])
    """
    if not event.get("announced"):
        return Event(group, name, declarers, reasons), ()
    item = f"{name} announced"
    return Event(group, item, declarers, reasons), doubled(
        doubling, event.get("contra"), declarers, reasons, name
    )


def flows_of(settlement: Settlement, player: str) -> dict[str, list[int]]:
    """Per reason, the chips ``player`` received and paid in the deal.

    >>> from enum import StrEnum
    >>> from taroky_scoring.settlement import Transfer, settlement
    >>> Side = StrEnum("Side", ["WINS"])  # a game's reasons
    >>> s = settlement("ABC", [Transfer("A", "B", 2, Side.WINS, ""),
    ...                        Transfer("C", "B", 3, Side.WINS, ""),
    ...                        Transfer("B", "A", 1, Side.WINS, "")])
    >>> {str(reason): moved for reason, moved in flows_of(s, "B").items()}
    {'wins': [5, 1]}
    """
    flows: dict[str, list[int]] = {}
    for t in settlement.transfers:
        if t.payee == player:
            flows.setdefault(t.reason, [0, 0])[0] += t.chips
        elif t.payer == player:
            flows.setdefault(t.reason, [0, 0])[1] += t.chips
    return flows


def _chips(flows: Mapping[str, list[int]], reasons: frozenset[str]) -> int | None:
    """Their net over ``reasons``, or None when none of them moved their chips."""
    chips = None
    for reason in reasons:
        moved = flows.get(reason)
        if moved is not None:
            chips = (chips or 0) + moved[0] - moved[1]
    return chips


def stats_of(facts: Facts, settlement: Settlement, player: str) -> list[Stat]:
    """``player``'s stats in one deal (see the module's docstring for what each is).

    A lone Four won: the declarer's net is their role's chips; a Tarok 1 Last of the
    opponents that failed is, for them, the other side's, and won.

    >>> from enum import StrEnum
    >>> from taroky_scoring.settlement import Transfer, settlement
    >>> class Reason(StrEnum):
    ...     GAME = "game"
    ...     TAROK1_LAST = "tarok1_last"
    >>> facts = Facts(players=("A", "B"), contract="Four", declarer="A",
    ...     events=(Event("last_trick", "Tarok 1 Last", False, frozenset({"tarok1_last"})),))
    >>> s = settlement("AB", [Transfer("B", "A", 4, Reason.GAME, ""),
    ...                       Transfer("B", "A", 1, Reason.TAROK1_LAST, "")], True, 4)
    >>> stats_of(facts, s, "A")
    [Stat(group='declarer', item='Four', won=True, chips=5),
     Stat(group='last_trick', item='Tarok 1 Last, against', won=True, chips=1)]
    >>> stats_of(facts, s, "Z")
    []
    """
    flows = flows_of(settlement, player)
    stats: list[Stat] = []
    playing = player in facts.players
    if playing:
        stats.append(_role(facts, settlement, player))
    if flows:
        ours = playing and facts.declarer is not None and player in (facts.declarer, facts.partner)
        for d in facts.doubled:
            chips = _chips(flows, d.reasons)
            if chips is not None:
                given = (d.level % 2 == 1) != (ours == d.declarers)
                item = f"{d.word} {'given' if given else 'received'}"
                item = f"{item} ({d.what})" if d.what else item
                stats.append(Stat("doubling", item, chips > 0, chips))
        for e in facts.events:
            chips = _chips(flows, e.reasons)
            if chips is not None:
                item = e.item if ours == e.declarers else e.item + AGAINST
                stats.append(Stat(e.group, item, chips > 0, chips))
        owns = facts.owns
        if owns:
            items: dict[tuple[str, str], int] = {}
            for reason, (received, paid) in flows.items():
                own = owns.get(reason)
                if own is None:
                    continue
                if received and own[1]:
                    key = (own[0], own[1])
                    items[key] = items.get(key, 0) + received
                if paid and own[2]:
                    key = (own[0], own[2])
                    items[key] = items.get(key, 0) - paid
            stats += [Stat(group, item, None, chips) for (group, item), chips in items.items()]
    return stats


def _role(facts: Facts, settlement: Settlement, player: str) -> Stat:
    net = settlement.net.get(player, 0)
    if facts.declarer is None:
        return Stat("other", facts.contract, None, net)
    won = settlement.bidder_won is True
    if player == facts.declarer:
        return Stat("declarer", facts.contract, won, net)
    if player == facts.partner:
        return Stat("partner", facts.contract, won, net)
    return Stat("opponents", facts.contract, not won, net)


# -- many deals ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a group: an item, how many times it happened, how often their side won
    and lost it (``won``/``lost`` stay 0 where that does not apply), and its chips."""

    item: str
    times: int
    won: int
    lost: int
    chips: int


@dataclass(frozen=True, slots=True)
class Group:
    """A group of rows under its title in the game's words."""

    key: str
    title: str
    rows: tuple[Row, ...]


@dataclass
class Tally:
    """A player's statistics over many deals: deals played, chips, chips per deal, and
    per (group, item) how many times, won, lost and chips.

    >>> t = Tally()
    >>> t.count([Stat("declarer", "Five", True, 24), Stat("bonuses", "Trull", None, 6)], 24,
    ...         (("declarer", "As declarer"), ("bonuses", "Bonuses for holdings")))
    >>> t.count([Stat("declarer", "Five", False, -27)], -27, (("declarer", "As declarer"),))
    >>> t.count([Stat("other", "Thrown in", None, 0)], 0)
    >>> t.deals, t.chips, t.chips_per_deal
    (3, -3, -1.0)
    >>> for g in t.groups():
    ...     print(g.title, [(r.item, r.times, r.won, r.lost, r.chips) for r in g.rows])
    As declarer [('Five', 2, 1, 1, -3)]
    Bonuses for holdings [('Trull', 1, 0, 0, 6)]
    Other [('Thrown in', 1, 0, 0, 0)]
    """

    deals: int = 0
    chips: int = 0
    _rows: dict[tuple[str, str], list[int]] = field(default_factory=dict, repr=False)
    _titles: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _titled: set[tuple[tuple[str, str], ...]] = field(default_factory=set, repr=False)
    _last_groups: object = field(default=None, repr=False)

    def count(
        self, stats: Iterable[Stat], net: int, groups: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Add one deal: the player's ``stats`` in it, their ``net`` and the game's
        ``groups`` ((key, title) pairs, ``Game.statistics_groups()``)."""
        self.deals += 1
        self.chips += net
        rows = self._rows
        for s in stats:
            row = rows.get((s.group, s.item))
            if row is None:
                row = rows[(s.group, s.item)] = [0, 0, 0, 0]
            row[0] += 1
            if s.won is not None:
                row[1 if s.won else 2] += 1
            row[3] += s.chips
        if groups and groups is not self._last_groups:  # a season's deals repeat a game
            self._last_groups = groups
            key = tuple(groups)
            if key not in self._titled:
                self._titled.add(key)
                self._title(key)

    def _title(self, groups: Iterable[tuple[str, str]]) -> None:
        for key, title in groups:
            titles = self._titles.setdefault(key, [])
            if title not in titles:
                titles.append(title)

    @property
    def chips_per_deal(self) -> float:
        return self.chips / self.deals if self.deals else 0.0

    def groups(self) -> list[Group]:
        """The groups that have rows, in the games' order (``Game.statistics_groups``);
        each group's rows most frequent first (then in the order first met)."""
        by_group: dict[str, list[Row]] = {}
        for (key, item), (times, won, lost, chips) in self._rows.items():
            by_group.setdefault(key, []).append(Row(item, times, won, lost, chips))
        order = [k for k in self._titles if k in by_group]
        order += [k for k in by_group if k not in self._titles]
        return [
            Group(
                key,
                " / ".join(self._titles.get(key, ())) or key.replace("_", " ").capitalize(),
                tuple(sorted(by_group[key], key=lambda r: -r.times)),
            )
            for key in order
        ]

    def as_dict(self) -> dict:
        """Plain data for a page or JSON: deals, chips, chips per deal and the groups."""
        return {
            "deals": self.deals,
            "chips": self.chips,
            "chips_per_deal": round(self.chips_per_deal, 2),
            "groups": [
                {
                    "key": g.key,
                    "title": g.title,
                    "rows": [
                        {
                            "item": r.item,
                            "times": r.times,
                            "won": r.won,
                            "lost": r.lost,
                            "chips": r.chips,
                        }
                        for r in g.rows
                    ],
                }
                for g in self.groups()
            ],
        }
