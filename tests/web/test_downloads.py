"""The event's downloads say what the database holds, cell by cell."""

import csv
import io
import json

import pytest
from django.urls import reverse

import taroky_scoring as core
from tournaments import services
from tournaments.models import DealVersion

from ..conftest import SEATS4, played_doc

pytestmark = pytest.mark.django_db

SURRENDER = {
    "ruleset": "la-vista",
    "players": list(SEATS4),
    "dealer": "Anna",
    "kind": "surrendered",
    "bidder": "Bill",
    "bid": "four",
    "blind": "second",
}


@pytest.fixture
def downloads(client, table, organizer):
    """Deal 1 entered at 30 points and corrected to 41; deal 2 a surrender, voided."""
    first = services.record_deal(table, played_doc(bidder_points=30), organizer)
    services.correct_deal(first, played_doc(), organizer, "Recounted the pile")
    second = services.record_deal(table, SURRENDER, organizer)
    services.void_deal(second, organizer, "Wrong table", expected_version=1)
    client.force_login(organizer)

    def get(what):
        response = client.get(reverse("event-download", args=[table.round.event.pk, what]))
        assert response.status_code == 200
        return response

    return get


def rows(response) -> list[list[str]]:
    # A byte-order mark first, so Excel on Windows reads the Czech letters as UTF-8.
    assert response.content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_deals_csv_has_every_deal_as_it_stands(downloads):
    response = downloads("deals.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="heun-parish-night-2026-11-20-deals.csv"'
    )
    table = rows(response)
    assert [row[:12] for row in table] == [
        ["round", "table", "deal", "version", "kind", "dealer", "bidder", "bid", "partner",
         "bidder_points", "bidder_won", "voided"],
        ["1", "1", "1", "2", "played", "Dana", "Anna", "four", "Čada", "41", "True", "False"],
        ["1", "1", "2", "2", "surrendered", "Anna", "Bill", "four", "", "", "", "True"],
    ]  # fmt: skip
    assert table[0][12] == "document"
    assert [json.loads(row[12]) for row in table[1:]] == [played_doc(), SURRENDER]


def test_event_json_has_the_event_its_players_and_every_version(downloads, organizer):
    response = downloads("event.json")
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        'attachment; filename="heun-parish-night-2026-11-20.json"'
    )
    document = json.loads(response.content)
    assert document["format"] == "taroky-event/1"
    assert document["event"] == {
        "name": "Heun parish night",
        "date": "2026-11-20",
        "venue": "Holy Trinity, Heun",
        "kind": "club_night",
        "ruleset": "la-vista",
        "house_rules": {},
        "starting_chips": 20,
        "session_end": "fixed_deals",
        "deals_per_session": 20,
        "published": False,
        "bye_chips": 0,
        "paper_size": "letter",
        "table_deals_need_confirmation": False,
    }
    # In the database's collation order, which differs between SQLite and PostgreSQL.
    assert sorted(document["players"], key=lambda p: p["name"]) == [
        {"name": name, "club": "", "notes": "", "withdrawn": False} for name in sorted(SEATS4)
    ]
    [rnd] = document["rounds"]
    assert {k: rnd[k] for k in ("number", "seed", "present", "byes")} == {
        "number": 1,
        "seed": None,
        "present": [],
        "byes": [],
    }
    [table] = rnd["tables"]
    assert (table["number"], table["seats"], table["first_forehand"]) == (1, SEATS4, "Anna")
    times = {v.created_at.isoformat() for v in DealVersion.objects.all()}
    versions = [
        (deal["number"], {k: v for k, v in version.items() if k != "created_at"})
        for deal in table["deals"]
        for version in deal["versions"]
    ]
    assert all(
        version["created_at"] in times for deal in table["deals"] for version in deal["versions"]
    )

    def version(number, sequence, action, document, reason=""):
        return {
            "number": number,
            "sequence": sequence,
            "action": action,
            "document": document,
            "reason": reason,
            "created_by": "org",
        }

    assert versions == [
        (1, version(1, 1, "recorded", played_doc(bidder_points=30))),
        (1, version(2, 2, "corrected", played_doc(), "Recounted the pile")),
        (2, version(1, 3, "recorded", SURRENDER)),
        (2, version(2, 4, "voided", SURRENDER, "Wrong table")),
    ]


def test_ledger_csv_has_every_transfer_and_reversal(downloads):
    table = rows(downloads("ledger.csv"))
    assert table[0] == [
        "id", "round", "table", "deal", "version", "from", "to", "chips", "reason",
        "explanation", "reverses", "created_by", "created_at", "created_at_local",
    ]  # fmt: skip

    def lines(deal, version, document, reversal_of=None):
        out = []
        for t in core.score(document).transfers:
            if reversal_of:
                out.append(
                    [
                        deal,
                        version,
                        t.payee,
                        t.payer,
                        str(t.chips),
                        t.reason.value,
                        f"Reversal of version {reversal_of}: {t.explanation}",
                    ]
                )
            else:
                out.append(
                    [deal, version, t.payer, t.payee, str(t.chips), t.reason.value, t.explanation]
                )
        return out  # fmt: skip

    expected = (
        lines("1", "1", played_doc(bidder_points=30))
        + lines("1", "2", played_doc(bidder_points=30), reversal_of=1)
        + lines("1", "2", played_doc())
        + lines("2", "1", SURRENDER)
        + lines("2", "2", SURRENDER, reversal_of=1)
    )
    assert [[r[3], r[4], r[5], r[6], r[7], r[8], r[9]] for r in table[1:]] == expected
    assert {r[11] for r in table[1:]} == {"org"}
    reversed_ids = [r[10] for r in table[1:] if r[10]]
    assert reversed_ids == [table[1][0], table[2][0], table[7][0], table[8][0], table[9][0]]
