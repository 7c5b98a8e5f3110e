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

from ...errors import FieldError, OutcomeError
from ...points import declarers_points
from .document import FIELD_NAMES


class DealKind(StrEnum):
    PLAYED = "played"
    SURRENDERED = "surrendered"
    THROWN_IN = "thrown_in"
    MISDEAL = "misdeal"


class Bid(StrEnum):
    FOUR = "four"
    FIVE = "five"
    FIVE_OVER = "five_over"

    @property
    def label(self) -> str:
        return {"four": "Four", "five": "Five", "five_over": "Five Over"}[self.value]


class Blind(StrEnum):
    """How a Four bidder used the blind."""

    FIRST = "first"
    SECOND = "second"
    FIRST_AFTER_SECOND = "first_after_second"

    @property
    def label(self) -> str:
        return {
            "first": "first half",
            "second": "second half",
            "first_after_second": "first half after seeing the second",
        }[self.value]


class Kontra(StrEnum):
    NONE = "none"
    KONTRA = "kontra"
    REKONTRA = "rekontra"


class Team(StrEnum):
    BIDDER = "bidder"
    OPPONENTS = "opponents"

    @property
    def other(self) -> Team:
        return Team.OPPONENTS if self is Team.BIDDER else Team.BIDDER

    @property
    def label(self) -> str:
        return "bidder's team" if self is Team.BIDDER else "opponents"


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


class DeclarationKind(StrEnum):
    TEN_TAROKY = "ten_taroky"
    FOUR_KINGS = "four_kings"
    THREE_HIGH = "three_high"

    @property
    def label(self) -> str:
        return {
            "ten_taroky": "Ten Taroky",
            "four_kings": "Four Kings",
            "three_high": "Three High",
        }[self.value]


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
        return _Reader(document).read()

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


def _choices(enum: type[StrEnum]) -> str:
    return ", ".join(m.value for m in enum)


class _Reader:
    """Reads one document field by field, collecting every error."""

    def __init__(self, document: Any):
        self.doc = document
        self.errors: list[FieldError] = []

    def error(self, field_name: str, message: str) -> None:
        self.errors.append(FieldError(field_name, message))

    def read(self) -> DealOutcome:
        doc = self.doc
        if not isinstance(doc, Mapping):
            raise OutcomeError([FieldError("input", "The deal must be a JSON object.")])
        for key in doc:
            if key not in _FIELD_SET:
                self.error(str(key), f"Unknown field '{key}'.")
        values = {
            "ruleset": self.text(doc, "ruleset"),
            "options": self.options(doc),
            "players": self.players(doc),
            "sitting_out": self.text(doc, "sitting_out"),
            "dealer": self.text(doc, "dealer"),
            "kind": self.enum(doc, "kind", DealKind, required=True),
            "bidder": self.text(doc, "bidder"),
            "bid": self.enum(doc, "bid", Bid),
            "partner": self.text(doc, "partner"),
            "called": self.enum(doc, "called", Called),
            "king_in_blind": self.boolean(doc, "king_in_blind"),
            "blind": self.enum(doc, "blind", Blind),
            "kontra": self.enum(doc, "kontra", Kontra),
            "bidder_points": self.points(doc, "bidder_points"),
            "opponent_points": self.points(doc, "opponent_points"),
            "valat": self.enum(doc, "valat", Team),
            "king_last": self.king_last(doc),
            "tarok1_last": self.tarok1_last(doc),
            "declarations": self.declarations(doc),
            "penalties": self.penalties(doc),
        }
        if self.errors:
            raise OutcomeError(self.errors)
        nulls = frozenset(k for k, v in doc.items() if v is None and k in _FIELD_SET)
        return DealOutcome(**values, explicit_nulls=nulls)

    def text(self, doc: Mapping, key: str) -> str | None:
        value = doc.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.error(key, "Must be a name (text).")
            return None
        return value

    def boolean(self, doc: Mapping, key: str) -> bool | None:
        value = doc.get(key)
        if value is None or isinstance(value, bool):
            return value
        self.error(key, "Must be true or false.")
        return None

    def enum(self, doc: Mapping, key: str, enum: type[StrEnum], required: bool = False):
        value = doc.get(key)
        if value is None:
            if required:
                self.error(key, f"Required: one of {_choices(enum)}.")
            return None
        if isinstance(value, str):
            member = enum._value2member_map_.get(value)  # enum(value), without its checks
            if member is not None:
                return member
        self.error(key, f"'{value}' is not allowed here: choose one of {_choices(enum)}.")
        return None

    def points(self, doc: Mapping, key: str) -> int | None:
        value = doc.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(key, "Card points must be a whole number from 0 to 70.")
            return None
        if not 0 <= value <= TOTAL_POINTS:
            self.error(key, f"Card points must be from 0 to 70, not {value}.")
            return None
        return value

    def options(self, doc: Mapping) -> Mapping[str, Any] | None:
        value = doc.get("options")
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.error("options", "House rules must be an object of option: value.")
            return None
        return dict(value)

    def players(self, doc: Mapping) -> tuple[str, ...]:
        value = doc.get("players")
        if value is None:
            self.error("players", "Required: the four active players in clockwise order.")
            return ()
        if not isinstance(value, list) or not all(isinstance(p, str) and p.strip() for p in value):
            self.error("players", "Must be a list of the players' names.")
            return ()
        return tuple(value)

    def sub_object(self, doc: Mapping, key: str, keys: set[str]) -> Mapping | None:
        value = doc.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.error(key, "Must be an object (or null when nothing happened).")
            return None
        unknown = sorted(set(value) - keys)
        if unknown:
            self.error(key, f"Unknown field(s): {', '.join(unknown)}.")
            return None
        return value

    def sub_enum(self, key: str, value: Any, name: str, enum: type[StrEnum]):
        if isinstance(value, str):
            member = enum._value2member_map_.get(value)
            if member is not None:
                return member
        self.error(key, f"'{name}' must be one of {_choices(enum)}.")
        return None

    def sub_announced(self, key: str, value: Any) -> bool | None:
        if isinstance(value, bool):
            return value
        if value is None:
            return False
        self.error(key, "'announced' must be true or false.")
        return None

    def king_last(self, doc: Mapping) -> KingLast | None:
        value = self.sub_object(doc, "king_last", {"announced", "outcome"})
        if value is None:
            return None
        announced = self.sub_announced("king_last", value.get("announced", False))
        outcome = self.sub_enum("king_last", value.get("outcome"), "outcome", KingLastOutcome)
        if announced is None or outcome is None:
            return None
        return KingLast(announced, outcome)

    def tarok1_last(self, doc: Mapping) -> Tarok1Last | None:
        value = self.sub_object(doc, "tarok1_last", {"team", "announced", "outcome"})
        if value is None:
            return None
        team = self.sub_enum("tarok1_last", value.get("team"), "team", Team)
        announced = self.sub_announced("tarok1_last", value.get("announced", False))
        outcome = self.sub_enum("tarok1_last", value.get("outcome"), "outcome", Tarok1LastOutcome)
        if team is None or announced is None or outcome is None:
            return None
        return Tarok1Last(team, announced, outcome)

    def list_of_objects(self, doc: Mapping, key: str) -> list | None:
        value = doc.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            self.error(key, "Must be a list of objects.")
            return None
        return value

    def declarations(self, doc: Mapping) -> tuple[Declaration, ...] | None:
        items = self.list_of_objects(doc, "declarations")
        if items is None:
            return None
        result = []
        for n, item in enumerate(items, start=1):
            unknown = sorted(set(item) - {"player", "kind"})
            if unknown:
                self.error("declarations", f"Declaration {n}: unknown field(s) {unknown}.")
                continue
            player = item.get("player")
            if not isinstance(player, str) or not player.strip():
                self.error("declarations", f"Declaration {n}: name the player who declared.")
                continue
            kind = item.get("kind")
            if kind not in DeclarationKind._value2member_map_:
                self.error(
                    "declarations",
                    f"Declaration {n}: kind must be one of {_choices(DeclarationKind)}.",
                )
                continue
            result.append(Declaration(player, DeclarationKind(kind)))
        return tuple(result)

    def penalties(self, doc: Mapping) -> tuple[Penalty, ...] | None:
        items = self.list_of_objects(doc, "penalties")
        if items is None:
            return None
        result = []
        for n, item in enumerate(items, start=1):
            kind = item.get("kind")
            if set(item) != {"kind"} or kind not in PenaltyKind._value2member_map_:
                self.error(
                    "penalties",
                    f'Penalty {n}: must be {{"kind": ...}} with one of {_choices(PenaltyKind)}.',
                )
                continue
            result.append(Penalty(PenaltyKind(kind)))
        return tuple(result)
