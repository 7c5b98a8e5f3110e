"""The results website of one event as golden files (tests/web/test_site_golden.py).

The event, the Sokol cup (``sokol_cup``): a Clarkson tournament ranked by table points
(4/3/2/1, ties by chips), with a substitute (Ivan takes Dana's seat at round 1 table 1
from deal 2, in their own name), round 1 closed, a category (Seniors) with a prize of its
own, and prizes. Every deal is a Clarkson Five (the dealers in turn):

  Round 1, table 1: Anna, Bill, Čada, Dana (Ivan from deal 2)
    deal 1  Anna and Bill make it (40):   Anna +8, Bill +8, Čada -8, Dana -8
    deal 2  Ivan and Čada make it (40):   Ivan +8, Čada +8, Anna -8, Bill -8
    deal 3  Ivan and Anna make it (40):   Ivan +8, Anna +8, Bill -8, Čada -8
  Round 1, table 2: Emil, Fanny, Gustav, Hana
    deal 1  Emil and Fanny make it (40):  Emil +8, Fanny +8, Gustav -8, Hana -8
  Round 2, table 1: Anna, Emil, Ivan, Gustav
    deal 1  Emil and Ivan make it (40):   Emil +8, Ivan +8, Anna -8, Gustav -8
  Round 2, table 2: Bill, Fanny, Čada, Hana
    deal 1  Hana and Bill fail it (20):   Fanny +8, Čada +8, Hana -8, Bill -8

What is stored: each page (.html) and CSV of the site, as the site holds it but for
the database's keys in the names of its files (``player-17.html``, ``category-3-...``),
which are the player's or category's name instead (``player-ivan.html``), in the names
and in the links; and the names of all its files (files.txt). The clock is held still
(``outputs.held_still``: the footer's day). The PDFs and stylesheets are the app's own
(tests/web/golden/files has the PDFs): named in files.txt only.

Regenerate with ``.venv/bin/python tests/web/golden/generate_site.py``.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.utils.text import slugify

from tournaments import seat_holders, services, site_export
from tournaments.models import Event, Player, PrizeCategory, Substitution
from tournaments.queries import table_sheet
from tournaments.services import prizes as prize_services

from .outputs import held_still

FILES = Path(__file__).resolve().parent / "site_files"

PLAYERS = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana", "Ivan"]


def _five(table, bidder: str, partner: str, points: int) -> dict:
    """A Clarkson Five at ``table``, under the names its next deal gives the seats (a
    substitute's from their first deal), dealt by whoever the sheet says deals next."""
    seats = list(seat_holders.names_at(table))
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bidder": bidder,
        "bid": "five",
        "partner": partner,
        "bidder_points": points,
        "players": seats,
        "dealer": table_sheet(table).next_deal.dealer,
    }


def _table(rnd, organizer, names: list[str]):
    players = [Player.objects.get(name=n) for n in names]
    return services.create_table(rnd, organizer, players, first_forehand=players[0])


def sokol_cup(organizer=None) -> Event:
    """The Sokol cup (see the module's docstring), published; ``organizer``: a new one."""
    if organizer is None:
        organizer = get_user_model().objects.create_user("cup-organizer", is_staff=True)
    event = services.create_event(
        organizer,
        name="Sokol cup",
        date=datetime.date(2026, 11, 21),
        kind=Event.Kind.TOURNAMENT,
        ruleset="clarkson",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=10,
        published=True,
    )
    event = services.update_event(event, organizer, ranking="table_points", tie_breaks=["chips"])
    for name in PLAYERS:
        services.register_player(event, organizer, name=name, club="Sokol")
    first = services.create_round(event, organizer)
    t1 = _table(first, organizer, ["Anna", "Bill", "Čada", "Dana"])
    t2 = _table(first, organizer, ["Emil", "Fanny", "Gustav", "Hana"])
    services.record_deal(t1, _five(t1, "Anna", "Bill", 40), organizer)
    services.record_deal(t2, _five(t2, "Emil", "Fanny", 40), organizer)
    dana, ivan = Player.objects.get(name="Dana"), Player.objects.get(name="Ivan")
    services.substitute_player(t1, organizer, dana, ivan, 2, Substitution.Mode.AS_HIMSELF)
    services.record_deal(t1, _five(t1, "Ivan", "Čada", 40), organizer)
    services.record_deal(t1, _five(t1, "Ivan", "Anna", 40), organizer)
    services.close_round(first, organizer)
    second = services.create_round(event, organizer)
    t1 = _table(second, organizer, ["Anna", "Emil", "Ivan", "Gustav"])
    t2 = _table(second, organizer, ["Bill", "Fanny", "Čada", "Hana"])
    services.record_deal(t1, _five(t1, "Emil", "Ivan", 40), organizer)
    services.record_deal(t2, _five(t2, "Hana", "Bill", 20), organizer)
    event = prize_services.set_prizes(event, organizer, 1000, "$40\n$20\n$10", False)
    seniors = [Player.objects.get(name=n) for n in ("Anna", "Čada", "Fanny", "Ivan")]
    prize_services.save_category(event, organizer, "Seniors", seniors, "$15")
    return Event.objects.get(pk=event.pk)


def build() -> dict[str, bytes]:
    """The golden files of the Sokol cup's site, built in an empty database."""
    with held_still():
        event = sokol_cup()
        return stored_form(event, site_export.build_event(event))


def stored_form(event: Event, files: dict[str, bytes]) -> dict[str, bytes]:
    """The site's pages and CSVs with names for keys (see the module's docstring), and
    the list of its files."""
    names = {f"player-{p.pk}": f"player-{slugify(p.name)}" for p in event.players.all()}
    for category in PrizeCategory.objects.filter(event=event):
        names[f"category-{category.pk}"] = f"category-{slugify(category.name)}"

    def renamed(text: str) -> str:
        # Only a file's name (player-17.html, category-3-standings.html): a page's own
        # anchors (id="category-1", the first list on the page) are no database keys.
        return re.sub(
            r"\b(player|category)-\d+(?=[.-])", lambda m: names.get(m.group(0), m.group(0)), text
        )

    stored = {
        renamed(path): renamed(body.decode("utf-8")).encode("utf-8")
        for path, body in files.items()
        if path.endswith((".html", ".csv"))
    }
    stored["files.txt"] = "".join(f"{renamed(p)}\n" for p in sorted(files)).encode()
    return stored


def stored() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(FILES.iterdir()) if p.is_file()}


def write(files: dict[str, bytes]) -> None:
    FILES.mkdir(exist_ok=True)
    for path in FILES.iterdir():
        path.unlink()
    for name, body in files.items():
        (FILES / name).write_bytes(body)
