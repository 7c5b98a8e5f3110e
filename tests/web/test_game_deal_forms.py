"""The deal form generated from the core's description, for the games without a
hand-written form (Texas, Petrtyl): a deal through the page with exact chips, the
preview equal to the saved deal, errors at their field, the correction's round trip."""

import json
import re

import pytest

import taroky_scoring as core
from tournaments.dealforms import GameDealForm
from tournaments.models import DealNet

from ..conftest import club_night, game_table
from .every_game import NAMES

pytestmark = pytest.mark.django_db


def nets(deal):
    return {
        n.player.name: n.chips
        for n in DealNet.objects.filter(deal=deal, version=deal.version).select_related("player")
    }


TEXAS_POST = {
    "number": "1",
    "dealer": "Dana",
    "kind": "played",
    "bidder": "Anna",
    "bid": "povinost",
    "partner": "Čada",
    "called": "xix",
    "contra": "none",
    "bidder_points": "60",
    # Fields that do not apply (Prever's talon) are dropped, as the page hides them.
    "talon": "second",
}


def test_a_texas_deal_through_the_generated_form(client, organizer):
    table = game_table(organizer, "texas-xix", NAMES[:4])
    client.force_login(organizer)
    page = client.get(f"/tables/{table.pk}/deals/new/").content.decode()
    assert "Seats counter-clockwise: Anna" in page
    description = json.loads(
        page[page.index('<script id="deal-fields" type="application/json">') :]
        .split(">", 1)[1]
        .split("</script>")[0]
    )
    rules = core.registry.rules_for("texas-xix")
    expected = [
        f.as_dict()
        for f in core.game_for("texas-xix").fields(rules)
        if f.name not in ("ruleset", "options", "players")
    ]
    assert description == expected
    assert 'name="partner" value="Anna" data-field="partner" data-exclude="bidder"' in page
    preview = client.post(f"/tables/{table.pk}/deals/preview/", TEXAS_POST).json()
    assert preview["net"] == {"Anna": 3, "Bill": -3, "Čada": 3, "Dana": -3}
    response = client.post(f"/tables/{table.pk}/deals/new/", TEXAS_POST)
    assert response.status_code == 302
    deal = table.deals.get()
    assert nets(deal) == preview["net"]
    assert deal.document == {
        "ruleset": "texas-xix",
        "players": NAMES[:4],
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povinost",
        "partner": "Čada",
        "called": "xix",
        "contra": "none",
        "bidder_points": 60,
    }


def test_core_errors_show_at_their_field(client, organizer):
    table = game_table(organizer, "texas-xix", NAMES[:4])
    client.force_login(organizer)
    response = client.post(f"/tables/{table.pk}/deals/new/", {**TEXAS_POST, "partner": "Anna"})
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "partner": [
            "The declarer cannot be their own partner: leave the partner empty when the "
            "declarer called their own card and plays alone."
        ]
    }
    assert not table.deals.exists()


def test_a_refused_save_links_the_save_bar_to_the_first_field_in_error(client, organizer):
    """The bar beside Save says what to do and links to the field the page opens at
    (it said "Net per player shows here as you fill the deal."), in the page's order:
    the partner before the bonuses, a list's own error at the list."""
    table = game_table(organizer, "texas-xix", NAMES[:4])
    client.force_login(organizer)
    krale = {
        "bonuses__0__player": "Anna",
        "bonuses__0__kind": "krale",
        "bonuses__1__player": "Bill",
        "bonuses__1__kind": "krale",
    }
    response = client.post(f"/tables/{table.pk}/deals/new/", {**TEXAS_POST, **krale})
    html = response.content.decode()
    assert (
        '<p id="net-summary" class="net-summary" aria-live="polite"><a href="#field-bonuses">'
        "Fix the marked fields</a>: Bonuses for holdings.</p>"
    ) in html
    assert 'data-first-error="field-bonuses"' in html
    response = client.post(
        f"/tables/{table.pk}/deals/new/", {**TEXAS_POST, "partner": "Anna", **krale}
    )
    assert response.context["form"].first_error == {"id": "field-partner", "label": "Partner"}
    response = client.post(f"/tables/{table.pk}/deals/new/", TEXAS_POST)
    assert response.status_code == 302
    page = client.get(f"/tables/{table.pk}/deals/new/").content.decode()
    assert "data-first-error" not in page
    assert "Net per player shows here as you fill the deal." in page


PETRTYL_POST = {
    "number": "1",
    "dealer": "Čada",
    "kind": "played",
    "bidder": "Anna",
    "bid": "four",
    "talon": "first",
    "bidder_points": "41",
}


def test_a_petrtyl_three_deal_through_the_generated_form(client, organizer):
    table = game_table(organizer, "petrtyl-three", NAMES[:3])
    client.force_login(organizer)
    preview = client.post(f"/tables/{table.pk}/deals/preview/", PETRTYL_POST).json()
    assert preview["net"] == {"Anna": 8, "Bill": -4, "Čada": -4, "the pot": 0}
    response = client.post(f"/tables/{table.pk}/deals/new/", PETRTYL_POST)
    assert response.status_code == 302
    assert nets(table.deals.get()) == {"Anna": 8, "Bill": -4, "Čada": -4}


def test_the_preview_says_the_pot_in_words(client, organizer):
    """The core's account name #pot is for files; the live and the no-JavaScript
    previews say "the pot", as the sheet and the deal page do."""
    table = game_table(organizer, "petrtyl", NAMES[:4])
    client.force_login(organizer)
    misdeal = {"number": "1", "kind": "misdeal", "dealer": "Dana"}
    preview = client.post(f"/tables/{table.pk}/deals/preview/", misdeal).json()
    assert preview["transfers"] == [
        {
            "from": "Dana",
            "to": "the pot",
            "chips": 4,
            "reason": "misdeal",
            "explanation": "Misdeal: the dealer pays 4 into the pot",
        }
    ]
    assert preview["net"] == {"Anna": 0, "Bill": 0, "Čada": 0, "Dana": -4, "the pot": 4}
    page = client.post(f"/tables/{table.pk}/deals/new/", {**misdeal, "preview": "1"})
    html = page.content.decode()
    assert (
        '<tr><td>Dana</td><td>the pot</td><td class="num">4</td>'
        "<td>Misdeal: the dealer pays 4 into the pot</td></tr>" in html
    )
    assert '<span class="pos">the pot +4</span>' in html
    assert "#pot" not in html
    # The pot is the ledger's: the form has no field for it, and a posted one is
    # ignored (the service fills the pot, 4 after the misdeal).
    assert 'name="pot"' not in html
    client.post(f"/tables/{table.pk}/deals/new/", misdeal)
    four = {**PETRTYL_POST, "number": "2", "dealer": "Anna", "partner": "Čada", "pot": "99"}
    response = client.post(f"/tables/{table.pk}/deals/new/", four)
    assert response.status_code == 302
    assert table.deals.get(number=2).document["pot"] == 4


@pytest.mark.parametrize(
    "document",
    [
        {
            "ruleset": "texas-xix",
            "players": NAMES[:4],
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "prever",
            "talon": "second",
            "contra": "contra",
            "bidder_points": 70,
            "valat": None,
        },
        {
            "ruleset": "petrtyl",
            "players": NAMES[:4],
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "four",
            "partner": "Čada",
            "talon": "second",
            "bidder_points": 41,
            "pot": 8,
            "papoose_last": {"player": "Čada", "announced": True, "outcome": "won"},
        },
    ],
)
def test_a_document_round_trips_through_the_form(organizer, document):
    document = {k: v for k, v in document.items() if v is not None}
    core.score(document)  # a valid deal
    event = club_night(organizer, document["ruleset"])
    data = GameDealForm.initial_from_document(document)
    form = GameDealForm(
        {k: ("on" if v is True else v) for k, v in data.items() if v is not False},
        event=event,
        seats=document["players"],
    )
    assert form.is_valid(), form.errors
    # The pot is the ledger's, filled by the service: the form leaves it out.
    assert form.document == without_pot(document)


def without_pot(document):
    return {k: v for k, v in document.items() if k != "pot"}


def test_an_object_of_boxes_only_is_read_from_its_ticked_box(organizer):
    """A Sweep made (only boxes ticked) is a sweep; the required 'made' box is an answer."""
    event = club_night(organizer, "petrtyl-three")
    data = {
        "dealer": "Čada",
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "talon": "first",
        "bidder_points": "41",
        "sweep__announced": "on",
    }
    form = GameDealForm(data, event=event, seats=NAMES[:3])
    assert form.is_valid(), form.errors
    assert form.document["sweep"] == {"announced": True, "made": False}
    made = {**data, "sweep__made": "on", "bidder_points": "66"}
    form = GameDealForm(made, event=event, seats=NAMES[:3])
    assert form.is_valid(), form.errors
    assert form.document["sweep"] == {"announced": True, "made": True}


def _texas_cases():
    from tests.scoring.helpers import texas as deal
    from tests.scoring.texas_cases import CASES

    return [deal(ruleset, **fields) for ruleset, fields, _ in CASES if "options" not in fields]


def _petrtyl_cases():
    from tests.scoring.helpers import petrtyl as deal

    docs = [deal(r) for r in ("petrtyl", "petrtyl-five", "petrtyl-three", "petrtyl-two")]
    docs.append(
        deal(
            declarations=[
                {"player": "Cyril", "kind": "regiment"},
                {"player": "Bill", "kind": "trule"},
            ]
        )
    )
    docs.append(
        deal(
            "petrtyl-three",
            pot=6,
            sweep={"announced": True, "made": False},
            papoose_last={"player": "Bill", "outcome": "won"},
        )
    )
    return docs


@pytest.mark.parametrize("document", _texas_cases() + _petrtyl_cases())
def test_every_games_documents_round_trip_through_the_form(organizer, document):
    """document -> form (the correction's initial values) -> document, field for field."""
    try:
        core.score(document)
    except core.OutcomeError:
        pytest.skip("not a deal the core accepts on its own")
    event = club_night(organizer, document["ruleset"])
    data = GameDealForm.initial_from_document(document)
    posted = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    form = GameDealForm(posted, event=event, seats=document["players"])
    assert form.is_valid(), form.errors
    assert form.document == without_pot(document)
    pot = {"pot": document["pot"]} if "pot" in document else {}
    assert core.score({**form.document, **pot}) == core.score(document)


@pytest.mark.parametrize(
    "ruleset, n, post, result",
    [
        ("texas-xix", 4, TEXAS_POST, "The declarer's side wins: the game is worth 3."),
        ("petrtyl-three", 3, PETRTYL_POST, "The declarer's side wins: the game is worth 4."),
        (
            "petrtyl-three",
            3,
            {**PETRTYL_POST, "bidder_points": "20"},
            "The declarer's side loses: the game is worth 4.",
        ),
        ("petrtyl", 4, {"number": "1", "kind": "misdeal", "dealer": "Dana"}, ""),
        # A hand not played wins no game: its kind is said (issue 40).
        (
            "petrtyl",
            4,
            {"number": "1", "dealer": "Dana", "kind": "three_passed", "bidder": "Anna"},
            "Three passed by all, not played.",
        ),
        # What the deal records and does not pay is said, with why (contract section 14).
        (
            "texas-xix",
            4,
            {
                **TEXAS_POST,
                "bidder_points": "106",
                "valat__team": "bidder",
                "valat__made": "on",
                "pagat__team": "opponents",
                "pagat__outcome": "lost",
            },
            "The declarer's side wins: the game is worth 20. "
            "Pagat in the last trick: not paid in a valat deal.",
        ),
    ],
)
def test_the_preview_says_the_result_in_the_games_words(
    client, organizer, ruleset, n, post, result
):
    """Not Nebraska's "bidder's team ... per pair" for a game that says neither; nothing
    for a deal with no game."""
    table = game_table(organizer, ruleset, NAMES[:n])
    client.force_login(organizer)
    preview = client.post(f"/tables/{table.pk}/deals/preview/", post).json()
    assert preview["result"] == result
    html = client.post(f"/tables/{table.pk}/deals/new/", {**post, "preview": "1"}).content
    said = html.decode().replace("&#x27;", "'")
    assert ("<p>" + result + "</p>" in said) == bool(result)
    assert "per pair" not in said


def _choices(form, name):
    return list(form.fields[name].choices)


def test_every_choice_of_an_object_or_row_can_be_taken_back(organizer):
    """A radio cannot be unticked: a valat's Side, a Pagat's Side, a bonus row's Player
    and a Papoose Last's Player tapped by mistake are taken back by their "—" (the empty
    value, and checked until something is chosen), so the form can still be saved."""
    texas = game_table(organizer, "texas-xix", NAMES[:4])
    form = GameDealForm(event=texas.round.event, seats=NAMES[:4])
    assert _choices(form, "valat__team") == [
        ("", "—"),
        ("bidder", "declarer's side"),
        ("opponents", "opponents"),
    ]
    assert _choices(form, "pagat__team")[0] == ("", "—")
    assert _choices(form, "pagat__outcome")[0] == ("", "—")
    assert _choices(form, "bonuses__0__player") == [("", "—")] + [(n, n) for n in NAMES[:4]]
    assert _choices(form, "bonuses__0__kind")[0] == ("", "—")
    # A top-level required choice keeps no "—": the kind of deal is always an answer.
    assert ("", "—") not in _choices(form, "kind")
    page = str(form["valat__team"])
    assert 'value="" data-field="team" id="id_valat__team_0" checked' in page
    form = GameDealForm(event=club_night(organizer, "petrtyl"), seats=NAMES[:4])
    assert _choices(form, "papoose_last__player") == [("", "—")] + [(n, n) for n in NAMES[:4]]
    assert _choices(form, "papoose_last__outcome")[0] == ("", "—")


def test_a_valat_side_taken_back_leaves_no_valat(client, organizer):
    """The walkthrough's dead end: Side tapped, then "—" (and a Contra "none" alone):
    the deal saves with no valat, no Pagat and no bonus row."""
    table = game_table(organizer, "texas-xix", NAMES[:4])
    client.force_login(organizer)
    post = {
        **TEXAS_POST,
        "valat__team": "",
        "valat__contra": "none",
        "pagat__team": "",
        "bonuses__0__player": "",
        "bonuses__0__kind": "",
    }
    response = client.post(f"/tables/{table.pk}/deals/new/", post)
    assert response.status_code == 302, response.context["form"].errors
    deal = table.deals.get()
    assert "valat" not in deal.document and "pagat" not in deal.document
    assert deal.document.get("bonuses") in (None, [])
    assert nets(deal) == {"Anna": 3, "Bill": -3, "Čada": 3, "Dana": -3}


def test_texas_and_petrtyl_forms_speak_the_games_words(organizer):
    """No raw key or "Nobody" on the form: the points say "of 106", the partner's
    nobody is the game's word for playing alone, a dealer not noted is "—", a
    declarer is never nobody, the kind is "Played", and the bid starts at "—"."""
    texas = GameDealForm(event=club_night(organizer, "texas-xix"), seats=NAMES[:4])
    assert texas.fields["bidder_points"].help_text == (
        "of 106; 54 win; or give the opponents' points below (a valat made: 106 or 0)"
    )
    assert texas.fields["opponent_points"].help_text == (
        "of 106; or give the declarer's side's points above"
    )
    assert _choices(texas, "partner")[-1] == ("none", "Alone (called their own trump)")
    assert _choices(texas, "dealer") == [("", "—")] + [(n, n) for n in NAMES[:4]]
    assert _choices(texas, "bidder") == [(n, n) for n in NAMES[:4]]
    assert _choices(texas, "kind")[0] == ("played", "Played")
    assert 'value="" data-field="bid" id="id_bid_0" checked' in str(texas["bid"])
    king = GameDealForm(event=club_night(organizer, "texas-king"), seats=NAMES[:4])
    assert _choices(king, "partner")[-1] == ("none", "Alone (called their own King)")
    petrtyl = GameDealForm(event=club_night(organizer, "petrtyl"), seats=NAMES[:4])
    assert _choices(petrtyl, "bidder") == [(n, n) for n in NAMES[:4]]
    assert _choices(petrtyl, "partner")[-1] == ("none", "Alone")
    assert _choices(petrtyl, "dealer")[0] == ("", "—")
    assert petrtyl.fields["bidder_points"].help_text == (
        "of 70; 36 win; or give the opponents' points below"
    )
    assert _choices(petrtyl, "kind")[0] == ("played", "Played")
    every_label = " ".join(
        str(label)
        for form in (texas, king, petrtyl)
        for f in form.fields.values()
        for label in [f.label, f.help_text, *(c[1] for c in getattr(f, "choices", ()))]
    )
    assert "Nobody" not in every_label and "opponent_points" not in every_label
    assert "chief_in_talon" not in every_label


def test_petrtyl_asks_the_partner_or_alone_unless_the_deal_says_alone(client, organizer):
    table = game_table(organizer, "petrtyl", NAMES[:4])
    client.force_login(organizer)
    post = {**PETRTYL_POST, "dealer": "Dana", "called": "hearts"}
    response = client.post(f"/tables/{table.pk}/deals/new/", post)
    assert response.context["form"].errors == {"partner": ["Choose the partner, or Alone."]}
    response = client.post(f"/tables/{table.pk}/deals/new/", {**post, "partner": "none"})
    assert response.status_code == 302
    # The Chief in the talon says he is alone: no answer needed.
    post = {**post, "number": "2", "dealer": "Anna", "bidder": "Bill", "chief_in_talon": "on"}
    response = client.post(f"/tables/{table.pk}/deals/new/", post)
    assert response.status_code == 302, response.context["form"].errors


@pytest.mark.parametrize(
    "ruleset, n, starts",
    [
        ("la-vista", 4, {"kind": "played", "kontra": "none"}),
        # An object's contra starts at "none" as the game's does (the valat's and the
        # Pagat's showed no choice until the rest of it was filled).
        (
            "texas-xix",
            4,
            {"kind": "played", "contra": "none", "valat__contra": "none", "pagat__contra": "none"},
        ),
        (
            "petrtyl-three",
            3,
            {
                "kind": "played",
                "contra": "none",
                "papoose_last__contra": "none",
                "sweep__contra": "none",
            },
        ),
    ],
)
def test_a_new_deal_starts_at_the_cores_defaults_and_nothing_else(
    client, organizer, ruleset, n, starts
):
    """A Played deal with no contra, from the core's description (the view used to set
    Nebraska's "kontra" for every game); the talon and the bid start empty: an organizer
    who forgets them is asked, not given the first choice."""
    table = game_table(organizer, ruleset, NAMES[:n])
    client.force_login(organizer)
    page = client.get(f"/tables/{table.pk}/deals/new/")
    form = page.context["form"]
    assert {k: v for k, v in form.initial.items() if k not in ("number", "dealer")} == starts
    # Each shown chosen on the page, an object's contra among them.
    html = page.content.decode()
    for name, value in starts.items():
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', html), name
