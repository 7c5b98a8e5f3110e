"""The columns of an event's standings, said once: each one's key, headings, how a row's
value is shown and what a file holds of it (after Tabbycat's ``metrics_info``). Every
output iterates them: the standings page (standings_tables), its CSV
(exchange.downloads), its PDF (printouts.standings), the wall (views.hall) and the
prize list (prizes, its page, PDF and CSV).

Which columns rank comes from how the event ranks (``ranking.Scoring.columns``: the
score's first); each output takes them with its own others, in its own order, here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from . import tie_breaks
from .ranking import Scoring
from .words import counted

NUMBER, SIGNED, WORDS, NAME, TEXT = "number", "signed", "words", "name", "text"


def signed(n: int) -> str:
    """+8, -8, 0."""
    return f"+{n}" if n > 0 else str(n)


@dataclass(frozen=True)
class Column:
    key: str  # the row's attribute a page sorts by
    heading: str  # the page's and the PDF's
    csv: str  # the CSV's head
    text: Callable  # row -> what a page shows
    value: Callable | None = None  # row -> the CSV's cell (a number where it is one)
    kind: str = NUMBER  # NUMBER, SIGNED (+8), WORDS (small type), NAME or TEXT
    short: str = ""  # the wall's heading, when shorter
    printed: Callable | None = None  # row -> the PDF's text, when not the page's
    pdf_heading: str | None = None  # the PDF's heading, when not the page's
    orderable: bool = True

    def cell(self, row):
        return (self.value or self.text)(row)

    def print_text(self, row) -> str:
        return (self.printed or self.text)(row)


def _blank_zero(n: int) -> str:
    return str(n or "")


def _each_round(s) -> str:
    """The page's: each round's table, place and points, then the byes."""
    byes = f" · {counted(s.byes, 'bye')}" if s.byes else ""
    return (s.places_shown or "—") + byes


def _each_round_printed(s) -> str:
    """The PDF's: each round's place kept on one line (no-break spaces), then the byes; a
    round without a place of its own ("played for Dana") may break after its table."""
    pieces = [
        p.words.replace(" ", "\u00a0")
        if p.credited
        else f"R{p.round}\u00a0T{p.table}: {p.note}".replace(": ", ":\u00a0", 1)
        for p in s.places
    ]
    return " ".join(pieces + ([counted(s.byes, "bye").replace(" ", "\u00a0")] if s.byes else []))


def _optional(n):
    return "" if n is None else n


def every_column(bidder_word: str) -> dict[str, Column]:
    """Every column a standings may show, by key; ``bidder_word`` is the game's word
    for who won the bidding ("bidder", "declarer")."""
    word = bidder_word
    found = [
        Column("rank", "Rank", "rank", lambda s: s.rank_shown, lambda s: s.rank, short="#",
               pdf_heading=""),
        Column("player", "Player", "player", lambda s: s.player.name, kind=NAME),
        Column("club", "Club", "club", lambda s: s.club, kind=TEXT),
        Column("chips", "Net chips", "net_chips", lambda s: signed(s.chips), lambda s: s.chips,
               kind=SIGNED, short="Chips"),
        Column("score", "Score", "score", lambda s: s.score_shown,
               lambda s: Decimal(s.score_shown)),
        Column("points", "Table points", "table_points", lambda s: s.points_shown,
               lambda s: Decimal(s.points_shown), short="Points"),
        Column("table_wins", "Table wins", "table_wins", lambda s: str(s.table_wins),
               lambda s: s.table_wins, printed=lambda s: _blank_zero(s.table_wins)),
        Column("deals_played", "Deals", "deals", lambda s: str(s.deals_played),
               lambda s: s.deals_played),
        Column("deals_as_bidder", f"As {word}", f"as_{word}", lambda s: str(s.deals_as_bidder),
               lambda s: s.deals_as_bidder),
        Column("bidder_wins", f"{word.capitalize()}'s wins", f"{word}_wins",
               lambda s: str(s.bidder_wins), lambda s: s.bidder_wins),
        Column("bids_won", "Bids won", "bids_won",
               lambda s: f"{s.bidder_wins} of {s.deals_as_bidder}" if s.deals_as_bidder else ""),
        Column("best_deal", "Best deal", "best_deal", lambda s: signed(s.best_deal),
               lambda s: _optional(s.best_deal), kind=SIGNED),
        Column("worst_deal", "Worst deal", "worst_deal", lambda s: signed(s.worst_deal),
               lambda s: _optional(s.worst_deal), kind=SIGNED),
        Column("byes", "Byes", "byes", lambda s: str(s.byes), lambda s: s.byes,
               printed=lambda s: _blank_zero(s.byes)),
        Column("places", "Each round: table, place, points", "rounds", _each_round,
               lambda s: s.places_shown, kind=WORDS, printed=_each_round_printed,
               pdf_heading="Each round", orderable=False),
        Column("last_place", "Last round", "last_round", lambda s: s.last_place_shown,
               kind=TEXT, orderable=False),
    ]  # fmt: skip
    return {c.key: c for c in found}


# The figures of a player's deals, after the columns that rank and the club.
DEAL_FIGURES = ("deals_played", "deals_as_bidder", "bidder_wins", "best_deal", "worst_deal")


class Columns:
    """An event's standings columns for each output, from how it ranks."""

    def __init__(self, scoring: Scoring, bidder_word: str):
        self.scoring = scoring
        self.all = every_column(bidder_word)
        self.ranking = scoring.columns  # the columns that rank, the score's first

    @classmethod
    def of(cls, event) -> Columns:
        return cls(Scoring.of(event), event.game.bidder_word)

    def _pick(self, keys) -> list[Column]:
        return [self.all[k] for k in keys]

    @property
    def score(self) -> Column:
        """The column of what ranks the event (chips, table points, score)."""
        return self.all[self.ranking[0]]

    def page(self) -> list[Column]:
        """The standings page: rank, player, the columns that rank (before the club by
        points: a phone in larger text shows the first few), the deals' figures, the
        byes, and by points each round's place. A chip-ranked event's page is as it
        always was: its one column that ranks right after the club."""
        if not self.scoring.by_points:
            return self._pick(["rank", "player", "club", "chips", *DEAL_FIGURES, "byes"])
        keys = ["rank", "player", *self.ranking, "club", *DEAL_FIGURES, "byes", "places"]
        return self._pick(keys)

    def csv(self) -> list[Column]:
        """The CSV: a chip-ranked event's columns as they always were, then those that
        rank and are not among them, and by points each round's place."""
        keys = ["rank", "player", "club", "chips", *DEAL_FIGURES, "byes"]
        keys += [k for k in self.ranking if k not in keys]
        return self._pick(keys + (["places"] if self.scoring.by_points else []))

    def pdf(self, rows) -> list[Column]:
        """The wall's printout: rank, player, the columns that rank, then by points
        each round's place, else the deals, the bids won and (when any) the byes."""
        keys = ["rank", "player", *self.ranking]
        if self.scoring.by_points:
            keys.append("places")
        else:
            keys += ["deals_played", "bids_won"] + (["byes"] if any(s.byes for s in rows) else [])
        return self._pick(keys)

    def wall(self) -> list[Column]:
        """The hall's wall: rank, player, the score, the chips (when the score is not
        them), and by points the latest round's place, else the deals."""
        keys = ["rank", "player", self.ranking[0]]
        keys += ["chips"] if self.ranking[0] != "chips" else []
        return self._pick(keys + (["last_place"] if self.scoring.by_points else ["deals_played"]))

    def prizes(self) -> list[Column]:
        """The prize list's figures: the columns that rank but the table wins."""
        return self._pick(k for k in self.ranking if k != "table_wins")


def tie_note(row, shown: list[Column]) -> str:
    """The tie-break that set ``row`` apart from an equal score, where it matters: when
    none of the columns ``shown`` says it (a note "tie broken by chips" beside the Net
    chips column says nothing the column does not); "" otherwise.

    >>> class Row:
    ...     decided_by = "chips"
    >>> cols = every_column("bidder")
    >>> tie_note(Row(), [cols["rank"], cols["chips"]]), tie_note(Row(), [cols["rank"]])
    ('', 'chips')
    """
    broke = tie_breaks.BY_WORDS.get(row.decided_by)
    if broke is None or broke.column in {c.key for c in shown}:
        return ""
    return row.decided_by
