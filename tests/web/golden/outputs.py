"""Every export, CSV and PDF the app writes, rebuilt from one fixed data set.

The data set: the demo (``manage.py load_demo``: Nebraska's La Vista and Clarkson,
Texas XIX and XX, Petrtyl with its pot; corrections and voids), and on top of it, at
the Clarkson tournament's round 2 table 1, two deals entered through the table link (one
confirmed by an organizer, one awaiting confirmation) and chip counts there and at the
Petrtyl table, and Petrtyl's first deal voided afterwards (every later deal gets a new
pot). The Clarkson and Petrtyl events are then exported and imported again as copies.

What would vary between runs is held still or numbered afresh:

- the clock: ``django.utils.timezone.now`` returns ``FIXED_NOW`` throughout the build,
  so every ``created_at``, ``confirmed_at``, ``recorded_at`` and the PDFs' "Printed ..."
  line say that moment;
- the PDFs: reportlab's ``rl_config.invariant = 1`` while they are drawn, so their
  /CreationDate and /ModDate are 2000-01-01 and their /ID is a digest of the content
  (reportlab 4 reads the flag whenever a document is started);
- database keys (which depend on what ran before in the database): the ledger CSV's
  ``id`` and ``reverses`` and the chip-count CSV's ``table`` are numbered 1, 2, 3 ... in
  the order of the keys, per file;
- the table links' tokens: the PDFs are given ``LINK_URL`` instead of a link's address.

A PDF is stored as the SHA-256 of its bytes (``.pdf.sha256``, the check) and the text
pypdf reads from it (``.pdf.txt``, to see what changed); every other output as it is.
Regenerate with ``.venv/bin/python tests/web/golden/generate.py``.

Then a Czech-style day (``czech_day``: table points, both kinds of substitute, teams, a
category, prizes) is played on top, and its standings, prize list and substitutes'
statements are added under ``czech-day/``: a page as its text (``.page.txt``), a CSV as
it is, a PDF as above.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import hashlib
import io
import json
from pathlib import Path
from unittest import mock

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.utils.text import slugify
from pypdf import PdfReader
from reportlab import rl_config

from tournaments import exchange, printouts, services
from tournaments.models import Event, Round, Table
from tournaments.queries import table_sheet

from . import czech_day

FILES = Path(__file__).resolve().parent / "files"
FIXED_NOW = datetime.datetime(2026, 11, 21, 23, 45, tzinfo=datetime.UTC)
LINK_URL = "http://hall.example/t/golden-table-link/"

# Two more deals at the Clarkson tournament's round 2 table 1 (its demo deals are 1-3),
# entered through the table's link.
CLARKSON = "clarkson"
LINK_DEALS = [
    {
        "ruleset": CLARKSON,
        "players": ["Ken Čada", "Josef Kučera", "Robert Brichaček", "Anna Nováková"],
        "dealer": "Anna Nováková",
        "kind": "played",
        "bidder": "Ken Čada",
        "bid": "four",
        "blind": "second",
        "partner": "Robert Brichaček",
        "bidder_points": 40,
    },
    {
        "ruleset": CLARKSON,
        "players": ["Josef Kučera", "Robert Brichaček", "Anna Nováková", "Ken Čada"],
        "dealer": "Ken Čada",
        "kind": "played",
        "bidder": "Josef Kučera",
        "bid": "five",
        "partner": "Anna Nováková",
        "bidder_points": 30,
    },
]

GOOD_PLAYERS_CSV = (
    "name,club,notes\n"
    "Zdeněk Novák,Wilber,new to the club\n"
    "anna novakova,,\n"  # the demo's Anna Nováková, told apart only by case and accents
    "Ken Čada,Dodge,\n"  # registered with another club: the club is kept
    "\n"
    "Marie Svobodová,,\n"
)
BAD_PLAYERS_CSVS = {
    "no name column": "player,club\nAnna,Heun\n",
    "bad rows": "name,club\n"
    + "".join(f"{'x' * 300},Heun\n" for _ in range(11))
    + f"Fine Name,{'c' * 300}\n",
    "a field too long": "name\n" + '"' + "y" * 140_000 + '"\n',
}


@contextlib.contextmanager
def held_still():
    """The fixed clock and reportlab's invariant mode, for as long as the build runs."""
    invariant = rl_config.invariant
    rl_config.invariant = 1
    try:
        with mock.patch("django.utils.timezone.now", return_value=FIXED_NOW):
            yield
    finally:
        rl_config.invariant = invariant


def build() -> dict[str, bytes]:
    """File name -> contents, of every output; needs an empty database."""
    with held_still():
        organizer = _data_set()
        events = list(Event.objects.order_by("date", "name"))
        files: dict[str, bytes] = {}
        for event in events:
            files.update(_event_outputs(event, slugify(event.name)))
        files.update(_players_import(events, organizer))
        files.update(_import_errors(events, organizer))
        # The replay of an import, where it does more than record: Clarkson's confirmed
        # and awaiting deals, Petrtyl's new pots (the other copies' ledgers are their
        # originals').
        for event in events:
            if event.ruleset in (CLARKSON, "petrtyl"):
                copy = exchange.import_event(json.loads(_export(event)), organizer)
                files[f"{slugify(event.name)}/copy.ledger.csv"] = _ledger(copy)
        files["filenames.txt"] = _filenames(events)
        # A Czech-style day on top, after the demo's outputs (which it leaves as they
        # were): table points, substitutes, teams, categories, prizes (issue 35).
        files.update(czech_day.outputs(czech_day.build(organizer), pdf_files))
    return files


def _data_set():
    call_command("load_demo", stdout=io.StringIO())
    organizer = get_user_model().objects.get(username="organizer")
    second = get_user_model().objects.create_user("second-organizer", is_staff=True)
    tournament = Event.objects.get(ruleset=CLARKSON)
    tournament.organizers.add(second)
    services.update_event(tournament, organizer, table_deals_need_confirmation=True)
    table = Table.objects.get(round__event=tournament, round__number=2, number=1)
    link = services.issue_link(table, organizer)
    first, _ = [services.record_deal(table, doc, AnonymousUser(), link=link) for doc in LINK_DEALS]
    services.confirm_deal(first, second)
    petrtyl = Table.objects.get(round__event__ruleset="petrtyl")
    # Voiding Petrtyl's first deal (a misdeal, paid into the pot) afterwards gives every
    # later deal a new pot: versions the import makes again on its own.
    services.void_deal(petrtyl.deals.get(number=1), organizer, "No misdeal after all.")
    for counted, at in ((-1, table), (2, petrtyl)):
        players = [s.player for s in at.seats.order_by("position")]
        expected = _chips(at)
        services.record_chip_count(
            at, organizer, {p: expected[p.name] + counted * i for i, p in enumerate(players)}
        )
    return organizer


def _chips(table) -> dict[str, int]:
    sheet = table_sheet(table)
    return {p.name: chips for p, chips in zip(sheet.players, sheet.chips, strict=True)}


def _export(event) -> str:
    """As ``manage.py export_event`` writes it."""
    return json.dumps(exchange.export_event(event), ensure_ascii=False, indent=1) + "\n"


def _event_outputs(event, slug) -> dict[str, bytes]:
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
    player = tables[0].seats.order_by("position").first().player
    files = {
        "event.json": _export(event).encode(),
        "deals.csv": exchange.deals_csv(event).encode(),
        "ledger.csv": _ledger(event),
        "standings.csv": exchange.standings_csv(event).encode(),
        "chip-counts.csv": _renumbered(exchange.chip_counts_csv(event), "table"),
    }
    pdfs = {
        "standings.pdf": printouts.standings_pdf(event),
        f"statement-{slugify(player.name)}.pdf": printouts.statement_pdf(event, player),
    }
    for rnd in rounds:
        if len(rounds) > 1:
            n = rnd.number
            files[f"standings-after-round-{n}.csv"] = exchange.standings_csv(event, n).encode()
            files[f"standings-round-{n}.csv"] = exchange.standings_csv(event, only_round=n).encode()
            pdfs[f"standings-after-round-{n}.pdf"] = printouts.standings_pdf(event, n)
            pdfs[f"standings-round-{n}.pdf"] = printouts.standings_pdf(event, only_round=n)
        pdfs[f"round-{rnd.number}-pack.pdf"] = printouts.round_pack_pdf(rnd)
    for table in tables:
        where = f"round-{table.round.number}-table-{table.number}"
        pdfs[f"{where}.pdf"] = printouts.score_sheet_pdf(table)
    first = tables[0]
    pdfs["round-1-table-1-blank.pdf"] = printouts.blank_sheet_pdf(first)
    pdfs["round-1-table-1-blank-link.pdf"] = printouts.blank_sheet_pdf(first, link_url=LINK_URL)
    last = rounds[-1]
    urls = {t.pk: LINK_URL + str(t.number) for t in last.tables.all()}
    pdfs[f"round-{last.number}-pack-links.pdf"] = printouts.round_pack_pdf(last, urls)
    for name, pdf in pdfs.items():
        files.update(pdf_files(name, pdf))
    return {f"{slug}/{name}": body for name, body in files.items()}


def pdf_files(name: str, pdf: bytes) -> dict[str, bytes]:
    """A PDF as stored: the SHA-256 of its bytes and the text of its pages."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    text = "".join(f"--- page {i} ---\n{p.extract_text()}\n" for i, p in enumerate(pages, 1))
    return {
        f"{name}.sha256": (hashlib.sha256(pdf).hexdigest() + "\n").encode(),
        f"{name}.txt": text.encode(),
    }


def _ledger(event) -> bytes:
    return _renumbered(exchange.ledger_csv(event), "id", "reverses")


def _renumbered(text: str, *columns: str) -> bytes:
    """The CSV with the database keys in ``columns`` numbered 1, 2, 3 ... in their order."""
    rows = list(csv.reader(io.StringIO(text)))
    head, body = rows[0], rows[1:]
    at = [head.index(c) for c in columns]
    keys = sorted({int(row[i]) for row in body for i in at if row[i]})
    number = {str(k): str(n) for n, k in enumerate(keys, 1)}
    for row in body:
        for i in at:
            row[i] = number.get(row[i], row[i])
    out = io.StringIO()
    csv.writer(out).writerows([head, *body])
    return out.getvalue().encode()


def _players_import(events, organizer) -> dict[str, bytes]:
    """What the players CSV import says, for a good file and for bad ones."""
    tournament = next(e for e in events if e.ruleset == CLARKSON)
    said = {}
    for name, text in BAD_PLAYERS_CSVS.items():
        try:
            exchange.import_players_csv(text, tournament, organizer)
        except services.ServiceError as e:
            said[name] = e.message
        else:  # pragma: no cover - a golden file then says so
            said[name] = "imported"
    said["good"] = exchange.import_players_csv(GOOD_PLAYERS_CSV, tournament, organizer).summary()
    return {"players-import.json": _json(said)}


def _import_errors(events, organizer) -> dict[str, bytes]:
    """What import_event says of broken documents, each made from a good export."""
    tournament = next(e for e in events if e.ruleset == CLARKSON)
    petrtyl = next(e for e in events if e.ruleset == "petrtyl")
    good = json.loads(_export(tournament))
    pot = json.loads(_export(petrtyl))

    def deal(doc, r=0, t=0, d=0):
        return doc["rounds"][r]["tables"][t]["deals"][d]

    # Each changes the document in place, or returns the broken document.
    breakages = {
        "not an export": lambda doc: ["a list"],
        "another format": lambda doc: doc.update(format="taroky-event/0"),
        "no rounds": lambda doc: {k: v for k, v in doc.items() if k != "rounds"},
        "bad settings": lambda doc: doc["event"].update(starting_chips=-5, ruleset="chess"),
        "a player twice": lambda doc: doc["players"].append(dict(doc["players"][0])),
        "a player's long club": lambda doc: doc["players"][0].update(club="c" * 300),
        "rounds misnumbered": lambda doc: doc["rounds"][1].update(number=3),
        "a stranger seated": lambda doc: doc["rounds"][0]["tables"][0]["seats"].__setitem__(
            0, "Nobody Known"
        ),
        "forehand elsewhere": lambda doc: doc["rounds"][0]["tables"][0].update(
            first_forehand=doc["rounds"][0]["tables"][1]["seats"][0]
        ),
        "a sequence twice": lambda doc: deal(doc, d=1)["versions"][0].update(
            sequence=deal(doc)["versions"][0]["sequence"]
        ),
        "not a date-time": lambda doc: deal(doc)["versions"][0].update(created_at="yesterday"),
        "a void first": lambda doc: deal(doc)["versions"][0].update(action="voided"),
        "a refused deal": lambda doc: deal(doc)["versions"][0]["document"].update(
            bidder_points=200
        ),
        "a bad confirmation": lambda doc: deal(doc, r=1)["confirmation"].update(
            confirmed=[{"version": 9, "by": "x", "at": "2026-11-21T10:00:00"}]
        ),
    }
    said = {name: _refusal(good, breaking, organizer) for name, breaking in breakages.items()}
    said["a new pot nothing made"] = _refusal(pot, _unmade_repot, organizer)
    said["a new pot that differs"] = _refusal(pot, _changed_repot, organizer)
    return {"import-errors.json": _json(said)}


def _unmade_repot(doc) -> None:
    """Deal 1 never voided: the later deals' new pots are made by nothing in the file."""
    first = doc["rounds"][0]["tables"][0]["deals"][0]
    first["versions"] = first["versions"][:1]


def _changed_repot(doc) -> None:
    """Deal 2's new pot says another pot than the replay makes."""
    second = doc["rounds"][0]["tables"][0]["deals"][1]
    repot = next(v for v in second["versions"] if v["action"] == "repotted")
    repot["document"]["pot"] += 7


def _refusal(good: dict, breaking, organizer) -> str:
    document = json.loads(json.dumps(good))
    broken = breaking(document)
    if broken is not None:
        document = broken
    try:
        exchange.import_event(document, organizer)
    except exchange.ExchangeError as e:
        return e.message
    return "imported"  # pragma: no cover - a golden file then says so


def _filenames(events) -> bytes:
    lines = []
    for event in events:
        table = Table.objects.filter(round__event=event).order_by("round__number", "number")[0]
        lines += [
            printouts.filename(event, "round", table.round.number, "table", table.number),
            printouts.filename(event, "standings", "after", "round", 1),
            printouts.filename(event, "statement", "Ken Čada"),
        ]
    return "".join(f"{line}\n" for line in lines).encode()


def _json(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=1) + "\n").encode()


def stored() -> dict[str, bytes]:
    """The golden files as committed."""
    return {
        str(path.relative_to(FILES)): path.read_bytes()
        for path in sorted(FILES.rglob("*"))
        if path.is_file()
    }


def write(files: dict[str, bytes]) -> None:
    """Replace the golden files with ``files``."""
    for path in sorted(FILES.rglob("*"), reverse=True):
        if path.is_file():
            path.unlink()
        else:
            path.rmdir()
    for name, body in files.items():
        path = FILES / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
