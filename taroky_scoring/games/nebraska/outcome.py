"""The deal outcome: the game's words as enums, the entered deal as a value object.

``DealOutcome.from_document`` reads the JSON document of the scoring contract
(section 11) and ``to_document`` writes it back unchanged, so a stored deal, the CLI
and the web forms all speak the same document. Parsing checks only the shape of each
field (types, allowed words, unknown fields); whether the fields agree with each
other and with the rules is ``validation.validate``'s job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ...fields import Reader
from ...points import declarers_points
from .document import BLIND_WORDS, DOCUMENT, FIELD_NAMES, WORDING, labels, without_gloss


def _in_a_sentence(words: str) -> str:
    """A choice's words inside a sentence: "Second half" -> "second half"."""
    return words[0].lower() + words[1:]


# The words of the document's choices (``document.describe``), as the enums below say
# them in explanations and summaries.
_BID_WORDS = labels("bid")
_BLIND_LABELS = {blind: _in_a_sentence(words) for blind, words in BLIND_WORDS.items()}
_TEAM_LABELS = {team: _in_a_sentence(w) for team, w in labels("tarok1_last", "team").items()}
# A declaration's name, without the cards the document's words add.
_DECLARATION_LABELS = {
    kind: without_gloss(words) for kind, words in labels("declarations", "kind").items()
}


class Worded(StrEnum):
    """One of the document's choices that says itself in the document's ``words``
    (a class keyword: ``class Bid(Worded, words=...)``) as ``label``."""

    def __init_subclass__(cls, words: Mapping[str, str], **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._words = words

    @property
    def label(self) -> str:
        return self._words[self.value]


class DealKind(StrEnum):
    PLAYED = "played"
    SURRENDERED = "surrendered"
    THROWN_IN = "thrown_in"
    MISDEAL = "misdeal"


class Bid(Worded, words=_BID_WORDS):
    FOUR = "four"
    FIVE = "five"
    FIVE_OVER = "five_over"


class Blind(Worded, words=_BLIND_LABELS):
    """How a Four bidder used the blind."""

    FIRST = "first"
    SECOND = "second"
    FIRST_AFTER_SECOND = "first_after_second"


class Kontra(StrEnum):
    NONE = "none"
    KONTRA = "kontra"
    REKONTRA = "rekontra"


class Team(Worded, words=_TEAM_LABELS):
    BIDDER = "bidder"
    OPPONENTS = "opponents"

    @property
    def other(self) -> Team:
        return Team.OPPONENTS if self is Team.BIDDER else Team.BIDDER


class Called(StrEnum):
    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    FOURTH_KING = "fourth_king"


class KingLastOutcome(StrEnum):
    WON = "won"  # the bidder's team took the last trick with the called King in it
    LOST = "lost"  # the opponents took it
    PLAYED_EARLY = "played_early"  # announced, but the King fell before the last trick


class Tarok1LastOutcome(StrEnum):
    TAROK1_WON = "tarok1_won"  # the 1 itself took the last trick
    PARTNER_WON = "partner_won"  # the 1's partner beat it with a higher trump
    LOST = "lost"  # the other team took the last trick
    PLAYED_EARLY = "played_early"  # announced, but the 1 fell before the last trick


class DeclarationKind(Worded, words=_DECLARATION_LABELS):
    TEN_TAROKY = "ten_taroky"
    FOUR_KINGS = "four_kings"
    THREE_HIGH = "three_high"


class PenaltyKind(StrEnum):
    FORGOTTEN_DISCARD = "forgotten_discard"


@dataclass(frozen=True)
class KingLast:
    announced: bool
    outcome: KingLastOutcome


@dataclass(frozen=True)
class Tarok1Last:
    team: Team
    announced: bool
    outcome: Tarok1LastOutcome


@dataclass(frozen=True)
class Declaration:
    player: str
    kind: DeclarationKind


@dataclass(frozen=True)
class Penalty:
    kind: PenaltyKind


FIELDS = FIELD_NAMES  # the keys of the document, from its one description
_FIELD_SET = frozenset(FIELDS)

TOTAL_POINTS = 70
WINNING_POINTS = 36
# Four play a deal; a fifth may sit at the table, the dealer, who sits out.
ACTIVE_PLAYERS = 4
TABLE_SIZES = (4, 5)


@dataclass(frozen=True)
class DealOutcome:
    """One deal as entered: who sat where, what was bid and what happened.

    ``None`` means the field was absent (or null) in the document.
    """

    players: tuple[str, ...]
    kind: DealKind
    ruleset: str | None = None
    options: Mapping[str, Any] | None = None
    sitting_out: str | None = None
    dealer: str | None = None
    bidder: str | None = None
    bid: Bid | None = None
    partner: str | None = None
    called: Called | None = None
    king_in_blind: bool | None = None
    blind: Blind | None = None
    kontra: Kontra | None = None
    bidder_points: int | None = None
    opponent_points: int | None = None
    valat: Team | None = None
    king_last: KingLast | None = None
    tarok1_last: Tarok1Last | None = None
    declarations: tuple[Declaration, ...] | None = None
    penalties: tuple[Penalty, ...] | None = None
    # Keys the document gave as an explicit null, so to_document can write them back.
    explicit_nulls: frozenset[str] = field(default=frozenset(), compare=False)

    # -- derived facts used by validation and scoring --------------------------------

    @property
    def kontra_level(self) -> Kontra:
        return self.kontra or Kontra.NONE

    @property
    def effective_bid(self) -> Bid | None:
        """The bid; a surrender is always of a Four, whether or not the bid was given."""
        if self.bid is None and self.kind is DealKind.SURRENDERED:
            return Bid.FOUR
        return self.bid

    @property
    def points_of_bidder_team(self) -> int | None:
        return declarers_points(self.bidder_points, self.opponent_points, TOTAL_POINTS)

    @property
    def bidder_alone(self) -> bool:
        return self.partner is None

    @property
    def bidder_team(self) -> tuple[str, ...]:
        if self.bidder is None:
            return ()
        return (self.bidder,) if self.partner is None else (self.bidder, self.partner)

    @property
    def opponents(self) -> tuple[str, ...]:
        """The opponents in clockwise order starting after the bidder."""
        team = self.bidder_team
        return tuple(p for p in self.clockwise_from(self.bidder) if p not in team)

    def clockwise_from(self, player: str | None) -> tuple[str, ...]:
        """The four active players in clockwise order, starting with ``player``."""
        if player not in self.players:
            return self.players
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def team_of(self, player: str) -> Team:
        return Team.BIDDER if player in self.bidder_team else Team.OPPONENTS

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every player named at the table, the sitting-out dealer last."""
        return self.players + ((self.sitting_out,) if self.sitting_out else ())

    # -- the JSON document -----------------------------------------------------------

    @classmethod
    def from_document(cls, document: Any) -> DealOutcome:
        """Read the contract's JSON document; raise OutcomeError listing every bad field."""
        values = Reader(DOCUMENT, "", wording=WORDING).read(document)
        nulls = frozenset(k for k, v in document.items() if v is None and k in _FIELD_SET)
        return _outcome(values, nulls)

    def to_document(self) -> dict[str, Any]:
        """The contract's JSON document for this outcome (inverse of from_document)."""
        doc: dict[str, Any] = {}
        for name in FIELDS:
            value = getattr(self, name)
            if value is None:
                if name in self.explicit_nulls:
                    doc[name] = None
                continue
            doc[name] = _plain(value)
        return doc


def _plain(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return list(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, KingLast):
        return {"announced": value.announced, "outcome": value.outcome.value}
    if isinstance(value, Tarok1Last):
        return {
            "team": value.team.value,
            "announced": value.announced,
            "outcome": value.outcome.value,
        }
    if isinstance(value, Declaration):
        return {"player": value.player, "kind": value.kind.value}
    if isinstance(value, Penalty):
        return {"kind": value.kind.value}
    if isinstance(value, Mapping):
        return dict(value)
    return value


# Each enum's members by value: an outcome is built once per deal scored.
_DEALKIND = DealKind._value2member_map_
_BID, _CALLED, _BLIND = Bid._value2member_map_, Called._value2member_map_, Blind._value2member_map_
_KONTRA, _TEAM = Kontra._value2member_map_, Team._value2member_map_


def _outcome(values: dict[str, Any], explicit_nulls: frozenset[str]) -> DealOutcome:
    """The outcome of a document's values as ``fields.Reader`` read them."""
    king_last, tarok1_last = values["king_last"], values["tarok1_last"]
    declarations, penalties = values["declarations"], values["penalties"]
    return DealOutcome(
        players=values["players"],
        kind=_DEALKIND[values["kind"]],
        ruleset=values["ruleset"],
        options=values["options"],
        sitting_out=values["sitting_out"],
        dealer=values["dealer"],
        bidder=values["bidder"],
        bid=_BID.get(values["bid"]),
        partner=values["partner"],
        called=_CALLED.get(values["called"]),
        king_in_blind=values["king_in_blind"],
        blind=_BLIND.get(values["blind"]),
        kontra=_KONTRA.get(values["kontra"]),
        bidder_points=values["bidder_points"],
        opponent_points=values["opponent_points"],
        valat=_TEAM.get(values["valat"]),
        king_last=king_last
        and KingLast(king_last["announced"], KingLastOutcome(king_last["outcome"])),
        tarok1_last=tarok1_last
        and Tarok1Last(
            Team(tarok1_last["team"]),
            tarok1_last["announced"],
            Tarok1LastOutcome(tarok1_last["outcome"]),
        ),
        declarations=None
        if declarations is None
        else tuple(
            Declaration(item["player"], DeclarationKind(item["kind"])) for item in declarations
        ),
        penalties=None
        if penalties is None
        else tuple(Penalty(PenaltyKind(item["kind"])) for item in penalties),
        explicit_nulls=explicit_nulls,
    )
