"""One form of time (issue 40): every time shown is the club's local time with its zone
named, and the ledger CSV gives the same local time beside its UTC one, so a deal's
page and its ledger rows say the same day."""

import csv
import datetime
import io
from unittest import mock

import pytest
from django.urls import reverse

from tournaments import exchange, services
from tournaments.models import ActivityEntry, ChipCount
from tournaments.services import entry
from tournaments.services.rejected import sent_words

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

# 05:29:32 UTC on the 29th is 23:29 on the 28th in Nebraska (the project's TIME_ZONE).
LATE = datetime.datetime(2026, 11, 29, 5, 29, 32, tzinfo=datetime.UTC)
# In summer the zone is said as summer time: 01:00 UTC on 4 July is 20:00 CDT on the 3rd.
SUMMER = datetime.datetime(2026, 7, 4, 1, 0, tzinfo=datetime.UTC)


def at(moment):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def ledger_rows(event) -> list[dict]:
    return list(csv.DictReader(io.StringIO(exchange.ledger_csv(event).lstrip("\ufeff"))))


@pytest.mark.parametrize(
    "moment, utc, local",
    [
        (LATE, "2026-11-29T05:29:32+00:00", "2026-11-28 23:29 CST"),
        (SUMMER, "2026-07-04T01:00:00+00:00", "2026-07-03 20:00 CDT"),
    ],
)
def test_the_deal_page_and_the_ledger_csv_say_one_day(client, table, organizer, moment, utc, local):
    with at(moment):
        deal = services.record_deal(table, played_doc(), organizer)
    client.force_login(organizer)
    page = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    assert f"<td>{local}</td>" in page  # the version's time in the history
    rows = ledger_rows(table.round.event)
    assert list(rows[0])[-2:] == ["created_at", "created_at_local"]
    assert {(r["created_at"], r["created_at_local"]) for r in rows} == {(utc, local)}


def test_a_stale_correction_names_the_zone(table, organizer):
    with at(LATE):
        deal = services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.StaleDealError) as told:
        services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount", 2)
    assert told.value.message == (
        "This deal was changed by org at 23:29:32 CST on 2026-11-28 (now version 1); "
        "reload it and enter your change again."
    )


def test_the_chip_count_and_the_activity_log_name_the_zone(client, table, organizer):
    with at(LATE):
        deal = services.record_deal(table, played_doc(), organizer)
        ChipCount.objects.create(
            table=table,
            player=deal.bidder,
            counted=25,
            expected=25,
            recorded_by=organizer,
        )
    client.force_login(organizer)
    page = client.get(reverse("chip-count", args=[table.pk])).content.decode()
    assert "<td>2026-11-28 23:29 CST</td>" in page
    with at(LATE):
        services.update_event(table.round.event, organizer, deals_per_session=30)
    entry = ActivityEntry.objects.filter(action=ActivityEntry.Action.UPDATE_EVENT).get()
    assert str(entry) == "update_event by org at 2026-11-28 23:29 CST"


def test_a_conflict_and_a_kept_version_name_the_zone(table, organizer):
    with at(LATE):
        services.record_deal(table, played_doc(), organizer, number=1)
    with at(LATE + datetime.timedelta(seconds=30)):
        sent = entry.submit(table, played_doc(bidder_points=20), organizer, number=1)
    assert sent.result == "conflict"
    assert sent.conflict.saved_at == "23:29:32 CST"
    assert sent_words(sent.conflict.kept) == "org sent at 23:30:02 CST"
