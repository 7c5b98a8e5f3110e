"""Deal services: the ledger always equals the current version's settlement."""

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.db.models import Sum

import taroky_scoring as core
from tournaments import append_only, services
from tournaments.balances import net_by_player
from tournaments.models import Deal, DealNet, DealVersion, LedgerEntry

from ..conftest import played_doc

pytestmark = pytest.mark.django_db


def ledger_net(**filters) -> dict[str, int]:
    entries = LedgerEntry.objects.filter(**filters)
    names = {e.payer_id: e.payer.name for e in entries.select_related("payer")}
    names |= {e.payee_id: e.payee.name for e in entries.select_related("payee")}
    return {names[pk]: chips for pk, chips in net_by_player(entries).items() if chips}


def nonzero(net: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in net.items() if v}


def test_record_posts_exactly_the_settlement(table, organizer):
    doc = played_doc(king_last={"announced": True, "outcome": "won"})
    deal = services.record_deal(table, doc, organizer)
    entries = list(LedgerEntry.objects.filter(deal=deal).order_by("id"))
    expected = core.score(doc).transfers
    assert [(e.payer.name, e.payee.name, e.chips, e.reason, e.explanation) for e in entries] == [
        (t.payer, t.payee, t.chips, t.reason.value, t.explanation) for t in expected
    ]
    # Game 5 + announced King Last 2 for Anna/Čada against Dana/Bill.
    assert ledger_net(deal=deal) == {"Anna": 7, "Bill": -7, "Čada": 7, "Dana": -7}
    assert (deal.number, deal.version, deal.kind, deal.bid, deal.bidder.name) == (
        1,
        1,
        "played",
        "four",
        "Anna",
    )
    assert deal.bidder_won is True
    assert deal.versions.get().action == DealVersion.Action.RECORDED


def test_ledger_sums_to_zero_per_deal_and_per_event(table, organizer):
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(
        table,
        played_doc(
            dealer="Anna",
            kind="misdeal",
            bidder=None,
            bid=None,
            partner=None,
            blind=None,
            bidder_points=None,
        ),
        organizer,
    )
    services.record_deal(
        table,
        played_doc(bid="five_over", blind=None, bidder_points=20, kontra="rekontra"),
        organizer,
    )
    for deal in Deal.objects.all():
        assert sum(ledger_net(deal=deal).values()) == 0
    assert sum(net_by_player(LedgerEntry.objects.filter(event=table.round.event)).values()) == 0
    # Four 5 to Anna and Čada; the misdeal: Anna pays 1 to each other player;
    # the lost Five Over with rekontra: 16 x 4 = 64 from Anna and Čada.
    assert ledger_net(event=table.round.event) == {
        "Anna": 5 - 3 - 64,
        "Bill": -5 + 1 + 64,
        "Čada": 5 + 1 - 64,
        "Dana": -5 + 1 + 64,
    }


def test_correction_leaves_exactly_the_new_settlement_and_keeps_versions(table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=34), organizer)
    assert ledger_net(deal=deal) == {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}
    new = played_doc(bidder_points=44, partner=None)
    deal = services.correct_deal(
        deal, new, organizer, "Recounted: 44, and Anna was alone", expected_version=1
    ).deal
    assert (
        ledger_net(deal=deal)
        == nonzero(core.score(new).net)
        == {"Anna": 15, "Bill": -5, "Čada": -5, "Dana": -5}
    )
    versions = list(deal.versions.order_by("number"))
    assert [(v.number, v.action) for v in versions] == [(1, "recorded"), (2, "corrected")]
    assert versions[0].document["bidder_points"] == 34
    assert versions[1].reason == "Recounted: 44, and Anna was alone"
    assert (deal.version, deal.document, deal.bidder_won) == (2, new, True)
    # Two original rows, their two reversals, three new rows.
    rows = LedgerEntry.objects.filter(deal=deal)
    assert rows.count() == 7
    assert rows.filter(reverses__isnull=False).count() == 2


def test_second_correction_reverses_only_the_current_version(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    deal = services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount").deal
    deal = services.correct_deal(
        deal, played_doc(bid="five", blind=None), organizer, "it was a Five"
    ).deal
    assert ledger_net(deal=deal) == {"Anna": 8, "Bill": -8, "Čada": 8, "Dana": -8}
    assert deal.version == 3


def test_void_leaves_zero_and_keeps_the_deal(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    deal = services.void_deal(deal, organizer, "Entered twice", expected_version=1).deal
    assert ledger_net(deal=deal) == {}
    assert deal.voided and deal.version == 2
    assert deal.versions.last().action == DealVersion.Action.VOIDED
    assert LedgerEntry.objects.filter(deal=deal).aggregate(n=Sum("chips"))["n"] == 20
    with pytest.raises(services.DealError):
        services.correct_deal(deal, played_doc(), organizer, "undo")


@pytest.mark.parametrize(
    "doc, field",
    [
        (played_doc(bid="five"), "blind"),  # blind option on a Five
        (played_doc(bidder_points=90), "bidder_points"),
        (played_doc(partner="Zdeněk"), "partner"),
        (played_doc(players=["Anna", "Bill", "Čada", "Zdeněk"], dealer="Bill"), "players"),
        (played_doc(ruleset="clarkson"), "ruleset"),  # not the event's ruleset
    ],
)
def test_a_refused_deal_leaves_no_trace(table, organizer, doc, field):
    with pytest.raises(services.DealError) as caught:
        services.record_deal(table, doc, organizer)
    assert field in {e.field for e in caught.value.field_errors}
    assert (Deal.objects.count(), DealVersion.objects.count(), LedgerEntry.objects.count()) == (
        0,
        0,
        0,
    )


def test_a_failure_while_posting_rolls_everything_back(table, organizer, monkeypatch):
    def broken_bulk_create(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(LedgerEntry.objects, "bulk_create", broken_bulk_create)
    with pytest.raises(RuntimeError):
        services.record_deal(table, played_doc(), organizer)
    assert (Deal.objects.count(), DealVersion.objects.count()) == (0, 0)


def test_a_failed_correction_changes_nothing(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.DealError):
        services.correct_deal(deal, played_doc(valat="opponents"), organizer, "valat?")
    deal.refresh_from_db()
    assert deal.version == 1 and LedgerEntry.objects.count() == 2
    with pytest.raises(services.DealError) as caught:
        services.correct_deal(deal, played_doc(), organizer, "   ")
    assert caught.value.field_errors[0].field == "reason"


def test_stale_correction_is_refused_with_who_and_when(table, organizer, django_user_model):
    deal = services.record_deal(table, played_doc(), organizer)
    services.correct_deal(
        deal, played_doc(bidder_points=40), organizer, "first fix", expected_version=1
    )
    with pytest.raises(services.StaleDealError) as caught:
        services.correct_deal(
            deal, played_doc(bidder_points=50), organizer, "second fix", expected_version=1
        )
    assert "changed by org at" in caught.value.message
    assert "reload" in caught.value.message
    deal.refresh_from_db()
    assert deal.document["bidder_points"] == 40


def test_only_organizers_may_write(table, organizer, stranger, other_organizer):
    for user in (stranger, other_organizer):
        with pytest.raises(services.PermissionDenied):
            services.record_deal(table, played_doc(), user)
    deal = services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.PermissionDenied):
        services.void_deal(deal, stranger, "no")
    assert LedgerEntry.objects.count() == 2


def test_a_finished_session_takes_no_more_deals(table, organizer):
    event = table.round.event
    services.update_event(event, organizer, deals_per_session=2)
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna"), organizer)
    with pytest.raises(services.DealError, match="ended after 2 deals"):
        services.record_deal(table, played_doc(dealer="Bill"), organizer)


def test_out_of_chips_ends_the_session(table, organizer):
    event = table.round.event
    services.update_event(event, organizer, session_end="out_of_chips")
    # A lost Five Over with rekontra costs Anna and Čada 64 each: both are out.
    services.record_deal(
        table,
        played_doc(bid="five_over", blind=None, kontra="rekontra", bidder_points=20),
        organizer,
    )
    with pytest.raises(services.DealError, match="Anna, Čada ran out of chips"):
        services.record_deal(table, played_doc(), organizer)


def test_five_player_table_deal_needs_the_sitting_out_dealer(table5, organizer):
    doc = {
        "ruleset": "la-vista",
        "players": ["Fanny", "Gustav", "Hana", "Ivan"],
        "kind": "misdeal",
        "dealer": "Emil",
        "sitting_out": "Emil",
    }
    deal = services.record_deal(table5, doc, organizer)
    assert ledger_net(deal=deal) == {"Emil": -4, "Fanny": 1, "Gustav": 1, "Hana": 1, "Ivan": 1}
    without = {k: v for k, v in doc.items() if k != "sitting_out"}
    without["dealer"] = "Fanny"
    with pytest.raises(services.DealError) as caught:
        services.record_deal(table5, without, organizer)
    assert caught.value.field_errors[0].field == "dealer"


@pytest.mark.parametrize("model", [LedgerEntry, DealNet])
def test_the_ledger_and_the_deal_nets_are_append_only(table, organizer, model):
    deal = services.record_deal(table, played_doc(), organizer)
    row = model.objects.filter(deal=deal).order_by("pk").first()
    before = row.chips
    row.chips = 99
    with pytest.raises(TypeError):
        row.save()
    with pytest.raises(TypeError):
        row.delete()
    with pytest.raises(TypeError):
        model.objects.filter(deal=deal).update(chips=1)
    with pytest.raises(TypeError):
        model.objects.filter(deal=deal).delete()
    assert model.objects.get(pk=row.pk).chips == before


def nets(deal) -> list[tuple[int, str, int]]:
    rows = DealNet.objects.filter(deal=deal).select_related("player").order_by("version", "pk")
    return [(n.version, n.player.name, n.chips) for n in rows]


def current_nets(deal) -> dict[str, int]:
    rows = DealNet.objects.current().filter(deal=deal).select_related("player")
    return {n.player.name: n.chips for n in rows}


def test_each_version_posts_its_nets_and_only_the_last_stands(table, organizer):
    # Four second half, Anna and Čada: 41 points win 5 each, 30 lose 5 each.
    deal = services.record_deal(table, played_doc(), organizer)
    deal = services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount").deal
    assert nets(deal) == [
        (1, "Anna", 5),
        (1, "Bill", -5),
        (1, "Čada", 5),
        (1, "Dana", -5),
        (2, "Anna", -5),
        (2, "Bill", 5),
        (2, "Čada", -5),
        (2, "Dana", 5),
    ]
    assert current_nets(deal) == {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}
    other = services.record_deal(table, played_doc(dealer="Anna"), organizer)
    services.void_deal(deal, organizer, "Entered twice")
    # The void posts no nets: the voided deal has none standing; the other deal keeps its.
    assert len(nets(deal)) == 8
    assert current_nets(deal) == {}
    assert current_nets(other) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


@pytest.mark.parametrize(
    "kind, expected",
    [
        # Fanny and Gustav win a Four second half: 5 each; the
        # sitting-out dealer Emil takes no part, so has no net.
        ("played", {"Fanny": 5, "Gustav": 5, "Hana": -5, "Ivan": -5}),
        # A misdeal: Emil, dealing and sitting out, pays 1 to each player: it is his deal too.
        ("misdeal", {"Emil": -4, "Fanny": 1, "Gustav": 1, "Hana": 1, "Ivan": 1}),
    ],
)
def test_a_sitting_out_dealer_has_a_net_only_when_he_paid(table5, organizer, kind, expected):
    doc = {
        "ruleset": "la-vista",
        "players": ["Fanny", "Gustav", "Hana", "Ivan"],
        "dealer": "Emil",
        "sitting_out": "Emil",
        "kind": kind,
    }
    if kind == "played":
        doc |= {
            "bidder": "Fanny",
            "bid": "four",
            "blind": "second",
            "partner": "Gustav",
            "bidder_points": 41,
        }
    deal = services.record_deal(table5, doc, organizer)
    assert current_nets(deal) == expected


def test_a_stored_document_is_checked_on_every_save(table, organizer):
    from django.core.exceptions import ValidationError

    deal = services.record_deal(table, played_doc(), organizer)
    deal.document = {**deal.document, "bid": "six"}
    with pytest.raises(ValidationError):
        deal.save()


def test_the_services_parse_a_deals_document_once_a_save(table, organizer, monkeypatch):
    """The services check a document (with the table's seats and the deal's ruleset)
    before they save it: the deal's own check on save is for saves outside them."""
    import taroky_scoring as core

    parsed = []
    parse = core.parse_deal
    monkeypatch.setattr(core, "parse_deal", lambda doc: parsed.append(doc) or parse(doc))
    deal = services.record_deal(table, played_doc(), organizer)
    assert len(parsed) == 1
    services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount")
    assert len(parsed) == 2
    deal.document = {**deal.document, "bidder_points": 35}
    deal.save()
    assert len(parsed) == 3


def test_the_migration_posts_the_nets_the_services_post(table, table5, organizer):
    """Databases from before DealNet get the same nets from their deal versions."""
    migration = importlib.import_module("tournaments.migrations.0002_deal_nets")
    deal = services.record_deal(table, played_doc(), organizer)
    services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount")
    services.void_deal(
        services.record_deal(table, played_doc(dealer="Anna"), organizer), organizer, "twice"
    )
    five = ["Fanny", "Gustav", "Hana", "Ivan"]
    misdeal = {"ruleset": "la-vista", "players": five, "dealer": "Emil", "sitting_out": "Emil"}
    services.record_deal(table5, misdeal | {"kind": "misdeal"}, organizer)
    fields = ("event_id", "table_id", "deal_id", "version", "player_id", "chips")
    posted = sorted(DealNet.objects.values_list(*fields))
    assert len(posted) == 4 + 4 + 4 + 5  # a correction, a voided deal, the misdeal
    with append_only.lifted(connection), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {DealNet._meta.db_table}")
    migration.post_nets_of_recorded_versions(apps, None)
    assert sorted(DealNet.objects.values_list(*fields)) == posted
