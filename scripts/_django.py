"""Django in a throwaway database for the scripts (benchmarks, fuzzing).

Import this first: it points DATABASE_URL at a temporary SQLite file unless
DATABASE_URL is set already, sets up Django and migrates.
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/scratch.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings_test")
sys.path.insert(0, str(ROOT / "scripts"))

from _database import ensure_database  # noqa: E402

ensure_database()

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)
