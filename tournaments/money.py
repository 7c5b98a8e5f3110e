"""Money in whole cents and the prize table an organizer types: parsed and checked
without the database (the event model's ``clean`` reads it, so it imports no model).

A prize table is a line a place, first place first, each an amount ("$40" or "40.00")
or a percentage of the fees collected ("50%").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from django.core.exceptions import ValidationError

from .places import ordinal

MAX_CENTS = 10_000_000  # $100,000.00: an entry fee, or one place's prize
MAX_PLACES = 100
_MONEY = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$")
_PERCENT = re.compile(r"^(\d+)(?:\.(\d{1,2}))?\s*%$")


def dollars(cents: int) -> str:
    """12.5 dollars as "$12.50" (thousands with commas)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"


def parse_dollars(text: str, what: str = "An amount") -> int:
    """ "$12.50", "12.5", "1,000" -> cents; a clear ValidationError for anything else."""
    text = (text or "").strip()
    if text.startswith("-"):
        raise ValidationError(f"{what} cannot be negative ({text}).")
    found = _MONEY.match(text)
    if not found:
        raise ValidationError(f"{what} is dollars and cents, like $12.50 ({text!r} is not).")
    whole, part = found.group(1).replace(",", ""), (found.group(2) or "").ljust(2, "0")
    cents = int(whole) * 100 + int(part)
    if cents > MAX_CENTS:
        raise ValidationError(f"{what} is at most {dollars(MAX_CENTS)} ({text} is more).")
    return cents


@dataclass(frozen=True)
class PlacePrize:
    """One line of a prize table: ``cents``, or ``hundredths`` of a percent of the fees."""

    cents: int | None = None
    hundredths: int | None = None  # 5000 is 50%

    def __str__(self) -> str:
        if self.cents is not None:
            return dollars(self.cents)
        whole, part = divmod(self.hundredths, 100)
        return f"{whole}.{part:02d}".rstrip("0").rstrip(".") + "%"

    def exact(self, pool: int) -> Fraction:
        """What the place is worth in cents, before rounding."""
        if self.cents is not None:
            return Fraction(self.cents)
        return Fraction(pool * self.hundredths, 10_000)


def parse_table(text: str) -> list[PlacePrize]:
    """The prize table's lines (blank lines skipped), first place first. Every line's
    fault is said with its place."""
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    if len(lines) > MAX_PLACES:
        raise ValidationError(f"A prize table pays at most {MAX_PLACES} places ({len(lines)}).")
    prizes, problems = [], []
    for place, line in enumerate(lines, start=1):
        where = f"{ordinal(place)} place"
        if line.startswith("-"):
            problems.append(f"{where}: a prize cannot be negative ({line}).")
            continue
        percent = _PERCENT.match(line)
        if percent:
            hundredths = int(percent.group(1)) * 100 + int((percent.group(2) or "").ljust(2, "0"))
            if not 0 < hundredths <= 10_000:
                problems.append(f"{where}: a percentage is more than 0% and at most 100% ({line}).")
            else:
                prizes.append(PlacePrize(hundredths=hundredths))
            continue
        if not _MONEY.match(line):
            problems.append(
                f"{where}: {line!r} is neither an amount ($40.00) nor a percentage (50%)."
            )
            continue
        try:
            cents = parse_dollars(line, f"{where}: a prize")
        except ValidationError as e:
            problems.extend(e.messages)
            continue
        if cents == 0:
            problems.append(f"{where}: a prize is more than $0.00.")
        else:
            prizes.append(PlacePrize(cents=cents))
    if problems:
        raise ValidationError(problems)
    return prizes


def table_text(prizes: list[PlacePrize]) -> str:
    """The table as stored and shown: one line a place, in the same words."""
    return "\n".join(str(p) for p in prizes)


def check_table(fee_cents: int, prizes: list[PlacePrize]) -> None:
    """A table of percentages needs a fee to be a percentage of."""
    if not fee_cents and any(p.hundredths for p in prizes):
        raise ValidationError("Percentages are of the fees collected: set an entry fee first.")


def table_total(prizes: list[PlacePrize], pool: int) -> int:
    """What the table pays in whole cents, every place paid (percentages rounded down)."""
    return sum(int(p.exact(pool)) for p in prizes)
