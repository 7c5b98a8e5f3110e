"""Strategies for fuzzing the deal form and the CLI (used by tests and scripts/fuzz.py)."""

import json

from hypothesis import strategies as st

from .scoring.strategies import any_deal

SEATS = ["Anna", "Bill", "Čada", "Dana"]

junk_text = st.one_of(
    # A NUL only where named below: any request with one is refused before a form reads
    # it (test_nul_bytes.py), and hypothesis would send one in about half the forms.
    st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=12),
    st.sampled_from(
        [
            "",
            " ",
            "-1",
            "71",
            "1e9",
            "NaN",
            "null",
            "<script>",
            "Čada\x00",
            "'; DROP TABLE x; --",
            "9" * 40,
        ]
    ),
)


def choice_or_junk(choices):
    return st.one_of(st.sampled_from(choices), junk_text)


form_fields = st.fixed_dictionaries(
    {
        "kind": choice_or_junk(["played", "surrendered", "thrown_in", "misdeal"]),
        "dealer": choice_or_junk(SEATS),
    },
    optional={
        "bidder": choice_or_junk(SEATS),
        "bid": choice_or_junk(["four", "five", "five_over"]),
        "blind": choice_or_junk(["first", "second", "first_after_second"]),
        "partner": choice_or_junk(SEATS + ["none"]),
        "called": choice_or_junk(["clubs", "spades", "hearts", "diamonds", "fourth_king"]),
        "king_in_blind": st.sampled_from(["on", ""]),
        "kontra": choice_or_junk(["none", "kontra", "rekontra"]),
        "bidder_points": st.one_of(st.integers(-5, 80).map(str), junk_text),
        "opponent_points": st.one_of(st.integers(-5, 80).map(str), junk_text),
        "valat": choice_or_junk(["", "bidder", "opponents"]),
        "king_last__outcome": choice_or_junk(["", "won", "lost", "played_early"]),
        "king_last__announced": st.sampled_from(["on", ""]),
        "tarok1_last__team": choice_or_junk(["", "bidder", "opponents"]),
        "tarok1_last__outcome": choice_or_junk(
            ["", "tarok1_won", "partner_won", "lost", "played_early"]
        ),
        "tarok1_last__announced": st.sampled_from(["on", ""]),
        "declarations__0__player": choice_or_junk(SEATS),
        "declarations__0__kind": choice_or_junk(["ten_taroky", "four_kings", "three_high"]),
        "declarations__1__player": choice_or_junk(SEATS),
        "declarations__1__kind": choice_or_junk(["ten_taroky", "four_kings", "three_high"]),
        "declarations__3__player": choice_or_junk(SEATS),
        "declarations__3__kind": choice_or_junk(["ten_taroky", "four_kings", "three_high"]),
        "penalties__0__kind": choice_or_junk(["", "forgotten_discard"]),
        # A row past the form's (penalties have one) is not read.
        "penalties__1__kind": choice_or_junk(["forgotten_discard"]),
    },
)

json_values = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-100, 100), st.floats(allow_nan=False), junk_text
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(junk_text, children, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def mutated_deal(draw):
    """A valid deal with one field replaced, dropped or added."""
    doc = dict(draw(any_deal))
    keys = sorted(doc) + ["bidder_points", "partner", "valat", "declarations", "unknown"]
    key = draw(st.sampled_from(keys))
    if draw(st.booleans()) and key in doc:
        del doc[key]
    else:
        doc[key] = draw(json_values)
    return doc


cli_input = st.one_of(
    any_deal.map(json.dumps),
    mutated_deal().map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=40),
)
