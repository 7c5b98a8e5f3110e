"""Deal entry, preview, score sheet and deal detail through the test client."""

import json
import time

import pytest
from django.urls import reverse

import taroky_scoring as core
from tournaments import services
from tournaments.models import Deal, LedgerEntry

from ..conftest import SEATS4, played_doc
from .deal_forms import canonical, form_data, post_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def test_entering_a_deal_saves_it_and_shows_the_running_chips(org_client, table):
    url = reverse("deal-create", args=[table.pk])
    page = org_client.get(url)
    assert page.status_code == 200
    # First deal: Anna holds the tarok 2, so Dana (to her right) deals.
    assert page.context["form"].initial["dealer"] == "Dana"
    response = org_client.post(url, form_data(king_last__outcome="won", king_last__announced="on"))
    assert response.status_code == 302
    assert response["Location"] == reverse("table-sheet", args=[table.pk])
    deal = Deal.objects.get()
    assert deal.document == played_doc(king_last={"announced": True, "outcome": "won"})
    sheet = org_client.get(response["Location"])
    row = sheet.context["sheet"].rows[0]
    assert (row.changes, row.running) == ([7, -7, 7, -7], [27, 13, 27, 13])
    assert "Next deal: <strong>Anna</strong> deals" in sheet.content.decode()


@pytest.mark.parametrize(
    "fields, field, words",
    [
        # A Four without its blind option
        (dict(blind=None), "blind", "Required for a Four"),
        # Points outside what the form offers: 0-69, as the blind's cards the bidder does
        # not take count for the opponents
        (dict(bidder_points="70"), "bidder_points", "from 0 to 69"),
        (dict(bidder_points="lots"), "bidder_points", "whole number"),
        # No points
        (dict(bidder_points=None), "bidder_points", "Required"),
        # The bidder as partner
        (dict(partner="Anna"), "partner", "own partner"),
        # No partner chosen at all
        (dict(partner=None), "partner", "Choose the partner, or Alone"),
        # Valat contradicting the points
        (dict(valat="opponents"), "valat", "41 card points"),
        # King Last played early but not announced: at its fieldset
        (dict(king_last__outcome="played_early"), "king_last", "announced"),
        # King Last announced without saying what became of the King
        (dict(king_last__announced="on"), "king_last__outcome", "Choose what became of"),
        # Tarok 1 Last without saying whose 1 it was: in the form's words (issue 16),
        # no longer the document's "'team' must be one of bidder, opponents."
        (
            dict(tarok1_last__outcome="tarok1_won"),
            "tarok1_last__team",
            "Choose the team that played the 1.",
        ),
        (
            dict(tarok1_last__team="bidder"),
            "tarok1_last__outcome",
            "Choose what became of the 1 in the last trick.",
        ),
        # Four Kings by an opponent: at the declarations
        (
            dict(declarations__0__player="Bill", declarations__0__kind="four_kings"),
            "declarations",
            "bidder or the partner",
        ),
        # A declaration without its player, or without what was declared
        (dict(declarations__0__kind="four_kings"), "declarations__0__player", "Choose who"),
        (dict(declarations__1__player="Bill"), "declarations__1__kind", "Choose what was"),
        # A dealer who is not at the table
        (dict(dealer="Zdeněk"), "dealer", "not one of the available choices"),
        # A partner who is no choice of the form (Alone is posted as "none")
        (dict(partner="alone"), "partner", "not one of the available choices"),
    ],
)
def test_bad_input_shows_its_error_at_its_field(org_client, table, fields, field, words):
    response = org_client.post(reverse("deal-create", args=[table.pk]), form_data(**fields))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert any(words in e for e in errors[field]), errors[field]
    assert Deal.objects.count() == 0
    # The error is rendered next to its field.
    html = response.content.decode()
    start = html.index(f'id="field-{field}"')
    assert words.replace("'", "&#x27;") in html[start : start + 6000]


def test_kontra_is_not_offered_where_the_rules_forbid_it(org_client, table, organizer):
    services.update_event(table.round.event, organizer, ruleset="clarkson")
    page = org_client.get(reverse("deal-create", args=[table.pk]))
    assert "kontra" not in page.context["form"].fields
    assert 'name="kontra"' not in page.content.decode()


def test_double_submission_does_not_enter_a_deal_twice(org_client, table):
    url = reverse("deal-create", args=[table.pk])
    assert org_client.post(url, form_data()).status_code == 302
    # The same deal sent again: nothing twice, and the organizer is told it is saved.
    again = org_client.post(url, form_data(), follow=True)
    assert "Deal 1 is saved." in (again.content.decode())
    assert Deal.objects.count() == 1
    # Another deal with the same number: refused, both versions shown.
    other = org_client.post(url, form_data(bidder_points="20"))
    assert other.status_code == 200
    assert "was saved first, so yours was not saved" in other.content.decode()
    assert Deal.objects.count() == 1


def test_preview_returns_the_settlement(org_client, table):
    response = org_client.post(
        reverse("deal-preview", args=[table.pk]),
        form_data(
            bid="five_over",
            blind=None,
            kontra="rekontra",
            bidder_points="68",
            valat="bidder",
            partner="none",
        ),
    )
    data = json.loads(response.content)
    assert data["ok"] is True
    assert data["game_value"] == 128
    assert data["result"] == "The bidder's team wins: game 128 per pair."
    assert data["net"] == {"Anna": 384, "Bill": -128, "Čada": -128, "Dana": -128}
    assert data["transfers"][0]["explanation"] == (
        "Game won with 68 card points: Five Over 16 x rekontra 4 x valat 2 = 128"
    )
    assert Deal.objects.count() == 0


def test_preview_returns_errors_by_form_field(org_client, table):
    response = org_client.post(reverse("deal-preview", args=[table.pk]), form_data(blind=None))
    data = json.loads(response.content)
    assert data == {
        "ok": False,
        "errors": {"blind": ["Required for a Four: which half of the blind did the bidder take?"]},
    }
    # The form's own words for a choice it needs, by the name of the field on the page.
    tarok1 = form_data(tarok1_last__team="bidder")
    data = org_client.post(reverse("deal-preview", args=[table.pk]), tarok1).json()
    assert data == {
        "ok": False,
        "errors": {"tarok1_last__outcome": ["Choose what became of the 1 in the last trick."]},
    }


def test_server_side_preview_without_javascript(org_client, table):
    response = org_client.post(reverse("deal-create", args=[table.pk]), form_data(preview="1"))
    assert response.status_code == 200
    assert response.context["preview"]["net"] == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    assert Deal.objects.count() == 0


def test_correcting_a_deal_through_the_form(org_client, table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    url = reverse("deal-correct", args=[deal.pk])
    page = org_client.get(url)
    assert page.context["form"].initial["bidder_points"] == 30
    no_reason = org_client.post(url, form_data(expected_version="1"))
    assert "Say why the deal is changed." in no_reason.context["form"].errors["reason"]
    response = org_client.post(url, form_data(expected_version="1", reason="Recounted"))
    assert response.status_code == 302
    deal.refresh_from_db()
    assert (deal.version, deal.document["bidder_points"]) == (2, 41)
    stale = org_client.post(
        url, form_data(expected_version="1", reason="Again", bidder_points="50")
    )
    assert "changed by org" in stale.content.decode()


def test_voiding_a_deal(org_client, table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    url = reverse("deal-void", args=[deal.pk])
    assert org_client.get(url).status_code == 405  # no writes over GET
    org_client.post(url, {"expected_version": "1", "reason": ""})
    deal.refresh_from_db()
    assert not deal.voided
    org_client.post(url, {"expected_version": "1", "reason": "Wrong table"})
    deal.refresh_from_db()
    assert deal.voided
    sheet = org_client.get(reverse("table-sheet", args=[table.pk]))
    assert sheet.context["sheet"].rows[0].changes == [0, 0, 0, 0]


def test_deal_detail_shows_transfers_and_history(org_client, table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    services.correct_deal(deal, played_doc(), organizer, "Recounted the pile")
    page = org_client.get(reverse("deal-detail", args=[deal.pk]))
    html = page.content.decode()
    assert "Game won with 41 card points: Four (second half) 5 = 5" in html
    assert "Recounted the pile" in html
    versions = page.context["versions"]
    assert versions[0].change == {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}
    assert versions[1].change == {"Anna": 10, "Bill": -10, "Čada": 10, "Dana": -10}
    assert [t.chips for t in page.context["transfers"]] == [5, 5]


def test_card_point_counter(client):
    page = client.get(reverse("card-points"), {"cards": 7, "king": 1, "queen": 1})
    assert page.context["points"] == 9
    assert "<strong>9</strong> card points" in page.content.decode()
    bad = client.get(reverse("card-points"), {"cards": 2, "king": 3})
    assert bad.context["points"] is None
    assert "cannot hold 3 counting cards" in bad.content.decode()


@pytest.mark.parametrize(
    "ruleset, points, other, how",
    [
        # Nebraska and Petrtyl count in packets of three (contract section 2): King,
        # Queen and five plain cards are 5 + 4 + 5 - 2 - 2 - 1 = 9.
        ("la-vista", 9, 61, "packets of three"),
        ("petrtyl", 9, 61, "packets of three"),
        # Petrtyl's 42-card pack counts 66 (section 18.16).
        ("petrtyl-three", 9, 57, "packets of three"),
        # Texas counts every card singly: 5 + 4 + 5 = 14 of 106.
        ("texas-xix", 14, 92, "Every card counts its value"),
    ],
)
def test_card_point_counter_counts_as_the_chosen_game(client, ruleset, points, other, how):
    query = {"ruleset": ruleset, "cards": 7, "king": 1, "queen": 1}
    html = client.get(reverse("card-points"), query).content.decode()
    assert (
        f"<strong>{points}</strong> card points; if this is one side's whole pile, "
        f"the other side has {other}." in html
    )
    assert how in html


def test_card_point_counter_is_bounded_by_the_chosen_pack(client):
    page = client.get(reverse("card-points"), {"ruleset": "petrtyl-three", "cards": 43})
    assert page.context["form"].errors["cards"] == [
        "Cards in the pile must be from 0 to 42: the 42-card pack has 42."
    ]
    assert "The 42-card pack counts 66" in page.content.decode()


def test_card_point_counter_opens_unbound_with_the_deal_forms_game(client):
    page = client.get(reverse("card-points"), {"ruleset": "texas-xx", "back": "/tables/1/"})
    html = page.content.decode()
    assert page.context["form"].errors == {}
    assert '<option value="texas-xx" selected>' in html
    assert "The 54-card pack counts 106" in html
    assert '<a href="/tables/1/">Back to the deal</a>' in html
    # Another site is no way back.
    away = client.get(reverse("card-points"), {"back": "https://example.org/"}).content.decode()
    assert "Back to the deal" not in away
    # An unknown ruleset is Nebraska's counter, not an error page.
    unknown = client.get(reverse("card-points"), {"ruleset": "whist"})
    assert "The 54-card pack counts 70" in unknown.content.decode()


def test_czech_names_display_correctly(org_client, table, organizer):
    services.record_deal(table, played_doc(), organizer)
    html = org_client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    assert "Čada" in html
    assert "špaček" in org_client.get(reverse("deal-create", args=[table.pk])).content.decode()


def _add_deals(table, organizer, n):
    dealers = ["Dana", "Anna", "Bill", "Čada"]
    for i in range(n):
        services.record_deal(table, played_doc(dealer=dealers[i % 4]), organizer)


@pytest.mark.parametrize("deals", [1, 15])
def test_sheet_queries_do_not_grow_with_deals(
    org_client, table, organizer, deals, django_assert_max_num_queries
):
    _add_deals(table, organizer, deals)
    with django_assert_max_num_queries(12):
        response = org_client.get(reverse("table-sheet", args=[table.pk]))
    assert len(response.context["sheet"].rows) == deals


@pytest.mark.parametrize("corrections", [0, 6])
def test_deal_detail_queries_do_not_grow_with_versions(
    org_client, table, organizer, corrections, django_assert_max_num_queries
):
    deal = services.record_deal(table, played_doc(), organizer)
    for i in range(corrections):
        deal = services.correct_deal(deal, played_doc(bidder_points=40 - i), organizer, "fix").deal
    with django_assert_max_num_queries(12):
        response = org_client.get(reverse("deal-detail", args=[deal.pk]))
    assert len(response.context["versions"]) == corrections + 1
    assert LedgerEntry.objects.filter(deal=deal).count() == 2 + corrections * 4


def test_an_ended_table_offers_no_deal_form(org_client, table, organizer):
    services.update_event(table.round.event, organizer, deals_per_session=1)
    services.record_deal(table, played_doc(), organizer)
    response = org_client.get(reverse("deal-create", args=[table.pk]), follow=True)
    assert response.redirect_chain == [(reverse("table-sheet", args=[table.pk]), 302)]
    assert "Ended after 1 deal: this table takes no more deals." in response.content.decode()
    assert 'id="enter-deal"' not in response.content.decode()


@pytest.mark.parametrize(
    "query, field, words",
    [
        (
            {"cards": 12, "king": 100_000_000},
            "king",
            "Kings must be from 0 to 4: the 54-card pack has 4.",
        ),
        (
            {"cards": 12, "skies": 2},
            "skies",
            "Škýz (Skies) must be from 0 to 1: the 54-card pack has 1.",
        ),
        (
            {"cards": 10**30, "jack": 1},
            "cards",
            "Cards in the pile must be from 0 to 54: the 54-card pack has 54.",
        ),
        (
            {"cards": 12, "queen": -1},
            "queen",
            "Queens must be from 0 to 4: the 54-card pack has 4.",
        ),
    ],
)
def test_card_point_counter_refuses_counts_the_pack_cannot_hold(client, query, field, words):
    # The counts are bounded by the pack before anything is built: 10^8 Kings used to
    # build a list of 10^8 names (56 s, hundreds of MB) before the core refused it.
    started = time.monotonic()
    page = client.get(reverse("card-points"), query)
    assert time.monotonic() - started < 2
    assert page.context["points"] is None
    assert page.context["form"].errors[field] == [words]


ROUND_TRIPS = {
    "plain Four": played_doc(),
    "declarations of every kind": played_doc(
        bidder_points=50,
        declarations=[
            {"player": "Bill", "kind": "ten_taroky"},
            # The partner holds the called King: a bidder with Four Kings plays alone.
            {"player": "Čada", "kind": "four_kings"},
            {"player": "Dana", "kind": "three_high"},
        ],
    ),
    "Tarok 1 Last by the opponents, announced": played_doc(
        bidder_points=30,
        tarok1_last={"team": "opponents", "announced": True, "outcome": "tarok1_won"},
    ),
    "Tarok 1 Last beaten by its partner": played_doc(
        tarok1_last={"team": "bidder", "announced": False, "outcome": "partner_won"}
    ),
    "King Last announced and played early": played_doc(
        king_last={"announced": True, "outcome": "played_early"}
    ),
    "forgotten discard": played_doc(penalties=[{"kind": "forgotten_discard"}]),
    "Five with rekontra, called King, valat": played_doc(
        bid="five",
        blind=None,
        called="hearts",
        kontra="rekontra",
        # The blind counts for the opponents: a valat in a Five leaves them 2 points.
        bidder_points=68,
        valat="bidder",
    ),
    "alone with the King in the blind, first half after the second": played_doc(
        partner=None, king_in_blind=True, blind="first_after_second", bidder_points=36
    ),
    "Five Over lost": played_doc(bid="five_over", blind=None, partner="Bill", bidder_points=20),
    "surrendered": {
        "ruleset": "la-vista",
        "players": list(SEATS4),
        "dealer": "Dana",
        "kind": "surrendered",
        "bidder": "Bill",
        "bid": "four",
        "blind": "first_after_second",
    },
    "thrown in": {
        "ruleset": "la-vista",
        "players": list(SEATS4),
        "dealer": "Dana",
        "kind": "thrown_in",
    },
    "misdeal": {
        "ruleset": "la-vista",
        "players": list(SEATS4),
        "dealer": "Dana",
        "kind": "misdeal",
    },
}


@pytest.mark.parametrize("name", sorted(ROUND_TRIPS))
def test_the_correction_form_carries_every_field_of_the_deal(org_client, table, organizer, name):
    """Document -> correction form -> document: saving the form unchanged keeps every
    field, so a correction cannot silently drop what it does not touch."""
    document = ROUND_TRIPS[name]
    deal = services.record_deal(table, document, organizer)
    url = reverse("deal-correct", args=[deal.pk])
    form = org_client.get(url).context["form"]
    data = {**post_data(form), "reason": "unchanged"}
    response = org_client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    deal.refresh_from_db()
    assert deal.version == 2
    assert canonical(deal.document) == canonical(document)
    assert core.score(deal.document).as_dict() == core.score(document).as_dict()
