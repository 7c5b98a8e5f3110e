"""A phone's deal cycle through its table link (the deal form, the save, the sheet) costs
the same queries at a table of four and of five, after 1 deal and after 12: the figures
of docs/operations.md ("Where a deal's time goes"), counted as the benchmark counts them
(scripts/bench_deal_cycle.py: every statement, the transaction's BEGIN too)."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Deal, Event, LedgerEntry, Player

from ..conftest import SEATS4, SEATS5, club_night

# Transactions as the server has them: a save's own BEGIN, not a test's savepoint.
pytestmark = pytest.mark.django_db(transaction=True)

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NUMBER = re.compile(r'name="number" value="(\d+)"')

# Each request's queries on each database: the link (with its table, round and event),
# the seats, the deals, the ledger; saving: the seats and whether the number is taken,
# then under the lock the link and the table, the seats with the counts, the deal, its
# version, nets and ledger rows, the live pages' count.
QUERIES = {
    "sqlite": {"form": 3, "save": 10, "sheet": 4},
    # The save's lock_timeout, the table's ids, the event's and the round's share locks,
    # the table and the link each locked by a statement of its own; no BEGIN statement.
    "postgresql": {"form": 3, "save": 14, "sheet": 4},
}


def linked_table(organizer, names, **event_fields):
    """A la Vista table of ``names`` whose deals go through its link and wait for an
    organizer's confirmation, as in the hall's load test."""
    fields = {"table_deals_need_confirmation": True, **event_fields}
    event = club_night(organizer, "la-vista", **fields)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.get_or_create(name=name)[0] for name in names]
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    return table, services.issue_link(table, organizer)


def deal_fields(names, dealer: str, points: int) -> dict:
    """A played Four: the dealer's forehand bids with the second half of the blind."""
    seats = names[names.index(dealer) + 1 :] + names[: names.index(dealer)]
    playing = [n for n in seats if n != dealer] if len(names) == 5 else seats
    return {
        "kind": "played",
        "dealer": dealer,
        "bidder": playing[0],
        "bid": "four",
        "blind": "second",
        "partner": playing[2],
        "kontra": "none",
        "bidder_points": str(points),
    }


def sent(queries) -> int:
    """The statements sent, as the benchmark counts them (its execute_wrapper): Django
    logs a transaction's COMMIT too, and on PostgreSQL its BEGIN, which are the driver's,
    no statements of the app's (SQLite's is one: "BEGIN IMMEDIATE")."""
    return sum(q["sql"] not in ("BEGIN", "COMMIT") for q in queries.captured_queries)


def cycle(phone, link, names, points=40) -> dict[str, int]:
    """One deal through the link: each request's queries."""
    counts = {}
    with CaptureQueriesContext(connection) as queries:
        form = phone.get(reverse("link-deal", args=[link.token]))
    counts["form"] = sent(queries)
    html = form.content.decode()
    body = {
        "csrfmiddlewaretoken": CSRF.search(html).group(1),
        "number": NUMBER.search(html).group(1),
        **deal_fields(names, dealer_of(html, names), points),
        "save": "1",
    }
    with CaptureQueriesContext(connection) as queries:
        saved = phone.post(reverse("link-deal", args=[link.token]), body)
    assert saved.status_code == 302, saved.content.decode()[:500]
    counts["save"] = sent(queries)
    with CaptureQueriesContext(connection) as queries:
        sheet = phone.get(saved["Location"])
    assert sheet.status_code == 200
    counts["sheet"] = sent(queries)
    return counts


def dealer_of(html: str, names) -> str:
    """The dealer the form suggests (the seat marked "deals next")."""
    seats = html[html.index("Seats ") : html.index("rules.")]
    marked = re.search(r'([^:→>]+?) <strong id="next-dealer">', seats)
    return marked.group(1).strip() if marked else names[-1]


@pytest.mark.parametrize("names", [SEATS4, SEATS5], ids=["four", "five"])
def test_a_deal_cycle_costs_the_same_queries_at_two_sizes(organizer, names):
    table, link = linked_table(organizer, names, deals_per_session=100)
    phone = Client()
    cycle(phone, link, names)  # the first deal through a link makes the links' account
    counts = [cycle(phone, link, names)]  # the sheet has 2 deals
    for points in range(30, 40):
        cycle(phone, link, names, points)
    counts.append(cycle(phone, link, names))  # the sheet has 13 deals
    assert counts[0] == counts[1] == QUERIES[connection.vendor]
    assert Deal.objects.filter(table=table).count() == 13
    # Every deal saved through the link waits for an organizer and balances.
    assert set(table.deals.values_list("awaiting_confirmation", "entered_via")) == {(True, link.pk)}
    assert LedgerEntry.objects.filter(table=table).count() > 13
    assert audit_ledger([table.round.event_id]).ok


@pytest.mark.parametrize(
    "session",
    [
        {"session_end": Event.SessionEnd.FIXED_DEALS, "deals_per_session": 100},
        {"session_end": Event.SessionEnd.OUT_OF_CHIPS, "starting_chips": 1000},
        {"session_end": Event.SessionEnd.TIMED},
    ],
    ids=["fixed deals", "out of chips", "timed"],
)
def test_saving_costs_ten_queries_whatever_ends_the_session(organizer, session):
    """The chips are read with the seats only where the session needs them, a timed
    table's clock costs nothing before its bell: the save is ten queries on SQLite."""
    table, link = linked_table(organizer, SEATS4, **session)
    phone = Client()
    cycle(phone, link, SEATS4)  # the links' account made
    counts = [cycle(phone, link, SEATS4)["save"] for _ in range(3)]
    assert counts == [QUERIES[connection.vendor]["save"]] * 3
    assert table.deals.count() == 4
