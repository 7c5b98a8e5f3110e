"""The results website: a published event or season as static files, rendered by the
app's own public views, so the site shows exactly what the public pages show.

Each file of a site is a public URL of the app (a page, a CSV, a PDF, a stylesheet)
asked for as an anonymous visitor (``site_pages``: a request made here and given to the
URL's view, no server involved) in the base template's published mode (no script, no
service worker, no sign-in: ``request.published``). Its links are then made relative
(``site_links``): a link to another file of the site points at that file, a link to a
page the site does not hold (a deal's page, an organizer's, the wall) is left as plain
text. Nothing about the site is written twice: a page looks in the site as it looks in
the app, because it is the app's page.

Only what the public may read goes in it: an unpublished event or season is refused
(``SiteRefused``, nothing built), and a season's site holds its published events only.
``build_event`` and ``build_season`` return the files in memory ({relative path:
bytes}); ``write_folder`` and ``write_zip`` store them; ``site_store`` keeps one zip of
each per change of the event, for the download.

Where a page is (``event_files``):

    index.html                        the event's page
    standings.html (.csv, .pdf)       the standings, with its choices:
    standings-after-round-N.html ...  after round N (each but the last)
    round-N-standings.html ...        round N alone
    category-ID-standings.html ...    each category's players among themselves
    round-N.html                      a round
    round-N-table-M.html (.pdf)       a table's score sheet
    player-ID.html (.pdf)             a player's statement
    prizes.html (.csv, .pdf)          the prize list, when the event sets prizes
    site.css, hall.css                the app's stylesheets

A season's site has its page at index.html (its standings, .csv and .pdf beside it),
each player's season at player-ID.html, and each published event's site in a folder of
its own, event-ID/.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from . import season_standings
from .models import Event, Player, Season, Table
from .site_pages import Published, render_site
from .words import season_file_stem

# The app's stylesheets the public pages link to, kept at the site's top.
STYLESHEETS = ("site.css", "hall.css")


class SiteRefused(Exception):
    """What may not be exported, and why (an unpublished event or season)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# -- what a site holds: {public URL: file in the site} ----------------------------------


def _three(files: dict[str, str], names: tuple[str, str, str], query: str, stem: str):
    """A standings choice: its page, CSV and PDF."""
    page, csv, pdf = names
    files[f"{page}{query}"] = f"{stem}.html"
    files[f"{csv}{query}"] = f"{stem}.csv"
    files[f"{pdf}{query}"] = f"{stem}.pdf"


def standings_choices(event: Event, rounds: list[int], categories) -> list[tuple[dict, str]]:
    """The standings page's choices the site holds, as (query, file stem): overall,
    after each round but the last (that is overall), each round alone, each category."""
    choices: list[tuple[dict, str]] = [({}, "standings")]
    choices += [({"after": n}, f"standings-after-round-{n}") for n in rounds[:-1]]
    choices += [({"round": n}, f"round-{n}-standings") for n in rounds]
    choices += [({"category": c.pk}, f"category-{c.pk}-standings") for c in categories]
    return choices


def event_files(event: Event, folder: str = "") -> dict[str, str]:
    """Each public URL of the event that its site holds, and the file it is written to
    (under ``folder``: "event-12/" in a season's site). Five queries."""
    pk = event.pk
    files: dict[str, str] = {reverse("event-detail", args=[pk]): "index.html"}
    rounds = list(event.rounds.order_by("number").values_list("pk", "number"))
    categories = list(event.prize_categories.order_by("pk"))
    names = tuple(reverse(n, args=[pk]) for n in ("standings", "standings-csv", "standings-pdf"))
    for query, stem in standings_choices(event, [n for _, n in rounds], categories):
        _three(files, names, f"?{urlencode(query)}" if query else "", stem)
    # Not the round's pack: its blank sheets are for playing, and it was most of a
    # build's time (one page of blank rows a table, as many as the session has deals).
    for round_pk, number in rounds:
        files[reverse("round-detail", args=[round_pk])] = f"round-{number}.html"
    tables = Table.objects.filter(round__event=event).values_list("pk", "round__number", "number")
    for table_pk, round_number, number in tables:
        stem = f"round-{round_number}-table-{number}"
        files[reverse("table-sheet", args=[table_pk])] = f"{stem}.html"
        files[reverse("table-pdf", args=[table_pk])] = f"{stem}.pdf"
    players = Player.objects.filter(registrations__event=event).values_list("pk", flat=True)
    for player in players:
        files[reverse("player-statement", args=[pk, player])] = f"player-{player}.html"
        files[reverse("statement-pdf", args=[pk, player])] = f"player-{player}.pdf"
    if event.sets_prizes:
        _three(
            files,
            tuple(
                reverse(n, args=[pk]) for n in ("prize-list", "prize-list-csv", "prize-list-pdf")
            ),
            "",
            "prizes",
        )
    return {url: folder + path for url, path in files.items()}


def season_files(season: Season, events: list[Event]) -> dict[str, str]:
    """The season's page, its standings' CSV and PDF, each player's season and each of
    ``events`` (its published ones) in a folder of its own."""
    pk = season.pk
    files = {
        reverse("season-detail", args=[pk]): "index.html",
        reverse("season-csv", args=[pk]): "standings.csv",
        reverse("season-pdf", args=[pk]): "standings.pdf",
    }
    table = season_standings.season_standings(season, events)
    for row in table.rows:
        player = row.player.pk
        files[reverse("season-statement", args=[pk, player])] = f"player-{player}.html"
    for event in events:
        files.update(event_files(event, f"{event_folder(event)}/"))
    return files


def event_folder(event: Event) -> str:
    return f"event-{event.pk}"


def stylesheets() -> dict[str, tuple[str, bytes]]:
    """{the stylesheet's URL: (its file in the site, its bytes)}."""
    return {
        static(f"tournaments/{name}"): (
            name,
            Path(finders.find(f"tournaments/{name}")).read_bytes(),
        )
        for name in STYLESHEETS
    }


# -- building a site ----------------------------------------------------------------------


def check_event(event: Event) -> None:
    if not event.published:
        raise SiteRefused(
            f"{event} is not published: only a published event's results may be exported. "
            "Publish it first (Edit event)."
        )


def check_season(season: Season) -> None:
    if not season.published:
        raise SiteRefused(
            f"The season {season.name} is not published: only a published season's "
            "results may be exported. Publish it first (Edit season)."
        )


def build_event(event: Event, pace: Callable[[], None] | None = None) -> dict[str, bytes]:
    """The site of a published event (refused otherwise); ``pace``: called after each
    file (site_store.py)."""
    check_event(event)
    published = Published(event.get_absolute_url(), event.name, timezone.localdate())
    return render_site(event_files(event), stylesheets(), published, pace)


def season_events(season: Season) -> list[Event]:
    """The season's events that its site holds: its published ones."""
    return [e for e in season_standings.season_events(season) if e.published]


def build_season(season: Season, pace: Callable[[], None] | None = None) -> dict[str, bytes]:
    """The site of a published season (refused otherwise) with its published events."""
    check_season(season)
    published = Published(season.get_absolute_url(), season.name, timezone.localdate())
    files = season_files(season, season_events(season))
    return render_site(files, stylesheets(), published, pace)


# -- storing a site -----------------------------------------------------------------------


def write_zip(files: dict[str, bytes], folder: str, target) -> None:
    """The files in a zip written to ``target`` (a file), under one folder (unzipped, it
    does not spill its files)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            archive.writestr(f"{folder}/{path}", files[path])


def write_folder(files: dict[str, bytes], folder: Path) -> None:
    """Write the files into ``folder`` (which the caller checked), replacing files of
    the same name."""
    for path, body in sorted(files.items()):
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)


def site_name(what: Event | Season) -> str:
    """The zip's and its folder's name: "clarkson-taroky-tournament-2026-03-14-site"."""
    if isinstance(what, Season):
        return f"{season_file_stem(what)}-site"
    return f"{slugify(what.name) or 'event'}-{what.date:%Y-%m-%d}-site"
