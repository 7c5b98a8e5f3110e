"""Tables and deals: the score sheet, deal entry with its preview, corrections, voids,
the chip count and the card-point counter.

Pages read through queries.py and write only through services."""

from __future__ import annotations

from django.contrib import messages
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST

from .. import director, moments, printouts, queries, rejected_versions, seat_holders, services
from ..dealforms import CorrectGameDealForm, GameDealForm
from ..forms import CardPointsForm, ChipCountForm, FirstForehandForm, VoidDealForm
from ..forms.substitutes import SubstituteForm
from ..middleware import wants_json
from ..services import entry
from ..services.permissions import can_manage
from ..todays_names import deal_under_todays_names
from .common import (
    check_manage,
    deal_or_404,
    organizer_view,
    table_or_404,
)
from .live import not_modified, tagged
from .refusals import refusal_said


@organizer_view
@require_http_methods(["GET", "POST"])
def chip_count(request, pk):
    """Chip reconciliation: the physical count against starting chips + net."""
    table = table_or_404(request, pk)
    event = table.round.event
    check_manage(request, event)
    sheet = queries.table_sheet(table)
    form = ChipCountForm(request.POST or None, players=sheet.players)
    if request.method == "POST" and form.is_valid():
        counted = {p: form.cleaned_data[f"player_{p.pk}"] for p in sheet.players}
        try:
            rows = services.record_chip_count(table, request.user, counted)
        except services.ServiceError as e:
            messages.error(request, e.message)
            return redirect("chip-count", pk=table.pk)
        off = [r for r in rows if r.difference]
        if off:
            messages.error(
                request,
                "Off: " + ", ".join(f"{r.player.name} {r.difference:+d}" for r in off),
            )
        else:
            messages.success(request, "Every player's chips match the sheet.")
        return redirect("chip-count", pk=table.pk)
    counts = table.chip_counts.select_related("player", "recorded_by")
    return render(
        request,
        "tournaments/chip_count.html",
        {
            "table": table,
            "event": event,
            "sheet": sheet,
            "form": form,
            "counts": counts,
            "expected": list(zip(sheet.players, sheet.chips, strict=True)),
            # Players' chips and the pot together are what the table started with.
            "pot_check": f"{len(sheet.players)} × {event.starting_chips} = "
            f"{len(sheet.players) * event.starting_chips}",
        },
    )


def table_sheet(request, pk):
    table = table_or_404(request, pk)
    tag, unchanged = not_modified(request, table.round.event_id)
    if unchanged:
        return unchanged
    return tagged(sheet_page(request, table), tag)


def sheet_page(request, table, substitute_form=None):
    """A table's sheet; an organizer's also has the substitute form (``substitute_form``
    bound, with its errors, when one was refused)."""
    sheet = queries.table_sheet(table)
    chart = None
    if sheet.rows:
        chart = printouts.web_chart(
            sheet.chip_series(), "deal", baseline=sheet.event.starting_chips
        )
    manage = can_manage(request.user, sheet.event)
    forehand_form = None
    if manage and not sheet.rows and sheet.next_deal is None:
        forehand_form = FirstForehandForm(
            players=[p.pk for p in sheet.players], game=sheet.event.game
        )
    if manage and substitute_form is None:
        substitute_form = substitute_form_for(sheet)
    return render_sheet(
        request,
        sheet,
        table,
        can_manage=manage,
        chart=chart,
        forehand_form=forehand_form,
        substitute_form=substitute_form,
    )


def render_sheet(request, sheet, table, **context):
    """The page of ``table``'s score sheet (the organizer's, or a link's, as ``context``
    says)."""
    return render(
        request,
        "tournaments/table_sheet.html",
        {
            "sheet": sheet,
            "rows_html": rows_html(sheet),
            "table": table,
            "event": sheet.event,
            **context,
        },
    )


def rows_html(sheet) -> list[str]:
    """Each row of ``sheet`` as HTML (``_sheet_row.html``), kept in the fragments' cache
    under all it is rendered from (``SheetRow.fragment_key``, and whether the sheet has
    a pot): the sheet's rows in one look-up, and only a row not kept yet (a new deal, a
    changed one) rendered. The keys are those of a ``{% cache %}`` named "sheet-row"."""
    keys = [
        make_template_fragment_key("sheet-row", [r.fragment_key, sheet.has_pot]) for r in sheet.rows
    ]
    fragments = caches["template_fragments"]
    kept = fragments.get_many(keys)
    new = {}
    for key, row in zip(keys, sheet.rows, strict=True):
        if key not in kept:
            context = {"row": row, "sheet": sheet}
            new[key] = kept[key] = render_to_string("tournaments/_sheet_row.html", context)
    if new:
        fragments.set_many(new, None)
    return [mark_safe(kept[key]) for key in keys]


def substitute_form_for(sheet, data=None) -> SubstituteForm:
    """The substitute form of a table's sheet (forms/substitutes.py says what it offers)."""
    return SubstituteForm.for_sheet(sheet, data)


@organizer_view
@require_POST
def table_first_forehand(request, pk):
    """Name the first forehand of a table without deals (tables from the draw)."""
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    form = FirstForehandForm(
        request.POST, players=table.seats.values("player"), game=table.round.event.game
    )
    if not form.is_valid():
        messages.error(request, "Choose a player of this table as the first forehand.")
        return redirect(table)
    player = form.cleaned_data["first_forehand"]
    with refusal_said(request):
        services.set_first_forehand(table, request.user, player)
        messages.success(request, f"{player.name} is the first forehand: dealers are suggested.")
    return redirect(table)


def _deal_form_context(table, sheet, form, link=None, **extra):
    if link is not None:
        preview_url = reverse("link-preview", args=[link.token])
    else:
        preview_url = reverse("deal-preview", args=[table.pk])
    return {
        "table": table,
        "event": sheet.event,
        "sheet": sheet,
        "form": form,
        "seats": sheet.next_names,
        # Whether the dealer sits out at this table (the form asked the core): the page
        # greys them out of the choices of those who play.
        "dealer_sits_out": form.sits_out,
        "link": link,
        "preview_url": preview_url,
        **director.call_context(link),
        **extra,
    }


def _preview(form, table, number: int | None, corrected=None) -> dict:
    """The payments of a deal form's current fields (``entry.preview``), or its errors,
    as the live preview's script and the page read them."""
    if not (form.is_valid() and form.document is not None):
        errors = {field: [str(m) for m in msgs] for field, msgs in form.errors.items()}
        return {"ok": False, "errors": errors}
    shown = entry.preview(table, form.document, number, corrected)
    said = dict(shown.payments)
    if corrected is not None:
        if shown.later_refused:
            said["later_refused"] = shown.later_refused
        else:
            said["later"] = shown.later
        # The live preview's script shows it as the page does.
        said["later_html"] = render_to_string("tournaments/_later_pots.html", said)
    return {"ok": True, **said}


@organizer_view
@require_http_methods(["GET", "POST"])
def deal_create(request, pk):
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    return deal_entry(request, table)


def _panel(conflict: entry.Conflict) -> dict:
    """The conflict panel's context: both versions of the deal, as the page shows them."""
    return dict(vars(conflict))


def _answer_json(request, sent: entry.Sent | None, form, back: str) -> JsonResponse:
    """What the phone's script reads of a deal sent (``sent``; None: the form refused
    it): ``result`` one of saved, already_saved, conflict, refused, busy."""
    if sent is not None and sent.saved:
        return JsonResponse({"result": sent.result.value, "message": sent.message, "next": back})
    if sent is not None and sent.result is entry.Result.BUSY:
        return JsonResponse({"result": sent.result.value, "message": sent.message}, status=503)
    said = {"message": " ".join(form.non_field_errors()) or "Fix the marked fields."}
    if sent is not None and sent.conflict is not None:
        context = {"conflict": _panel(sent.conflict)}
        html = render_to_string("tournaments/_deal_conflict.html", context, request)
        said.update(result="conflict", html=html, number=sent.conflict.number)
        return JsonResponse(said, status=409)
    errors = {f: [str(m) for m in msgs] for f, msgs in form.errors.items()}
    return JsonResponse({"result": "refused", "errors": errors, **said}, status=400)


def _posted_number(posted) -> int | None:
    try:
        number = int(posted.get("number") or "")
    except ValueError:
        return None
    return number if number > 0 else None


def _posted_seats(table, posted) -> list[str]:
    """The names the posted deal's number gives the table's seats (the next deal's when
    the form sends none): a substitute's from their first deal (``seat_holders``)."""
    return list(seat_holders.names_at(table, _posted_number(posted)))


def _seen_before(table, posted) -> tuple[list[str], services.Seen | None]:
    """A deal sent to be saved: the names its number gives the seats, and (``Seen``)
    whether a deal has that number already, read together before the table's lock."""
    number = _posted_number(posted)
    if number is None:
        return _posted_seats(table, posted), None
    seen = services.seen_before(table, number)
    return list(seat_holders.by_name(seen.seats, number)), seen


def deal_entry(request, table, link=None):
    """Deal entry at a table: by an organizer, or (``link``) by whoever holds its link.

    The page's script sends the deal with ``Accept: application/json`` (it keeps the
    deal on the phone until the server answers): then the answer is JSON
    (``_answer_json``), else the page or a redirect."""
    event = table.round.event
    back = link.get_absolute_url() if link else table.get_absolute_url()
    form = None
    conflict = None
    if request.method == "POST" and "preview" not in request.POST:
        # Saving needs only the seats (the service checks the number and the session):
        # the whole sheet, every deal of the table, is built only to show the form.
        seats, seen = _seen_before(table, request.POST)
        form = GameDealForm(request.POST, event=event, seats=seats, needs_number=True)
        sent = None
        if form.is_valid():
            number = form.cleaned_data.get("number")
            # Whether the number is taken, as read with the seats (else read again).
            taken = seen.taken if seen is not None and number == seen.number else services.UNREAD
            # When the phone kept it (its offline queue sends it later): said if refused.
            kept_at = moments.phone_moment(request.POST.get("kept_at"), timezone.now())
            sent = entry.submit(table, form.document, request.user, number, link, taken, kept_at)
            if sent.saved:
                messages.success(request, sent.message)
            else:
                form.add_service_error(sent.error)
                conflict = sent.conflict and _panel(sent.conflict)
        if wants_json(request):
            return _answer_json(request, sent, form, back)
        if sent is not None and sent.saved:
            return redirect(back)
    sheet = queries.table_sheet(table, cells=False)
    if sheet.session.ended and (link is not None or sheet.closed_to_organizer):
        messages.error(request, sheet.closed_words)
        return redirect(back)
    next_number = len(sheet.rows) + 1
    preview = None
    if form is None:
        initial = {"number": next_number}
        if sheet.next_deal:
            initial["dealer"] = sheet.next_deal.dealer
        seats = sheet.next_names
        form = GameDealForm(
            request.POST or None, event=event, seats=seats, initial=initial, needs_number=True
        )
        if request.method == "POST":
            preview = _preview(form, table, next_number)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(
            table,
            sheet,
            form,
            preview=preview,
            number=next_number,
            link=link,
            back=back,
            conflict=conflict,
        ),
    )


@organizer_view
@require_POST
def deal_preview(request, pk):
    """JSON for the live payment preview: the core's settlement of the form's fields."""
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    return deal_preview_for(request, table)


def deal_preview_for(request, table):
    seats = _posted_seats(table, request.POST)
    event = table.round.event
    form = GameDealForm(request.POST, event=event, seats=seats)
    # The deal's number (the form's hidden field: the next deal's, or the corrected
    # deal's) says which pot it plays for, and whether it corrects a deal.
    number = form.cleaned_data.get("number") if form.is_valid() else None
    corrected = table.deals.filter(number=number, voided=False).first() if number else None
    return JsonResponse(_preview(form, table, number, corrected))


def deal_detail(request, pk):
    deal = deal_or_404(request, pk)
    context = queries.deal_detail(deal)
    event = deal.table.round.event
    rejected = rejected_versions.of_deal(deal, saved=context)
    context.update(
        event=event,
        table=deal.table,
        can_manage=can_manage(request.user, event),
        rejected=rejected,
        rejected_open=any(not r.rejected.handled for r in rejected),
    )
    return render(request, "tournaments/deal_detail.html", context)


@organizer_view
@require_http_methods(["GET", "POST"])
def deal_correct(request, pk):
    deal = deal_or_404(request, pk)
    check_manage(request, deal.table.round.event)
    return deal_correction(request, deal)


def deal_correction(request, deal, link=None):
    """Correct a deal: an organizer any deal, a table link its table's last deal."""
    table = deal.table
    event = table.round.event
    done = link.get_absolute_url() if link else deal.get_absolute_url()
    if deal.voided:
        messages.error(request, "This deal was voided; it cannot be corrected.")
        return redirect(done)
    sheet = queries.table_sheet(table)
    seats = sheet.names_at(deal.number)
    initial = GameDealForm.initial_from_document(deal_under_todays_names(deal))
    initial["expected_version"] = deal.version
    initial["number"] = deal.number  # the live preview's pot is the one before this deal
    form = CorrectGameDealForm(request.POST or None, event=event, seats=seats, initial=initial)
    preview = None
    if request.method == "POST":
        if "preview" in request.POST:
            preview = _preview(form, table, deal.number, corrected=deal)
        elif form.is_valid():
            cleaned = form.cleaned_data
            sent = entry.correct(
                deal,
                form.document,
                request.user,
                cleaned["reason"],
                cleaned["expected_version"],
                link=link,
            )
            if sent.saved:
                messages.success(request, sent.message)
                return redirect(done)
            form.add_service_error(sent.error)
    return render(
        request,
        "tournaments/deal_form.html",
        _deal_form_context(
            table, sheet, form, preview=preview, deal=deal, number=deal.number, link=link
        ),
    )


@organizer_view
@require_POST
def deal_void(request, pk):
    deal = deal_or_404(request, pk)
    check_manage(request, deal.table.round.event)
    form = VoidDealForm(request.POST)
    if not form.is_valid() and "expected_version" in form.errors:
        # Without it the version check would be skipped: refuse instead.
        messages.error(
            request,
            "The form has lost the deal's version: reload the page and void the deal again.",
        )
        return redirect(deal)
    expected = form.cleaned_data["expected_version"]
    with refusal_said(request):
        change = services.void_deal(deal, request.user, request.POST.get("reason", ""), expected)
        messages.success(request, f"Deal {change.deal.number} voided.{change.repotted_words}")
    return redirect(deal)


def card_points(request):
    """The card-point counter, for recounting a disputed pile, in the chosen game's way
    (the deal form opens it with its event's ruleset)."""
    counted = "cards" in request.GET
    form = CardPointsForm(
        request.GET if counted else None, initial={"ruleset": request.GET.get("ruleset")}
    )
    points = form.cleaned_data.get("points") if counted and form.is_valid() else None
    back = request.GET.get("back", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    return render(
        request,
        "tournaments/card_points.html",
        {
            "form": form,
            "pack": form.pack,
            "points": points,
            "other": None if points is None else form.pack.total - points,
            "back": back,
        },
    )
