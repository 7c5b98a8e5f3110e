"""scripts/bench_circuit.py, as docs/operations.md runs it, at a tiny size."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_circuit_benchmark_runs_short():
    """40 players and 6 events instead of 1,000 and 200."""
    done = subprocess.run(
        [sys.executable, "scripts/bench_circuit.py", "--players", "40", "--events", "6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(
        r"40 players, 6 events \(\d approved\) of 5 rounds, \d+ table-rounds", lines[0]
    )
    assert re.fullmatch(
        r"ranking list: [\d.]+ s CPU \(\d+ ranked, \d+ unranked, [\d,]+ bytes of CSV, "
        r"\d+ moved in a month; the same bytes again: True\)",
        lines[1],
    )
    assert re.fullmatch(r"rating: [\d.]+ s CPU \(\d+ players, \d+ established\)", lines[2])
    assert re.fullmatch(r"both: [\d.]+ s CPU \(target 60 s\)", lines[3])


def test_the_benchmark_refuses_a_size_too_small():
    done = subprocess.run(
        [sys.executable, "scripts/bench_circuit.py", "--players", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "error: at least 12 players and 1 event" in done.stderr
