"""The scoring core's command line, run as a shell would run it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    result = subprocess.run(
        [sys.executable, "-m", "taroky_scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    return result.returncode, result.stdout, result.stderr
