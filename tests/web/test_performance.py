"""The bulk service and the synthetic events behave like the ordinary path, and pages
cost the same number of queries however many rounds and deals an event has."""

import io
from collections import Counter

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments import services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Deal, DealVersion, Event, LedgerEntry, Player
from tournaments.synthetic import Size, make_synthetic_event

from ..conftest import played_doc

pytestmark = pytest.mark.django_db


def rows(table):
    return [
        (e.deal.number, e.payer.name, e.payee.name, e.chips, e.reason, e.explanation)
        for e in LedgerEntry.objects.filter(table=table)
        .select_related("deal", "payer", "payee")
        .order_by("id")
    ]


def test_record_deals_posts_what_record_deal_posts(table, round1, organizer):
    other = services.create_table(
        round1,
        organizer,
        [Player.objects.create(name=n) for n in ("Anna·b", "Bill·b", "Čada·b", "Dana·b")],
    )
    documents = [
        played_doc(),
        played_doc(dealer="Anna", bid="five", blind=None, bidder_points=20, kontra="kontra"),
    ]
    for doc in documents:
        services.record_deal(table, doc, organizer)
    renamed = [
        {
            **d,
            "players": [f"{p}·b" for p in d["players"]],
            "dealer": f"{d['dealer']}·b",
            "bidder": "Anna·b",
            "partner": "Čada·b",
        }
        for d in documents
    ]
    services.record_deals(other, renamed, organizer)
    strip = [
        (n, a.replace("·b", ""), b.replace("·b", ""), c, r, x.replace("·b", ""))
        for n, a, b, c, r, x in rows(other)
    ]
    assert strip == rows(table)
    assert list(other.deals.values_list("number", "version", "bid")) == [
        (1, 1, "four"),
        (2, 1, "five"),
    ]
    assert audit_ledger().ok


def test_record_deals_refuses_the_whole_batch(table, organizer):
    with pytest.raises(services.DealError):
        services.record_deals(table, [played_doc(), played_doc(bid="six")], organizer)
    assert Deal.objects.count() == 0


def test_record_deals_checks_the_session_before_every_deal(table, organizer):
    """The batch saves each deal as record_deal does: a deal after the session's last is
    refused, and with it the whole batch."""
    services.update_event(table.round.event, organizer, deals_per_session=2)
    with pytest.raises(services.DealError) as refused:
        services.record_deals(table, [played_doc(), played_doc(), played_doc()], organizer)
    assert refused.value.message == (
        "This table's session has ended after 2 deals; no more deals can be entered."
    )
    assert (Deal.objects.count(), DealVersion.objects.count(), LedgerEntry.objects.count()) == (
        0,
        0,
        0,
    )
    services.record_deals(table, [played_doc(), played_doc()], organizer)
    assert list(table.deals.values_list("number", flat=True)) == [1, 2]


def test_make_synthetic_event(organizer):
    out = io.StringIO()
    call_command("make_synthetic_event", size="S", rounds=2, players=9, user="org", stdout=out)
    event = Event.objects.get(name="Synthetic 9x2")
    # Nine players: a table of five and one of four, 20 deals each, two rounds.
    assert Deal.objects.filter(table__round__event=event).count() == 80
    assert "80 deals" in out.getvalue()
    assert audit_ledger([event.pk]).ok


@pytest.mark.parametrize("rounds", [1, 6])
def test_standings_page_queries_do_not_grow_with_rounds(
    client, organizer, rounds, django_assert_max_num_queries
):
    call_command(
        "make_synthetic_event", size="S", rounds=rounds, players=8, user="org", stdout=io.StringIO()
    )
    event = Event.objects.get()
    with django_assert_max_num_queries(10):  # 9, and the categories for the chooser
        response = client.get(reverse("standings", args=[event.pk]))
    assert response.status_code == 200
    assert (b"<svg" in response.content) == (rounds > 1)
    with django_assert_max_num_queries(9):
        assert client.get(reverse("standings-pdf", args=[event.pk])).status_code == 200
    table = event.rounds.last().tables.first()
    with django_assert_max_num_queries(10):
        assert client.get(reverse("table-pdf", args=[table.pk])).status_code == 200
    with django_assert_max_num_queries(30):
        assert client.get(reverse("round-pack-pdf", args=[table.round.pk])).status_code == 200


def test_a_synthetic_event_has_corrections_and_voids(organizer):
    # Seed 1, 64 players for 2 rounds: 640 deals; about 2% corrected, 0.5% voided.
    event = make_synthetic_event(organizer, Size(players=64, rounds=2, deals_per_table=20))
    deals = Deal.objects.filter(table__round__event=event)
    assert deals.count() == 640
    actions = DealVersion.objects.filter(deal__in=deals).values_list("action", flat=True)
    assert Counter(actions) == {"recorded": 640, "corrected": 14, "voided": 2}
    assert audit_ledger([event.pk]).ok
