"""Helpers for round trips through the deal form: what the page shows, posted back."""

from taroky_scoring.games.nebraska.outcome import DealOutcome


def form_data(**fields):
    """Form fields for Anna's Four (second half) with Čada, 41 points, Dana dealing;
    ``None`` leaves a field out."""
    data = {
        "number": "1",
        "kind": "played",
        "dealer": "Dana",
        "bidder": "Anna",
        "bid": "four",
        "blind": "second",
        "partner": "Čada",
        "kontra": "none",
        "bidder_points": "41",
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def post_data(form) -> dict:
    """The POST a browser sends for ``form`` as rendered, with nothing changed."""
    data = {}
    for name, bound in form._bound_items():
        value = bound.value()
        if value is None or value is False or value == "":
            continue
        if value is True:
            data[name] = "on"
        elif isinstance(value, list | tuple):
            data[name] = [str(v) for v in value]
        else:
            data[name] = str(value)
    return data


def canonical(document: dict) -> dict:
    """A document as the core reads it; absent, null, false and "none" say the same,
    and declarations have no order."""
    doc = DealOutcome.from_document(document).to_document()
    doc = {k: v for k, v in doc.items() if v not in (None, False, [], "none")}
    if "declarations" in doc:
        doc["declarations"] = sorted(doc["declarations"], key=lambda d: (d["kind"], d["player"]))
    return doc
