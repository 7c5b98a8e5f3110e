"""What the circuit's pages read from a published ranking list: its rows (from the CSV
it kept, so the page, the CSV and the PDF say the same), each player's clubs (the clubs
of their counted events), a club's members' rows, and a player's line and rating (beta)."""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass, replace

from django.db.models import Subquery

from .circuit.rating import PROVISIONAL_SIGMA
from .models import ClubMembership, Event, PlayerAlias, PublishedList


@dataclass(frozen=True)
class ListRow:
    standing: str  # "1", or "unranked (2 of 3)"
    number: str  # the circuit number, T-00042
    name: str
    score: str
    events: int
    calculation: str
    clubs: str = ""
    in_club: str = ""  # a club's members' list: the member's place in the club

    @property
    def player_id(self) -> int:
        return int(self.number.split("-")[1])

    @property
    def ranked(self) -> bool:
        return not self.standing.startswith("unranked")


def csv_bytes(published: PublishedList) -> bytes:
    return bytes(published.csv)  # PostgreSQL gives a memoryview


def plain_rows(published: PublishedList) -> list[ListRow]:
    """The list's rows as its CSV has them (no clubs), without a query."""
    reader = csv.reader(io.StringIO(csv_bytes(published).decode("utf-8")))
    next(reader)
    return [
        ListRow(rank, number, name.removeprefix("'"), score, int(events), calculation)
        for rank, number, name, score, events, calculation in reader
    ]


def list_rows(published: PublishedList) -> list[ListRow]:
    """The list's rows, each with its player's clubs: one query (the events' clubs)."""
    ids = [int(e["key"].split("-")[1]) for e in published.events]
    club_of = dict(Event.objects.filter(pk__in=ids).values_list("pk", "club__name"))
    clubs: dict[str, set[str]] = {}
    for e in published.events:
        name = club_of.get(int(e["key"].split("-")[1]))
        for player, _, _ in e["placings"]:
            if name:
                clubs.setdefault(player, set()).add(name)
    return [
        replace(r, clubs=", ".join(sorted(clubs.get(r.number, ())))) for r in plain_rows(published)
    ]


def member_numbers(club) -> set[str]:
    """The circuit numbers of the club's members (one query); a member merged into
    another player is that player. (A merge moves the duplicate's memberships, and
    neither the members page nor the admin adds a merged player; one added before the
    admin refused them still counts as the player kept.)"""
    found = ClubMembership.objects.filter(club=club).values_list(
        PlayerAlias.kept_account("player"), flat=True
    )
    return {f"T-{pk:05d}" for pk in found}


def members_rows(rows: list[ListRow], members: set[str]) -> list[ListRow]:
    """The list's rows of the club's members, each keeping its circuit rank and line,
    numbered within the club: the ranked members 1, 2, ... by their circuit rank (equal
    circuit ranks share a place in the club), the unranked not numbered."""
    kept = [r for r in rows if r.number in members]
    ranked = [r.standing for r in kept if r.ranked]
    numbered = []
    for r in kept:
        place = str(1 + sum(int(s) < int(r.standing) for s in ranked)) if r.ranked else ""
        numbered.append(replace(r, in_club=place))
    return numbered


def members_csv(published: PublishedList, members: set[str]) -> bytes:
    """The circuit's CSV restricted to the club's members: each member's line exactly
    the circuit's, after their place in the club (``in_club``, empty when unranked)."""
    places = {r.number: r.in_club for r in members_rows(plain_rows(published), members)}
    reader = csv.reader(io.StringIO(csv_bytes(published).decode("utf-8")))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")  # the circuit's CSV's dialect
    writer.writerow(["in_club", *next(reader)])
    for row in reader:
        if row[1] in places:
            writer.writerow([places[row[1]], *row])
    return out.getvalue().encode("utf-8")


def latest() -> PublishedList | None:
    return PublishedList.objects.order_by("-date", "-pk").first()


def latest_date() -> datetime.date | None:
    """The latest published list's date (one query); None while none is published."""
    return PublishedList.objects.order_by("-date", "-pk").values_list("date", flat=True).first()


def latest_date_subquery():
    """The same, for a query that reads it with its rows (the calendar's one query)."""
    return Subquery(PublishedList.objects.order_by("-date", "-pk").values("date")[:1])


def player_row(published: PublishedList | None, number: str) -> ListRow | None:
    """The player's row of the list, without a query."""
    if published is None:
        return None
    return next((r for r in plain_rows(published) if r.number == number), None)


@dataclass(frozen=True)
class Rating:
    displayed: str
    mu: float
    sigma: float
    provisional: bool
    history: list  # [[date, event, round, mu, sigma], ...]


def player_rating(published: PublishedList | None, number: str) -> Rating | None:
    kept = (published.ratings if published else {}).get(number)
    if kept is None:
        return None
    mu, sigma = kept["mu"], kept["sigma"]
    return Rating(f"{mu - 3 * sigma:.2f}", mu, sigma, sigma >= PROVISIONAL_SIGMA, kept["history"])


def rating_rows(published: PublishedList | None) -> list[tuple[int, str, str, str]]:
    """The established players (sigma under 4) by displayed rating: (rank, number,
    name, rating); equal shown ratings share a rank."""
    if published is None:
        return []
    names = published.names
    shown = [
        (f"{r['mu'] - 3 * r['sigma']:.2f}", key)
        for key, r in published.ratings.items()
        if r["sigma"] < PROVISIONAL_SIGMA
    ]
    shown.sort(key=lambda s: (-float(s[0]), s[1]))
    rows, previous, rank = [], None, 0
    for position, (text, key) in enumerate(shown, start=1):
        if text != previous:
            rank, previous = position, text
        rows.append((rank, key, names.get(key, key), text))
    return rows


def rating_chart_points(rating: Rating) -> tuple[list[int], list[str]]:
    """The rating's history for a chart: the start (0.00, a newcomer's), then the
    rating after each event (its last table-round), rounded to whole points; and the
    points' labels (the events' dates, "Nov 5")."""
    after: dict[tuple[str, str], int] = {}
    for date, event, _round, mu, sigma in rating.history:
        after[(date, event)] = round(mu - 3 * sigma)
    labels = ["start"]
    for date, _ in after:
        day = datetime.date.fromisoformat(date)
        labels.append(f"{day:%b} {day.day}")
    return [0, *after.values()], labels
