"""``manage.py`` run in a process of its own on a fresh SQLite file, as from the shell."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(tmp_path, *args):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
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
