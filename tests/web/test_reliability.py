"""Races, the ledger audit, and what a tampered ledger looks like to it."""

import io
import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django_scopes import scopes_disabled

import taroky_scoring as core
from tournaments import append_only, services
from tournaments.balances import net_by_player
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Deal, DealNet, DealVersion, LedgerEntry, Player

from ..conftest import played_doc

RACES = 200


def ledger_matches_current_version(deal) -> bool:
    net = net_by_player(LedgerEntry.objects.filter(deal=deal))
    by_name = {s.player.name: s.player_id for s in deal.table.seats.select_related("player")}
    expected = core.score(deal.document).net
    return all(net.get(by_name[name], 0) == chips for name, chips in expected.items())


def race(deal, version, attempts):
    """Run the corrections in ``attempts`` (user, points) at the same moment."""
    barrier = threading.Barrier(len(attempts))
    results = {}

    def correct(user, points):
        try:
            barrier.wait()
            services.correct_deal(
                deal, played_doc(bidder_points=points), user, "race", expected_version=version
            )
            results[user.username] = "saved"
        except services.StaleDealError as e:
            results[user.username] = "stale" if "changed by" in e.message else e.message
        except Exception as e:  # pragma: no cover - shown in the assertion
            results[user.username] = repr(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=scopes_disabled()(correct), args=a) for a in attempts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_two_organizers_correcting_the_same_deal_never_lose_an_update(
    table, organizer, other_organizer
):
    table.round.event.organizers.add(other_organizer)
    deal = services.record_deal(table, played_doc(), organizer)
    for i in range(RACES):
        version = Deal.objects.get(pk=deal.pk).version
        results = race(deal, version, [(organizer, 20 + i % 30), (other_organizer, 40 + i % 30)])
        assert sorted(results.values()) == ["saved", "stale"], results
        deal.refresh_from_db()
        assert deal.version == version + 1
        assert ledger_matches_current_version(deal)
    assert DealVersion.objects.filter(deal=deal).count() == RACES + 1
    assert audit_ledger().ok


@pytest.mark.django_db
def test_the_audit_passes_on_the_demo_data(capsys):
    call_command("load_demo", verbosity=0)
    call_command("audit_ledger")
    out = capsys.readouterr().out
    assert "Audited 104 deals, 512 ledger rows and 437 deal nets: 0 problems." in out


def _tamper(sql, params, model=LedgerEntry):
    """Raw SQL past the append-only triggers, as someone who can drop them could."""
    with append_only.lifted(connection), connection.cursor() as cursor:
        cursor.execute(sql.format(table=model._meta.db_table), params)


@pytest.fixture
def corrected_deal(table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    return services.correct_deal(deal, played_doc(), organizer, "recount").deal


@pytest.mark.django_db
@pytest.mark.parametrize(
    "tampering, words",
    [
        ("chips", "does not match the settlement"),
        ("unreverse", "never reversed"),
        ("foreign_version", "another deal's version"),
        ("net_chips", "the nets of version 2 are not what its ledger rows net to"),
        ("old_net_chips", "the nets of version 1 are not what its ledger rows net to"),
        ("missing_net", "the nets of version 2 are not its settlement's"),
        ("net_elsewhere", "is filed under another table or event"),
    ],
)
def test_the_audit_finds_a_tampered_ledger(corrected_deal, organizer, tampering, words):
    entries = LedgerEntry.objects.filter(deal=corrected_deal).order_by("pk")
    current = entries.filter(reverses__isnull=True).last()
    if tampering == "chips":
        _tamper("UPDATE {table} SET chips = chips + 1 WHERE id = %s", [current.pk])
    elif tampering == "unreverse":
        reversal = entries.filter(reverses__isnull=False).first()
        _tamper("DELETE FROM {table} WHERE id = %s", [reversal.pk])
    elif tampering == "foreign_version":
        other = services.record_deal(corrected_deal.table, played_doc(dealer="Anna"), organizer)
        _tamper(
            "UPDATE {table} SET deal_version_id = %s WHERE id = %s",
            [other.versions.get().pk, current.pk],
        )
    else:
        nets = DealNet.objects.filter(deal=corrected_deal, chips__gt=0)
        net = nets.filter(version=1 if tampering == "old_net_chips" else 2).first()
        if tampering == "missing_net":
            _tamper("DELETE FROM {table} WHERE id = %s", [net.pk], DealNet)
        elif tampering == "net_elsewhere":
            other_table = services.create_table(
                corrected_deal.table.round,
                organizer,
                [Player.objects.create(name=f"Elsewhere {i}") for i in range(4)],
            )
            _tamper(
                "UPDATE {table} SET table_id = %s WHERE id = %s", [other_table.pk, net.pk], DealNet
            )
        else:
            _tamper("UPDATE {table} SET chips = chips + 1 WHERE id = %s", [net.pk], DealNet)
    report = audit_ledger()
    assert not report.ok
    assert any(words in p for p in report.problems), report.problems
    with pytest.raises(Exception, match="found problems"):
        call_command("audit_ledger", stdout=io.StringIO())
