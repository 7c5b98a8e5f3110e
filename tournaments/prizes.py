"""Prizes (optional): money in whole cents, the prize table an organizer types, and the
prize list of an event ranked by its standings (``standings.standings``, the one engine).

An event sets prizes with a prize table: a line a place, first place first, each an
amount ("$40" or "40.00") or a percentage of the fees collected ("50%"). The fees
collected are the entry fee times the players registered and not withdrawn. Players
tied on a paying place share the prizes of the places they cover, evenly; what does not
divide into whole cents stays with the club, and the list says how much.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .money import PlacePrize, dollars, parse_table, table_total
from .places import ordinal, place_text
from .words import counted


def overpay_words(total: int, pool: int, fee_cents: int, players: int) -> str:
    return (
        f"These prizes pay {dollars(total)}, more than the fees collected: "
        f"{dollars(pool)} ({counted(players, 'player')} × {dollars(fee_cents)}). "
        "Lower them, or tick that the club adds the rest."
    )


@dataclass
class PrizeRow:
    place: str  # "1", "3=" for a shared place
    player: object
    club: str
    chips: int
    cents: int
    note: str = ""
    withdrawn: bool = False

    @property
    def prize(self) -> str:
        return dollars(self.cents)


@dataclass
class PrizeList:
    fee_cents: int
    players_paying: int  # registered and not withdrawn
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

    @property
    def table_total(self) -> int:
        return table_total(self.prizes, self.pool)

    def words(self) -> list[str]:
        """What the list says under its rows: the fees, the rounding, what is not paid."""
        said = []
        if self.fee_cents and not self.category:
            said.append(
                f"Fees collected: {dollars(self.pool)} "
                f"({counted(self.players_paying, 'player')} registered and not withdrawn "
                f"× {dollars(self.fee_cents)} entry fee)."
            )
        said.append(
            "The prize table: "
            + ", ".join(f"{ordinal(i)} {p}" for i, p in enumerate(self.prizes, start=1))
            + f"; it pays {dollars(self.table_total)}."
        )
        if self.unpaid_places:
            places = [ordinal(n) for n in self.unpaid_places]
            joined = (
                places[0] if len(places) == 1 else ", ".join(places[:-1]) + " and " + places[-1]
            )
            said.append(
                f"The table pays {counted(len(self.prizes), 'place')} and fewer players took "
                f"part: {joined} {'place is' if len(places) == 1 else 'places are'} not paid."
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


def prize_list(
    event, rows, players_paying: int, provisional: bool = False, category=None
) -> PrizeList:
    """The prize list from the event's standings ``rows`` (ranked): players who took part
    hold their standings' places; a group tied at place r of n players shares the prizes
    of places r .. r+n-1, each getting their sum divided by n, rounded down to cents."""
    prizes = parse_table(category.prize_table if category else event.prize_table)
    pool = event.entry_fee_cents * players_paying
    result = PrizeList(
        event.entry_fee_cents,
        players_paying,
        pool,
        prizes,
        club_adds=event.prizes_club_adds,
        provisional=provisional,
        category=category.name if category else "",
    )
    worth = [p.exact(pool) for p in prizes]
    # Percentages are rounded down, place by place; what they leave is said.
    rounded = [int(w) for w in worth]
    percent_exact = sum((w for w, p in zip(worth, prizes, strict=True) if p.hundredths), Fraction())
    result.left_over = int(percent_exact) - sum(
        r for r, p in zip(rounded, prizes, strict=True) if p.hundredths
    )
    came = [s for s in rows if s.took_part]
    groups: dict[int, list] = {}
    for s in came:
        groups.setdefault(s.rank, []).append(s)
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
            if len(places) > len(paid_places):
                note += f" (tied for {places[0]} to {places[-1]})"
        for s in group:
            result.rows.append(
                PrizeRow(
                    place_text(rank, len(group) > 1),
                    s.player,
                    s.club,
                    s.chips,
                    each,
                    note,
                    s.withdrawn,
                )
            )
            result.paid += each
    result.unpaid_places = list(range(len(came) + 1, len(prizes) + 1))
    return result


def event_prize_lists(event) -> list[PrizeList]:
    """The event's prize lists now, the overall one first, then a list a prize category
    (its players ranked among themselves by the event's standings): its standings over
    every round, its fees collected, provisional while a round is open (or none was
    played). A fixed number of queries."""
    from django.db.models import Count, Q

    from .standings import standings

    rounds = event.rounds.aggregate(
        all=Count("id"), open=Count("id", filter=Q(closed_at__isnull=True))
    )
    rows = standings(event)
    paying = players_paying(event)
    provisional = not rounds["all"] or bool(rounds["open"])
    categories = list(event.prize_categories.prefetch_related("players"))
    lists = [prize_list(event, rows, paying, provisional)]
    for category in categories:
        lists.append(
            prize_list(event, category_rows(rows, category), paying, provisional, category)
        )
    pool = event.entry_fee_cents * paying
    lists[0].others_total = sum(table_total(c.prizes, pool) for c in lists[1:])
    return lists


def category_rows(rows, category) -> list:
    """The standings' rows of a category's players, ranked among themselves by the
    standings' own rule (``standings.among``)."""
    from .standings import among

    return among(rows, [p.pk for p in category.players.all()])


def tables_total(event, pool: int, categories=None) -> int:
    """What the event's prize table and its categories' pay, in whole cents."""
    tables = [event.prize_table] + [
        c.prize_table for c in (event.prize_categories.all() if categories is None else categories)
    ]
    return sum(table_total(parse_table(t), pool) for t in tables)


def players_paying(event) -> int:
    """The players whose fees are collected: registered and not withdrawn."""
    return event.registrations.filter(withdrawn=False).count()
