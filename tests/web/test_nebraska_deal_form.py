"""Nebraska through the deal form generated from the core's description (issue 14):
every kind of deal at a table of four and of five (the dealer sits out), with exact
chips on the sheet, the preview equal to the saved deal, and the correction's round
trip at five."""

import pytest
from django.urls import reverse

import taroky_scoring as core
from tournaments import services
from tournaments.models import Deal

from ..conftest import SEATS5
from .deal_forms import canonical, form_data, post_data

pytestmark = pytest.mark.django_db

# Each kind of deal as the organizer fills the form (Anna bids, Čada partners, Dana
# deals, unless said), and each seat's chips at the table of four.
KINDS = {
    "Four, first half, alone with own King": (
        dict(blind="first", partner="none", bidder_points="40"),
        [12, -4, -4, -4],
    ),
    "Four, first half after the second, lost": (
        dict(blind="first_after_second", bidder_points="30"),
        [-6, 6, -6, 6],
    ),
    "Four with King Last won, announced": (
        dict(king_last__outcome="won", king_last__announced="on"),
        [7, -7, 7, -7],
    ),
    "Four with Tarok 1 Last taken by the opponents' 1": (
        dict(bidder_points="30", tarok1_last__team="opponents", tarok1_last__outcome="tarok1_won"),
        [-6, 6, -6, 6],
    ),
    "Four with a forgotten discard": (
        dict(penalties__0__kind="forgotten_discard"),
        [2, -4, 6, -4],
    ),
    "Four with the called King in the blind": (
        dict(partner=None, king_in_blind="on", blind="first", bidder_points="36"),
        [12, -4, -4, -4],
    ),
    "Five with kontra, the King of hearts called": (
        dict(bid="five", blind=None, kontra="kontra", called="hearts", bidder_points="45"),
        [16, -16, 16, -16],
    ),
    "Five with rekontra and valat": (
        dict(bid="five", blind=None, kontra="rekontra", bidder_points="68", valat="bidder"),
        [64, -64, 64, -64],
    ),
    "Five Over lost alone": (
        dict(bid="five_over", blind=None, partner="none", bidder_points="20"),
        [-48, 16, 16, 16],
    ),
    "Five Over, valat by the opponents, counted from their pile": (
        dict(
            bid="five_over",
            blind=None,
            partner="Bill",
            bidder_points=None,
            opponent_points="70",
            valat="opponents",
        ),
        [-32, -32, 32, 32],
    ),
    "declarations": (
        dict(
            bidder_points="50",
            declarations__0__player="Bill",
            declarations__0__kind="ten_taroky",
            declarations__1__player="Čada",
            declarations__1__kind="four_kings",
            declarations__2__player="Dana",
            declarations__2__kind="three_high",
        ),
        [2, -4, 6, -4],
    ),
    "Four surrendered": (
        dict(
            kind="surrendered",
            bidder="Bill",
            blind="first_after_second",
            partner=None,
            bidder_points=None,
        ),
        [4, -12, 4, 4],
    ),
    "thrown in": (
        dict(kind="thrown_in", bidder=None, bid=None, blind=None, partner=None, bidder_points=None),
        [0, 0, 0, 0],
    ),
    "misdeal": (
        dict(kind="misdeal", bidder=None, bid=None, blind=None, partner=None, bidder_points=None),
        [1, 1, 1, -3],
    ),
}

# The same deals at the table of five: Emil, Fanny, Gustav, Hana play as Anna, Bill,
# Čada, Dana; Ivan deals and sits out (his chips change only when he pays a misdeal).
AT_FIVE = dict(zip(["Anna", "Bill", "Čada", "Dana"], SEATS5, strict=False))


def at_five(fields: dict) -> dict:
    return {k: AT_FIVE.get(v, v) if isinstance(v, str) else v for k, v in fields.items()}


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def _enter(client, table, fields):
    preview = client.post(reverse("deal-preview", args=[table.pk]), fields).json()
    assert preview["ok"], preview
    response = client.post(reverse("deal-create", args=[table.pk]), fields)
    assert response.status_code == 302, response.context["form"].errors
    sheet = client.get(reverse("table-sheet", args=[table.pk])).context["sheet"]
    return preview, sheet.rows[-1].changes, Deal.objects.get(table=table)


@pytest.mark.parametrize("name", list(KINDS))
def test_every_kind_of_deal_at_a_table_of_four(org_client, table, name):
    fields, changes = KINDS[name]
    preview, row, deal = _enter(org_client, table, form_data(**fields))
    assert row == changes
    assert preview["net"] == {
        n: c for n, c in zip(["Anna", "Bill", "Čada", "Dana"], changes, strict=True)
    }
    assert deal.document["players"] == ["Anna", "Bill", "Čada", "Dana"]
    assert "sitting_out" not in deal.document
    assert core.score(deal.document).net == preview["net"]


@pytest.mark.parametrize("name", list(KINDS))
def test_every_kind_of_deal_at_a_table_of_five(org_client, table5, name):
    fields, changes = KINDS[name]
    posted = at_five(form_data(**{**fields, "dealer": "Ivan"}))
    preview, row, deal = _enter(org_client, table5, posted)
    if name == "misdeal":  # the sitting-out dealer pays each of the four who play
        assert row == [1, 1, 1, 1, -4]
    else:
        assert row == changes + [0]
    assert {n: c for n, c in preview["net"].items() if c} == {
        n: c for n, c in zip(SEATS5, row, strict=True) if c
    }
    # The game says who plays: the four after the dealer, from forehand; he sits out.
    assert deal.document["players"] == ["Emil", "Fanny", "Gustav", "Hana"]
    assert (deal.document["sitting_out"], deal.document["dealer"]) == ("Ivan", "Ivan")


def test_at_five_the_dealer_decides_who_plays(org_client, table5):
    """Fanny deals: Gustav is forehand and Emil plays; Fanny sits out."""
    fields = at_five(form_data(dealer="Fanny", bidder="Emil", partner="Gustav"))
    preview, row, deal = _enter(org_client, table5, fields)
    assert deal.document["players"] == ["Gustav", "Hana", "Ivan", "Emil"]
    assert deal.document["sitting_out"] == "Fanny"
    assert row == [5, 0, 5, -5, -5]


@pytest.mark.parametrize(
    "fields, field, message",
    [
        # Who sits out depends on the dealer: at five he must be named.
        (dict(dealer=None), "dealer", "Choose who dealt this deal: the dealer sits out."),
        # The sitting-out dealer cannot bid (the page greys him out).
        (dict(bidder="Ivan"), "bidder", "Ivan sits out this deal"),
    ],
)
def test_at_five_a_dealer_is_needed_and_does_not_play(org_client, table5, fields, field, message):
    posted = at_five(form_data(**{"dealer": "Ivan", **fields}))
    response = org_client.post(reverse("deal-create", args=[table5.pk]), posted)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert [e for e in errors[field] if message in e], errors
    assert not Deal.objects.exists()


def test_at_four_the_dealer_may_be_left_unsaid(org_client, table):
    """Nebraska's document names the dealer only for a misdeal; at four the seats say
    who plays, so a deal without a dealer is saved as it was said (the page suggests
    the dealer from the rotation: leaving it out is a choice)."""
    response = org_client.post(reverse("deal-create", args=[table.pk]), form_data(dealer=None))
    assert response.status_code == 302
    assert "dealer" not in Deal.objects.get().document
    misdeal = form_data(
        number="2", kind="misdeal", dealer=None, bidder=None, bid=None, blind=None, partner=None
    )
    response = org_client.post(reverse("deal-create", args=[table.pk]), misdeal)
    assert response.context["form"].errors == {
        "dealer": ["Required for a misdeal: the dealer pays the penalty."]
    }


def test_a_played_deal_needs_its_partner_or_alone_chosen(org_client, table):
    """No choice is not "alone": the organizer picks a partner or Alone."""
    url = reverse("deal-create", args=[table.pk])
    response = org_client.post(url, form_data(partner=None))
    assert response.context["form"].errors == {
        "partner": ["Choose the partner, or Alone (own King or King in blind)."]
    }
    # A surrender pays the same with or without a partner: nothing to choose.
    surrender = form_data(kind="surrendered", blind="first_after_second", partner=None)
    assert org_client.post(url, {**surrender, "bidder_points": ""}).status_code == 302


@pytest.mark.parametrize(
    "fields, left_out",
    [
        (dict(bid="five", kontra="none"), "blind"),  # a blind left over from a Four
        (dict(kontra="kontra"), "kontra"),  # kontra on a Four
        (dict(bid="five", blind=None, penalties__0__kind="forgotten_discard"), "penalties"),
        (dict(kind="misdeal", bidder_points=None), "bidder"),  # a misdeal names no bidder
    ],
)
def test_values_of_fields_that_do_not_apply_are_not_saved(org_client, table, fields, left_out):
    """As on the page, where such a field is hidden and sends nothing (without
    JavaScript every field shows): the deal is what the fields that apply say."""
    response = org_client.post(reverse("deal-create", args=[table.pk]), form_data(**fields))
    assert response.status_code == 302, response.context["form"].errors
    document = Deal.objects.get().document
    assert left_out not in document
    assert core.score(document)  # the saved deal is one the core settles


def test_clarkson_forbids_kontra_and_the_form_leaves_it_out(org_client, table, organizer):
    services.update_event(table.round.event, organizer, ruleset="clarkson")
    page = org_client.get(reverse("deal-create", args=[table.pk]))
    assert "kontra" not in page.context["form"].fields
    assert 'name="kontra"' not in page.content.decode()
    fields = form_data(bid="five", blind=None, kontra="rekontra", bidder_points="45")
    org_client.post(reverse("deal-create", args=[table.pk]), fields)
    assert "kontra" not in Deal.objects.get().document


ROUND_TRIPS_AT_FIVE = {
    "a Four with everything": {
        "ruleset": "la-vista",
        "players": ["Emil", "Fanny", "Gustav", "Hana"],
        "sitting_out": "Ivan",
        "dealer": "Ivan",
        "kind": "played",
        "bidder": "Fanny",
        "bid": "four",
        "blind": "first",
        "partner": "Hana",
        "called": "fourth_king",
        "bidder_points": 44,
        "king_last": {"announced": False, "outcome": "lost"},
        "tarok1_last": {"team": "opponents", "announced": True, "outcome": "played_early"},
        "declarations": [{"player": "Emil", "kind": "three_high"}],
        "penalties": [{"kind": "forgotten_discard"}],
    },
    "a Five Over alone, kontra": {
        "ruleset": "la-vista",
        "players": ["Emil", "Fanny", "Gustav", "Hana"],
        "sitting_out": "Ivan",
        "dealer": "Ivan",
        "kind": "played",
        "bidder": "Gustav",
        "bid": "five_over",
        "kontra": "kontra",
        "opponent_points": 20,
        "valat": None,
    },
    "a misdeal": {
        "ruleset": "la-vista",
        "players": ["Emil", "Fanny", "Gustav", "Hana"],
        "sitting_out": "Ivan",
        "dealer": "Ivan",
        "kind": "misdeal",
    },
}


@pytest.mark.parametrize("name", list(ROUND_TRIPS_AT_FIVE))
def test_the_correction_form_carries_every_field_at_five(org_client, table5, organizer, name):
    document = {k: v for k, v in ROUND_TRIPS_AT_FIVE[name].items() if v is not None}
    deal = services.record_deal(table5, document, organizer)
    url = reverse("deal-correct", args=[deal.pk])
    form = org_client.get(url).context["form"]
    if document["kind"] == "played" and "partner" not in document:
        assert form.initial["partner"] == "none"  # alone, said as the organizer said it
    response = org_client.post(url, {**post_data(form), "reason": "unchanged"})
    assert response.status_code == 302, response.context["form"].errors
    deal.refresh_from_db()
    assert deal.version == 2
    assert canonical(deal.document) == canonical(document)
    assert deal.document["sitting_out"] == "Ivan"


def test_the_preview_without_javascript_at_five(org_client, table5):
    """The Preview payments button (no script): the page shows the payments, saves nothing."""
    fields = at_five(form_data(dealer="Ivan", bid="five", blind=None, kontra="kontra"))
    response = org_client.post(reverse("deal-create", args=[table5.pk]), {**fields, "preview": "1"})
    assert response.status_code == 200
    assert response.context["preview"]["net"] == {
        "Emil": 16,
        "Fanny": -16,
        "Gustav": 16,
        "Hana": -16,
        "Ivan": 0,  # he sits out
    }
    html = response.content.decode()
    assert '<span class="pos">Emil +16</span> · <span class="neg">Fanny -16</span>' in html
    assert not Deal.objects.exists()


def test_the_card_points_say_and_offer_what_a_valat_in_a_four_accepts(org_client, table):
    """A valat by the bidder's team in a Four still needs its card points, 69 at most:
    the half of the blind the bidder did not take counts for the opponents (issue 29).
    The number's top and the words beside it are the core's description of the field;
    the words are the ones the number's aria-describedby names (issue 28)."""
    url = reverse("deal-create", args=[table.pk])
    html = org_client.get(url).content.decode()
    assert (
        '<input type="number" name="bidder_points" inputmode="numeric" min="0" max="69" '
        'aria-describedby="id_bidder_points_helptext" id="id_bidder_points"> '
        '<span class="muted" id="id_bidder_points_helptext">of 70; 36 wins; 69 at most, '
        "with a valat too (the blind&#x27;s "
        "cards the bidder does not take count for the opponents; in a Five 68)</span>"
    ) in html
    assert (
        'min="1" max="70" aria-describedby="id_opponent_points_helptext" '
        'id="id_opponent_points"> <span class="muted" id="id_opponent_points_helptext">'
        "of 70; the two add up to 70; 1 at "
        "least (2 in a Five)</span>"
    ) in html
    valat = form_data(valat="bidder")
    # 70 is refused at the number, blank by the core, each saying what is accepted.
    refused = org_client.post(url, {**valat, "bidder_points": "70"})
    assert refused.context["form"].errors == {
        "bidder_points": ["Card points of the bidder's team must be from 0 to 69."]
    }
    refused = org_client.post(url, {**valat, "bidder_points": ""})
    assert refused.context["form"].errors == {
        "bidder_points": [
            "Required: the card points of the bidder's team (0-69), with a valat too."
        ]
    }
    refused = org_client.post(url, {**valat, "bidder_points": "", "opponent_points": "0"})
    assert refused.context["form"].errors == {
        "opponent_points": ["Or the opponents' card points must be from 1 to 70."]
    }
    assert not Deal.objects.exists()
    # What the form offers is accepted: a Four (second half) 5 x valat 2 = 10 a pair.
    saved = org_client.post(url, {**valat, "bidder_points": "69"})
    assert saved.status_code == 302, saved.context["form"].errors
    assert core.score(Deal.objects.get().document).net == {
        "Anna": 10,
        "Bill": -10,
        "Čada": 10,
        "Dana": -10,
    }


def test_a_five_refuses_69_with_the_reason(org_client, table):
    """The form offers 69, the most of any deal; a Five's six blind cards leave 68, and
    the core says why at the field."""
    fields = form_data(bid="five", blind=None, valat="bidder", bidder_points="69")
    response = org_client.post(reverse("deal-create", args=[table.pk]), fields)
    assert response.context["form"].errors == {
        "bidder_points": [
            "In a Five the six cards of the blind count for the opponents, and six cards "
            "count at least 2 card points: the bidder's team has at most 68, not 69."
        ]
    }
