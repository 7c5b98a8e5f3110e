"""A backup restored into an empty database gives the same standings and ledger."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Q

from tournaments.balances import net_by_player
from tournaments.models import Event, LedgerEntry, Season
from tournaments.season_standings import season_standings
from tournaments.standings import standings

ROOT = Path(__file__).resolve().parents[2]
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


def test_backup_and_restore_into_an_empty_database(tmp_path):
    call_command("load_demo", verbosity=0)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    expected = json.loads(json.dumps(summary()))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'restored.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }

    def run(*args):
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    run("migrate", "-v0")
    assert "Restored 5 events, 1 season and" in run("restore_db", str(backup))
    assert "0 problems" in run("audit_ledger")
    script = "import json; from tests.web.test_backup import summary; print(json.dumps(summary()))"
    restored = json.loads(run("shell", "-v0", "-c", script))
    assert restored == expected
    assert (
        run(
            "shell",
            "-v0",
            "-c",
            "from django.contrib.auth.models import User; "
            "print(User.objects.get(username='organizer').check_password('taroky-demo'))",
        ).strip()
        == "True"
    )


def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    call_command("load_demo", verbosity=0)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    with pytest.raises(CommandError, match="not empty"):
        call_command("restore_db", str(backup))


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
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'restored.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }

    def run(*args):
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert result.returncode == 0, result.stderr + result.stdout
        return result.stdout

    run("migrate", "-v0")
    assert "the ledger audit found no problem" in run("restore_db", str(backup))
    script = (
        "from tournaments.models import ActivityEntry, Sitting; "
        "print(Sitting.objects.count(), "
        "ActivityEntry.objects.filter(action='record_substitution').count())"
    )
    assert run("shell", "-v0", "-c", script).split() == ["5", "1"]
    assert "0 problems" in run("audit_ledger")
