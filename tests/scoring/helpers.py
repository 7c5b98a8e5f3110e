"""Small builders for deal documents used across the scoring tests."""

PLAYERS = ["Anna", "Bill", "Cyril", "Dana"]


def played(**fields):
    """A played deal: Anna bids a Four (second half) with Cyril, 41 card points."""
    doc = {
        "players": list(PLAYERS),
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Cyril",
        "blind": "second",
        "bidder_points": 41,
    }
    doc.update(fields)
    return {k: v for k, v in doc.items() if v is not ...}


def texas(ruleset, **fields):
    """A played Texas deal of ``ruleset``, Anna the declarer; ``...`` leaves a field out."""
    doc = {"ruleset": ruleset, "players": list(PLAYERS), "kind": "played", "bidder": "Anna"}
    doc.update(fields)
    return {k: v for k, v in doc.items() if v is not ...}


def petrtyl(ruleset="petrtyl", **fields):
    """A played Four: Anna with Cyril (at four and five), the first three of the talon
    (not at five, where the Four takes the whole talon); ``...`` leaves a field out."""
    players = {"petrtyl": PLAYERS, "petrtyl-five": [*PLAYERS, "Emil"], "petrtyl-three": PLAYERS[:3]}
    doc = {
        "ruleset": ruleset,
        "players": players.get(ruleset, PLAYERS[:2]),
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "bidder_points": 40,
    }
    if ruleset in ("petrtyl", "petrtyl-five"):
        doc["partner"] = "Cyril"
    if ruleset != "petrtyl-five":
        doc["talon"] = "first"
    doc.update(fields)
    return {k: v for k, v in doc.items() if v is not ...}


def by_field(error):
    """An OutcomeError's messages grouped by the field each names."""
    grouped = {}
    for e in error.errors:
        grouped.setdefault(e.field, []).append(e.message)
    return grouped


def flows(settlement, reason=None):
    """(payer, payee, chips) of each transfer, optionally of one reason only."""
    return [
        (t.payer, t.payee, t.chips)
        for t in settlement.transfers
        if reason is None or t.reason == reason
    ]
