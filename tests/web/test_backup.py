"""A backup restored into an empty database gives the same standings and ledger."""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Q

from tournaments.balances import net_by_player
from tournaments.models import ActivityEntry, Event, LedgerEntry, Season, Sitting
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


@pytest.mark.django_db(transaction=True)
def test_a_backup_from_before_the_sittings_is_restored_with_them(tmp_path, tournament, organizer):
    """A backup written before a round's Sitting rows and the substitutions' ids in the
    activity log (issue 36): the restore adds both, and the audit finds no problem (it
    compares each substitution with the log)."""
    from tournaments import services
    from tournaments.models import Player

    rnd = services.create_round(tournament, organizer)
    four = [Player.objects.get(name=n) for n in ("Anna", "Bill", "Čada", "Dana")]
    table = services.create_table(rnd, organizer, four)
    services.substitute_player(table, organizer, four[3], Player.objects.get(name="Ivan"), 1)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    old = [r for r in rows if r["model"] != "tournaments.sitting"]
    assert len(rows) - len(old) == 5  # four seats and a substitute
    for row in old:
        if row["model"] == "tournaments.activityentry" and row["fields"]["action"] == "substitute":
            for key in ("id", "table_id", "seat_id", "substitute_id", "mode_value"):
                del row["fields"]["detail"][key]
    backup.write_text(json.dumps(old))
    # The database emptied as a new one is, the commands run in this process (as the
    # test above restores).
    call_command("flush", interactive=False, verbosity=0)

    def run(*args):
        out = io.StringIO()
        call_command(*args, stdout=out)
        return out.getvalue()

    assert "the ledger audit found no problem" in run("restore_db", str(backup))
    assert Sitting.objects.count() == 5
    assert ActivityEntry.objects.filter(action="record_substitution").count() == 1
    assert "0 problems" in run("audit_ledger")
