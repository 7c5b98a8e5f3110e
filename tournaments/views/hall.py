"""The tournament hall: table links, the organizer's inbox, undo, the wall, find your seat.

Pages read through queries.py and write only through services.
"""

from __future__ import annotations

import functools

from django.contrib import messages
from django.db.models import Count, F, Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import clock, columns, director, queries, rejected_versions, services, standings
from ..columns import Columns
from ..hall import seat_finder_rows
from ..models import Deal, LedgerEntry, Seat, Table, TableLink
from ..qr import hall_url, qr_svg
from ..services import checkin
from ..words import counted
from .common import (
    LARGEST_ID,
    check_manage,
    event_or_404,
    managed_event,
    organizer_view,
    round_or_404,
    table_or_404,
)
from .deals import deal_correction, deal_entry, deal_preview_for, render_sheet
from .live import not_modified, tagged
from .refusals import refusal_said

# -- table links: whoever holds one enters, corrects and undoes deals at its table -----


def _refused(request, error: services.LinkError):
    return render(request, "tournaments/link_refused.html", {"message": error.message}, status=403)


def _with_link(view):
    """Resolve the token to a working link, or say why it does not work (403). A page
    (GET) shows the table's open call for the director: read with the link."""

    @functools.wraps(view)
    def wrapped(request, token, *args, **kwargs):
        try:
            if request.method == "GET":
                link = services.find_link(token, with_call=True)
            else:
                link = services.find_link(token)
        except services.LinkError as e:
            return _refused(request, e)
        return view(request, link, *args, **kwargs)

    return wrapped


def _link_table(link: TableLink) -> Table:
    """The link's table, its round, event and first forehand: read with the link
    (``find_link``); a link's pages need nothing of the event's organizers."""
    return link.table


@require_http_methods(["GET"])
@_with_link
def link_sheet(request, link):
    """The table's score sheet as its link shows it: enter, correct or undo a deal."""
    table = _link_table(link)
    tag, unchanged = not_modified(request, table.round.event_id)
    if unchanged:
        return unchanged
    sheet = queries.table_sheet(table)
    # The deal the link may correct or undo, if any (not the organizer's, not confirmed):
    # the sheet's last row is the table's highest-numbered deal.
    last = sheet.rows[-1].deal if sheet.rows else None
    if last is not None and services.access.why_link_cannot_change(last, last.pk) is not None:
        last = None
    page = render_sheet(
        request,
        sheet,
        table,
        can_manage=False,
        link=link,
        link_last=last,
        chart=None,
        **director.call_context(link),
    )
    return tagged(page, tag)


@require_http_methods(["GET", "POST"])
@_with_link
def link_deal(request, link):
    return deal_entry(request, _link_table(link), link=link)


@require_POST
@_with_link
def link_preview(request, link):
    return deal_preview_for(request, _link_table(link))


@require_http_methods(["GET", "POST"])
@_with_link
def link_correct(request, link, number):
    deal = get_object_or_404(
        Deal.objects.select_related("table__round__event"), table_id=link.table_id, number=number
    )
    why = services.access.why_link_cannot_change(deal)
    if why is not None:
        messages.error(request, why)
        return redirect(link)
    return deal_correction(request, deal, link=link)


def _undo(request, table, link=None):
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        messages.error(request, "Say which deal to undo.")
        return
    with refusal_said(request):
        deal = services.undo_last_deal(table, request.user, number, link=link)
        messages.success(request, f"Deal {deal.number} undone (voided: entered by mistake).")


@require_POST
@_with_link
def link_undo(request, link):
    _undo(request, _link_table(link), link)
    return redirect(link)


@organizer_view
@require_POST
def table_undo(request, pk):
    table = table_or_404(request, pk)
    check_manage(request, table.round.event)
    _undo(request, table)
    return redirect(table)


@organizer_view
@require_http_methods(["GET", "POST"])
def round_links(request, pk):
    """The round's table links with their QR codes: issue, reissue, revoke; close the round."""
    rnd = round_or_404(request, pk)
    event = rnd.event
    check_manage(request, event)
    if request.method == "POST":
        try:
            if "issue_all" in request.POST:
                made = services.issue_round_links(rnd, request.user)
                messages.success(request, f"{made} table links issued.")
            elif "reissue" in request.POST:
                table = get_object_or_404(Table, round=rnd, pk=request.POST["reissue"])
                link = services.issue_link(table, request.user)
                stopped = "; the old one stopped" if link.replaced else ""
                messages.success(request, f"Table {table.number} has a new link{stopped}.")
            elif "revoke" in request.POST:
                link = get_object_or_404(TableLink, table__round=rnd, pk=request.POST["revoke"])
                services.revoke_link(link, request.user)
                messages.success(request, f"Table {link.table.number}'s link revoked.")
            elif "close" in request.POST:
                rnd = services.close_round(rnd, request.user, closed=request.POST["close"] == "1")
                state = (
                    "closed: its table links take no more deals" if rnd.closed_at else "reopened"
                )
                messages.success(request, f"Round {rnd.number} {state}.")
        except (services.ServiceError, ValueError) as e:
            messages.error(request, getattr(e, "message", "Bad request."))
        return redirect("round-links", pk=rnd.pk)
    working = TableLink.objects.filter(revoked_at__isnull=True).order_by("-created_at")
    tables = rnd.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch("links", queryset=working, to_attr="working_links"),
    )
    rows = []
    for t in tables:
        link = t.working_links[0] if t.working_links else None
        url = hall_url(request, link.get_absolute_url()) if link else ""
        rows.append({"table": t, "link": link, "url": url, "qr": qr_svg(url) if link else ""})
    return render(
        request,
        "tournaments/round_links.html",
        {"round": rnd, "event": event, "rows": rows},
    )


# -- confirmation ------------------------------------------------------------------------


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def inbox(request, event):
    """Every deal entered at a table that waits for an organizer's confirmation."""
    if request.method == "POST" and "confirm_all" in request.POST:
        _confirm_all(request, event)
        return redirect("inbox", pk=event.pk)
    if request.method == "POST":
        try:
            pk = int(request.POST.get("confirm", ""))
            expected = int(request.POST.get("expected_version", ""))
        except ValueError:
            messages.error(request, "Choose a deal to confirm.")
            return redirect("inbox", pk=event.pk)
        deal = get_object_or_404(Deal, pk=pk, table__round__event=event)
        with refusal_said(request):
            services.confirm_deal(deal, request.user, expected)
            messages.success(request, f"Deal {deal.number} at table {deal.table.number} confirmed.")
        return redirect("inbox", pk=event.pk)
    tag, unchanged = not_modified(request, event.pk)
    if unchanged:
        return unchanged
    waiting = list(
        Deal.objects.filter(table__round__event=event, awaiting_confirmation=True)
        .select_related("table__round", "entered_via")
        .order_by("table__round__number", "table__number", "number")
    )
    # The current version's transfers: rows it posted that reverse nothing.
    entries = LedgerEntry.objects.filter(
        deal__in=[d.pk for d in waiting],
        reverses__isnull=True,
        deal_version__number=F("deal__version"),
    ).select_related("payer", "payee")
    by_deal: dict[int, list] = {}
    for e in entries.order_by("id"):
        by_deal.setdefault(e.deal_id, []).append(e)
    rows = [{"deal": d, "transfers": by_deal.get(d.pk, [])} for d in waiting]
    context = {
        "event": event,
        "rows": rows,
        # Versions sent from the tables and refused as conflicts, until handled.
        "rejected": rejected_versions.to_handle(event),
        # The tables' open calls for the director, until an organizer marks them handled.
        "calls": director.open_calls(event),
        "can_manage": True,
    }
    page = render(request, "tournaments/inbox.html", context)
    return tagged(page, tag)


def _shown(request) -> dict[int, int]:
    """The deals the inbox showed, as *Confirm all* posts them ("id:version"): those
    that read as neither are dropped (the inbox shows what is left)."""
    shown = {}
    for value in request.POST.getlist("shown"):
        pk, _, version = value.partition(":")
        if pk.isascii() and pk.isdigit() and version.isascii() and version.isdigit():
            if 0 < int(pk) <= LARGEST_ID and 0 < int(version) <= LARGEST_ID:
                shown[int(pk)] = int(version)
    return shown


def _confirm_all(request, event) -> None:
    shown = _shown(request)
    if not shown:
        messages.error(request, "Nothing to confirm.")
        return
    done = services.confirm_all(event, request.user, shown)
    if done.confirmed:
        messages.success(request, f"{counted(len(done.confirmed), 'deal')} confirmed.")
    for why in done.left:
        messages.warning(request, why)


# -- the wall and find your seat ---------------------------------------------------------


def seat_finder(request, pk):
    rnd = round_or_404(request, pk)
    return render(
        request,
        "tournaments/seat_finder.html",
        {"round": rnd, "event": rnd.event, "rows": seat_finder_rows(rnd)},
    )


def _wall_context(request, event) -> dict:
    rounds = list(
        event.rounds.annotate(
            tables_n=Count("tables", distinct=True),
            deals_n=Count("tables__deals", distinct=True),
        ).order_by("number")
    )
    latest = rounds[-1] if rounds else None
    # The next round is drawn but not started: the wall shows where everybody sits.
    upcoming = latest if latest and latest.tables_n and not latest.deals_n else None
    rows = standings.standings(event)
    cols = Columns.of(event)
    return {
        "event": event,
        "check_in": _wall_check_in(request, event, rounds),
        "heads": _wall_heads(cols),
        "columns": wall_columns(_wall_lines(cols, rows)),
        "categories": _wall_categories(event, cols, rows),
        "upcoming": upcoming,
        "seat_columns": wall_columns(seat_finder_rows(upcoming)) if upcoming else [],
        # A round on the clock, started and not closed: the latest (its time left).
        "clock": next(
            (
                shown
                for r in reversed(rounds)
                if r.closed_at is None and (shown := clock.shown_for_round(r))
            ),
            None,
        ),
        # How the event ranks, said when not by chips alone.
        "ranking": {"words": cols.scoring.words} if cols.scoring.by_points else None,
    }


def _wall_categories(event, shown, rows) -> list[dict]:
    """A panel a category with players, after the overall standings: its players
    ranked among themselves (two queries whatever the number of categories)."""
    return [
        {
            "name": c.name,
            "pk": c.pk,
            "columns": wall_columns(_wall_lines(shown, standings.among(rows, ids))),
        }
        for c in event.prize_categories.prefetch_related("players")
        if (ids := [p.pk for p in c.players.all()])
    ]


def _wall_css(column: columns.Column, row=None) -> str:
    """A wall cell's class: numbers right-aligned, a signed figure coloured."""
    if column.kind == columns.SIGNED:
        value = getattr(row, column.key, 0) if row is not None else 0
        return "num pos" if value > 0 else "num neg" if value < 0 else "num"
    return "num" if column.kind == columns.NUMBER else ""


def _wall_heads(shown: Columns) -> list[tuple[str, str]]:
    """The wall's columns (``Columns.wall``): each one's heading and class."""
    return [(c.short or c.heading, _wall_css(c)) for c in shown.wall()]


def _wall_lines(shown: Columns, rows) -> list[list[tuple[str, str]]]:
    """The wall's rows: each cell's text and class."""
    wall = shown.wall()
    return [[(c.text(s), _wall_css(c, s)) for c in wall] for s in rows]


def _wall_check_in(request, event, rounds) -> dict | None:
    """The self check-in's QR code for the wall while it is open and no round has
    tables yet (once round 1 is drawn the wall shows where everybody sits)."""
    if any(r.tables_n for r in rounds):
        return None
    link = checkin.working_link(event)
    if link is None:
        return None
    url = hall_url(request, link.get_absolute_url())
    return {"url": url, "qr": qr_svg(url, scale=8), "count": event.check_ins.count()}


WALL_ROWS = 16  # rows a column of the wall holds in large type


def wall_columns(rows: list) -> list[list]:
    """Rows split into even columns side by side, so 64 players fit one screen."""
    if not rows:
        return [[]]
    count = -(-len(rows) // WALL_ROWS)
    size = -(-len(rows) // count)
    return [rows[i : i + size] for i in range(0, len(rows), size)]


def wall(request, pk):
    """The hall's projector: standings in large type, refreshed in place every few seconds."""
    event = event_or_404(request, pk)
    tag, unchanged = not_modified(request, event.pk)
    if unchanged:
        return unchanged
    url = hall_url(request, event.get_absolute_url())
    context = _wall_context(request, event)
    context.update(hall_url=url, hall_qr=qr_svg(url, scale=5))
    return tagged(render(request, "tournaments/wall.html", context), tag)


def wall_live(request, pk):
    """The wall's changing part, fetched by the wall page and swapped in without a reload."""
    event = event_or_404(request, pk)
    tag, unchanged = not_modified(request, event.pk)
    if unchanged:
        return unchanged
    page = render(request, "tournaments/wall_live.html", _wall_context(request, event))
    return tagged(page, tag)
