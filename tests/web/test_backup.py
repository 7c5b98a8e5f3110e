"""A backup restored into an empty database gives the same standings and ledger."""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Q

from tournaments.balances import net_by_player
from tournaments.models import Event, LedgerEntry, Season
from tournaments.season_standings import season_standings
from tournaments.standings import standings

pytestmark = pytest.mark.django_db


def summary():
    events = {}
    for event in Event.objects.order_by("pk"):
        events[event.name] = {
            "standings": [
                [s.rank, s.player.name, s.chips, s.deals_played] for s in standings(event)
            ],
            "ledger_rows": LedgerEntry.objects.filter(event=event).count(),
            # The pot (Petrtyl's night) has no player: it is keyed "#pot".
            "net": sorted(
                (str(pk) if pk else "#pot", chips)
                for pk, chips in net_by_player(LedgerEntry.objects.filter(event=event)).items()
            ),
            "pot_rows": LedgerEntry.objects.filter(event=event)
            .filter(Q(payer_is_pot=True) | Q(payee_is_pot=True))
            .count(),
        }
    # The demo's season: its standings, summed again from the restored events.
    for season in Season.objects.order_by("pk"):
        events[f"season {season.name}"] = [
            [s.rank, s.player.name, s.total, s.chips, [r.counted for r in s.results]]
            for s in season_standings(season).rows
        ]
    return events


# Transactional: PostgreSQL truncates no table with triggers pending in an open transaction.
@pytest.mark.django_db(transaction=True)
def test_backup_and_restore_into_an_empty_database(tmp_path):
    call_command("load_demo", verbosity=0)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    expected = json.loads(json.dumps(summary()))
    # The database emptied as a new one is (flush lifts the ledger's triggers and puts
    # them back); the commands run in this process, as from the shell.
    call_command("flush", interactive=False, verbosity=0)

    def run(*args):
        out = io.StringIO()
        call_command(*args, stdout=out)
        return out.getvalue()

    assert "Restored 5 events, 1 season and" in run("restore_db", str(backup))
    assert "0 problems" in run("audit_ledger")
    restored = json.loads(json.dumps(summary()))
    assert restored == expected
    assert User.objects.get(username="organizer").check_password("taroky-demo") is True


def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    call_command("load_demo", verbosity=0)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    with pytest.raises(CommandError, match="not empty"):
        call_command("restore_db", str(backup))
