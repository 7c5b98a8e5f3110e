"""The measuring scripts the documentation quotes run, on a small scale: the load test
(one and two server processes, the polls alone) and the deal cycle's benchmark."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(database_url, *command):
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        "DATABASE_URL": database_url,
        "SECRET_KEY": "scripts-test-secret-" + "s" * 40,
    }
    done = subprocess.run(
        [sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.skipif(os.name == "nt", reason="gunicorn runs on Linux and macOS")
def test_the_load_test_with_one_and_two_processes(migrated_scratch_database):
    """On SQLite, and (in CI's PostgreSQL run) on a PostgreSQL database of its own."""
    out = run(
        migrated_scratch_database,
        "scripts/load_hall.py",
        "--tables=3",
        "--phase1=2",
        "--pause=1",
        "--phase2=2",
        "--processes=1,2",
        "--polls=1",
    )
    assert out.count("audit_ledger: clean") == 2
    assert out.count(" 0 lost, 0 twice;") == 2
    assert "manage.py serve (waitress, 8 threads)" in out
    assert "manage.py serve (gunicorn, 2 processes of 8 threads)" in out
    assert "polls alone, conditional (If-None-Match):" in out
    assert "phase 2 (flat out) side by side:" in out
    assert "  2 processes: " in out


def test_the_load_test_with_zip_downloads(migrated_scratch_database):
    """--zips: each phase again while visitors ask for the results website's zip all
    along; no answer a 5xx, the save side by side."""
    out = run(
        migrated_scratch_database,
        "scripts/load_hall.py",
        "--tables=2",
        "--phase1=0",
        "--phase2=6",
        "--zips=3",
    )
    assert "phase 2 (flat out) with 3 zip downloads at once: " in out
    answers = re.search(r"  zip: answers ([^;]+);", out).group(1)
    assert set(re.findall(r"x (\d+)", answers)) <= {"200", "202"}, answers
    assert "the deal's save without and with 3 zip downloads at once:" in out
    assert re.search(r"phase 2 \(flat out\), 3 zips: save p50 .*; 0 zip answers 5xx", out)
    assert out.count(" 0 lost, 0 twice;") == 1


@pytest.mark.skipif(os.name == "nt", reason="gunicorn runs on Linux and macOS")
def test_the_circuit_load_test_runs_short(migrated_scratch_database):
    """--clubs: 2 clubs of 1 event of 2 tables, each table 2 deals a second apart, all at
    once against 2 server processes; every deal saved once, both events' audit clean."""
    out = run(
        migrated_scratch_database,
        "scripts/load_hall.py",
        "--clubs=2",
        "--events=1",
        "--tables=2",
        "--deals=2",
        "--pause=1",
        "--processes=2",
    )
    assert "circuit: 2 clubs of 1 event of 2 tables (4 tables, 16 players; set up in " in out
    assert "against manage.py serve (gunicorn, 2 processes of 8 threads)" in out
    assert re.search(
        r"deals \(2 deals a table, one every 1 s\): 8 deals in \d+ s = [\d.]+ deals/s, 0 errors\n",
        out,
    ), out
    assert re.search(r"  save \(POST to redirect\): p50 \d+ ms, p95 \d+ ms, max \d+ ms\n", out)
    assert (
        "ledger: 8 deals entered, 8 seen saved by the phones, 8 in the database, 0 lost, "
        "0 twice; audit_ledger of 2 events: clean\n"
    ) in out
    assert "load average at the end " in out


def test_the_circuit_load_test_refuses_the_halls_phases():
    """--clubs has its own pace: the hall's phases, polls and zips are refused, and the
    circuit is bounded."""
    for extra, said in [
        (["--zips=2"], "--clubs runs the circuit's load: no --phase1, --phase2, --polls, --zips"),
        (["--events=5"], "--events must be 1 to 4"),
        (["--tables=30", "--events=4", "--clubs=20"], "clubs x events x tables must be 1 to 1000"),
        (["--processes=1,4"], "--processes with --clubs: one number, 1 to 16"),
    ]:
        done = subprocess.run(
            [sys.executable, "scripts/load_hall.py", "--clubs=2", *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stderr.splitlines()[-1].endswith(f"error: {said}")


def test_the_deal_cycle_benchmark(migrated_scratch_database):
    out = run(
        migrated_scratch_database,
        "scripts/bench_deal_cycle.py",
        "--tables=2",
        "--warm=1",
        "--repeats=4",
    )
    lines = out.splitlines()
    vendor = "sqlite" if migrated_scratch_database.startswith("sqlite") else "postgresql"
    assert lines[0].startswith(f"deal cycle on {vendor}, DEBUG off, table links, 2 tables")
    assert [line.split()[0] for line in lines[1:5]] == ["form", "save", "sheet", "a"]


def test_the_deal_cycle_against_the_bare_floor(migrated_scratch_database):
    """Side by side with the floor: both medians, the ratio and the rounds' spread; the
    exit status says whether the ratio is within --max-ratio (a bound no cycle can meet
    fails, one every cycle meets passes: the check, not the machine's speed)."""
    small = ["--tables=2", "--warm=1", "--rounds=2", "--batch=2"]
    command = ["scripts/bench_deal_cycle.py", "--against-bare", *small]
    out = run(migrated_scratch_database, *command, "--max-ratio=1000")
    lines = out.splitlines()
    vendor = "sqlite" if migrated_scratch_database.startswith("sqlite") else "postgresql"
    assert lines[0].startswith(f"deal cycle on {vendor} against a bare Django cycle, side by")
    assert "2 rounds of 2 cycles each, alternated; 2 tables" in lines[0]
    assert [line.split()[0] for line in lines[1:6]] == ["median", "form", "save", "sheet", "a"]
    assert lines[6].startswith("  the rounds' ratios: ")
    assert lines[7].startswith("within the bound: ") and lines[7].endswith(" <= 1000x")
    env = {**os.environ, "DATABASE_URL": migrated_scratch_database, "SECRET_KEY": "s" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    over = subprocess.run(
        [sys.executable, *command, "--max-ratio=0.01"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert over.returncode == 1, over.stdout + over.stderr
    assert over.stdout.splitlines()[-1].startswith("OVER the bound: ")


def test_a_postgresql_database_the_docs_name_is_created_when_missing(scratch_database):
    """The docs' PostgreSQL commands name a database (`bench`, `hall_load`): on a fresh
    server the scripts create it rather than time out on a connection pool."""
    if scratch_database.startswith("sqlite"):
        pytest.skip("PostgreSQL's databases")
    import secrets
    from urllib.parse import urlsplit

    import psycopg

    sys.path.insert(0, str(ROOT / "scripts"))
    from _database import ensure_database

    name = f"taroky_missing_{secrets.token_hex(4)}"
    server = urlsplit(scratch_database)
    admin = server._replace(path="/postgres").geturl()
    try:
        ensure_database(server._replace(path=f"/{name}").geturl())
        ensure_database(server._replace(path=f"/{name}").geturl())  # there: nothing to do
        with psycopg.connect(admin) as connection:
            found = connection.execute("SELECT datname FROM pg_database WHERE datname = %s", [name])
            assert found.fetchall() == [(name,)]
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_the_schedule_repeats_script_on_a_small_case():
    """Two sizes, one round count, one seed: 16 players over 4 rounds meet nobody twice
    on the schedule (four tables of four); the round-by-round draw's figure is printed
    beside it."""
    done = subprocess.run(
        [
            sys.executable,
            "scripts/schedule_repeats.py",
            "--players=8,16",
            "--rounds=4",
            "--seeds=1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "repeated meetings, summed over 1 seed (tables of four and five)"
    assert lines[1].split() == [
        "players",
        "rounds",
        "tables",
        "round",
        "by",
        "round",
        "schedule",
        "slowest",
        "ms",
    ]
    eight, sixteen = lines[2].split(), lines[3].split()
    # 8 players at two fours over 4 rounds: each meets 12 times among 7 others, so at
    # least 5 repeats each, 20 in all (8 x 5 / 2).
    assert eight[:3] == ["8", "4", "4+4"] and int(eight[4]) >= 20
    assert sixteen[:3] == ["16", "4", "4+4+4+4"] and sixteen[4] == "0"
