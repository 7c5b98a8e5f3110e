"""A deal's history says the change itself between consecutive versions: the fields
that differ, before and after in the game's words, and each player's net before and
after (it showed each version's whole text side by side, 300 characters to compare
word by word for "Re" -> "Contra"). A version the app makes (a later deal given the pot
a correction leaves) is credited to the app and names the correction."""

import html as markup
import re

import pytest
from django.urls import reverse

from tournaments import services

from ..conftest import game_table

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bill", "Čada", "Dana"]


def texas(contra):
    """Anna's Povinost with Čada (XIX called), won with 60 card points; ``contra``."""
    return {
        "ruleset": "texas-xix",
        "players": NAMES,
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povinost",
        "partner": "Čada",
        "called": "xix",
        "contra": contra,
        "bidder_points": 60,
    }


def cells(html: str, row_id: str) -> list[str]:
    """The text of each item (or line) of the history cell ``row_id``."""
    start = html.index(">", html.index(f'id="{row_id}"')) + 1
    cell = html[start : html.index("</td>", start)]
    parts = (re.sub(r"<[^>]+>", "", p).strip() for p in re.split(r"<li>|<br>", cell))
    return [p for p in parts if p]


def history_row(html: str, version: int) -> list[str]:
    """The cells of the history's row of ``version``, as text."""
    body = html[html.index('<table id="versions">') :]
    body = body[: body.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    row = rows[version]  # rows[0] is the heading
    return [
        " ".join(markup.unescape(re.sub(r"<[^>]+>", " ", c)).split())
        for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


def test_the_history_says_what_a_correction_changed(client, organizer):
    table = game_table(organizer, "texas-xix", NAMES)
    deal = services.record_deal(table, texas("re"), organizer)
    services.correct_deal(deal, texas("contra"), organizer, "Contra was called, not Re")
    client.force_login(organizer)
    html = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    assert cells(html, "changed-2") == ["Contra on the game: Re → Contra"]
    assert cells(html, "changed-net-2") == [
        "Anna +12 → +6 (-6)",
        "Bill -12 → -6 (+6)",
        "Čada +12 → +6 (-6)",
        "Dana -12 → -6 (+6)",
    ]
    row = history_row(html, 2)
    assert row[:3] + row[4:5] == ["2", "Corrected", "org", "Contra was called, not Re"]
    # The first version says the deal as recorded and its nets.
    first = history_row(html, 1)
    assert first[5] == (
        "Played; Declarer: Anna; Bid: Povinost; Partner: Čada; Called: XIX; "
        "Contra on the game: Re; Declarer's side's card points: 60"
    )
    assert first[6] == "Anna +12 Bill -12 Čada +12 Dana -12"
    # A void changes no field: it counts nothing.
    services.void_deal(deal, organizer, "not played")
    html = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    assert history_row(html, 3)[5:] == [
        "Voided: it counts nothing.",
        "Anna +6 → 0 (-6) Bill -6 → 0 (+6) Čada +6 → 0 (-6) Dana -6 → 0 (+6)",
    ]


PETRTYL = ["Anna", "Bill", "Cyril", "Dana"]


def petrtyl(**fields):
    return {"ruleset": "petrtyl", "players": PETRTYL} | fields


def papoose_won():
    """Anna's Four with Cyril, won with 41; Cyril's announced Papoose Last takes the pot."""
    return petrtyl(
        kind="played",
        dealer="Anna",
        bidder="Anna",
        bid="four",
        partner="Cyril",
        talon="second",
        bidder_points=41,
        papoose_last={"player": "Cyril", "announced": True, "outcome": "won"},
    )


def test_a_new_pot_is_credited_to_the_app_and_names_the_correction(client, organizer):
    """Deal 1's misdeal was a thrown-in deal: the organizer corrects it, and the app
    gives deal 2 the pot the ledger now holds. Deal 2's history says the app made that
    version after the correction of deal 1 (it said "org"); the correction itself is the
    organizer's."""
    table = game_table(organizer, "petrtyl", PETRTYL, starting_chips=50)
    first = services.record_deal(table, petrtyl(kind="misdeal", dealer="Bill"), organizer)
    second = services.record_deal(table, papoose_won(), organizer)
    services.correct_deal(first, petrtyl(kind="thrown_in", dealer="Bill"), organizer, "a redeal")
    client.force_login(organizer)
    html = client.get(reverse("deal-detail", args=[second.pk])).content.decode()
    assert [row[:3] for row in (history_row(html, 1), history_row(html, 2))] == [
        ["1", "Recorded", "org"],
        ["2", "New pot", "the app, after the correction of deal 1"],
    ]
    assert history_row(html, 2)[4] == "The pot changed: deal 1 was corrected"
    assert cells(html, "changed-2") == ["The pot it plays for: 4 → 0"]
    html = client.get(reverse("deal-detail", args=[first.pk])).content.decode()
    assert history_row(html, 2)[:3] == ["2", "Corrected", "org"]
    # A void moving the pot is named as a void.
    table = game_table(organizer, "petrtyl", PETRTYL, starting_chips=50)
    first = services.record_deal(table, petrtyl(kind="misdeal", dealer="Bill"), organizer)
    second = services.record_deal(table, papoose_won(), organizer)
    services.void_deal(first, organizer, "not played")
    html = client.get(reverse("deal-detail", args=[second.pk])).content.decode()
    assert history_row(html, 2)[2] == "the app, after the voiding of deal 1"


def test_a_correction_refused_after_a_new_pot_says_the_app_changed_the_deal(organizer):
    """A correction of deal 2 opened before deal 1's correction gave it a new pot is
    refused as stale, naming the app and the correction, not the organizer."""
    table = game_table(organizer, "petrtyl", PETRTYL, starting_chips=50)
    first = services.record_deal(table, petrtyl(kind="misdeal", dealer="Bill"), organizer)
    second = services.record_deal(table, papoose_won(), organizer)
    services.correct_deal(first, petrtyl(kind="thrown_in", dealer="Bill"), organizer, "a redeal")
    with pytest.raises(services.StaleDealError) as refused:
        services.correct_deal(second, papoose_won(), organizer, "recount", expected_version=1)
    assert refused.value.message.startswith(
        "This deal was changed by the app, after the correction of deal 1 at "
    )
    assert refused.value.message.endswith("(now version 2); reload it and enter your change again.")
