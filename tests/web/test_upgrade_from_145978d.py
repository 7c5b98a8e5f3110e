"""A server made by 145978d (the tree before clubs, the issue's baseline) upgraded:
its own ``load_demo`` builds the demo with its own code and migrations, today's
migrations then move it into one club with nothing of the ledger lost, and the audit is
clean (issue 37; docs/organizers.md, "Clubs and the circuit's calendar"). That the
pages read the same before and after the clubs' migration is test_clubs.py's
``test_the_demo_migrated_into_its_club_reads_as_before``."""

import hashlib
import io
import os
import sqlite3
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASELINE = "145978d"


def git(*args) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, timeout=120)


def manage(tree: Path, database: Path, *args) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(DATABASE_URL=f"sqlite:///{database}", SECRET_KEY="upgrade-test-" + "k" * 40)
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def rows(database: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(database) as connection:
        found = connection.execute(sql).fetchall()
    connection.close()
    return found


LEDGER = (
    "SELECT id, event_id, table_id, deal_id, deal_version_id, payer_id, payee_id,"
    " payer_is_pot, payee_is_pot, chips, reason, explanation, reverses_id"
    " FROM tournaments_ledgerentry ORDER BY id"
)
NETS = (
    "SELECT id, event_id, deal_id, version, player_id, chips FROM tournaments_dealnet ORDER BY id"
)
NAMES = {
    "players": "SELECT id, name FROM tournaments_player ORDER BY id",
    "events": "SELECT id, name, date FROM tournaments_event ORDER BY id",
    "seasons": "SELECT id, name FROM tournaments_season ORDER BY id",
    "registrations": "SELECT event_id, player_id FROM tournaments_registration ORDER BY id",
    "deals": "SELECT id, table_id, number, voided FROM tournaments_deal ORDER BY id",
}


def digest(found: list[tuple]) -> str:
    return hashlib.sha256(repr(found).encode()).hexdigest()


def nets_by_event_and_player(database: Path) -> list[tuple]:
    """Each player's chips in each event, from the ledger: what the standings sum."""
    return rows(
        database,
        "SELECT event_id, player, SUM(chips) FROM ("
        " SELECT event_id, payee_id AS player, chips FROM tournaments_ledgerentry"
        "  WHERE payee_id IS NOT NULL"
        " UNION ALL"
        " SELECT event_id, payer_id, -chips FROM tournaments_ledgerentry"
        "  WHERE payer_id IS NOT NULL"
        ") GROUP BY event_id, player ORDER BY event_id, player",
    )


@pytest.fixture(scope="module")
def baseline_tree(tmp_path_factory) -> Path:
    """The repository's tree at 145978d, as files (no checkout of this one touched)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the baseline's tree is read from its history")
    if git("cat-file", "-e", f"{BASELINE}^{{commit}}").returncode != 0:
        pytest.skip(f"a shallow clone: {BASELINE} is not in its history")
    archive = git("archive", "--format=tar", BASELINE)
    assert archive.returncode == 0, archive.stderr.decode()
    tree = tmp_path_factory.mktemp("baseline")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def test_the_baselines_demo_upgrades_into_one_club_with_its_ledger_whole(baseline_tree, tmp_path):
    database = tmp_path / "baseline.sqlite3"
    manage(baseline_tree, database, "migrate", "-v0")
    said = manage(baseline_tree, database, "load_demo")
    assert "Loaded demo season: Fall club season 2026" in said
    # The baseline's own schema: no clubs yet.
    assert rows(database, "SELECT name FROM sqlite_master WHERE name = 'tournaments_club'") == []
    ledger, nets = rows(database, LEDGER), rows(database, NETS)
    names = {what: rows(database, sql) for what, sql in NAMES.items()}
    chips = nets_by_event_and_player(database)
    assert len(ledger) == 512 and len(names["events"]) == 5  # the baseline's demo

    manage(ROOT, database, "migrate", "-v0")

    assert digest(rows(database, LEDGER)) == digest(ledger)
    assert digest(rows(database, NETS)) == digest(nets)
    assert {what: rows(database, sql) for what, sql in NAMES.items()} == names
    assert nets_by_event_and_player(database) == chips
    (club,) = rows(database, "SELECT id, name FROM tournaments_club")
    assert club[1] == "Czech and Slovak Educational Center"
    assert rows(database, "SELECT DISTINCT club_id FROM tournaments_event") == [(club[0],)]
    assert rows(database, "SELECT DISTINCT owner_club_id FROM tournaments_season") == [(club[0],)]
    organizers = rows(
        database,
        "SELECT u.username FROM tournaments_club_organizers o"
        " JOIN auth_user u ON u.id = o.user_id ORDER BY u.username",
    )
    assert organizers == [("organizer",)]
    audit = manage(ROOT, database, "audit_ledger")
    assert audit.splitlines() == [
        "Audited 104 deals, 512 ledger rows and 437 deal nets: 0 problems.",
        "Checked the standings of 1 season against the ledger.",
    ]
