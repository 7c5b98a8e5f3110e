"""Texas and Petrtyl tables on every page and printout: the game's own words, the pot,
and a constant number of queries at two sizes."""

import datetime
import io
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db

DEMO = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "demo_events.json").read_text("utf-8")
)
NIGHTS = {"texas-xix": "Texas XIX club night", "petrtyl": "Petrtyl four-handed club night"}


def night(ruleset, organizer, deals: int | None = None):
    """The demo night of ``ruleset`` with its first ``deals`` deals (all by default)."""
    spec = next(e for e in DEMO["events"] if e["name"] == NIGHTS[ruleset])
    event = services.create_event(
        organizer,
        name=spec["name"],
        date=datetime.date.fromisoformat(spec["date"]),
        venue=spec["venue"],
        kind=spec["kind"],
        ruleset=spec["ruleset"],
        house_rules={},
        starting_chips=spec["starting_chips"],
        session_end=spec["session_end"],
        deals_per_session=spec["deals_per_session"],
        published=True,
    )
    (table_spec,) = spec["rounds"][0]["tables"]
    players = [Player.objects.get_or_create(name=n)[0] for n in table_spec["seats"]]
    for p in players:
        services.register_player(event, organizer, player=p)
    rnd = services.create_round(event, organizer)
    table = services.create_table(rnd, organizer, players, players[1])
    for d in table_spec["deals"][:deals]:
        deal = services.record_deal(table, d.get("first_document", d["document"]), organizer)
        for c in d.get("corrections", []):
            deal = services.correct_deal(deal, d["document"], organizer, c["reason"]).deal
        if d.get("void"):
            services.void_deal(deal, organizer, d["void"])
    return event, table


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


def urls(event, table):
    player = table.seats.first().player_id
    return [
        reverse("table-sheet", args=[table.pk]),
        reverse("table-pdf", args=[table.pk]),
        reverse("table-pdf", args=[table.pk]) + "?blank=1",
        reverse("standings", args=[event.pk]),
        reverse("standings-pdf", args=[event.pk]),
        reverse("player-statement", args=[event.pk, player]),
        reverse("statement-pdf", args=[event.pk, player]),
        reverse("chip-count", args=[table.pk]),
    ]


@pytest.mark.parametrize("ruleset", sorted(NIGHTS))
def test_pages_cost_the_same_queries_at_two_sizes(client, organizer, ruleset):
    client.force_login(organizer)
    small = night(ruleset, organizer, deals=3)
    counts_small = [queries(client, u) for u in urls(*small)]
    Event.objects.filter(pk=small[0].pk).update(name="small")
    big = night(ruleset, organizer)
    assert big[1].deals.count() > 10
    assert [queries(client, u) for u in urls(*big)] == counts_small


def test_a_texas_sheet_in_its_own_words(client, organizer):
    event, table = night("texas-xix", organizer)
    client.force_login(organizer)
    text = pdf_text(client.get(reverse("table-pdf", args=[table.pk])).content)
    assert "Texas XIX rules; starting chips 100" in text
    assert "# Dealer Deal" in text
    assert (
        "2 Věra Horáková Played; Declarer: Pete Vlasák; Bid: Prever; Talon: second three; "
        "Contra on the game: Contra; Declarer's side's card points: 59; "
        "Bonuses for holdings: Pete Vlasák, Uni -14 89 -14 83 +42 145 -14 83" in text
    )
    assert "Valat: declarer's side, announced, made" in text
    assert "Pagat in the last trick: opponents, announced, took the last trick" in text
    assert "Pot" not in text.split("Chips after each deal")[0]
    blank = pdf_text(client.get(reverse("table-pdf", args=[table.pk]) + "?blank=1").content)
    assert "Seats counter-clockwise:" in blank
    # A column each for a name, a word or a figure; the rest in a Notes column, said
    # under the grid.
    assert (
        "Declarer Bid Partner Talon Contra on the game Declarer's side's card points Notes" in blank
    )
    assert "Notes: Valat; Pagat in the last trick; Bonuses for holdings." in blank
    from taroky_scoring import game_for

    game = game_for("texas-xix")
    for line in game.payment_table(event.rules):
        assert " ".join(line.split()) in blank


def test_a_petrtyl_sheet_in_its_own_words_with_its_pot(client, organizer):
    event, table = night("petrtyl", organizer)
    client.force_login(organizer)
    text = pdf_text(client.get(reverse("table-pdf", args=[table.pk])).content)
    assert "Petrtyl" in text and "# Dealer Deal Pot" in text
    assert (
        "1 Tom Petrtyl Misdeal: the dealer pays 4 into the pot 4 -4 296 0 300 0 300 0 300" in text
    )
    assert "Papoose Last: Pete Vlasák, announced, took the last trick 0" in text
    assert "Sweep: announced, made" in text
    assert "Declarations: " in text
    blank = pdf_text(client.get(reverse("table-pdf", args=[table.pk]) + "?blank=1").content)
    assert "Seats clockwise:" in blank
    from taroky_scoring import game_for

    for line in game_for("petrtyl").payment_table(event.rules):
        assert " ".join(line.split()) in blank


@pytest.mark.parametrize(
    "ruleset, words",
    [
        (
            "texas-xix",
            "Seats in the order of play, counter-clockwise: "
            "Jan Šťastný → Věra Horáková → Pete Vlasák → Agnes Zelenka.",
        ),
        (
            "petrtyl",
            "Seats in the order of play, clockwise: "
            "Tom Petrtyl → Jan Šťastný → Věra Horáková → Pete Vlasák.",
        ),
    ],
)
def test_the_sheet_says_which_way_play_goes(client, organizer, ruleset, words):
    _, table = night(ruleset, organizer, deals=1)
    client.force_login(organizer)
    html = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    assert words in html


def test_the_event_round_and_round_pack_say_which_way_play_goes(client, organizer):
    event, table = night("texas-xix", organizer, deals=1)
    client.force_login(organizer)
    for url in (event.get_absolute_url(), reverse("round-detail", args=[table.round.pk])):
        assert "<th>Players (counter-clockwise)</th>" in client.get(url).content.decode()
    pack = pdf_text(client.get(reverse("round-pack-pdf", args=[table.round.pk])).content)
    assert "Table Players, counter-clockwise" in pack
