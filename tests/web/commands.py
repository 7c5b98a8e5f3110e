"""``manage.py`` run in a process of its own on a fresh SQLite file, as from the shell;
the file migrated once for each test process and copied for each test."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def manage(database: Path, *args):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def run_manage(tmp_path, *args):
    return manage(tmp_path / "fresh.sqlite3", *args)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """An SQLite file migrated from the shell (`manage.py migrate`), once a process:
    migrating takes seconds, a copy none."""
    path = tmp_path_factory.mktemp("migrated") / "migrated.sqlite3"
    done = manage(path, "migrate", "-v0")
    assert done.returncode == 0, done.stderr
    return path


@pytest.fixture
def fresh_sqlite(tmp_path, migrated_sqlite) -> Path:
    """A new migrated database at ``tmp_path / "fresh.sqlite3"``, where ``run_manage``
    looks (copied through SQLite's backup, whole whatever its journal holds)."""
    path = tmp_path / "fresh.sqlite3"
    with sqlite3.connect(migrated_sqlite) as source, sqlite3.connect(path) as copy:
        source.backup(copy)
    source.close()
    copy.close()
    return path
