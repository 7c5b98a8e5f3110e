"""Hostile input to the players spreadsheet upload (issue 39): what no organizer meant
is a message on the players page, never a server error, and writes nothing."""

import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments.exchange import limits, sheets
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db


def xlsx(rows, header=("name", "club", "email")) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(list(header))
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def post(client, event, organizer, name, body):
    client.force_login(organizer)
    url = reverse("players-sheet", args=[event.pk])
    return client.post(url, {"sheet": SimpleUploadedFile(name, body)}, follow=True)


def said(response):
    return [str(m) for m in response.context["messages"]]


def zip_bomb() -> bytes:
    """A valid XLSX's parts, and a sheet that unpacks to 30 MB from some 30 KB."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(xlsx([["Anna", "", ""]]))) as real,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z,
    ):
        for item in real.infolist():
            z.writestr(item.filename, real.read(item.filename))
        z.writestr("xl/worksheets/padding.xml", b" " * 30_000_000)
    return out.getvalue()


NOT_XLSX = (
    "The file is not an XLSX spreadsheet (its name says .xlsx): save it again as XLSX, "
    "or as CSV UTF-8."
)


@pytest.mark.parametrize(
    "name, body, message",
    [
        ("players.xlsx", bytes(range(256)) * 40, NOT_XLSX),
        ("players.xlsx", b"name,club\nAnna,Heun\n", NOT_XLSX),
        (
            "players.ods",
            b"PK\x03\x04" + b"\xff" * 500,
            "The file is not an ODS spreadsheet (its name says .ods): save it again as ODS, "
            "or as CSV UTF-8.",
        ),
        (
            "players.xlsx",
            # a zip, but not a workbook
            (lambda: (b := io.BytesIO(), zipfile.ZipFile(b, "w").close(), b.getvalue())[2])(),
            "The file is not an XLSX spreadsheet openpyxl can read: save it again as XLSX, "
            "or as CSV UTF-8.",
        ),
        ("players.xlsx", b"", "The file is empty: it needs a header row with a 'name' column."),
        (
            "players.csv",
            b" \n\n",
            "The file is empty: it needs a header row with a 'name' column.",
        ),
        (
            "players.csv",
            b"name\nNov\xe1kov\xe1\n",
            "The file is not UTF-8 text: save it as “CSV UTF-8” and try again.",
        ),
        (
            "players.csv",
            b"name\nAnna,Heun,extra\n",
            "A row has more cells than the header row has columns: name every column.",
        ),
        (
            "players.pdf",
            b"%PDF-1.4",
            "“players.pdf” is not an XLSX, ODS or CSV file: save the list as one of them.",
        ),
        (
            "players.xlsx",
            zip_bomb(),
            "The spreadsheet unpacks to more than 20 MB: a list of players is far smaller. "
            "Save only the list, as CSV UTF-8 if need be.",
        ),
        (
            "players.xlsx",
            xlsx([["Anna"]], header=("player", "club")),
            "The list needs a header row with a 'name' column.",
        ),
        (
            "players.xlsx",
            b"x" * (sheets.MAX_BYTES + 1),
            "The file is 1.0 MB; a list of players may be at most 1 MB.",
        ),
    ],
)
def test_a_file_no_organizer_meant_is_a_message(client, event, organizer, name, body, message):
    page = post(client, event, organizer, name, body)
    assert page.status_code == 200
    assert page.redirect_chain == [(reverse("event-players", args=[event.pk]), 302)]
    assert said(page) == [message]
    assert Player.objects.count() == 0


def test_a_sheet_past_the_bound_is_refused_before_it_is_read_whole(client, event, organizer):
    longest = [[f"Player {n}", "", ""] for n in range(limits.PLAYERS + 1)]
    page = post(client, event, organizer, "players.xlsx", xlsx(longest))
    assert said(page) == ["A list may hold at most 2,000 players; split it. Nothing was imported."]
    # A sheet whose text is far down (a million rows claimed): refused, not filled in.
    book = openpyxl.Workbook()
    book.active.append(["name"])
    book.active.cell(row=1_000_000, column=1, value="Far")
    out = io.BytesIO()
    book.save(out)
    page = post(client, event, organizer, "players.xlsx", out.getvalue())
    assert said(page) == [
        "The sheet has text past line 2,001: a list may hold at most 2,000 players; split "
        "it. Nothing was imported."
    ]
    assert Player.objects.count() == 0


def test_formulas_nuls_and_hostile_emails_are_refused_lines_never_run(client, event, organizer):
    rows = [
        ['=HYPERLINK("http://evil.example","x")', "", ""],
        ["Anna", "=1+1", ""],
        ["Bára", "", "bara@example.org\x00"],
        ["Cyril", "", "x" * 250 + "@example.org"],
        ["Dana", "", "dana@@example.org"],
        ["Ema\u0000", "", ""],
        ["'=Frantisek", "", ""],
    ]
    book = openpyxl.Workbook()
    book.active.append(["name", "club", "email"])
    for row in rows:
        book.active.append([c.replace("\x00", "_x0000_") for c in row])
    out = io.BytesIO()
    book.save(out)
    client.force_login(organizer)
    url = reverse("players-sheet", args=[event.pk])
    page = client.post(url, {"sheet": SimpleUploadedFile("p.xlsx", out.getvalue())})
    lines = [(line.line, line.said) for line in page.context["preview"].lines]
    assert lines == [
        (2, 'refused: a formula in name (=HYPERLINK("http://evil.example","x")): type the value'),
        (3, "refused: a formula in club (=1+1): type the value"),
        (4, "refused: a NUL character (\\x00) in email"),
        (5, f"refused: a bad email (“{'x' * 60}”)"),
        (6, "refused: a bad email (“dana@@example.org”)"),
        (7, "refused: a NUL character (\\x00) in name"),
        (8, "to be created"),
    ]
    body = page.content.decode()
    assert "Ema\\x00" in body and "\x00" not in body
    assert "Import the 1 good line" in body
    assert Player.objects.count() == 0
    client.post(url, {"rows": page.context["confirm"]["rows"].value()})
    # A name that starts like a formula is a name; the downloads neutralize it.
    assert list(Player.objects.values_list("name", flat=True)) == ["'=Frantisek"]


def test_the_confirm_without_a_preview_or_a_file_is_a_message(client, event, organizer):
    client.force_login(organizer)
    url = reverse("players-sheet", args=[event.pk])
    for data, message in (
        ({}, "Choose an XLSX, ODS or CSV file of players to preview."),
        ({"rows": "x" * 10_000}, "The preview was not this page's: upload the file again."),
        ({"rows": ""}, "The preview was not this page's: upload the file again."),
    ):
        page = client.post(url, data, follow=True)
        assert said(page) == [message]
    assert Registration.objects.count() == 0


def test_a_stranger_cannot_preview_into_an_event(client, event, stranger):
    client.force_login(stranger)
    url = reverse("players-sheet", args=[event.pk])
    page = client.post(url, {"sheet": SimpleUploadedFile("p.csv", b"name\nAnna\n")})
    # The event is not published: a stranger is not told it exists.
    assert page.status_code == 404
    assert Player.objects.count() == 0


def test_the_command_says_what_is_wrong_with_a_spreadsheet(tmp_path):
    path = tmp_path / "players.xlsx"
    path.write_bytes(b"\x00garbage" * 100)
    with pytest.raises(CommandError) as raised:
        call_command("import_players", str(path), "--dry-run")
    assert str(raised.value) == NOT_XLSX
    assert Player.objects.count() == 0
