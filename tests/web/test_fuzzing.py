"""Random and malformed input never makes a server error or an unbalanced deal."""

import contextlib
import io
import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taroky_scoring as core
from taroky_scoring.cli import main as cli_main
from tournaments import services
from tournaments.balances import net_by_player
from tournaments.dealforms import GameDealForm
from tournaments.middleware import SAID as NUL_SAID
from tournaments.models import Deal, LedgerEntry

from ..conftest import SEATS4, SEATS5
from ..fuzzing import cli_input, form_fields
from ..scoring.strategies import other_deals, played_deals
from .deal_forms import canonical, post_data

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def open_ended(table, organizer, client):
    """``table``'s event takes any number of deals and its organizer is signed in."""
    services.update_event(table.round.event, organizer, deals_per_session=100_000)
    client.force_login(organizer)
    return table


# The tables of conftest.py, opened once a test: hypothesis runs a test's body once an
# example, the fixtures once a test.
@pytest.fixture
def table(table, organizer, client):
    return open_ended(table, organizer, client)


@pytest.fixture
def table5(table5, organizer, client):
    return open_ended(table5, organizer, client)


def settled_exactly(deal) -> bool:
    """The deal's ledger rows are the core's settlement of its document: the same
    transfers, each of a positive number of chips."""
    settlement = core.score(deal.document)
    names = {s.player_id: s.player.name for s in deal.table.seats.select_related("player")}
    rows = sorted(
        (names[e.payer_id], names[e.payee_id], e.chips, e.explanation)
        for e in LedgerEntry.objects.filter(deal=deal)
    )
    expected = sorted((t.payer, t.payee, t.chips, t.explanation) for t in settlement.transfers)
    return rows == expected and all(chips > 0 for _, _, chips, _ in rows)


@FUZZ
@given(fields=form_fields, keep_number=st.booleans())
def test_deal_form_saves_balanced_or_refuses_with_field_errors(
    client, table, organizer, fields, keep_number
):
    before = Deal.objects.count()
    if keep_number:  # the hidden field the page carries; without it nothing is saved
        fields = {**fields, "number": str(before + 1)}
    response = client.post(reverse("deal-create", args=[table.pk]), fields)
    holds_nul = any("\x00" in k + v for k, v in fields.items())
    if holds_nul:  # refused before any form reads it (test_nul_bytes.py)
        assert (response.status_code, response.content.decode()) == (400, NUL_SAID)
        assert Deal.objects.count() == before
    elif response.status_code == 302:
        assert keep_number
        deal = Deal.objects.latest("pk")
        assert Deal.objects.count() == before + 1
        assert sum(net_by_player(LedgerEntry.objects.filter(deal=deal)).values()) == 0
        assert settled_exactly(deal)
    else:
        assert response.status_code == 200
        assert response.context["form"].errors
        assert Deal.objects.count() == before
    preview = client.post(
        reverse("deal-preview", args=[table.pk]), fields, HTTP_X_REQUESTED_WITH="fetch"
    )
    assert preview.status_code == (400 if holds_nul else 200)
    data = json.loads(preview.content)
    assert data["ok"] or data["errors"]
    if data["ok"]:
        assert sum(data["net"].values()) == 0
        assert all(t["chips"] > 0 for t in data["transfers"])


def at_the_table(document: dict, seats=SEATS4) -> dict:
    """A generated deal played by the fixture table's players: at four, Dana dealing;
    at five, the fifth seat's player deals and sits out."""
    seated = [*document["players"], *([document["sitting_out"]] if len(seats) == 5 else [])]
    rename = dict(zip(seated, seats, strict=True))

    def renamed(value):
        if isinstance(value, str):
            return rename.get(value, value)
        if isinstance(value, list):
            return [renamed(v) for v in value]
        if isinstance(value, dict):
            return {k: renamed(v) for k, v in value.items()}
        return value

    document = {**renamed(document), "ruleset": "la-vista"}
    return document if len(seats) == 5 else {**document, "dealer": "Dana"}


def through_the_form(client, table, organizer, document, seats) -> Deal:
    """Post ``document`` as the deal form shows it (its correction's initial values),
    as the table's next deal; the saved deal."""
    form = GameDealForm(
        event=table.round.event,
        seats=seats,
        initial=GameDealForm.initial_from_document(document),
    )
    number = Deal.objects.count() + 1
    response = client.post(
        reverse("deal-create", args=[table.pk]), {**post_data(form), "number": str(number)}
    )
    assert response.status_code == 302, response.context["form"].errors
    return Deal.objects.get(table=table, number=number)


four_seat_deals = st.one_of(played_deals(ruleset="la-vista"), other_deals()).filter(
    lambda doc: not doc.get("sitting_out")
)


@FUZZ
@given(generated=four_seat_deals)
def test_every_valid_deal_goes_through_the_form_and_back(client, table, organizer, generated):
    """Document -> form -> saved document, for generated deals of every shape: the saved
    deal is the same deal, and its ledger is exactly its settlement."""
    document = at_the_table(generated)
    deal = through_the_form(client, table, organizer, document, SEATS4)
    assert canonical(deal.document) == canonical(document)
    assert settled_exactly(deal)


five_seat_deals = st.one_of(played_deals(ruleset="la-vista"), other_deals()).filter(
    lambda doc: doc.get("sitting_out")
)


@FUZZ
@given(generated=five_seat_deals)
def test_every_valid_deal_at_five_goes_through_the_form_and_back(
    client, table5, organizer, generated
):
    """The same at a table of five: the form gives the game the dealer, and the game
    says who plays and who sits out; the saved deal is the same deal."""
    document = at_the_table(generated, SEATS5)
    deal = through_the_form(client, table5, organizer, document, SEATS5)
    # The one who sits out dealt: a deal that did not say so says it now.
    assert canonical(deal.document) == canonical({**document, "dealer": "Ivan"})
    assert (deal.document["sitting_out"], deal.document["players"]) == ("Ivan", SEATS5[:4])
    assert settled_exactly(deal)


@settings(max_examples=300, deadline=None)
@given(text=cli_input, command=st.sampled_from(["score", "points"]))
def test_cli_answers_json_and_never_a_traceback(text, command):
    out, err = io.StringIO(), io.StringIO()
    # An exception escaping main would be the traceback a user sees; it fails the test.
    with contextlib.redirect_stderr(err):
        code = cli_main([command], stdin=io.StringIO(text), stdout=out)
    assert err.getvalue() == ""
    result = json.loads(out.getvalue())  # exactly one JSON document, nothing else
    if code == 0:
        if command == "score":
            transfers = result["transfers"]
            assert all(isinstance(t["chips"], int) and t["chips"] > 0 for t in transfers)
            net = {name: 0 for name in result["net"]}
            for t in transfers:
                net[t["from"]] -= t["chips"]
                net[t["to"]] += t["chips"]
            assert net == result["net"]
            assert sum(result["net"].values()) == 0
        else:
            assert set(result) == {"points"}
            assert 0 <= result["points"] <= 70
    else:
        assert code == 1
        assert set(result) == {"errors"}
        assert result["errors"] and all(
            isinstance(e["field"], str) and e["message"] for e in result["errors"]
        )
