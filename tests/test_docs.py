"""The docs' commands run, so the docs cannot rot (docs/README.md, "Commands in these docs").

Every fenced shell block of README.md and docs/*.md says in its info string how it is
kept working:

    ```sh run                 run here, in a fresh folder and database holding the demo
    ```sh run ID=2 NAME=org   the same, placeholders replaced first
    ```sh run exit=1          ... and it must exit 1
    ```sh run in=project      run in the project folder (it only reads it: lint, a test)
    ```sh by=tests/web/test_serve.py::test_name     the test that runs it
    ```sh by=ci:make-test-postgresql                 the step of .ci/run that runs it

A ```json output or ```text output block after a runnable block is its expected output.
The commands that serve until stopped or take minutes (make run, make dev, the load
test, the benchmarks) are run below, short, by the tests the docs name.
"""

from __future__ import annotations

import atexit
import doctest
import functools
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYTHON = ROOT / ".venv" / "bin" / "python"
SHELLS = {"sh", "bash", "shell", "console", "bat", "cmd", "powershell", "ps1", "pwsh"}
RUNNABLE = {"sh", "bash", "shell"}
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")
# The environment a command of the docs must not inherit from the suite.
# (The suite may itself run under make: `make test`.)
SUITE_ONLY = (
    *("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG", "HOST"),
    *("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"),
    # Set by the browser tests for live_server (tests/browser/conftest.py); `check
    # --deploy` rightly refuses it, as a reader's shell would not have it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


@dataclass
class Block:
    path: Path
    line: int  # of the opening fence, 1-based
    end: int  # of the closing fence
    language: str
    words: list[str]
    text: str
    output: Block | None = None
    run: bool = False
    exit: int = 0
    in_project: bool = False
    by: list[str] = field(default_factory=list)
    values: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        name = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{name}:{self.line}"

    def script(self) -> str:
        text = self.text
        for name, value in self.values.items():
            text = re.sub(rf"\b{name}\b", value, text)
        return text


def fenced_blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file, indented ones (in lists) included."""
    blocks, lines, i = [], path.read_text(encoding="utf-8").splitlines(), 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence = len(opening["indent"]), opening["fence"]
        words = opening["info"].split()
        body, j = [], i + 1
        while j < len(lines) and not re.match(
            rf"^ *{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[j]
        ):
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        language = words[0].lower() if words else ""
        blocks.append(Block(path, i + 1, j + 1, language, words[1:], "\n".join(body) + "\n"))
        i = j + 1
    return blocks


def prose(path: Path) -> str:
    """The file without its fenced blocks (a "# comment" in a block is no heading)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for block in fenced_blocks(path):
        lines[block.line - 1 : block.end] = [""] * (block.end - block.line + 1)
    return "\n".join(lines)


def read_markers(blocks: list[Block]) -> list[Block]:
    """The shell blocks, each with its marker read; output blocks joined to their block."""
    shell, previous = [], None
    for block in blocks:
        if "output" in block.words:
            if previous is None or not previous.run or previous.output is not None:
                block.problems.append("an output block must follow a runnable block")
                shell.append(block)
            else:
                previous.output = block
            continue
        if block.language not in SHELLS:
            continue
        previous = block
        shell.append(block)
        for word in block.words:
            key, _, value = word.partition("=")
            if word == "run":
                block.run = True
            elif word == "in=project":
                block.in_project = True
            elif key == "exit" and value.isdigit():
                block.exit = int(value)
            elif key == "by" and value:
                block.by.append(value)
            elif PLACEHOLDER.match(key) and value:
                block.values[key] = value
            else:
                block.problems.append(f"unknown marker {word!r}")
        if block.run == bool(block.by):
            block.problems.append(
                "a shell block is either `run` or names what runs it with `by=...`"
            )
        if block.run and block.language not in RUNNABLE:
            block.problems.append(f"a {block.language} block cannot run here: use by=...")
        for name in block.values:
            if not re.search(rf"\b{name}\b", block.text):
                block.problems.append(f"{name}= is given but the block has no {name}")
    return shell


SHELL_BLOCKS = [b for path in DOCS for b in read_markers(fenced_blocks(path))]


def ci_steps() -> set[str]:
    steps = re.findall(r'echo "== ([^"$]+)"', (ROOT / ".ci" / "run").read_text())
    return {re.sub(r"[^a-z0-9]+", "-", step.lower()).strip("-") for step in steps}


def defined_tests(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))


def missing_target(target: str) -> str | None:
    """Why `by=target` names nothing that runs, or None if it does."""
    if target.startswith("ci:"):
        step = target[3:]
        return None if step in ci_steps() else f"no step '== {step}' in .ci/run"
    file, _, name = target.partition("::")
    path = ROOT / file
    if not (file.startswith("tests/") and file.endswith(".py") and path.is_file()):
        return f"no test file {file}"
    if not name or name not in defined_tests(path):
        return f"no test {name!r} in {file}"
    return None


def test_every_shell_block_is_run_or_names_what_runs_it():
    assert len(SHELL_BLOCKS) > 30  # the parser found the docs' blocks
    problems = [f"{b.where}: {p}" for b in SHELL_BLOCKS for p in b.problems]
    for block in SHELL_BLOCKS:
        for target in block.by:
            why = missing_target(target)
            if why:
                problems.append(f"{block.where}: by={target}: {why}")
    assert problems == []


def test_the_marker_check_finds_what_is_wrong(tmp_path):
    """The checks above would see a block nobody runs, a test that is gone, and so on."""
    doc = tmp_path / "doc.md"
    doc.write_text(
        "```sh\nmake run\n```\n"
        "```sh by=tests/test_docs.py::test_that_is_gone\nmake run\n```\n"
        "```sh by=ci:no-such-step\nmake test\n```\n"
        "```text output\nlonely\n```\n"
        "```bat run\npy -m venv .venv\n```\n"
        "```sh run ID=2\necho nothing to replace\n```\n"
        "```sh run\necho ok\n```\n```json output\n{}\n```\n",
        encoding="utf-8",
    )
    blocks = read_markers(fenced_blocks(doc))
    assert [bool(b.problems) for b in blocks] == [True, False, False, True, True, True, False]
    assert missing_target("tests/test_docs.py::test_that_is_gone")
    assert missing_target("ci:no-such-step")
    assert missing_target("ci:make-test-postgresql") is None
    assert missing_target("tests/web/test_serve.py::test_host_and_port") is None
    assert blocks[-1].output is not None


# -- Running the runnable blocks --------------------------------------------------------


def docs_env(database_url: str, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SUITE_ONLY}
    env.update(DATABASE_URL=database_url, DEBUG="1", PYTHONIOENCODING="utf-8", **more)
    return env


def json_contains(actual, expected) -> bool:
    """The docs' JSON may leave out keys of an object; everything shown must match."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and json_contains(actual[k], v) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(json_contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return actual == expected and type(actual) is type(expected)


def output_problem(block: Block, output: str) -> str | None:
    """How the block's output differs from the output the docs show, or None."""
    shown = block.output
    if shown is None:
        return None
    if shown.language == "json":
        try:
            actual = json.loads(output)
        except ValueError:
            return f"not JSON:\n{output}"
        if not json_contains(actual, json.loads(shown.text)):
            return f"the docs show\n{shown.text}but it printed\n{output}"
        return None
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    if not checker.check_output(shown.text, output, flags):
        return f"the docs show\n{shown.text}but it printed\n{output}"
    return None


def run_block(block: Block, workdir: Path, env: dict[str, str]) -> str | None:
    """Run one block; what went wrong, or None."""
    result = subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + block.script()],
        cwd=ROOT if block.in_project else workdir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    if result.returncode != block.exit:
        return (
            f"{block.where}: exit {result.returncode}, not {block.exit}:\n"
            f"{block.script()}\n{result.stdout}"
        )
    problem = output_problem(block, result.stdout)
    return problem and f"{block.where}: {problem}"


@functools.cache
def _demo_template() -> Path:
    """A SQLite database migrated and holding the demo, as `make run` leaves it: made
    once a process by the commands themselves (migrating takes seconds), then copied."""
    folder = tempfile.mkdtemp(prefix="demo-template-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / "db.sqlite3"
    env = docs_env(f"sqlite:///{path}")
    for command in (["migrate", "-v0"], ["load_demo"]):
        subprocess.run(
            [str(PYTHON), "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    return path


def demo_database(path: Path) -> None:
    """A new SQLite file at ``path`` holding the migrated demo (``_demo_template``'s,
    copied through SQLite's backup so its write-ahead log comes too)."""
    with closing(sqlite3.connect(_demo_template())) as source:
        with closing(sqlite3.connect(path)) as copy:
            source.backup(copy)


def demo_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder like a checkout after `make run`: .venv, manage.py, scripts, var/ with a
    new SQLite database holding the demo."""
    workdir = tmp_path / "work"
    (workdir / "var").mkdir(parents=True)
    for name in (".venv", "manage.py", "scripts"):
        (workdir / name).symlink_to(ROOT / name)
    demo_database(workdir / "var" / "db.sqlite3")
    return workdir, docs_env(f"sqlite:///{workdir / 'var' / 'db.sqlite3'}")


RUNNABLE_DOCS = sorted({b.path for b in SHELL_BLOCKS if b.run})


@pytest.mark.parametrize(
    "path", RUNNABLE_DOCS, ids=[str(p.relative_to(ROOT)) for p in RUNNABLE_DOCS]
)
def test_the_runnable_blocks_run(path, tmp_path):
    workdir, env = demo_folder(tmp_path)
    problems = [
        run_block(block, workdir, env) for block in SHELL_BLOCKS if block.path == path and block.run
    ]
    problems = [p for p in problems if p]
    assert not problems, "\n\n".join(problems)


def test_a_broken_command_or_a_wrong_output_fails(tmp_path):
    """The runner is not a rubber stamp: a command that fails, exits otherwise than the
    docs say, or prints other than they show, is reported."""
    doc = tmp_path / "doc.md"
    doc.write_text(
        "```sh run\n.venv/bin/python -m taroky_scoring pointz\n```\n"
        '```sh run\necho \'{"cards": 7, "counting": ["king", "queen"]}\''
        " | .venv/bin/python -m taroky_scoring points\n```\n"
        '```json output\n{"points": 10}\n```\n'
        '```sh run exit=1\necho \'{"cards": 7, "counting": ["king", "queen"]}\''
        " | .venv/bin/python -m taroky_scoring points\n```\n"
        "```sh run\necho 'Audited 3 deals'\n```\n"
        "```text output\nAudited ... deals: 0 problems.\n```\n"
        '```sh run\necho \'{"points": 9, "more": 1}\'\n```\n'
        '```json output\n{"points": 9}\n```\n',
        encoding="utf-8",
    )
    blocks = read_markers(fenced_blocks(doc))
    workdir = tmp_path / "work"
    workdir.mkdir()
    (workdir / ".venv").symlink_to(ROOT / ".venv")
    env = docs_env(f"sqlite:///{tmp_path / 'unused.sqlite3'}")
    found = [run_block(b, workdir, env) for b in blocks]
    assert "exit 2, not 0" in found[0]
    assert 'the docs show\n{"points": 10}' in found[1]
    assert "exit 0, not 1" in found[2]
    assert "the docs show\nAudited ... deals: 0 problems." in found[3]
    assert found[4] is None  # more keys than the docs show is fine


# -- The README, the links, the layout ------------------------------------------------


def github_slug(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = prose(path)
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", text, re.M):
        slug = github_slug(heading)
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


def test_every_link_and_picture_of_the_docs_is_there():
    problems = []
    for path in DOCS:
        text = prose(path)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # http(s), mailto
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            if not linked.exists():
                problems.append(f"{path.name}: {target}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{path.name}: {target}: no such heading")
            elif linked.suffix == ".png" and linked.stat().st_size > 250_000:
                problems.append(f"{path.name}: {target}: over 250 KB")
    assert problems == []


def test_the_readme_is_a_newcomers_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200
    commands = [
        line for b in SHELL_BLOCKS if b.path.name == "README.md" for line in b.text.split("\n")
    ]
    assert "make run" in commands and "make test" in commands
    for guide in ("docs/organizers.md", "docs/operations.md", "docs/rules.md"):
        assert f"]({guide})" in readme


def test_the_readmes_layout_is_the_tree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \|(.*)\|$", layout, re.M)
    listed = {path.rstrip("/") for path, _ in rows}
    top = {path.split("/")[0] for path in listed}
    for path in listed:
        assert (ROOT / path).exists(), f"the layout lists {path}, which is not there"
    ignored = {".git", ".venv", "var", "build", "staticfiles"}
    folders = {
        p.name
        for p in ROOT.iterdir()
        if p.is_dir()
        and p.name not in ignored
        and not p.name.endswith(("_cache", ".egg-info"))
        and p.name not in {".hypothesis", "__pycache__"}
    }
    assert folders <= top, f"folders missing from the layout: {folders - top}"
    games = {
        p.name
        for p in (ROOT / "taroky_scoring" / "games").iterdir()
        if (p / "__init__.py").exists()
    }
    scoring_row = dict(rows)["taroky_scoring/"]
    assert set(re.findall(r"`games/(\w+)`", scoring_row)) == games


# -- What the docs cannot run themselves: serving, and the long benchmarks ---------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


class Served:
    """A command of the docs that serves until stopped, started in its own process group."""

    def __init__(self, command: str, env: dict[str, str], port: int):
        self.port = port
        self.process = subprocess.Popen(
            ["bash", "-c", command],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )

    def wait_for_home(self, timeout: float = 120) -> str:
        deadline = time.monotonic() + timeout
        while True:
            try:
                status, page = fetch(f"http://127.0.0.1:{self.port}/")
                if status == 200:
                    return page
            except OSError:
                pass
            if self.process.poll() is not None:
                pytest.fail(f"it stopped:\n{self.process.stdout.read()}")
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"no answer in {timeout} s:\n{self.process.stdout.read()}")
            time.sleep(0.5)

    def stop(self) -> str:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)  # Ctrl+C, as the README says
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.communicate()[0]


@pytest.mark.parametrize("target", ["run", "dev"])
def test_make_run_serves_the_demo(target, scratch_database, tmp_path):
    """`make run` (and `make dev`) for real, on a new database: the demo, the login."""
    port = free_port()
    env = docs_env(
        scratch_database,
        HOST=f"127.0.0.1:{port}",
        SECRET_KEY_FILE=str(tmp_path / "secret_key"),
    )
    env.pop("DEBUG")  # make run serves with DEBUG off; make dev turns it on itself
    served = Served(f"make {target}", env, port)
    try:
        home = served.wait_for_home()
    finally:
        output = served.stop()
    assert "Clarkson Taroky Tournament" in home
    assert "Demo organizer: user name 'organizer', password 'taroky-demo'" in output
    if target == "run":
        assert f"Serving on http://127.0.0.1:{port}/ (DEBUG off)" in output
        assert "manage.py serve" in output  # make echoes the command it runs
    else:
        assert "runserver" in output


def test_make_run_serves_the_halls_wifi(tmp_path):
    """The README's Wi-Fi command, for real, once the demo password is changed."""
    from tournaments.management.commands.serve import lan_address

    port, lan = free_port(), lan_address()
    env = docs_env(
        f"sqlite:///{tmp_path / 'db.sqlite3'}", SECRET_KEY_FILE=str(tmp_path / "secret_key")
    )
    demo_database(tmp_path / "db.sqlite3")
    change = (
        "from django.contrib.auth import get_user_model\n"
        "u = get_user_model().objects.get(username='organizer')\n"
        "u.set_password('a long club password'); u.save()\n"
    )
    subprocess.run(
        [str(PYTHON), "manage.py", "shell", "-c", change],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    env.pop("DEBUG")
    hosts = f"localhost,127.0.0.1,{lan}" if lan else "localhost,127.0.0.1"
    served = Served(f"HOST=0.0.0.0:{port} ALLOWED_HOSTS={hosts} make run", env, port)
    try:
        served.wait_for_home()
        if lan:
            status, _ = fetch(f"http://127.0.0.1:{port}/", host=f"{lan}:{port}")
            assert status == 200  # a phone asking for the laptop's address is let in
        status, _ = fetch(f"http://127.0.0.1:{port}/", host=f"192.0.2.1:{port}")
        assert status == 400  # an address not in ALLOWED_HOSTS is not
    finally:
        output = served.stop()
    if lan:
        assert f"Serving on http://127.0.0.1:{port}/ and http://{lan}:{port}/" in output
    assert "taroky-demo" not in output


def make_n(*args: str) -> list[str]:
    """What make would run (-n prints the commands without running them)."""
    env = {k: v for k, v in os.environ.items() if k not in SUITE_ONLY}
    return subprocess.run(
        ["make", "--no-print-directory", "-n", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()


def blocks_commands(path: str, language: str) -> list[str]:
    (block,) = [
        b
        for b in SHELL_BLOCKS
        if b.path == ROOT / path
        and b.language == language
        and "test_the_commands_without_make_are_what_make_run_runs" in " ".join(b.by)
    ]
    return [line.strip() for line in block.text.splitlines() if line.strip()]


def test_the_commands_without_make_are_what_make_run_runs():
    """The README's three commands for a laptop without make are `make run`'s own, in
    order (make -n prints them without running them); the Windows ones are the same
    with Windows' names for them."""
    from tournaments.management.commands.serve import Command

    made = make_n("-B", "run")
    default_host = Command().create_parser("manage.py", "serve").parse_args([]).host
    made = [
        line.replace("--quiet ", "").removesuffix(f" {default_host}")
        for line in made
        if not line.startswith(("touch", ".venv/bin/python -m pip install --quiet --upgrade"))
    ]
    posix = blocks_commands("README.md", "sh")
    assert made == posix
    windows = [
        line.replace("py -m", "python3 -m").replace(".venv\\Scripts\\python", ".venv/bin/python")
        for line in blocks_commands("README.md", "bat")
    ]
    assert windows == posix


def test_make_bench_runs_the_two_benchmarks():
    """`make bench` is the two scoring benchmarks and the statistics' (operations.md
    shows them at 20,000 and 2,000 deals: run here at 1,000 and 200)."""
    made = make_n("bench")
    assert made[-3:] == [
        ".venv/bin/python scripts/bench_scoring.py",
        ".venv/bin/python scripts/bench_petrtyl.py",
        ".venv/bin/python scripts/bench_statistics.py",
    ]
    for script, deals, said in [
        (made[-3], "1000", "(target 20,000 each)"),
        (made[-2], "1000", "(target 20,000 each)"),
        (made[-1], "200", "200 deals"),
    ]:
        out = subprocess.run(
            [*shlex.split(script), deals], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        assert said in out, out


def test_make_lint_is_what_ci_runs():
    """The README's `make lint` and operations.md's vulture are CI's steps (named by the
    blocks' by=ci:...): make lint runs exactly the commands of .ci/run's ruff and vulture
    steps, so a green CI is a clean `make lint`."""
    made = [line for line in make_n("lint") if not line.startswith(("touch", "python3 -m venv"))]
    ci = (ROOT / ".ci" / "run").read_text()
    steps = ci[ci.index('echo "== ruff"') : ci.index('echo "== manage.py check --deploy"')]
    run_by_ci = [line for line in steps.splitlines() if line.startswith(".venv/bin/")]
    assert (
        made[-3:]
        == run_by_ci
        == [
            ".venv/bin/ruff check .",
            ".venv/bin/ruff format --check .",
            ".venv/bin/vulture",
        ]
    )


def script_env(database_url: str | None, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SUITE_ONLY}
    env["SECRET_KEY"] = "docs-test-" + secrets.token_urlsafe(40)
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


def run_script(tmp_path: Path, database_url: str | None, *args: str, timeout=None):
    """``scripts/...`` run as the docs run it (``args``: the script and its arguments),
    with its own secret key and, if given, database; its output captured."""
    return subprocess.run(
        [str(PYTHON), *args],
        cwd=ROOT,
        env=script_env(database_url, tmp_path),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_scripts_run_short(tmp_path):
    """The fuzzer of operations.md, with 30 inputs instead of 10,000."""
    done = run_script(tmp_path, None, "scripts/fuzz.py", "30")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "deal form, 30 inputs:" in out and "CLI, 30 inputs:" in out


def test_the_page_benchmark_runs(migrated_scratch_database, tmp_path):
    """scripts/bench_web.py at size S, on SQLite and (in CI's PostgreSQL run) on
    PostgreSQL; size L is the same code over 313 rounds instead of 4."""
    out = run_script(tmp_path, migrated_scratch_database, "scripts/bench_web.py", "S", timeout=600)
    assert out.returncode == 0, out.stderr
    assert re.search(r"size S on (sqlite|postgresql): [\d,]+ ledger rows", out.stdout)
    assert "standings / bare aggregate:" in out.stdout


def test_the_season_benchmark_runs_short(migrated_scratch_database, tmp_path):
    """scripts/bench_season.py with 4 nights and 2 requests a page instead of 52 and 15,
    on SQLite and (in CI's PostgreSQL run) PostgreSQL."""
    args = ("scripts/bench_season.py", "--nights", "4", "--runs", "2")
    out = run_script(tmp_path, migrated_scratch_database, *args, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"(sqlite|postgresql): 4 nights, 16 players, 640 deals", out.stdout)
    for page in ("season standings", "a player's season", "a player's page"):
        assert re.search(rf"{page} +[\d.]+ ms +\d+ queries", out.stdout), out.stdout


def test_the_hall_load_test_runs_short(migrated_scratch_database, tmp_path):
    """scripts/load_hall.py with 2 tables for 2 + 2 seconds instead of 40 for 60 + 30."""
    args = ("scripts/load_hall.py", "--tables", "2", "--phase1", "2", "--phase2", "2")
    out = run_script(tmp_path, migrated_scratch_database, *args, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    for phase in ("phase 1", "phase 2"):
        assert re.search(rf"{phase} .*: \d+ deals in .* 0 errors", out.stdout), out.stdout


@pytest.mark.browser
def test_the_screenshots_are_retaken(tmp_path):
    """scripts/screenshots.py retakes every picture of the docs from the current pages
    (into a temporary folder here; into docs/ when run by hand)."""
    from .browser.conftest import CHROMIUM, _chromium_available

    if not _chromium_available():
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"Chromium not found at {CHROMIUM}; CI must run the browser tests")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    out = run_script(tmp_path, None, "scripts/screenshots.py", "--out", str(tmp_path), timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "wider than the screen" not in out.stderr
    pictures = {p.name for p in (ROOT / "docs").glob("*.png")}
    assert pictures == {p.name for p in tmp_path.glob("*.png")}
    for picture in tmp_path.glob("*.png"):
        assert picture.stat().st_size < 250_000, picture.name
