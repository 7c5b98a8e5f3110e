"""Every export, CSV and PDF is byte for byte what the golden files say (tests/web/golden).

A difference is a changed output: if it is meant, regenerate the files with
``.venv/bin/python tests/web/golden/generate.py`` and commit them with the change.
"""

import datetime
import difflib
import io
from unittest import mock

import pytest
from pypdf import PdfReader

from tournaments import printouts

from .golden import outputs

pytestmark = pytest.mark.django_db


def test_every_output_is_its_golden_file():
    built = outputs.build()
    stored = outputs.stored()
    assert sorted(built) == sorted(stored), "outputs made and golden files differ in name"
    changed = [
        name
        for name, body in built.items()
        if not name.endswith(".pdf.txt") and body != stored[name]
    ]
    shown = []
    for name in changed[:3]:
        # A PDF is checked by its hash; the text it shows says what changed.
        text = name.removesuffix(".sha256") + ".txt" if name.endswith(".pdf.sha256") else name
        diff = difflib.unified_diff(
            stored[text].decode().splitlines(),
            built[text].decode().splitlines(),
            f"golden/{text}",
            f"built/{text}",
            lineterm="",
            n=1,
        )
        shown.append(f"{name} differs:\n" + "\n".join(list(diff)[:40]))
    assert not changed, "\n".join(["Changed: " + ", ".join(changed), *shown])


def test_a_pdf_drawn_again_later_is_the_same_bytes(event):
    """The PDFs are compared by their bytes: the fixed clock holds the one thing of ours
    that changes with the moment a PDF is drawn (its "Printed ..." line, in the event's
    time zone), and reportlab's invariant mode leaves out its own stamps (/CreationDate,
    /ModDate, and the /ID it digests with the time)."""
    with outputs.held_still():
        first = printouts.standings_pdf(event)
        again = printouts.standings_pdf(event)
    assert first == again
    assert b"/CreationDate (D:20000101000000+00'00')" in first
    # FIXED_NOW, 23:45 UTC, is 17:45 in Nebraska (the project's time zone).
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(first)).pages)
    assert "Printed 2026-11-21 17:45 CST by the Taroky scorekeeper" in text
    later = outputs.FIXED_NOW + datetime.timedelta(hours=1)
    with outputs.held_still(), mock.patch("django.utils.timezone.now", return_value=later):
        an_hour_on = printouts.standings_pdf(event)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(an_hour_on)).pages)
    assert "Printed 2026-11-21 18:45 CST by the Taroky scorekeeper" in text
