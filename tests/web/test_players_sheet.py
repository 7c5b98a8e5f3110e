"""The players list from a spreadsheet (issue 39): XLSX, ODS and CSV read by tablib, a
preview that says every line and writes nothing, an import of the good lines on
confirm, and a dry run from the command line."""

import io

import openpyxl
import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tournaments.exchange import roster, sheets
from tournaments.models import ActivityEntry, Player, PrizeCategory, Registration

pytestmark = pytest.mark.django_db

HEADER = ["name", "club", "email", "categories"]


def roster_rows(count=200):
    """``count`` good players; of 200, five lines made wrong (lines 11, 51, 91, 131, 171
    of the file, the header being line 1)."""
    rows = [
        [
            f"Hráč {n:03d}",
            "Heun" if n % 2 else "",
            f"hrac{n}@example.org",
            "Seniors" if n % 7 == 0 else "",
        ]
        for n in range(count)
    ]
    if count < 200:
        return rows
    rows[9] = ["", "Heun", "", ""]  # line 11: no name
    rows[49] = ["hráč 002", "", "", ""]  # line 51: line 4's player again (case)
    rows[89] = ["Hráč 089", "", "", "Juniors"]  # line 91: no such category
    rows[129] = ["Hráč 129", "", "not-an-email", ""]  # line 131: a bad email
    rows[169] = ["Hráč_x0000_169", "", "", ""]  # line 171: a NUL, as OOXML writes one
    return rows


PLANTED = [
    (11, "refused: no name"),
    (51, "refused: the same player as line 4 (“Hráč 002”)"),
    (
        91,
        "refused: the category “Juniors” does not exist in this event (add it on Prize "
        "categories first)",
    ),
    (131, "refused: a bad email (“not-an-email”)"),
    (171, "refused: a NUL character (\\x00) in name"),
]


def xlsx_bytes(rows, header=HEADER) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def sheet_url(event):
    return reverse("players-sheet", args=[event.pk])


def counts():
    return (Player.objects.count(), Registration.objects.count(), ActivityEntry.objects.count())


@pytest.fixture
def seniors(event):
    return PrizeCategory.objects.create(event=event, name="Seniors")


def test_a_200_line_roster_previews_its_5_errors_and_imports_the_195(
    client, event, organizer, seniors
):
    Player.objects.create(name="Hráč 001", club="Clarkson")  # in the registry already
    client.force_login(organizer)
    before = counts()
    upload = SimpleUploadedFile("roster.xlsx", xlsx_bytes(roster_rows()))
    page = client.post(sheet_url(event), {"sheet": upload})
    assert page.status_code == 200
    preview = page.context["preview"]
    assert len(preview.lines) == 200
    assert [(line.line, line.said) for line in preview.refused] == PLANTED
    assert (preview.count("create"), preview.count("match")) == (194, 1)
    matched = [line for line in preview.lines if line.status == "match"]
    # Heun in the file, Clarkson in the registry: the registry's club is kept.
    assert [(m.line, m.said, m.notes) for m in matched] == [
        (
            3,
            "matched to Hráč 001",
            [
                "Will keep Hráč 001's club Clarkson (the file says Heun); change it in "
                "the admin if they moved."
            ],
        )
    ]
    body = page.content.decode()
    assert "roster.xlsx: 194 to be created, 1 matched to the registry, 5 refused." in body
    assert "Import the 195 good lines" in body
    assert counts() == before  # the preview wrote nothing

    done = client.post(
        sheet_url(event), {"rows": page.context["confirm"]["rows"].value()}, follow=True
    )
    messages = [str(m) for m in done.context["messages"]]
    assert messages == [
        "Imported 194 new players and 1 already in the registry. Kept Hráč 001's club "
        "Clarkson (the file says Heun); change it in the admin if they moved. Skipped 5 "
        "refused lines: line 11 (no name); line 51 (the same player as line 4 (“Hráč "
        "002”)); line 91 (the category “Juniors” does not exist in this event (add it on "
        "Prize categories first)); line 131 (a bad email (“not-an-email”)); line 171 (a "
        "NUL character (\\x00) in name)."
    ]
    assert Player.objects.count() == 195
    assert Registration.objects.filter(event=event).count() == 195
    assert Player.objects.get(name="Hráč 007").email == "hrac7@example.org"
    assert not Player.objects.filter(name__in=["Hráč 089", "Hráč 129"]).exists()
    # Every seventh player in Seniors (0, 7, ... 196: 29, less line 51's 49), no new category.
    assert seniors.players.count() == 28
    assert list(PrizeCategory.objects.filter(event=event).values_list("name", flat=True)) == [
        "Seniors"
    ]


def test_a_preview_confirmed_into_another_event_or_changed_is_refused(
    client, event, organizer, django_user_model
):
    from tournaments import services

    other = services.create_event(organizer, name="Other night", date="2026-11-21")
    client.force_login(organizer)
    page = client.post(sheet_url(event), {"sheet": SimpleUploadedFile("p.csv", b"name\nAnna\n")})
    signed = page.context["confirm"]["rows"].value()
    before = counts()
    for url, rows in ((sheet_url(other), signed), (sheet_url(event), signed[:-2] + "xx")):
        done = client.post(url, {"rows": rows}, follow=True)
        assert [str(m) for m in done.context["messages"]] == [
            "The preview was not this page's: upload the file again."
        ]
    assert counts() == before


def test_the_preview_page_costs_the_same_queries_for_10_and_200_lines(
    client, event, organizer, seniors, django_assert_num_queries
):
    client.force_login(organizer)

    def preview(n):
        upload = SimpleUploadedFile("r.xlsx", xlsx_bytes(roster_rows(n)))
        return client.post(sheet_url(event), {"sheet": upload})

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as small:
        assert len(preview(20).context["preview"].lines) == 20
    with django_assert_num_queries(len(small.captured_queries)):
        assert len(preview(200).context["preview"].lines) == 200


def test_ods_and_csv_read_as_the_xlsx(event, organizer, seniors):
    rows = roster_rows(200)
    xlsx = sheets.read_sheet(xlsx_bytes(rows), "r.xlsx")
    csv_rows = [[c.replace("_x0000_", "\x00") for c in row] for row in rows]
    csv = tablib.Dataset(*csv_rows, headers=HEADER).export("csv").encode()
    ods_rows = [[c.replace("_x0000_", "\x00") for c in row] for row in rows]
    ods = tablib.Dataset(*ods_rows, headers=HEADER).export("ods")
    said = {}
    for name, body in (("r.xlsx", xlsx_bytes(rows)), ("r.ods", ods), ("r.csv", csv)):
        preview = roster.preview_roster(sheets.read_sheet(body, name), event, organizer)
        said[name] = [(line.line, line.name, line.said) for line in preview.lines]
    assert xlsx.columns == HEADER
    # An ODS file cannot hold a NUL (XML has none; odfpy writes U+FFFD): line 171 aside,
    # it reads as the CSV.
    assert said["r.ods"][169] == (171, "Hráč\ufffd169", "to be created")
    assert said["r.ods"][:169] + said["r.ods"][170:] == said["r.csv"][:169] + said["r.csv"][170:]
    assert [(n, s) for n, _, s in said["r.xlsx"]] == [(n, s) for n, _, s in said["r.csv"]]
    assert [(n, s) for n, _, s in said["r.csv"] if s.startswith("refused")] == PLANTED
    # Round trip: imported from ODS, the players are the file's.
    _, result = roster.import_roster(sheets.read_sheet(ods, "r.ods"), event, organizer)
    assert (result.created, result.existing) == (196, 0)
    assert Player.objects.get(name="Hráč 199").email == "hrac199@example.org"


def test_the_dry_run_command_prints_the_preview_and_writes_nothing(
    tmp_path, event, organizer, seniors
):
    path = tmp_path / "roster.xlsx"
    path.write_bytes(xlsx_bytes(roster_rows()))
    before = counts()
    out = io.StringIO()
    call_command(
        "import_players",
        str(path),
        "--event",
        str(event.pk),
        "--user",
        "org",
        "--dry-run",
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    assert counts() == before
    assert len(lines) == 201
    assert lines[0] == "Line 2: Hráč 000: to be created"
    assert lines[9] == "Line 11: refused: no name"
    assert lines[-1] == (
        "Dry run: 195 to be created, 0 matched to the registry, 5 refused. Nothing was written."
    )
    assert [line for line in lines if "refused:" in line] == [
        f"Line {n}: {name + ': ' if name else ''}{said}"
        for (n, said), name in zip(
            PLANTED, ["", "hráč 002", "Hráč 089", "Hráč 129", "Hráč\\x00169"], strict=True
        )
    ]
    # Without --dry-run the 195 are imported and the 5 said.
    out = io.StringIO()
    call_command("import_players", str(path), "--event", str(event.pk), "--user", "org", stdout=out)
    assert out.getvalue().startswith(
        "Imported 195 new players and 0 already in the registry. Skipped 5"
    )
    assert Registration.objects.filter(event=event).count() == 195


def test_a_csv_dry_run_writes_nothing_either(tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("name,club\nAnna,Heun\n,Heun\n", encoding="utf-8")
    out = io.StringIO()
    call_command("import_players", str(path), "--dry-run", stdout=out)
    assert out.getvalue() == (
        "Line 2: Anna: to be created\n"
        "Line 3: refused: no name\n"
        "Dry run: 1 to be created, 0 matched to the registry, 1 refused. Nothing was written.\n"
    )
    assert Player.objects.count() == 0


def test_each_line_is_the_files_line_past_blank_rows_and_cells_of_several_lines():
    csv = 'name,notes\nAnna,\n\nBára,"two\nlines"\n\n\nCyril,\n'.encode()
    sheet = sheets.read_sheet(csv, "p.csv")
    assert [(n, cells[0]) for n, cells in sheet.rows] == [(2, "Anna"), (4, "Bára"), (8, "Cyril")]


def libreoffice_ods() -> bytes:
    """An ODS as LibreOffice writes one: a blank row as one repeated empty cell, empty
    cells side by side as one repeated cell, the rest of the sheet as repeated rows."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    def cell(text=None, times=None):
        made = TableCell(numbercolumnsrepeated=times) if times else TableCell()
        if text is not None:
            made.setAttribute("valuetype", "string")
            made.addElement(P(text=text))
        return made

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Roster")
    for cells, rows in (
        ([cell("name"), cell("club"), cell("email"), cell("categories")], None),
        ([cell("Anna"), cell(times=2), cell("Seniors"), cell(times=1020)], None),
        ([cell(times=1024)], 3),  # three blank rows: lines 3 to 5
        ([cell("Bára"), cell("Heun"), cell("bara@example.org"), cell(times=1021)], None),
        ([cell(times=1024)], 1_048_570),
    ):
        row = TableRow(numberrowsrepeated=rows) if rows else TableRow()
        for c in cells:
            row.addElement(c)
        table.addElement(row)
    doc.spreadsheet.addElement(table)
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def test_an_ods_as_libreoffice_writes_it_keeps_its_lines_and_columns(event, organizer, seniors):
    sheet = sheets.read_sheet(libreoffice_ods(), "roster.ods")
    assert sheet.columns == HEADER
    assert sheet.rows == [
        (2, ["Anna", "", "", "Seniors"]),
        (6, ["Bára", "Heun", "bara@example.org", ""]),
    ]
    preview = roster.preview_roster(sheet, event, organizer)
    assert [(line.line, line.said, line.categories) for line in preview.lines] == [
        (2, "to be created", ["Seniors"]),
        (6, "to be created", []),
    ]


def test_a_preview_too_large_to_carry_or_too_old_is_said(client, event, organizer, monkeypatch):
    from tournaments.views import players_sheet

    client.force_login(organizer)
    upload = SimpleUploadedFile("p.csv", b"name\nAnna\n")
    monkeypatch.setattr(players_sheet, "MAX_SIGNED", 20)
    page = client.post(sheet_url(event), {"sheet": upload}, follow=True)
    assert [str(m) for m in page.context["messages"]] == [
        "The list is too large to preview at once: split it."
    ]
    monkeypatch.setattr(players_sheet, "MAX_SIGNED", 2_000_000)
    upload.seek(0)
    signed = client.post(sheet_url(event), {"sheet": upload}).context["confirm"]["rows"].value()
    monkeypatch.setattr(players_sheet, "MAX_AGE", -1)  # every preview is too old
    done = client.post(sheet_url(event), {"rows": signed}, follow=True)
    assert [str(m) for m in done.context["messages"]] == [
        "The preview is over an hour old: upload the file again."
    ]
    assert Player.objects.count() == 0
