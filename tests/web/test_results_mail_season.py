"""A season's results by email: each player's place in the season's standings and what
it ranks by, queued and sent as an event's are; its organizers only."""

from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import season_standings
from tournaments.models import ActivityEntry, Player, ResultMessage
from tournaments.results_letters import season_letters
from tournaments.services import seasons as season_services
from tournaments.services.results_mail import queue_results

from .seasons import PLACEMENT, make_season, nights  # noqa: F401  (fixtures)

BASE = "http://testserver/"


def with_addresses():
    for p in Player.objects.exclude(name="Emil"):
        p.email = p.name.split()[0].lower() + "@example.org"
        p.save(update_fields=["email"])


def test_each_message_says_the_place_in_the_season(organizer, nights):  # noqa: F811
    season = make_season(organizer, nights, **PLACEMENT)
    season = season_services.update_season(season, organizer, published=True)
    with_addresses()
    table = season_standings.season_standings(season)
    found = {letter.player.name: letter for letter in season_letters(season, BASE)}
    assert [r.player.name for r in table.rows] == list(found)  # the standings' order
    first = table.rows[0]
    letter = found[first.player.name]
    place = f"{'1st=' if first.shared else '1st'}"
    assert letter.subject == f"Sokol season 2026: {place} of 5, {first.total} points"
    assert letter.body == (
        f"Dear {first.player.name},\n\nthe standings of Sokol season 2026 after 4 events:\n\n"
        f"Your place: {place} of 5\nYour counted points: {first.total}\n"
        f"Your chips in every event: {'+' if first.chips > 0 else ''}{first.chips}\n"
        f"Events played: {first.events_played}\n\nYour season statement, event by event:\n"
        f"http://testserver/seasons/{season.pk}/players/{first.player.pk}/\n\n"
        "With thanks from the organizers of Sokol season 2026\n"
    )
    assert found["Emil"].refused == "no email address"


def test_queue_and_send_a_season(organizer, nights):  # noqa: F811
    season = make_season(organizer, nights)
    with_addresses()
    chosen = list(Player.objects.exclude(email="").values_list("pk", flat=True))
    done = queue_results(season, organizer, chosen, base_url=BASE)
    assert (done.new, done.renewed) == (4, 0)
    assert ResultMessage.objects.filter(season=season, event=None).count() == 4
    out = StringIO()
    call_command("send_outbox", "--season", str(season.pk), stdout=out)
    assert out.getvalue() == "4 messages sent.\n"
    with pytest.raises(CommandError, match="^No season has the id 999999.$"):
        call_command("send_outbox", "--season", "999999")
    assert sorted(m.to[0] for m in mail.outbox) == [
        "anna@example.org",
        "bill@example.org",
        "cyril@example.org",
        "dana@example.org",
    ]
    assert all(m.subject.startswith("Sokol season 2026: ") for m in mail.outbox)
    again = queue_results(season, organizer, chosen, base_url=BASE)
    assert (again.new, len(again.sent_already)) == (0, 4)
    logged = ActivityEntry.objects.filter(season=season, action__contains="results")
    assert [(e.action, e.detail) for e in logged.order_by("id")] == [
        ("queue_results", {"count": "4 players", "again": False}),
        ("send_results", {"sent": 4, "failed": 0}),
    ]


def test_the_seasons_page_is_its_organizers(
    client,
    organizer,
    other_organizer,
    nights,  # noqa: F811
):
    season = make_season(organizer, nights)
    with_addresses()
    url = reverse("season-results-mail", args=[season.pk])
    client.force_login(other_organizer)
    assert client.get(url).status_code == 404  # not published: not even said to exist
    season_services.update_season(season, organizer, published=True)
    assert client.get(url).status_code == 403
    anna = Player.objects.get(name="Anna")
    assert client.post(url, {"player": [anna.pk], "queue": "1"}).status_code == 403
    assert ResultMessage.objects.count() == 0
    client.force_login(organizer)
    text = client.get(url).content.decode()
    assert "Send the results: Sokol season 2026" in text
    assert "Recipients: 4 of 5 players" in text
    assert '<strong>Emil</strong> <span class="muted">no email address</span>' in text
    detail = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    assert f'href="{url}" id="season-results-mail-link">Send the results</a>' in detail


def test_the_seasons_page_costs_the_same_queries_for_more_events(
    client,
    organizer,
    nights,  # noqa: F811
):
    """A season of two nights, then of four: the same queries."""
    with_addresses()
    client.force_login(organizer)
    season = make_season(organizer, nights[:2])
    url = reverse("season-results-mail", args=[season.pk])
    counts = []
    for more in ([], nights[2:]):
        for event in more:
            season_services.add_event(season, event, organizer)
        with CaptureQueriesContext(connection) as queries:
            text = client.get(url).content.decode()
        assert "Recipients: 4 of 5 players" in text
        counts.append(len(queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("ticked", [["x"], []])
def test_a_bad_queue_is_refused_on_the_page(client, organizer, nights, ticked):  # noqa: F811
    season = make_season(organizer, nights)
    client.force_login(organizer)
    text = client.post(
        reverse("season-results-mail", args=[season.pk]), {"player": ticked, "queue": "1"}
    ).content.decode()
    said = (
        "Only the players of this season can be sent its results."
        if ticked
        else "Tick the players to send the results to."
    )
    assert said in text
    assert ResultMessage.objects.count() == 0
