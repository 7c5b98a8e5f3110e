"""Reading and writing the commands' files: a clear error (exit 1), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from ..exchange import ExchangeError
from ..exchange.reading import parse_json


def read_json(path: str) -> Any:
    """The JSON in ``path``; CommandError saying what is wrong with the file otherwise
    (``exchange.reading``: a key twice, a number no field holds)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise CommandError(f"There is no file {path}.") from None
    except IsADirectoryError:
        raise CommandError(f"{path} is a folder, not a file.") from None
    except OSError as e:
        raise CommandError(f"Cannot read {path}: {e.strerror}.") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise CommandError(
            f"{path} is not UTF-8 text (byte {e.start} is not): is it the right file?"
        ) from None
    if not text.strip():
        raise CommandError(f"{path} is empty.")
    try:
        return parse_json(text)
    except ExchangeError as e:
        raise CommandError(f"{path}: {e.message}") from None
    except json.JSONDecodeError as e:
        raise CommandError(
            f"{path} is not valid JSON, or is cut short: {e.msg}: line {e.lineno}, "
            f"column {e.colno}."
        ) from None
    except RecursionError:
        raise CommandError(f"{path} is nested too deeply to be an export.") from None


def write_text(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise CommandError(f"Cannot write {path}: {e.strerror}.") from None


def check_writable(path: str) -> None:
    """Say so before the work if ``path`` cannot be written (a missing folder, say)."""
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"{path} is a folder: give a file name.")
    if not target.parent.is_dir():
        raise CommandError(f"Cannot write {path}: there is no folder {target.parent}.")


def write_document(command, document: Any, output: str | None, what: str) -> None:
    """An export command's JSON: into ``output`` (saying so on standard error), or to
    standard output."""
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if output:
        write_text(output, text)
        command.stderr.write(f"Wrote {what} to {output}")
    else:
        command.stdout.write(text, ending="")
