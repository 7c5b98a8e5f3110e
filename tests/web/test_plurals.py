"""One of a thing is said in the singular on pages, PDFs and in messages: "1 chip per
bye", "after 1 deal", "1 event", never "1 chips", "1 deals", "1 events"."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services, words
from tournaments.models import Deal, Event, Season
from tournaments.season_standings import season_standings
from tournaments.services import seasons as season_services
from tournaments.words import scoring_words

from ..conftest import played_doc

pytestmark = pytest.mark.django_db


def season(organizer, **fields) -> Season:
    return season_services.create_season(
        organizer,
        name="Fall season",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 31),
        **fields,
    )


def test_the_standings_say_one_chip_per_bye(client, organizer, tournament):
    services.update_event(tournament, organizer, bye_chips=1)
    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert "Net chips are the sum of every transfer in the ledger, plus 1 chip per bye." in html
    assert "1 chips" not in html


def test_a_session_of_one_deal_has_ended_after_1_deal(table, organizer):
    services.update_event(table.round.event, organizer, deals_per_session=1)
    services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.DealError) as refused:
        services.record_deal(table, played_doc(dealer="Anna"), organizer)
    assert str(refused.value) == (
        "This table's session has ended after 1 deal; no more deals can be entered."
    )


def test_a_version_past_a_session_of_one_deal_says_after_1_deal(table, organizer):
    event = table.round.event
    services.update_event(event, organizer, deals_per_session=2)
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna"), organizer)
    services.update_event(event, organizer, deals_per_session=1)
    with pytest.raises(services.DealError) as refused:
        services.record_rejected_version(
            Deal.objects.get(number=2), played_doc(dealer="Anna", bidder_points=20), organizer
        )
    assert str(refused.value) == (
        "The table's session had ended before deal 2 (after 1 deal): yours is not kept beside it."
    )


def test_a_season_of_one_event_says_one_event(organizer, event, tournament):
    one = season(organizer, planned_events=1)
    season_services.add_event(one, event, organizer)
    with pytest.raises(season_services.SeasonError) as refused:
        season_services.add_event(one, tournament, organizer)
    assert refused.value.fields == {
        "event": [
            "The season has its 1 event (M) already: raise M on the season's form to add more."
        ]
    }
    # The season's PDF header counts its events.
    pdf = printouts.season_standings_pdf(season_standings(Season.objects.get(pk=one.pk)))
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "1 event: Nov 20 Heun parish night" in text
    assert "1 events" not in text


def test_best_n_of_one_event_is_said_in_the_singular(client, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("season-create"),
        {
            "name": "Spring season",
            "club": "",
            "start_date": "2026-03-01",
            "end_date": "2026-06-30",
            "basis": "chips",
            "placement_points": "",
            "participation_points": "0",
            "planned_events": "1",
            "best_of": "2",
            "tie_break_1": "chips",
        },
    )
    assert response.context["form"].errors["best_of"] == [
        "N (2) cannot be larger than the season's 1 event (M)."
    ]
    one = Season(name="S", best_of=1, planned_events=1, tie_breaks=[])
    assert scoring_words(one) == "Total chips won; each player's best 1 of 1 event counts."
    three = Season(name="S", best_of=1, planned_events=3, tie_breaks=[])
    assert scoring_words(three) == "Total chips won; each player's best 1 of 3 events counts."
    two = Season(name="S", best_of=2, planned_events=3, tie_breaks=[])
    assert scoring_words(two) == "Total chips won; each player's best 2 of 3 events count."


def test_the_ledger_audit_counts_one_deal_in_the_singular(table, organizer):
    services.record_deal(table, played_doc(), organizer)
    out = io.StringIO()
    call_command("audit_ledger", stdout=out)
    # One Four won: Bill pays Anna, Dana pays Čada (a row each); a net for each player.
    assert "Audited 1 deal, 2 ledger rows and 4 deal nets: 0 problems." in out.getvalue()


@pytest.mark.parametrize(
    "session_end, deals, said, length, played, below_zero",
    [
        ("fixed_deals", 1, "1 deal per table", "1 deal a table", "0 / 1", "its 1 deal;"),
        ("fixed_deals", 20, "20 deals per table", "20 deals a table", "0 / 20", "its 20 deals;"),
        (
            "out_of_chips",
            None,
            "a table's session ends when a player runs out of chips",
            "until a player runs out of chips",
            "0",
            "",
        ),
        (
            "timed",
            None,
            "rounds on the clock: a table's session ends at the round's bell, "
            "after the deal in progress",
            "until the round's bell and the deal in progress then",
            "0",
            "",
        ),
    ],
)
def test_a_session_end_is_said_in_its_own_words(
    session_end, deals, said, length, played, below_zero
):
    event = Event(session_end=session_end, deals_per_session=deals)
    assert words.session_end_words(event) == said
    assert words.session_length_words(event) == length
    assert words.deals_played(0, event) == played
    assert (below_zero in words.below_zero_words(event)) and (
        bool(words.below_zero_words(event)) == bool(below_zero)
    )
