"""A players list from a spreadsheet, previewed line by line before anything is written
(``preview_roster``) and then imported, its good lines only (``import_roster``).

Each line is to be created, matched to a registry player (look-alikes said as by the CSV
import: ``players.taken_as``), or refused with its reason: no name, the same player as an
earlier line, a category the event does not have, a bad email, a NUL character, a
formula, a field too long. The rules are the CSV import's (``PlayerFieldsForm``, the
registry's matching in ``players.find_in_registry``) plus the email column's.

Tablib reads the three formats (``sheets``); django-import-export's Resource is not used:
its row matching (by one key field) and its saving row by row would be a second copy of
the look-alike matching and of the one-transaction bulk save the CSV import already has.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.template.defaultfilters import pluralize

from .. import services
from ..forms import PlayerFieldsForm
from ..models import Event
from ..names import fold
from ..services.permissions import require_organizer
from .document import ExchangeError
from .player_categories import CategoryPlan, read_categories
from .players import PlayersImport, _save_players, find_in_registry, taken_as
from .sheets import Formula, Sheet

COLUMNS = ("name", "club", "notes", "categories", "email")


@dataclass
class Line:
    line: int
    name: str
    status: str  # "create", "match" or "refused"
    said: str  # "to be created", "matched to Anna Nováková", "refused: no name"
    notes: list[str] = field(default_factory=list)
    fields: dict = field(default_factory=dict)
    categories: list[str] = field(default_factory=list)


@dataclass
class Preview:
    lines: list[Line]

    def count(self, status: str) -> int:
        return sum(1 for line in self.lines if line.status == status)

    @property
    def refused(self) -> list[Line]:
        return [line for line in self.lines if line.status == "refused"]

    def summary(self) -> str:
        created, matched, refused = (self.count(s) for s in ("create", "match", "refused"))
        return f"{created} to be created, {matched} matched to the registry, {refused} refused."


def check_columns(sheet: Sheet) -> None:
    columns = sheet.columns
    if "name" not in columns:
        raise ExchangeError("The list needs a header row with a 'name' column.")
    for n, column in enumerate(columns, start=1):
        if column and columns.index(column) + 1 != n:
            raise ExchangeError(
                f"The header names the column '{column}' twice (columns "
                f"{columns.index(column) + 1} and {n}): which one is meant? Nothing was imported."
            )


def preview_roster(sheet: Sheet, event: Event | None = None, user=None) -> Preview:
    """Every line of the list with what an import would do with it; writes nothing.
    Queries: the registry's match (one), the event's categories (one)."""
    if event is not None:
        require_organizer(user, event)
    check_columns(sheet)
    known = {c.name.lower(): c.name for c in event.prize_categories.all()} if event else {}
    lines: list[Line] = []
    first: dict[str, Line] = {}  # folded name -> the line that has that player
    for number, cells in sheet.rows:
        row = {c: cells[i] if i < len(cells) else "" for i, c in enumerate(sheet.columns) if c}
        line = _read_line(number, row, event, known)
        if line.status != "refused":
            key = fold(line.fields["name"])
            if key in first:
                earlier = first[key]
                line = _refused(
                    number,
                    line.name,
                    f"the same player as line {earlier.line} (“{earlier.name}”)",
                )
            else:
                first[key] = line
        lines.append(line)
    found = find_in_registry({key: line.fields for key, line in first.items()})
    for key, line in first.items():
        player, formerly = found.get(key, (None, False))
        if player is None:
            line.status, line.said = "create", "to be created"
        else:
            line.status, line.said = "match", f"matched to {player.name}"
            line.notes = taken_as(line.fields["name"], player, formerly, line.fields, "will be")
    return Preview(lines)


def _refused(number: int, name: str, reason: str) -> Line:
    return Line(number, name, "refused", f"refused: {reason}")


def _read_line(number: int, row: dict, event, known: dict[str, str]) -> Line:
    name = row.get("name", "")
    shown = name.replace("\x00", "\\x00")[:100]
    for column, value in row.items():
        if isinstance(value, Formula):
            return _refused(number, shown, f"a formula in {column} ({value[:40]}): type the value")
        if "\x00" in value:
            return _refused(number, shown, f"a NUL character (\\x00) in {column}")
    if not name.strip():
        return _refused(number, shown, "no name")
    form = PlayerFieldsForm(data=row)
    if not form.is_valid():
        column, errors = next(iter(form.errors.items()))
        if column == "email":
            # The form's rule (forms.fields.email_field), said with the file's value: a
            # line of a long list is found by what it says.
            return _refused(number, shown, f"a bad email (“{row['email'].strip()[:60]}”)")
        return _refused(number, shown, f"{column}: {' '.join(errors)}")
    fields = dict(form.cleaned_data)
    try:
        named = read_categories(row.get("categories", ""), number)
    except services.ServiceError as e:
        reason = e.message.removeprefix(f"Line {number} (categories): ")
        return _refused(
            number, shown, "categories: " + reason.removesuffix(" Nothing was imported.")
        )
    if named and event is None:
        return _refused(number, shown, "categories are an event's: import the list into the event")
    missing = [n for n in named if n.lower() not in known]
    if missing:
        return _refused(
            number,
            shown,
            f"the category “{missing[0]}” does not exist in this event (add it on Prize "
            "categories first)",
        )
    line = Line(number, fields["name"], "create", "", fields=fields)
    line.categories = [known[n.lower()] for n in named]
    return line


def import_roster(
    sheet: Sheet, event: Event | None = None, user=None, seat: bool | None = None
) -> tuple[Preview, PlayersImport]:
    """The list's good lines imported as the CSV import imports (one transaction, the
    registry's matching); the refused lines skipped and said in the result's notes.
    The preview is made again: the registry may have changed since it was shown."""
    preview = preview_roster(sheet, event, user)
    good = [line for line in preview.lines if line.status != "refused"]
    if not good:
        raise ExchangeError("No line of the list can be imported: " + _refusals(preview))
    rows = {fold(line.fields["name"]): line.fields for line in good}
    plan = CategoryPlan()
    for line in good:
        plan.add(fold(line.fields["name"]), line.categories, line.line)
    result = _save_players(rows, event, user, plan, seat)
    if preview.refused:
        n = len(preview.refused)
        result.notes.append(f"Skipped {n} refused line{pluralize(n)}: {_refusals(preview)}")
    return preview, result


def _refusals(preview: Preview, most: int = 10) -> str:
    said = [f"line {line.line} ({line.said.removeprefix('refused: ')})" for line in preview.refused]
    more = len(said) - most
    return "; ".join(said[:most]) + (f"; and {more} more." if more > 0 else ".")
