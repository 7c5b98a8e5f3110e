"""A table sheet's deal rows as HTML, written in Python rather than a template loop.

The sheet's rows were most of the sheet page's time (a dozen template lookups a cell,
two cells a player, a row a deal). ``rows_html`` writes what the loop in
``table_sheet.html`` wrote, byte for byte (``tests/web/test_fast_html.py`` compares it
with the loop, kept under ``tests/web/reference_templates``).
"""

from __future__ import annotations

from html import escape as _escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe


def esc(value) -> str:
    """Django's ``conditional_escape`` without its lazy-string wrapper (a third of this
    module's time): markup marked safe as it is, anything else escaped."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _escape(str(value))


def _signed_cell(change: int) -> str:
    cls = "pos" if change > 0 else "neg" if change < 0 else ""
    return f'<td class="num {cls}">{"+" if change > 0 else ""}{change}</td>'


def _row(row, has_pot: bool) -> str:
    deal = row.deal
    classes = ("voided" if deal.voided else "") + (
        " unconfirmed" if deal.awaiting_confirmation else ""
    )
    out = [
        f'\n    <tr class="{classes}" data-deal="{deal.number}">\n      <td><a href="'
        f'{esc(reverse("deal-detail", args=[deal.pk]))}">{deal.number}</a>'
    ]
    if deal.version > 1:
        out.append(f'<sup title="corrected or voided">v{deal.version}</sup>')
    if deal.awaiting_confirmation:
        out.append(' <span class="unconfirmed-tag">unconfirmed</span>')
    out.append(f'</td>\n      <td class="text">{esc(row.dealer)}</td>\n      ')
    for c in row.cells:
        kind = "" if c.kind == "note" else f' class="{esc(c.kind)}"'
        span = f' colspan="{c.span}"' if c.span > 1 else ""
        out.append(f"<td{kind}{span}>{esc(c.text)}</td>")
    if has_pot:
        out.append(f'<td class="num pot">{row.pot}</td>')
    out.append("\n      ")
    for change, chips in zip(row.changes, row.running, strict=True):
        out.append(_signed_cell(change))
        out.append(f'<td class="num chips{" below" if chips < 0 else ""}">{chips}</td>')
    out.append("\n    </tr>\n    ")
    return "".join(out)


def rows_html(sheet) -> SafeString:
    """The sheet's deal rows (or its "No deals yet." row), as ``table_sheet.html``'s
    loop wrote them."""
    if not sheet.rows:
        return mark_safe(
            f'\n    <tr><td colspan="{sheet.width}" class="muted">No deals yet.</td></tr>\n    '
        )
    return mark_safe("".join(_row(row, sheet.has_pot) for row in sheet.rows))
