"""Players from a CSV file into the registry and an event (``import_players_csv``)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F, FilteredRelation, Q
from django.template.defaultfilters import pluralize

from .. import services
from ..forms import PlayerFieldsForm
from ..models import Event, Player, Registration
from ..names import fold
from ..services.activity import Action, log_activity
from ..services.permissions import require_organizer
from ..services.schedule import rounds_words
from . import limits
from .player_categories import CategoryPlan, read_categories


@dataclass
class PlayersImport:
    """What a players CSV import did, in words for the organizer."""

    created: int = 0
    existing: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        new = f"{self.created} new player{pluralize(self.created)}"
        known = f"{self.existing} already in the registry"
        return " ".join([f"Imported {new} and {known}.", *self.notes])


MAX_ROW_ERRORS = 10


def import_players_csv(
    text: str, event: Event | None = None, user=None, seat: bool | None = None
) -> PlayersImport:
    """Players from CSV with a header row: name, club (optional), notes (optional),
    categories (optional, with ``event``: see ``player_categories``).

    ``seat`` as ``services.register_player``'s: while rounds drawn in advance wait to be
    played, the players the file registers are seated in them only if True (they are
    drawn again once, after the import), registered as reserves if False, and the
    import refused at that field if not said: nothing is drawn again unasked.

    Every row is checked by the register form's rules first; one bad row imports
    nothing. A name the registry has (exactly, or differing only in case and accents
    from one player) is that player: their club is kept and the notes say so. With
    ``event`` the players are also registered. The writes are a few bulk queries in
    one short transaction, so a long list does not hold up deal entry.
    """
    if event is not None:
        require_organizer(user, event)
    reader = csv.DictReader(io.StringIO(text))
    try:
        header = reader.fieldnames
    except csv.Error as e:
        raise services.ServiceError(f"Line 1 is not readable as CSV: {e}.") from e
    columns = [(f or "").strip().lower() for f in header or []]
    if "name" not in columns:
        raise services.ServiceError("The CSV needs a header row with a 'name' column.")
    for n, column in enumerate(columns, start=1):
        if column and columns.index(column) + 1 != n:
            raise services.ServiceError(
                f"The header names the column '{column}' twice (columns "
                f"{columns.index(column) + 1} and {n}): which one is meant? Nothing was imported."
            )
    rows: dict[str, dict] = {}  # folded name -> fields: look-alike rows are one player
    categories = CategoryPlan()
    problems = []
    players = 0
    try:
        for raw in reader:
            row = {
                k.strip().lower(): (v if isinstance(v, str) else "") for k, v in raw.items() if k
            }
            if not any(v.strip() for v in row.values()):
                continue
            players += 1
            if players > limits.PLAYERS:
                raise services.ServiceError(
                    f"Line {reader.line_num}: a list may hold at most {limits.PLAYERS:,} "
                    "players; split it. Nothing was imported."
                )
            form = PlayerFieldsForm(data=row)
            if not form.is_valid():
                for name, errors in form.errors.items():
                    problems.append(f"Line {reader.line_num} ({name}): {' '.join(errors)}")
                continue
            key = fold(form.cleaned_data["name"])
            rows.setdefault(key, form.cleaned_data)
            named = read_categories(row.get("categories", ""), reader.line_num)
            if named and event is None:
                raise services.ServiceError(
                    f"Line {reader.line_num} (categories): categories are an event's; import "
                    "the list into the event. Nothing was imported."
                )
            categories.add(key, named, reader.line_num)
    except csv.Error as e:
        if "field larger than field limit" in str(e):
            e = "a field is longer than 128 KB"
        raise services.ServiceError(
            # line_num counts the lines read before the one that failed
            f"Line {reader.line_num + 1} is not readable as CSV: {e}. Nothing was imported."
        ) from None
    if problems:
        more = len(problems) - MAX_ROW_ERRORS
        raise services.ServiceError(
            " ".join(
                ["Nothing was imported.", *problems[:MAX_ROW_ERRORS]]
                + ([f"And {more} more."] if more > 0 else [])
            )
        )
    return _save_players(rows, event, user, categories, seat)


def find_in_registry(rows: dict[str, dict]) -> dict[str, tuple[Player, bool]]:
    """Folded name -> the registry player a row is, and whether by a former name: by
    exact name, else the one player who had the name before, else the one player whose
    name differs only in case or accents. One query whatever the file's size."""
    # By name or folded name (indexed), or by a former name (``former``: the file's); a
    # player once for each former name of the file's they had (they may have had
    # several), with it.
    names = [fields["name"] for fields in rows.values()]
    found = (
        Player.objects.annotate(
            was=FilteredRelation("former_names", condition=Q(former_names__name__in=names))
        )
        .filter(Q(name__in=names) | Q(folded__in=list(rows)) | Q(was__isnull=False))
        .annotate(former=F("was__name"))
        .only("pk", "name", "club", "folded", "email")
    )
    by_pk: dict[int, Player] = {}
    formerly: dict[str, set[Player]] = {}
    for row in found:
        p = by_pk.setdefault(row.pk, row)
        if row.former:
            formerly.setdefault(row.former, set()).add(p)
    registry = list(by_pk.values())
    by_name = {p.name: p for p in registry}
    by_key: dict[str, list[Player]] = {}
    for p in registry:
        by_key.setdefault(p.folded, []).append(p)
    chosen = {}
    for key, fields in rows.items():
        name = fields["name"]
        alike = by_key.get(key, [])
        before = formerly.get(name, set())
        player = (
            by_name.get(name)
            or (next(iter(before)) if len(before) == 1 else None)
            or (alike[0] if len(alike) == 1 else None)
        )
        if player is not None:
            chosen[key] = (player, player in before)
    return chosen


def taken_as(name: str, player: Player, formerly: bool, fields: dict, was: str) -> list[str]:
    """What a row matched to a registry player says (``was``: "was" after the import,
    "will be" in its preview): the look-alike, the club kept."""
    notes = []
    if formerly and player.name != name:
        notes.append(
            f"“{name}” {was} taken as {player.name} (formerly {name}), already registered."
        )
    elif player.name != name:
        notes.append(f"“{name}” {was} taken as {player.name}, already registered.")
    if fields["club"] and fields["club"] != player.club and player.club:
        kept = "Kept" if was == "was" else "Will keep"
        notes.append(
            f"{kept} {player.name}'s club {player.club} (the file says "
            f"{fields['club']}); change it in the admin if they moved."
        )
    return notes


def _save_players(
    rows: dict[str, dict], event, user, categories: CategoryPlan, seat: bool | None
) -> PlayersImport:
    result = PlayersImport()
    with transaction.atomic():
        found = find_in_registry(rows)
        chosen: dict[str, Player] = {}  # clean name in the file -> registry player
        new = []
        fill_club = []
        fill_email = []
        for key, fields in rows.items():
            name = fields["name"]
            player, formerly = found.get(key, (None, False))
            if player is None:
                new.append(
                    Player(
                        name=name,
                        club=fields["club"],
                        notes=fields["notes"],
                        email=fields.get("email", ""),
                    )
                )
                continue
            chosen[name] = player
            result.notes.extend(taken_as(name, player, formerly, fields, "was"))
            if fields["club"] and fields["club"] != player.club and not player.club:
                player.club = fields["club"]
                fill_club.append(player)
            # An email the file gives fills an empty one, as a club does; never replaces.
            if fields.get("email") and not player.email:
                player.email = fields["email"]
                fill_email.append(player)
        # ignore_conflicts: a player another import just added is simply there.
        Player.objects.bulk_create(new, ignore_conflicts=True)
        if fill_club:
            Player.objects.bulk_update(fill_club, ["club"])
        if fill_email:
            Player.objects.bulk_update(fill_email, ["email"])
        result.created = len(new)
        result.existing = len({p.pk for p in chosen.values()})
        if event is not None:
            made = dict(
                Player.objects.filter(name__in=[p.name for p in new]).values_list("name", "pk")
            )
            ids = {p.pk for p in chosen.values()} | set(made.values())
            found = dict(
                Registration.objects.filter(event=event, player__in=ids).values_list(
                    "player_id", "withdrawn"
                )
            )
            known = set(found)
            joining = (ids - known) | {pk for pk, withdrawn in found.items() if withdrawn}
            waiting = services.waiting_rounds(event) if joining else []
            if waiting and seat is None:
                message = (
                    f"{rounds_words(waiting).capitalize()} "
                    f"{'is' if len(waiting) == 1 else 'are'} drawn and not started: choose "
                    "whether the players the file registers are seated in them (drawn again) "
                    "or registered as reserves, without a seat. Nothing was imported."
                )
                raise services.FormError(message, {"seat": [message]})
            reserve = seat is False
            Registration.objects.bulk_create(
                (
                    Registration(event=event, player_id=pk, reserve=reserve)
                    for pk in sorted(ids - known)
                ),
                ignore_conflicts=True,
            )
            # Registering again undoes a withdrawal, as on the Players page.
            Registration.objects.filter(event=event, player__in=known, withdrawn=True).update(
                withdrawn=False, reserve=reserve
            )
            # A row's player: found, or made now (a look-alike another import made at
            # the same moment is neither, and is left out of the categories).
            player_of = {
                key: chosen[f["name"]].pk if f["name"] in chosen else made[f["name"]]
                for key, f in rows.items()
                if f["name"] in chosen or f["name"] in made
            }
            added = categories.give(event, player_of)
            if added:
                result.notes.append(f"New categories: {', '.join(added)}.")
            seated = bool(waiting and joining and not reserve)
            log_activity(
                event,
                user,
                Action.IMPORT_PLAYERS,
                created=result.created,
                known=result.existing,
                **({"categories": added} if added else {}),
                **({"reserves": len(joining)} if joining and reserve else {}),
                **({"drawn_again": [r.number for r in waiting]} if seated else {}),
            )
            if joining and reserve:
                result.notes.append(
                    f"{len(joining)} registered as reserve{pluralize(len(joining))}, "
                    "without a seat."
                )
            if seated:
                services.redraw_if_scheduled(event, user)
                result.notes.append(
                    f"{rounds_words(waiting).capitalize()} drawn again with them: reprint "
                    "their cards."
                )
    return result
