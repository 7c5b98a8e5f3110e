"""A file's players against the registry (``match_players``): read once, by exact name
and by folded name, before the import's write transaction.

A file's players are the file's players: an exact name is that registry player; a name
the registry lacks is a new player, even when it differs from a registry player's only
in case or accents (two players of one file, or a file and the registry, may hold two
such people: the guide lets an organizer register them apart), and the import says so.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from ..models import FormerName, Player
from ..names import fold
from ..services.players import who
from ..words import listed


def match_players(names: Iterable[str]) -> tuple[dict[str, Player], list[str]]:
    """The registry's players of the file's ``names`` (by exact name), and a note for
    each new name that looks like a registry player's, or was one's former name: two
    queries (the registry by name and folded name, indexed; the former names) whatever
    the registry's size."""
    names = list(dict.fromkeys(names))
    wanted, keys = set(names), {fold(n) for n in names}
    found = Player.objects.filter(Q(name__in=names) | Q(folded__in=keys))
    known: dict[str, Player] = {}
    alike: dict[str, list[Player]] = {}
    for p in found.only("pk", "name", "club", "folded").order_by("name"):
        if p.name in wanted:
            known[p.name] = p
        else:
            alike.setdefault(p.folded, []).append(p)
    new = [n for n in names if n not in known]
    if not new:
        return known, []
    formerly: dict[str, list[Player]] = {}
    for f in FormerName.objects.filter(name__in=new).select_related("player").order_by("pk"):
        formerly.setdefault(f.name, []).append(f.player)
    notes = []
    for name in new:
        said = []
        if alike.get(fold(name)):
            players = alike[fold(name)]
            whose = "whose name differs" if len(players) == 1 else "whose names differ"
            said.append(f"{listed([who([p]) for p in players])}, {whose} only in case or accents")
        for p in formerly.get(name, []):
            said.append(f"{p.name}, who was called {name} before")
        if said:
            notes.append(
                f"“{name}” was registered as a new player; the registry also has "
                f"{'; and '.join(said)}."
            )
    return known, notes
