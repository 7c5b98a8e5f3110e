"""Rounds on the clock: the start stored in the database and the server's time give every
request, every phone, after a restart too, the same bell; at the bell a table's link
takes one more deal (the deal in progress) and then refuses, in words, on every path;
the organizer still enters, gives a table more time or ends it."""

import datetime
import html as html_module
import re
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import clock, director, services
from tournaments.models import ActivityEntry, Deal, Player, Round, Table

from ..conftest import SEATS4, played_doc
from .deal_forms import form_data

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
T0 = datetime.datetime(2026, 11, 27, 19, 20, tzinfo=datetime.UTC)  # 20:20 in Prague


def at(minutes: float):
    """The server's clock ``minutes`` after T0 (every ``timezone.now`` reads it)."""
    return mock.patch(
        "django.utils.timezone.now", return_value=T0 + datetime.timedelta(minutes=minutes)
    )


@pytest.fixture
def timed(event, organizer):
    return services.update_event(event, organizer, session_end="timed")


@pytest.fixture
def started(timed, table, organizer):
    """Round 1 of 55 minutes, started at T0: its bell at T0 + 55 min."""
    services.set_round_length(table.round, organizer, 55)
    with at(0):
        return services.start_round(table.round, organizer)


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


def bell_words(minutes=55) -> str:
    return timezone.localtime(T0 + datetime.timedelta(minutes=minutes)).strftime("%H:%M")


def clock_attrs(html: str) -> tuple[int, str]:
    bell = int(re.search(r'data-bell="(\d+)"', html).group(1))
    left = re.search(r"data-clock-left>([^<]*)<", html).group(1)
    return bell, left


def test_the_clock_survives_a_restart_and_is_the_same_on_every_phone(started, link, organizer):
    bell_ms = int((T0 + datetime.timedelta(minutes=55)).timestamp() * 1000)
    rnd = Round.objects.get(pk=started.pk)  # read back, as a restarted server does
    assert rnd.clock_started_at == T0 and rnd.minutes == 55
    assert clock.round_bell(rnd) == T0 + datetime.timedelta(minutes=55)
    with at(10):
        phones = [Client(), Client()]
        pages = [p.get(reverse("link-sheet", args=[link.token])).content.decode() for p in phones]
        deal_page = phones[0].get(reverse("link-deal", args=[link.token])).content.decode()
        wall = Client().get(reverse("wall", args=[rnd.event_id]))
        org = Client()
        org.force_login(organizer)
        sheet = org.get(reverse("table-sheet", args=[link.table_id])).content.decode()
        now = Client().get(reverse("server-now"))
    assert wall.status_code == 404  # an unpublished event's wall is its organizers'
    for html in [*pages, deal_page, sheet]:
        assert clock_attrs(html) == (bell_ms, "45:00")
        assert f"Bell at <strong>{bell_words()}</strong>" in html
    assert f'data-now="{int((T0 + datetime.timedelta(minutes=10)).timestamp() * 1000)}"' in pages[0]
    assert now.json() == {"now": int((T0 + datetime.timedelta(minutes=10)).timestamp() * 1000)}
    assert now["Cache-Control"] == "no-store"
    with at(54.5):
        later = Client().get(reverse("link-sheet", args=[link.token])).content.decode()
    assert clock_attrs(later) == (bell_ms, "0:30")


def test_the_wall_shows_the_time_left_in_large_type(started, organizer):
    services.update_event(started.event, organizer, published=True)
    with at(20):
        html = Client().get(reverse("wall-live", args=[started.event_id])).content.decode()
    assert 'id="wall-round-clock"' in html
    assert clock_attrs(html)[1] == "35:00"
    assert "Round 1" in html
    with at(60):
        html = Client().get(reverse("wall-live", args=[started.event_id])).content.decode()
    assert "Time is up" in html and "finish the deal in progress;" in html


def send(link, number, **json):
    return Client().post(
        reverse("link-deal", args=[link.token]), form_data(number=str(number)), **json
    )


def test_at_the_bell_one_more_deal_then_the_link_stops(started, table, link, organizer):
    with at(10):
        assert send(link, 1, **JSON).json()["result"] == "saved"
    with at(50):
        assert send(link, 2, **JSON).json()["result"] == "saved"
    time_up = (
        f"Time is up: the round's bell rang at {bell_words()}; the director enters any "
        "further deal."
    )
    with at(58):
        # The deal in progress at the bell: one more through the link.
        assert send(link, 3, **JSON).json()["result"] == "saved"
        refused = send(link, 4, **JSON)  # the phone's script (and a kept deal resent)
        page = send(link, 4, follow=True)  # the form without the script
        sheet = Client().get(reverse("link-sheet", args=[link.token])).content.decode()
        form = Client().get(reverse("link-deal", args=[link.token]), follow=True)
    assert refused.status_code == 400
    assert refused.json()["result"] == "refused"
    assert refused.json()["message"] == time_up
    assert time_up in html_module.unescape(page.content.decode())
    assert time_up in html_module.unescape(sheet) and 'id="enter-deal"' not in sheet
    assert form.redirect_chain[-1][0] == reverse("link-sheet", args=[link.token])
    assert time_up in html_module.unescape(form.content.decode())
    assert Deal.objects.filter(table=table).count() == 3
    # The organizer still enters, by the service and by the page.
    with at(59):
        services.record_deal(table, played_doc(), organizer)
        org = Client()
        org.force_login(organizer)
        assert (
            'id="enter-deal"' in org.get(reverse("table-sheet", args=[table.pk])).content.decode()
        )
        saved = org.post(reverse("deal-create", args=[table.pk]), form_data(number="5"), **JSON)
    assert saved.json()["result"] == "saved"
    assert Deal.objects.filter(table=table).count() == 5


def test_more_time_for_a_table_and_ending_it(started, table, link, organizer):
    org = Client()
    org.force_login(organizer)
    with at(30):
        mine = org.get(reverse("table-sheet", args=[table.pk])).content.decode()
        theirs = Client().get(reverse("link-sheet", args=[link.token])).content.decode()
    assert 'id="extend-table"' in mine and 'id="end-table"' in mine
    assert 'id="extend-table"' not in theirs and 'id="end-table"' not in theirs
    refused = org.post(reverse("table-clock", args=[table.pk]), {"extra": "61"}, follow=True)
    assert "More time for a table must be from 1 to 60 minutes." in refused.content.decode()
    assert Table.objects.get(pk=table.pk).bell_at is None
    with at(57):
        assert send(link, 1, **JSON).json()["result"] == "saved"
        assert send(link, 2, **JSON).status_code == 400
        # Five more minutes from now (its bell rang): its link takes deals again.
        five = org.post(reverse("table-clock", args=[table.pk]), {"extra": "5"}, follow=True)
    assert [str(m) for m in five.context["messages"]] == [
        f"Table 1 has 5 minutes more: its bell rings at {bell_words(62)}."
    ]
    table.refresh_from_db()
    assert table.bell_at == T0 + datetime.timedelta(minutes=62)
    entry = ActivityEntry.objects.filter(action=ActivityEntry.Action.EXTEND_TABLE).get()
    assert entry.detail == {"round": 1, "table": 1, "minutes": 5, "bell": bell_words(62)}
    with at(60):
        assert send(link, 2, **JSON).json()["result"] == "saved"
        html = Client().get(reverse("link-sheet", args=[link.token])).content.decode()
    assert clock_attrs(html)[1] == "2:00" and "(more time for this table)" in html
    with at(63):  # its own bell rang: one more deal, then its own words
        assert send(link, 3, **JSON).json()["result"] == "saved"
        said = send(link, 4, **JSON).json()["message"]
    assert said == (
        f"Time is up: this table's bell rang at {bell_words(62)}; the director enters any "
        "further deal."
    )
    with at(64):
        org.post(reverse("table-clock", args=[table.pk]), {"extra": "10"})
        assert send(link, 4, **JSON).json()["result"] == "saved"
        org.post(reverse("table-clock", args=[table.pk]), {"end": "1"})
        said = send(link, 5, **JSON).json()["message"]
        again = org.post(reverse("table-clock", args=[table.pk]), {"end": "1"}, follow=True)
    assert said == (
        f"Time is up: the director ended this table at {bell_words(64)}; the director "
        "enters any further deal."
    )
    assert f"Table 1 was ended at {bell_words(64)} already." in again.content.decode()
    assert Deal.objects.filter(table=table).count() == 4


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "Give the minutes as a whole number, e.g. 55."),
        ("", "Give the minutes as a whole number, e.g. 55."),
        ("4", "A round&#x27;s length must be from 5 to 240 minutes."),
        ("241", "A round&#x27;s length must be from 5 to 240 minutes."),
    ],
)
def test_a_length_out_of_bounds_or_not_a_number_is_refused_at_the_field(
    timed, table, organizer, typed, message
):
    org = Client()
    org.force_login(organizer)
    page = org.post(reverse("round-clock", args=[table.round.pk]), {"minutes": typed})
    html = page.content.decode()
    field = html[html.index('id="round-length"') :]
    assert message in field[: field.index("</form>")]
    assert Round.objects.get(pk=table.round.pk).minutes is None


def test_a_clock_on_a_round_with_deals_is_refused_at_the_field(timed, table, organizer):
    services.record_deal(table, played_doc(), organizer)
    org = Client()
    org.force_login(organizer)
    html = org.post(reverse("round-clock", args=[table.round.pk]), {"minutes": "55"})
    assert (
        "Round 1 has deals already: a clock is set before the round&#x27;s first deal."
        in html.content.decode()
    )
    assert Round.objects.get(pk=table.round.pk).minutes is None


def test_a_clock_needs_a_timed_event(event, table, organizer):
    org = Client()
    org.force_login(organizer)
    html = org.post(reverse("round-clock", args=[table.round.pk]), {"minutes": "55"})
    said = html_module.unescape(html.content.decode())
    assert "This event's tables do not play until a bell: choose “At the round's bell”" in said
    assert Round.objects.get(pk=table.round.pk).minutes is None
    with pytest.raises(services.ServiceError, match="Rounds on the clock are for events whose"):
        services.set_round_length(table.round, organizer, 55)


def test_starting_twice_is_refused(started, organizer):
    org = Client()
    org.force_login(organizer)
    with at(3):
        page = org.post(reverse("round-clock", args=[started.pk]), {"start": "1"}, follow=True)
        length = org.post(reverse("round-clock", args=[started.pk]), {"minutes": "60"})
    start = timezone.localtime(T0).strftime("%H:%M")
    assert f"Round 1&#x27;s clock started at {start} already; it is not started twice." in (
        page.content.decode()
    )
    assert "Round 1&#x27;s clock has started: its length is fixed." in length.content.decode()
    rnd = Round.objects.get(pk=started.pk)
    assert (rnd.clock_started_at, rnd.minutes) == (T0, 55)
    actions = ActivityEntry.objects.filter(event=started.event).values_list("action", flat=True)
    assert list(actions).count(ActivityEntry.Action.START_ROUND_CLOCK) == 1


def test_the_round_page_sets_the_length_and_starts_the_round(timed, table, organizer):
    org = Client()
    org.force_login(organizer)
    page = org.get(reverse("round-detail", args=[table.round.pk])).content.decode()
    assert 'id="round-length"' in page and 'id="start-round"' not in page
    org.post(reverse("round-clock", args=[table.round.pk]), {"minutes": "50"})
    page = org.get(reverse("round-detail", args=[table.round.pk])).content.decode()
    assert "This round lasts <strong>50 minutes</strong>." in page
    with at(0):
        done = org.post(reverse("round-clock", args=[table.round.pk]), {"start": "1"}, follow=True)
    assert f"Round 1 started: the bell rings at {bell_words(50)}." in done.content.decode()
    assert clock_attrs(done.content.decode())[0] == int(
        (T0 + datetime.timedelta(minutes=50)).timestamp() * 1000
    )


def test_the_directors_view_marks_tables_behind_the_clock(started, table, organizer):
    players = [Player.objects.create(name=n) for n in ("Emil", "Fanny", "Gustav", "Hana")]
    other = services.create_table(started, organizer, players, first_forehand=players[0])
    with at(30):
        services.record_deal(table, played_doc(), organizer)
        services.record_deal(
            other,
            played_doc(
                players=[p.name for p in players], dealer="Hana", bidder="Emil", partner="Gustav"
            ),
            organizer,
        )
    with at(58):  # the first table's deal in progress is in; the other still plays
        services.record_deal(table, played_doc(), organizer)
        view = director.director_view(Round.objects.select_related("event").get(pk=started.pk))
    assert [(r.table.number, r.ended, r.behind) for r in view.rows] == [
        (1, True, False),
        (2, False, False),  # the bell rang 3 minutes ago: not behind yet
    ]
    with at(61):
        view = director.director_view(Round.objects.select_related("event").get(pk=started.pk))
    assert [(r.table.number, r.behind) for r in view.rows] == [(1, False), (2, True)]
    assert view.pace_words.startswith("A table is marked behind when its bell rang 5 minutes")
    assert view.session_words == "until the round's bell and the deal in progress then"


@pytest.mark.parametrize("name", ["wall-live", "link-sheet", "table-sheet"])
def test_query_counts_stay_the_same_with_more_tables_and_deals(
    started, table, link, organizer, name, django_assert_num_queries
):
    services.update_event(started.event, organizer, published=True)
    org = Client()
    org.force_login(organizer)
    url = {
        "wall-live": reverse("wall-live", args=[started.event_id]),
        "link-sheet": reverse("link-sheet", args=[link.token]),
        "table-sheet": reverse("table-sheet", args=[table.pk]),
    }[name]
    with at(20):
        services.record_deal(table, played_doc(), organizer)
        with django_assert_num_queries(0) as small:
            pass
        small_count = _count(org, url)
        for i in range(3):
            players = [Player.objects.create(name=f"{n} {i}") for n in SEATS4]
            t = services.create_table(started, organizer, players, first_forehand=players[0])
            doc = played_doc(
                players=[p.name for p in players],
                dealer=players[3].name,
                bidder=players[0].name,
                partner=players[2].name,
            )
            services.record_deal(t, doc, organizer)
        for _ in range(3):
            services.record_deal(table, played_doc(), organizer)
        assert _count(org, url) == small_count
    del small


def _count(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert "data-clock" in response.content.decode()
    return len(queries.captured_queries)


def test_tables_stay_ended_across_a_restart(started, table, link, organizer):
    with at(57):
        services.end_table(table, organizer)
    fresh = Table.objects.select_related("round__event").get(pk=table.pk)
    assert fresh.clock_stopped_at == T0 + datetime.timedelta(minutes=57)
    with at(90):
        assert (
            send(link, 1, **JSON)
            .json()["message"]
            .startswith(f"Time is up: the director ended this table at {bell_words(57)}")
        )


def test_a_round_made_with_its_length(timed, organizer):
    org = Client()
    org.force_login(organizer)
    refused = org.post(reverse("round-create", args=[timed.pk]), {"minutes": "2"}, follow=True)
    assert "No round added: A round&#x27;s length must be from 5 to 240 minutes." in (
        refused.content.decode()
    )
    assert not timed.rounds.exists()
    org.post(reverse("round-create", args=[timed.pk]), {"minutes": "60"})
    assert list(timed.rounds.values_list("number", "minutes")) == [(1, 60)]


def test_a_table_whose_deal_in_progress_is_in_is_not_told_to_finish_it(started, link):
    with at(56):
        assert send(link, 1, **JSON).json()["result"] == "saved"
        html = Client().get(reverse("link-sheet", args=[link.token])).content.decode()
    assert "finish the deal in progress" not in html
    assert clock_attrs(html)[1] == "Time is up"


def test_a_round_s_length_travels_in_the_event_s_file(timed, table, organizer, other_organizer):
    """The exchange file keeps a round's minutes (the schedule's start numbers and
    players who cannot move travel too: tests/web/test_schedule.py); a round without a
    clock says nothing; a length out of bounds is refused, nothing saved."""
    import json

    from tournaments import exchange
    from tournaments.models import Event

    services.set_round_length(table.round, organizer, 55)
    round2 = services.create_round(timed, organizer)
    services.record_deal(table, played_doc(), organizer)
    document = json.loads(json.dumps(exchange.export_event(Event.objects.get(pk=timed.pk))))
    assert document["rounds"][0]["minutes"] == 55
    assert "minutes" not in document["rounds"][1] and round2.minutes is None
    copy = exchange.import_event(document, other_organizer)
    assert copy.session_end == "timed"
    assert list(copy.rounds.order_by("number").values_list("minutes", flat=True)) == [55, None]
    assert Deal.objects.filter(table__round__event=copy).count() == 1
    events = Event.objects.count()
    document["rounds"][0]["minutes"] = 241
    with pytest.raises(
        exchange.ExchangeError, match="round 1: a round on the clock lasts from 5 to 240 minutes."
    ):
        exchange.import_event(document, other_organizer)
    document["rounds"][0]["minutes"] = "55"
    with pytest.raises(exchange.ExchangeError, match="round 1"):
        exchange.import_event(document, other_organizer)
    assert Event.objects.count() == events


def test_after_start_the_round_page_says_it_is_under_way(started, table, organizer, client):
    """Started on the clock, no deal entered yet: not "not started" above the clock."""
    client.force_login(organizer)
    with at(5):
        page = client.get(reverse("round-detail", args=[table.round_id])).content.decode()
    lead = re.search(r'<p class="lead">([^·]*)·', page).group(1).strip()
    assert lead == f"Under way: on the clock since {bell_words(0)}, no deal entered yet"
    assert 'id="round-clock"' in page and "data-clock data-bell=" in page


def test_one_minute_more_is_said_in_the_singular(started, table, organizer):
    org = Client()
    org.force_login(organizer)
    with at(30):
        one = org.post(reverse("table-clock", args=[table.pk]), {"extra": "1"}, follow=True)
    assert [str(m) for m in one.context["messages"]] == [
        f"Table 1 has 1 minute more: its bell rings at {bell_words(56)}."
    ]


def test_the_directors_view_shows_each_tables_time_left_and_an_ended_tables_link(
    started, table, link, organizer
):
    """Table 1 ended by the director at 20 minutes, table 2 given 10 minutes more: at
    30 minutes table 2 has 35:00 left (counted on by clock.js), table 1 says ended and
    its link is stopped, not "live"."""
    players = [Player.objects.create(name=n) for n in ("Emil", "Fanny", "Gustav", "Hana")]
    other = services.create_table(started, organizer, players, first_forehand=players[0])
    services.issue_link(other, organizer)
    with at(20):
        services.end_table(table, organizer)
        services.extend_table(other, organizer, 10)
    org = Client()
    org.force_login(organizer)
    with at(30):
        html = org.get(reverse("director", args=[started.pk])).content.decode()
    assert "<th>Time left</th><th>Link</th>" in html
    rows = dict(re.findall(r'<tr data-table="(\d)".*?>(.*?)</tr>', html, re.S))
    assert '<td><span class="muted">ended</span></td>' in rows["1"]
    assert '<span class="stopped">stopped: table ended</span>' in rows["1"]
    bell_ms = int((T0 + datetime.timedelta(minutes=65)).timestamp() * 1000)
    assert f'data-clock data-bell="{bell_ms}"' in rows["2"]
    assert "<span data-clock-left>35:00</span>" in rows["2"]
    assert "<td>live</td>" in rows["2"]
    assert "tournaments/clock.js" in html
