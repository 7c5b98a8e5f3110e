"""``manage.py`` run in a process of its own on a fresh SQLite file, as from the shell;
the file migrated once for each test process and copied for each test."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import copy_sqlite

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


@pytest.fixture
def fresh_sqlite(tmp_path, migrated_sqlite) -> Path:
    """A new migrated database at ``tmp_path / "fresh.sqlite3"``, where ``run_manage``
    looks (copied through SQLite's backup, whole whatever its journal holds)."""
    return copy_sqlite(migrated_sqlite, tmp_path / "fresh.sqlite3")
