"""Prizes (optional): money in whole cents, the prize table an organizer types, and the
prize lists of an event ranked by its standings (``standings.standings``, the one engine),
showing the columns that rank it (``columns.Columns.prizes``).

An event sets prizes with a prize table: a line a place, first place first, each an
amount ("$40" or "40.00") or a percentage of the fees collected ("50%"). The fees
collected are the entry fee times the players who pay (``Registration.pays_fee``;
withdrawing does not change it). Players tied on a paying place share the prizes of the
places they cover, evenly; what does not divide into whole cents stays with the club,
and the list says how much.

A prize category has a list of its own, its players ranked among themselves. One prize
per player unless the event allows a prize in each list (FORMATS.md, "Who pays, and who
takes a prize"): a player placed for prizes in more than one list takes the larger (the
event's on equal amounts), and the next in line in the other list takes that one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .columns import Column, Columns
from .money import PlacePrize, dollars, parse_table, table_total
from .names import name_key
from .places import ordinal, place_text
from .ranking import Scoring
from .words import counted

ONE_PRIZE_WORDS = (
    "One prize per player: a player placed for prizes in the event's list and a "
    "category's takes the larger (the event's on equal amounts), and the next in line in "
    "the other list takes that one."
)
EACH_LIST_WORDS = "A player may take a prize in each list: the event's and their categories'."


def overpay_words(total: int, pool: int, fee_cents: int, players: int) -> str:
    return (
        f"These prizes pay {dollars(total)}, more than the fees collected: "
        f"{dollars(pool)} ({counted(players, 'player')} × {dollars(fee_cents)}). "
        "Lower them, or tick that the club adds the rest."
    )


def listed(names: list[str]) -> str:
    """>>> listed(["Ivan"]), listed(["Ivan", "Zoe"]), listed(["A", "B", "C"])
    ('Ivan', 'Ivan and Zoe', 'A, B and C')
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass
class PrizeRow:
    place: str  # "1", "3=" for a shared place
    player: object
    club: str
    chips: int
    cents: int
    note: str = ""
    withdrawn: bool = False
    figures: list = field(default_factory=list)  # the list's columns: the page's and file's
    printed: list = field(default_factory=list)  # the same, as the PDF writes them

    @property
    def prize(self) -> str:
        return dollars(self.cents)


@dataclass
class PrizeList:
    fee_cents: int
    players_paying: int  # the players who pay the entry fee
    pool: int
    prizes: list[PlacePrize]
    rows: list[PrizeRow] = field(default_factory=list)
    paid: int = 0
    left_over: int = 0  # rounding
    unpaid_places: list[int] = field(default_factory=list)
    club_adds: bool = False
    provisional: bool = False
    category: str = ""  # a prize category's list: the fees are said on the overall one
    others_total: int = 0  # what the categories' tables pay (said on the overall list)
    columns: list[Column] = field(default_factory=list)  # the figures that rank
    not_paying: list[str] = field(default_factory=list)  # who pays no fee (overall list)
    played: bool = True  # a deal is recorded: the standings have places
    rule: str = ""  # one prize per player, or one in each list (overall, with categories)
    elsewhere: list[str] = field(default_factory=list)  # who took a prize in another list

    @property
    def table_total(self) -> int:
        return table_total(self.prizes, self.pool)

    @property
    def headings(self) -> list[str]:
        return [c.heading for c in self.columns]

    @property
    def empty_words(self) -> str:
        """What the list says where it has no row."""
        if self.rows or self.elsewhere:
            return ""  # those in line took prizes elsewhere: its words say so
        if not self.prizes:
            return ""  # said in its words
        if not self.played:
            return "Nothing is played yet: the prizes go to the places once deals are recorded."
        return "Nobody has taken part yet."

    def words(self) -> list[str]:
        """What the list says under its rows: the fees and who pays none, the rule of
        one prize per player, the rounding, what is not paid."""
        said = []
        if self.fee_cents and not self.category:
            said.append(
                f"Fees collected: {dollars(self.pool)} "
                f"({counted(self.players_paying, 'player')} who pay "
                f"× {dollars(self.fee_cents)} entry fee)."
            )
            if self.not_paying:
                said.append(f"Not paying the entry fee: {listed(self.not_paying)}.")
        if not self.prizes:
            return [
                *said,
                "This category has no prize table: its players are ranked among themselves, "
                "for no prize.",
            ]
        said.append(
            "The prize table: "
            + ", ".join(f"{ordinal(i)} {p}" for i, p in enumerate(self.prizes, start=1))
            + f"; it pays {dollars(self.table_total)}."
        )
        if self.rule:
            said.append(self.rule)
        for moved in self.elsewhere:
            said.append(moved)
        if self.unpaid_places and self.played:
            places = [ordinal(n) for n in self.unpaid_places]
            said.append(
                f"The table pays {counted(len(self.prizes), 'place')} and fewer players "
                f"{'are in line' if self.elsewhere else 'took part'}: {listed(places)} "
                f"{'place is' if len(places) == 1 else 'places are'} not paid."
            )
        if self.left_over:
            said.append(
                f"Shares rounded down to whole cents: {counted(self.left_over, 'cent')} "
                f"left over {'stays' if self.left_over == 1 else 'stay'} with the club."
            )
        extra = self.table_total + self.others_total - self.pool
        if self.others_total and not self.category:
            said.append(f"The categories' prizes pay {dollars(self.others_total)} of the fees too.")
        if self.fee_cents and extra > 0 and not self.category:
            if self.club_adds:
                said.append(f"The club adds {dollars(extra)} to the fees.")
            else:
                said.append(
                    f"These prizes pay {dollars(extra)} more than the fees collected, and the "
                    "club has not said it adds the rest."
                )
        if self.provisional and not self.category:
            said.append("Provisional: not every round is closed yet.")
        return said


def _columns(rows) -> list[Column]:
    """The figures a prize list shows: the columns that rank its event (net chips for a
    row made without its event's scoring)."""
    scoring = next((s.scoring for s in rows if s.scoring), None)
    return Columns(scoring or Scoring("chips", 0, 0), "bidder").prizes()


def _score(s):
    return s.score if s.scoring else s.chips


def prize_list(
    event,
    rows,
    players_paying: int,
    provisional: bool = False,
    category=None,
    shown_places: dict | None = None,
) -> PrizeList:
    """The prize list from the event's standings ``rows`` (ranked): players who took part
    hold their standings' places; a group tied at place r of n players shares the prizes
    of places r .. r+n-1, each getting their sum divided by n, rounded down to cents.
    ``shown_places``: player id -> the place to show, where a player moved up into the
    place of one who took a prize in another list."""
    prizes = parse_table(category.prize_table if category else event.prize_table)
    pool = event.entry_fee_cents * players_paying
    shown = _columns(rows)
    result = PrizeList(
        event.entry_fee_cents,
        players_paying,
        pool,
        prizes,
        club_adds=event.prizes_club_adds,
        provisional=provisional,
        category=category.name if category else "",
        columns=shown,
        played=any(s.deals_played for s in rows),
    )
    worth = [p.exact(pool) for p in prizes]
    # Percentages are rounded down, place by place; what they leave is said.
    rounded = [int(w) for w in worth]
    percent_exact = sum((w for w, p in zip(worth, prizes, strict=True) if p.hundredths), Fraction())
    result.left_over = int(percent_exact) - sum(
        r for r, p in zip(rounded, prizes, strict=True) if p.hundredths
    )
    came = [s for s in rows if s.took_part] if result.played else []
    groups: dict[int, list] = {}
    for s in came:
        groups.setdefault(s.rank, []).append(s)
    shown_places = shown_places or {}
    for rank, group in groups.items():
        if rank > len(prizes):
            continue
        covered = range(rank, min(rank + len(group), len(prizes) + 1))
        total = sum(rounded[place - 1] for place in covered)
        each, rest = divmod(total, len(group))
        result.left_over += rest
        note = ""
        if len(group) > 1:
            places = [ordinal(p) for p in range(rank, rank + len(group))]
            paid_places = [ordinal(p) for p in covered]
            note = (
                f"{' and '.join(paid_places) if len(paid_places) < 3 else ', '.join(paid_places)}"
                f" {'prize' if len(paid_places) == 1 else 'prizes'} shared by {len(group)}"
            )
            own = place_text(rank, True)
            moved_from = {shown_places.get(s.player.pk, own) for s in group} - {own}
            if moved_from:
                # Tied further down: the players above took a prize in another list.
                note += f" (tied, moved up from {min(moved_from)})"
            elif len(places) > len(paid_places):
                note += f" (tied for {places[0]} to {places[-1]})"
        for s in group:
            place = shown_places.get(s.player.pk, place_text(rank, len(group) > 1))
            moved = place != place_text(rank, len(group) > 1) and len(group) == 1
            result.rows.append(
                PrizeRow(
                    place,
                    s.player,
                    s.club,
                    s.chips,
                    each,
                    note or (f"{ordinal(rank)} prize" if moved else ""),
                    s.withdrawn,
                    [c.cell(s) for c in shown],
                    [c.print_text(s) for c in shown],
                )
            )
            result.paid += each
    _say_deciding_ties(result, came)
    result.unpaid_places = list(range(len(came) + 1, len(prizes) + 1))
    return result


def _say_deciding_ties(result: PrizeList, came) -> None:
    """A row's note says the tie-break that placed it where it decided a prize: another
    player on the same score is paid another amount (FORMATS.md: a standing says which
    tie-break set a player apart)."""
    paid = {r.player.pk: r.cents for r in result.rows}
    for row, s in zip(result.rows, [_standing_of(came, r) for r in result.rows], strict=True):
        if not s.decided_by:
            continue
        equal = [o for o in came if o is not s and _score(o) == _score(s)]
        if any(paid.get(o.player.pk, 0) != row.cents for o in equal):
            row.note = "; ".join(n for n in (row.note, f"tie broken by {s.decided_by}") if n)


def _standing_of(came, row: PrizeRow):
    return next(s for s in came if s.player.pk == row.player.pk)


def event_prize_lists(event) -> list[PrizeList]:
    """The event's prize lists now, the overall one first, then a list a prize category
    (its players ranked among themselves by the event's standings): its standings over
    every round, its fees collected, provisional while a round is open (or none was
    played); one prize per player unless the event allows one in each list. A fixed
    number of queries."""
    from django.db.models import Count, Q

    from .standings import standings

    rounds = event.rounds.aggregate(
        all=Count("id"), open=Count("id", filter=Q(closed_at__isnull=True))
    )
    rows = standings(event)
    paying, not_paying = fee_payers(event)
    provisional = not rounds["all"] or bool(rounds["open"])
    categories = list(event.prize_categories.prefetch_related("players"))
    members = [None] + [{p.pk for p in c.players.all()} for c in categories]
    lists = _one_prize_each(event, rows, members, categories, paying, provisional)
    pool = event.entry_fee_cents * paying
    lists[0].others_total = sum(table_total(c.prizes, pool) for c in lists[1:])
    lists[0].not_paying = not_paying
    if any(c.prizes for c in lists[1:]):
        lists[0].rule = EACH_LIST_WORDS if event.prizes_in_each_list else ONE_PRIZE_WORDS
    return lists


def _one_prize_each(event, rows, members, categories, paying, provisional) -> list[PrizeList]:
    """The lists, each player holding one prize at most (unless the event allows one in
    each list): the best placed player with prizes in two lists keeps the larger (the
    event's on equal amounts, then the first category's) and leaves the other list,
    whose next in line moves up; again until nobody holds two."""
    from .standings import among

    left: list[set] = [set() for _ in members]  # who left each list for another's prize
    said: list[list[str]] = [[] for _ in members]
    order = {s.player.pk: i for i, s in enumerate(rows)}
    while True:
        lists = []
        for i, (chosen, category) in enumerate(zip(members, [None, *categories], strict=True)):
            in_list = [s for s in rows if chosen is None or s.player.pk in chosen]
            ranked = among(rows, [s.player.pk for s in in_list]) if chosen is not None else rows
            places = {s.player.pk: _place(ranked, s) for s in ranked}
            if left[i]:
                ranked = among(ranked, [s.player.pk for s in ranked if s.player.pk not in left[i]])
            listing = prize_list(event, ranked, paying, provisional, category, places)
            listing.elsewhere = said[i]
            lists.append(listing)
        if event.prizes_in_each_list:
            return lists
        held: dict[int, list[tuple[int, int]]] = {}
        for i, listing in enumerate(lists):
            for r in listing.rows:
                if r.cents:
                    held.setdefault(r.player.pk, []).append((i, r.cents))
        twice = sorted((pk for pk, found in held.items() if len(found) > 1), key=order.get)
        if not twice:
            return lists
        pk = twice[0]
        kept = max(held[pk], key=lambda f: (f[1], -f[0]))
        name = next(s.player.name for s in rows if s.player.pk == pk)
        where = lists[kept[0]].category or "the event's list"
        for i, cents in held[pk]:
            if i != kept[0]:
                left[i].add(pk)
                said[i].append(
                    f"{name} takes the larger prize, {dollars(kept[1])} in {where} (here "
                    f"{dollars(cents)}): one prize per player, the next in line takes this one."
                )


def _place(ranked, s) -> str:
    shared = sum(1 for o in ranked if o.rank == s.rank) > 1
    return place_text(s.rank, shared)


def tables_total(event, pool: int, categories=None) -> int:
    """What the event's prize table and its categories' pay, in whole cents."""
    tables = [event.prize_table] + [
        c.prize_table for c in (event.prize_categories.all() if categories is None else categories)
    ]
    return sum(table_total(parse_table(t), pool) for t in tables)


def players_paying(event) -> int:
    """The players whose fees are collected: those who pay (withdrawn or not)."""
    return event.registrations.filter(pays_fee=True).count()


def fee_payers(event) -> tuple[int, list[str]]:
    """(how many pay the entry fee, the names of those who do not, by name): one query."""
    found = event.registrations.values_list("player__name", "pays_fee").order_by()
    paying = [name for name, pays in found if pays]
    return len(paying), sorted((name for name, pays in found if not pays), key=name_key)
