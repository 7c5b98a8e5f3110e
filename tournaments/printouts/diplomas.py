"""Diplomas (``diplomas_pdf``): a page for each of the event's top three and each prize
category's winner, placed by the ranking engine (``standings.standings`` and
``standings.among``, as the standings and the prize list place them): the player's
name, the place in words, the event's name, date, venue and club."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors

from ..places import place_text
from ..standings import among, standings
from . import fonts
from .common import INK
from .tent import draw_lines, fit_name, new_canvas, shortened

GOLD = colors.HexColor("#9c7a2b")
TOP_PLACES = 3


@dataclass
class Diploma:
    name: str
    place: str  # "1st place", "2nd= place", "Winner, Seniors"


def _marked(s) -> bool:
    """Whether the engine writes the row's rank as shared ("3="): by points only."""
    return s.shared and s.scoring is not None and s.scoring.marks_shared


def diplomas(event) -> list[Diploma]:
    """The top three places (every player holding one: a place shared is shared here
    too), then each prize category's winners, in the categories' order; none before a
    deal is recorded. A fixed number of queries."""
    rows = standings(event)
    if not any(s.deals_played for s in rows):
        return []
    found = [
        Diploma(s.player.name, f"{place_text(s.rank, _marked(s), ordinal_form=True)} place")
        for s in rows
        if s.took_part and s.rank <= TOP_PLACES
    ]
    for category in event.prize_categories.prefetch_related("players"):
        ranked = among(rows, [p.pk for p in category.players.all()])
        for s in ranked:
            if s.took_part and s.rank == 1:
                won = "Joint winner" if _marked(s) else "Winner"
                found.append(Diploma(s.player.name, f"{won}, {category.name}"))
    return found


def event_club(event) -> str:
    """The club the event is held by, as the app knows it: its season's club or
    series ("" when the event counts in no season, or the season names none)."""
    return event.season.club if event.season_id else ""


def diplomas_pdf(event, awarded: list[Diploma], club: str = "") -> bytes:
    """A page a diploma; one page saying why there is none before any deal."""
    canvas, buffer, (width, height) = new_canvas(event, f"{event.name}: diplomas")
    if not awarded:
        canvas.setFont(fonts.BOLD, 14)
        canvas.drawString(60, height - 80, f"{event.name}: diplomas")
        canvas.setFont(fonts.REGULAR, 11)
        canvas.drawString(
            60, height - 100, "No places yet: the diplomas follow the standings once deals are in."
        )
        canvas.showPage()
    for diploma in awarded:
        _page(canvas, event, diploma, club, width, height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _page(canvas, event, diploma: Diploma, club: str, width: float, height: float) -> None:
    _border(canvas, width, height)
    room = width - 2 * 80
    middle = width / 2
    canvas.setFillColor(GOLD)
    if club:
        canvas.setFont(fonts.BOLD, 18)
        canvas.drawCentredString(middle, height - 118, shortened(club, room, 18))
    canvas.setFont(fonts.BOLD, 64)
    canvas.drawCentredString(middle, height * 0.72, "Diploma")
    canvas.setFillColor(INK)
    canvas.setFont(fonts.REGULAR, 16)
    canvas.drawCentredString(middle, height * 0.72 - 52, "awarded to")
    size, lines = fit_name(diploma.name, room, 44, 28)
    last = draw_lines(canvas, lines, size, 80, height * 0.72 - 76, room)
    canvas.setStrokeColor(GOLD)
    canvas.setLineWidth(0.8)
    canvas.line(middle - 150, last - 18, middle + 150, last - 18)
    place_at = min(last - 80, height * 0.47)
    canvas.setFont(fonts.BOLD, 36)
    canvas.drawCentredString(middle, place_at, shortened(diploma.place, room, 36))
    canvas.setFont(fonts.REGULAR, 16)
    canvas.drawCentredString(middle, place_at - 48, "at")
    size, lines = fit_name(event.name, room, 26, 18)
    last = draw_lines(canvas, lines, size, 80, place_at - 66, room)
    canvas.setFont(fonts.REGULAR, 14)
    canvas.drawCentredString(middle, last - 32, f"{event.date:%A, %B %-d, %Y}")
    if event.venue:
        canvas.drawCentredString(middle, last - 52, shortened(event.venue, room, 14))
    # Where the organizer signs.
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.line(middle - 110, 120, middle + 110, 120)
    canvas.setFont(fonts.REGULAR, 10)
    canvas.drawCentredString(middle, 106, "Organizer")


def _border(canvas, width: float, height: float) -> None:
    """A double frame in gold, a diamond at each corner."""
    canvas.saveState()
    canvas.setStrokeColor(GOLD)
    canvas.setLineWidth(3)
    canvas.rect(34, 34, width - 68, height - 68)
    canvas.setLineWidth(0.8)
    canvas.rect(44, 44, width - 88, height - 88)
    canvas.setFillColor(GOLD)
    for x, y in ((34, 34), (width - 34, 34), (34, height - 34), (width - 34, height - 34)):
        path = canvas.beginPath()
        path.moveTo(x, y - 9)
        path.lineTo(x + 9, y)
        path.lineTo(x, y + 9)
        path.lineTo(x - 9, y)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
