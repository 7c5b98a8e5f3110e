"""Random and malformed input never makes a server error or an unbalanced deal."""

import io
import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taroky_scoring.cli import main as cli_main
from tournaments import services
from tournaments.models import Deal, LedgerEntry
from tournaments.queries import net_by_player

from ..fuzzing import cli_input, form_fields

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(fields=form_fields)
def test_deal_form_saves_balanced_or_refuses_with_field_errors(client, table, organizer, fields):
    services.update_event(table.round.event, organizer, deals_per_session=100_000)
    client.force_login(organizer)
    before = Deal.objects.count()
    response = client.post(reverse("deal-create", args=[table.pk]), fields)
    assert response.status_code in (200, 302)
    if response.status_code == 302:
        deal = Deal.objects.latest("pk")
        assert Deal.objects.count() == before + 1
        assert sum(net_by_player(LedgerEntry.objects.filter(deal=deal)).values()) == 0
    else:
        assert response.context["form"].errors
        assert Deal.objects.count() == before
    preview = client.post(reverse("deal-preview", args=[table.pk]), fields)
    assert preview.status_code == 200
    data = json.loads(preview.content)
    assert data["ok"] or data["errors"]
    if data["ok"]:
        assert sum(data["net"].values()) == 0


@settings(max_examples=300, deadline=None)
@given(text=cli_input, command=st.sampled_from(["score", "points"]))
def test_cli_answers_json_and_never_a_traceback(text, command):
    out = io.StringIO()
    code = cli_main([command], stdin=io.StringIO(text), stdout=out)
    result = json.loads(out.getvalue())
    assert "Traceback" not in out.getvalue()
    if code == 0:
        if command == "score":
            assert sum(result["net"].values()) == 0
            assert sum(t["chips"] for t in result["transfers"] if t["chips"] <= 0) == 0
        else:
            assert 0 <= result["points"] <= 70
    else:
        assert code == 1
        assert result["errors"] and all(e["message"] for e in result["errors"])
