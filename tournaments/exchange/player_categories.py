"""The players CSV's "categories" column: an event's players with the categories each
is in (``players_csv``), and on import each row's categories read, checked and given
(``read_categories``, ``CategoryPlan``).

A cell lists a player's categories by name, separated by ";" ("Seniors; Heun lodge").
An import adds the players to the categories named (a category's name matched without
regard to case); a name the event does not have yet is a new category of the event,
without prizes. It never takes a player out of a category.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from .. import services
from ..models import Event, PrizeCategory, Registration
from ..services.prizes import clean_category_name

SEPARATOR = ";"


def players_csv_rows(event: Event) -> list[list]:
    """The event's registered players as the players import reads them: name, club,
    notes, categories, email (three queries whatever the number of players; the file is
    the organizers', as the event's file is)."""
    registrations = (
        Registration.objects.filter(event=event)
        .select_related("player")
        .prefetch_related(
            Prefetch(
                "player__prize_categories",
                queryset=PrizeCategory.objects.filter(event=event).order_by("name"),
                to_attr="here",
            )
        )
        .order_by("player__folded", "player__name")
    )
    rows = [["name", "club", "notes", "categories", "email"]]
    for r in registrations:
        p = r.player
        categories = f"{SEPARATOR} ".join(c.name for c in p.here)
        rows.append([p.name, p.club, p.notes, categories, p.email])
    return rows


def read_categories(cell: str, line: int) -> list[str]:
    """A cell's category names, tidied, or a ServiceError naming the line."""
    names = []
    for part in cell.split(SEPARATOR):
        if not part.strip():
            continue
        try:
            name = clean_category_name(part)
        except services.ServiceError as e:
            raise services.ServiceError(
                f"Line {line} (categories): {e.message} Nothing was imported."
            ) from None
        if name.lower() not in {n.lower() for n in names}:
            names.append(name)
    return names


@dataclass
class CategoryPlan:
    """The file's categories, row by row: folded player name -> names, and the line
    each name first appears on (to say where the event's limit is passed)."""

    of_player: dict[str, list[str]] = field(default_factory=dict)
    first_line: dict[str, tuple[int, str]] = field(default_factory=dict)  # folded -> line, name

    def add(self, key: str, names: list[str], line: int) -> None:
        mine = self.of_player.setdefault(key, [])
        for name in names:
            if name.lower() not in {n.lower() for n in mine}:
                mine.append(name)
            self.first_line.setdefault(name.lower(), (line, name))

    def give(self, event: Event, player_of: dict[str, int]) -> list[str]:
        """Create the categories the event lacks and add each player to theirs, in the
        import's transaction; the names of the new categories. Refused whole (a
        ServiceError naming the line) past the event's limit of categories."""
        if not self.first_line:
            return []
        # The event locked: categories added at once by the form wait for this import.
        Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        existing = {c.name.lower(): c for c in event.prize_categories.all()}
        new = [
            (line, name)
            for key, (line, name) in self.first_line.items()  # in the file's order
            if key not in existing
        ]
        room = PrizeCategory.MAX_PER_EVENT - len(existing)
        if len(new) > room:
            line, name = new[room]
            raise services.ServiceError(
                f"Line {line} (categories): {name} would be category "
                f"{PrizeCategory.MAX_PER_EVENT + 1} of the event, and an event has at most "
                f"{PrizeCategory.MAX_PER_EVENT}. Nothing was imported."
            )
        made = PrizeCategory.objects.bulk_create(
            [PrizeCategory(event=event, name=name) for _, name in new]
        )
        existing.update({c.name.lower(): c for c in made})
        through = PrizeCategory.players.through
        through.objects.bulk_create(
            [
                through(prizecategory_id=existing[name.lower()].pk, player_id=player_of[key])
                for key, names in self.of_player.items()
                if key in player_of
                for name in names
            ],
            ignore_conflicts=True,
        )
        return [name for _, name in new]
