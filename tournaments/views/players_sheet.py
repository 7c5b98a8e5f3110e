"""A players list from a spreadsheet (XLSX, ODS or CSV): uploaded, previewed line by line,
imported only when the organizer confirms (``exchange.roster``).

Between the preview and the confirmation the list read from the file travels signed in
the page's form (``django.core.signing``), never in the database: what is confirmed is
what was shown, and an abandoned preview leaves nothing behind.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core import signing
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import services
from ..exchange import roster, sheets
from ..forms.players import seat_choice, seat_said
from ..services.schedule import rounds_words
from .common import managed_event, organizer_view

SALT = "tournaments.players-sheet"
MAX_AGE = 3600  # seconds a preview may be confirmed in
MAX_SIGNED = 2_000_000  # characters of the signed list: under the 2.5 MB a post may hold


class PlayersSheetForm(forms.Form):
    # An empty file is read, and said empty with what it needs.
    sheet = forms.FileField(
        allow_empty_file=True,
        label="Players from a spreadsheet",
        help_text="XLSX, ODS or CSV: a header row with name, club, notes, categories, email.",
    )


class ConfirmForm(forms.Form):
    rows = forms.CharField(widget=forms.HiddenInput)
    seat = seat_choice()


@organizer_view
@require_POST
@managed_event
def players_sheet(request, event):
    """The upload's preview, or (with ``rows``) its confirmation."""
    if "rows" in request.POST:
        return _confirm(request, event)
    form = PlayersSheetForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose an XLSX, ODS or CSV file of players to preview.")
        return redirect("event-players", pk=event.pk)
    upload = form.cleaned_data["sheet"]
    try:
        if upload.size > sheets.MAX_BYTES:
            raise services.ServiceError(
                f"The file is {upload.size / 1e6:.1f} MB; a list of players may be at most "
                f"{sheets.MAX_BYTES // 1_000_000} MB."
            )
        sheet = sheets.read_sheet(upload.read(sheets.MAX_BYTES + 1), upload.name)
        preview = roster.preview_roster(sheet, event, request.user)
    except services.ServiceError as e:
        messages.error(request, e.message)
        return redirect("event-players", pk=event.pk)
    signed = signing.dumps(sheets.sheet_to_data(_kept(sheet)), salt=_salt(event), compress=True)
    if len(signed) > MAX_SIGNED:
        messages.error(request, "The list is too large to preview at once: split it.")
        return redirect("event-players", pk=event.pk)
    confirm = ConfirmForm(initial={"rows": signed})
    return _page(request, event, preview, confirm, upload.name)


def _kept(sheet: sheets.Sheet) -> sheets.Sheet:
    """Only the columns the import reads travel with the page."""
    wanted = [i for i, c in enumerate(sheet.columns) if c in roster.COLUMNS]
    return sheets.Sheet(
        [sheet.columns[i] for i in wanted],
        [(n, [cells[i] if i < len(cells) else "" for i in wanted]) for n, cells in sheet.rows],
    )


def _salt(event) -> str:
    return f"{SALT}.{event.pk}"  # a preview of one event is not confirmed into another


def _page(request, event, preview, confirm, filename: str, status: int = 200):
    waiting = services.waiting_rounds(event)
    return render(
        request,
        "tournaments/players_sheet.html",
        {
            "event": event,
            "preview": preview,
            "confirm": confirm,
            "filename": filename,
            "good": len(preview.lines) - len(preview.refused),
            "waiting": waiting,
            "waiting_words": rounds_words(waiting) if waiting else "",
        },
        status=status,
    )


def _confirm(request, event):
    confirm = ConfirmForm(request.POST)
    try:
        if not confirm.is_valid():
            raise signing.BadSignature
        data = signing.loads(confirm.cleaned_data["rows"], salt=_salt(event), max_age=MAX_AGE)
        sheet = sheets.sheet_from_data(data)
    except signing.SignatureExpired:
        messages.error(request, "The preview is over an hour old: upload the file again.")
        return redirect("event-players", pk=event.pk)
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        messages.error(request, "The preview was not this page's: upload the file again.")
        return redirect("event-players", pk=event.pk)
    try:
        _, result = roster.import_roster(
            sheet, event, request.user, seat=seat_said(confirm.cleaned_data)
        )
    except services.FormError as e:
        # Rounds wait: whether the players are seated is asked on the preview again.
        preview = roster.preview_roster(sheet, event, request.user)
        for message in e.fields.get("seat", [e.message]):
            confirm.add_error("seat", message)
        return _page(request, event, preview, confirm, "the list")
    except services.ServiceError as e:
        messages.error(request, e.message)
        return redirect("event-players", pk=event.pk)
    messages.success(request, result.summary())
    return redirect("event-players", pk=event.pk)
