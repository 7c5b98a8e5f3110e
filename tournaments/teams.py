"""Teams and lodges ranked beside the players (docs/organizers.md, "Teams and
lodges"): read from the event's own standings (tournaments.standings), whatever the
event ranks by, so a team's score is never computed any other way than its players'.

A team's score is the sum of its players' scores. A lodge (a player's club or town)
scores the sum of its best N players' scores, best as the standings order them; only
players who took part count, and a lodge with fewer than N of them ranks after every
full lodge, on what it has. Equal scores share a place (1, 2, 2, 4): no tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import tie_breaks
from .models import Event, TeamMember, TeamRanking
from .names import fold, name_key
from .places import place_text, points_text


@dataclass
class Side:
    """A team or a lodge in the standings: its players (in the standings' order) and
    those whose scores count, its score, its place."""

    name: str
    members: list = field(default_factory=list)  # their Standing rows
    counted: list = field(default_factory=list)
    full: bool = True
    rank: int = 0
    shared: bool = False

    @property
    def score(self):
        return sum((s.score for s in self.counted), 0)

    @property
    def score_shown(self) -> str:
        return points_text(self.score)

    @property
    def rank_shown(self) -> str:
        return place_text(self.rank, self.shared)

    def members_shown(self) -> list[tuple[str, str, bool]]:
        """(name, score, counted) of each of its players."""
        counted = {id(s) for s in self.counted}
        return [(s.player.name, s.score_shown, id(s) in counted) for s in self.members]


@dataclass(frozen=True)
class Kind:
    """What an event ranks beside its players, said once for every output: whether it
    ranks any, and whether they are teams (named by the organizer) or lodges (the
    players' clubs), with the words the standings head them with."""

    ranks: bool  # teams or lodges are ranked beside the players
    teams: bool  # teams; else lodges
    title: str  # "Teams", "Lodges"
    heading: str  # the name column's: "Team", "Club or lodge"


def kind(event: Event) -> Kind:
    if event.team_ranking == TeamRanking.TEAMS:
        return Kind(True, True, "Teams", "Team")
    return Kind(event.team_ranking == TeamRanking.LODGES, False, "Lodges", "Club or lodge")


def lodge_key(club: str) -> str:
    """One lodge however its name was typed: spaces, case and accents aside
    (``names.fold``, as the registry's search compares names).

    >>> lodge_key("  Lodge  Tábor ") == lodge_key("lodge tabor") == lodge_key("LODGE TÁBOR")
    True
    """
    return fold(club)


def sides(event: Event, rows: list) -> list[Side]:
    """The event's teams or lodges ranked, from its standings ``rows`` (in their order):
    none when the event ranks no teams; one query for teams, none for lodges."""
    what = kind(event)
    if not what.ranks:
        return []
    found = _teams(event, rows) if what.teams else _lodges(rows, event.lodge_best)
    # Full sides first, then by score, best first; equal ones share a place (the one rule
    # of shared places, with no tie-break).
    ranked = tie_breaks.ranked(found, lambda t: (t.full, t.score), lambda t: name_key(t.name))
    for position, shared, side in ranked:
        side.rank, side.shared = position, shared
    return [side for _, _, side in ranked]


def _teams(event: Event, rows: list) -> list[Side]:
    row_of = {s.player.pk: s for s in rows}
    teams: dict[int, Side] = {}
    members = TeamMember.objects.filter(event=event).values_list(
        "team_id", "team__name", "player_id"
    )
    for team_id, name, player_id in members.order_by():
        side = teams.setdefault(team_id, Side(name))
        if player_id in row_of:
            side.members.append(row_of[player_id])
    order = {id(s): i for i, s in enumerate(rows)}
    for side in teams.values():
        side.members.sort(key=lambda s: order[id(s)])
        side.counted = list(side.members)
    return list(teams.values())


def _lodges(rows: list, best: int) -> list[Side]:
    lodges: dict[str, Side] = {}
    spellings: dict[str, list[str]] = {}
    for s in rows:
        if s.club.strip():
            key = lodge_key(s.club)
            lodges.setdefault(key, Side("")).members.append(s)
            spellings.setdefault(key, []).append(" ".join(s.club.split()))
    for key, side in lodges.items():
        # Named as most of its players write it (then the first in the alphabet).
        said = spellings[key]
        side.name = min(said, key=lambda n: (-said.count(n), n))
        came = [s for s in side.members if s.took_part]
        side.counted = came[:best]
        side.full = len(came) >= best
    return list(lodges.values())


def words(event: Event) -> str:
    """How the teams or lodges rank, in a sentence under them."""
    if kind(event).teams:
        return (
            f"Teams of {event.team_size}: a team's score is the sum of its players' scores "
            "in the players' standings. Equal scores share a place."
        )
    return (
        f"A lodge is a club or town as the players were registered; its score is the sum of "
        f"its best {event.lodge_best} players' scores in the players' standings (marked *), of "
        f"those who came. A lodge with fewer than {event.lodge_best} ranks after every full "
        "lodge, on what it has. Equal scores share a place."
    )


def title(event: Event) -> str:
    return kind(event).title
