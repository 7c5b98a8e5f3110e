"""``audit_ledger --verbose`` lists each deal it checked and each correction, new pot
or void of it, a line each naming the event, round, table and deal, besides the count
(it printed one count: an organizer could not point at the disputed deal)."""

import io

import pytest
from django.core.management import call_command

from tournaments import services

from ..conftest import game_table

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bill", "Cyril", "Dana"]


def petrtyl(**fields):
    return {"ruleset": "petrtyl", "players": PLAYERS} | fields


PAPOOSE_WON = petrtyl(
    kind="played",
    dealer="Anna",
    bidder="Anna",
    bid="four",
    partner="Cyril",
    talon="second",
    bidder_points=41,
    papoose_last={"player": "Cyril", "announced": True, "outcome": "won"},
)


def audit(**options) -> list[str]:
    out = io.StringIO()
    call_command("audit_ledger", stdout=out, **options)
    return out.getvalue().splitlines()


def test_the_verbose_audit_lists_each_deal_and_correction(organizer):
    table = game_table(organizer, "petrtyl", PLAYERS, name="Petrtyl night")
    first = services.record_deal(table, petrtyl(kind="misdeal", dealer="Bill"), organizer)
    services.record_deal(table, PAPOOSE_WON, organizer)
    services.correct_deal(first, petrtyl(kind="thrown_in", dealer="Bill"), organizer, "a redeal")
    services.record_deal(table, petrtyl(kind="misdeal", dealer="Dana"), organizer)
    services.void_deal(table.deals.get(number=3), organizer, "not played")
    where = "Petrtyl night, round 1, table 1"
    assert audit(verbose=True) == [
        f"CHECKED {where}, deal 1: 2 versions, 2 ledger rows",
        f"CHECKED {where}, deal 1, version 2: Corrected by org: a redeal",
        f"CHECKED {where}, deal 2: 2 versions, 14 ledger rows",
        f"CHECKED {where}, deal 2, version 2: New pot by the app, after the correction of "
        "deal 1: The pot changed: deal 1 was corrected",
        f"CHECKED {where}, deal 3: 2 versions, 2 ledger rows (voided)",
        f"CHECKED {where}, deal 3, version 2: Voided by org: not played",
        "Audited 3 deals, 18 ledger rows and 20 deal nets: 0 problems.",
    ]
    # Without it, the count alone; with an event, that event's deals alone.
    assert audit() == ["Audited 3 deals, 18 ledger rows and 20 deal nets: 0 problems."]
    other = game_table(organizer, "petrtyl", PLAYERS, name="Another night")
    services.record_deal(other, petrtyl(kind="misdeal", dealer="Anna"), organizer)
    assert audit(verbose=True, events=[other.round.event_id]) == [
        "CHECKED Another night, round 1, table 1, deal 1: 1 version, 1 ledger row",
        "Audited 1 deal, 1 ledger row and 4 deal nets: 0 problems.",
    ]
