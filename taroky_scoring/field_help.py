"""A deal document's fields as plain text, for the CLI's ``score --help --ruleset NAME``."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .conditions import condition_words
from .fields import INT, Field, values_said


def help_text(fields: Sequence[Field], indent: str = "  ") -> str:
    """The fields as a plain-text list for ``--help``."""
    lines = []
    for f in fields:
        head = f"{indent}{f.name:<20} {f.label}"
        if f.required:
            head += " (required)"
        lines.append(head)
        if f.help:
            lines.append(f"{indent}{'':<20} {f.help}")
        if f.choices:
            words = [
                values_said([c.value]) + ("" if c.label == c.value else f" ({c.label})")
                for c in f.choices
            ]
            pad = f"{indent}{'':<21}"
            lines.append(
                textwrap.fill(
                    "values: " + " | ".join(words),
                    width=88,
                    initial_indent=pad,
                    subsequent_indent=pad + "  ",
                    break_on_hyphens=False,
                )
            )
        if f.kind == INT and f.minimum is not None:
            lines.append(f"{indent}{'':<20} a whole number from {f.minimum} to {f.maximum}")
        if f.applies is not None:
            when_words = (  # {"any": []}: a field of the envelope this ruleset never uses
                "never: leave it empty" if f.never else f"only when {condition_words(f.applies)}"
            )
            lines.append(f"{indent}{'':<20} {when_words}")
        if f.none_label:
            lines.append(f"{indent}{'':<20} null: {f.none_label}")
        if f.max_items is not None:
            lines.append(f"{indent}{'':<20} at most {f.max_items}")
        for item in f.items:
            sub = help_text([item], indent + "    ").splitlines()
            lines += sub
    return "\n".join(lines)
