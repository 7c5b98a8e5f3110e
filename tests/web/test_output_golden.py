"""Every export, CSV and PDF is byte for byte what the golden files say (tests/web/golden).

A difference is a changed output: if it is meant, regenerate the files with
``.venv/bin/python tests/web/golden/generate.py`` and commit them with the change.
"""

import difflib

import pytest

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
    """The PDFs are compared by their bytes: reportlab's invariant mode leaves out the time it
    draws them at (its /CreationDate, /ModDate, and the /ID it digests with the time), the
    fixed clock ours ("Printed ...")."""
    assert printouts.standings_pdf(event) != printouts.standings_pdf(event)
    with outputs.held_still():
        first = printouts.standings_pdf(event)
        again = printouts.standings_pdf(event)
    assert first == again
    assert b"/CreationDate (D:20000101000000+00'00')" in first
