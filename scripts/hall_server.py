"""The server a load test runs against (load_hall.py, load_circuit.py): `manage.py
serve` started as `make run` serves, on 127.0.0.1 and a free port, and the CPU its
processes spend."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from hall_phone import HOST, Phone

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> dict[int, float] | None:
    """The CPU time so far of the server's processes (Linux): the server, or gunicorn's
    master and its workers, each by pid (a worker restarted starts from 0)."""
    if not Path(f"/proc/{pid}/stat").exists():
        return None
    return {p: _cpu(p) for p in [pid, *_children(pid)]}


def cpu_spent(before, after) -> float | None:
    if before is None or after is None:
        return None
    return sum(t - before.get(p, 0.0) for p, t in after.items())


def start_server(port: int, processes: int):
    """``manage.py serve`` in a process of its own; what it logs goes to a file under
    var/load_hall/ (a pipe nobody reads fills up, and the server then hangs in its next
    log line: waitress says "Task queue depth" whenever every thread is busy)."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    command = [sys.executable, "manage.py", "serve", f"{HOST}:{port}", "--no-demo"]
    if processes > 1:
        command += ["--processes", str(processes)]
    folder = ROOT / "var" / "load_hall"
    folder.mkdir(parents=True, exist_ok=True)
    # The results website's zips of this run (a new event each run), apart from the app's.
    zips = folder / "site-zips"
    shutil.rmtree(zips, ignore_errors=True)
    env["SITE_ZIP_DIR"] = str(zips)
    log = open(folder / f"server-{processes}.log", "w")  # noqa: SIM115 - kept with the server
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True
    )
    server.log = log
    deadline = time.monotonic() + 60
    while True:
        try:
            if Phone(port).request("GET", "/healthz")[0] == 200:
                break
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            log.flush()
            sys.exit(f"The server did not start:\n{Path(log.name).read_text()[-3000:]}")
        time.sleep(0.3)
    if processes > 1:  # every worker up
        deadline = time.monotonic() + 30
        while len(_children(server.pid)) < processes and time.monotonic() < deadline:
            time.sleep(0.2)
    return server


def stop_server(server):
    server.send_signal(signal.SIGINT if server.args[-1] == "--no-demo" else signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
    server.log.close()
