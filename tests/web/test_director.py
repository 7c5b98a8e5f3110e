"""The director's view of a round and the tables' calls for the director: raised from
a table's link, shown on the view and in the inbox, handled by an organizer; one open
call a table (the service and the database)."""

import datetime
from html import unescape

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournaments import queries, services
from tournaments.models import ActivityEntry, DirectorCall, Player

from ..conftest import club_night

pytestmark = pytest.mark.django_db

OPEN_ALREADY = "Your call is open already, the director is coming."


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


def play(table, organizer, deals, link=None):
    """``deals`` deals at ``table``: the seat after the dealer bids a Four and wins."""
    for _ in range(deals):
        sheet = queries.table_sheet(table, cells=False)
        names = [p.name for p in sheet.players]
        services.record_deal(
            table,
            {
                "ruleset": table.round.event.ruleset,
                "players": names,
                "dealer": str(sheet.next_deal.dealer),
                "kind": "played",
                "bidder": names[0],
                "bid": "four",
                "partner": names[2],
                "blind": "second",
                "bidder_points": 41,
            },
            organizer,
            link=link,
        )


def call(client, link, reason="dispute", word="", **extra):
    data = {"call-reason": reason, "call-word": word, **extra}
    return client.post(reverse("link-call", args=[link.token]), data, follow=True)


# -- a call, from the phone to the director and back ------------------------------------


def test_a_call_is_raised_shown_on_the_view_and_the_inbox_and_handled(
    client, org_client, table, link, organizer, django_user_model
):
    phone = type(client)()
    sheet = phone.get(reverse("link-sheet", args=[link.token])).content.decode()
    assert 'id="call-director"' in sheet and "call-open" not in sheet
    for reason in ("dispute", "misdeal", "question"):
        assert f'value="{reason}"' in sheet

    page = call(phone, link, "misdeal", "  Bill  dealt\u200b nine cards ")
    assert page.redirect_chain == [(reverse("link-sheet", args=[link.token]), 302)]
    opened = DirectorCall.objects.get()
    at = timezone.localtime(opened.raised_at).strftime("%H:%M")
    assert messages_of(page) == [f"The director is called ({at}): stay at your table."]
    assert (opened.table, opened.reason, opened.word, opened.raised_via, opened.handled_at) == (
        table,
        "misdeal",
        "Bill dealt nine cards",  # cleaned as a typed name is: no invisible, one space
        link,
        None,
    )
    shown = page.content.decode()
    at_zone = timezone.localtime(opened.raised_at).strftime("%H:%M %Z")  # 19:02 CST
    assert (
        f"You called the director at {at_zone} (a misdeal: “Bill dealt nine cards”). "
        "Your call is open: the director is coming." in shown
    )
    assert 'id="call-director"' not in shown  # no button while the call is open
    # The deal page says it too.
    deal_page = phone.get(reverse("link-deal", args=[link.token])).content.decode()
    assert f"You called the director at {at_zone} (a misdeal" in deal_page

    view = org_client.get(reverse("director", args=[table.round.pk])).content.decode()
    assert '<li data-call="1"><strong>Table 1</strong>: a misdeal · “Bill dealt nine cards”' in view
    assert f"since {at_zone}</span>" in view
    inbox = org_client.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    assert "Tables calling the director" in inbox
    assert "<strong>Round 1, table 1</strong>: a misdeal · “Bill dealt nine cards”" in inbox
    assert f'<span class="muted">since {at_zone}</span>' in inbox

    handled = org_client.post(
        reverse("call-handle", args=[opened.pk]), {"next": "inbox"}, follow=True
    )
    assert handled.redirect_chain == [(reverse("inbox", args=[table.round.event.pk]), 302)]
    assert messages_of(handled) == ["The call of table 1 is handled."]
    assert "Tables calling the director" not in handled.content.decode()
    opened.refresh_from_db()
    assert opened.handled_by == organizer and opened.handled_at is not None
    view = org_client.get(reverse("director", args=[table.round.pk])).content.decode()
    assert "No table is calling." in view and "data-call" not in view
    assert (
        'id="call-director"' in phone.get(reverse("link-sheet", args=[link.token])).content.decode()
    )
    # Handled twice (two organizers at once): the second is told.
    again = org_client.post(reverse("call-handle", args=[opened.pk]), follow=True)
    assert again.redirect_chain == [(reverse("director", args=[table.round.pk]), 302)]
    assert messages_of(again) == [
        f"The call of table 1 was handled already, at "
        f"{timezone.localtime(opened.handled_at):%H:%M}."
    ]
    actions = list(
        ActivityEntry.objects.filter(
            action__in=[ActivityEntry.Action.RAISE_CALL, ActivityEntry.Action.HANDLE_CALL]
        )
        .order_by("id")
        .values_list("action", "user__username", "detail")
    )
    assert actions == [
        ("raise_call", "table-link", {"round": 1, "table": 1, "reason": "misdeal"}),
        ("handle_call", "org", {"round": 1, "table": 1}),
    ]


def test_a_table_with_an_open_call_cannot_call_again(client, table, link, organizer):
    call(client, link, "question")
    again = call(client, link, "dispute", "quick!", next="deal")
    assert again.redirect_chain == [(reverse("link-deal", args=[link.token]), 302)]
    assert messages_of(again) == [OPEN_ALREADY]
    assert list(DirectorCall.objects.values_list("reason", flat=True)) == ["question"]
    services.handle_call(DirectorCall.objects.get(), organizer)
    assert messages_of(call(client, link, "dispute"))[0].startswith("The director is called")
    assert DirectorCall.objects.filter(handled_at__isnull=True).count() == 1
    assert DirectorCall.objects.count() == 2


def test_the_database_holds_one_open_call_a_table(table, link):
    DirectorCall.objects.create(table=table, reason="question")
    with pytest.raises(IntegrityError), transaction.atomic():
        DirectorCall.objects.create(table=table, reason="dispute")
    # A handled call leaves room for a new one.
    DirectorCall.objects.update(handled_at=timezone.now())
    DirectorCall.objects.create(table=table, reason="dispute")
    assert DirectorCall.objects.count() == 2


def test_a_revoked_link_or_a_closed_round_cannot_call(client, table, link, organizer):
    services.close_round(table.round, organizer)
    closed = client.post(reverse("link-call", args=[link.token]), {"call-reason": "dispute"})
    assert closed.status_code == 403
    assert "Round 1 is closed: its table links take no more deals." in closed.content.decode()
    services.close_round(table.round, organizer, closed=False)
    services.revoke_link(link, organizer)
    revoked = client.post(reverse("link-call", args=[link.token]), {"call-reason": "dispute"})
    assert revoked.status_code == 403
    assert "This table link was replaced by the organizer." in revoked.content.decode()
    assert DirectorCall.objects.count() == 0
    with pytest.raises(services.LinkError):
        services.raise_call(link, "dispute")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"call-word": "hi"}, "Say why you call the director."),
        (
            {"call-reason": "cheating"},
            "Select a valid choice. cheating is not one of the available choices.",
        ),
        ({"call-reason": "dispute", "call-word": "x" * 201}, "Say it in 200 characters or fewer."),
        (
            {"call-reason": "dispute", "call-word": "\u202eBill"},
            "The word contains a character that turns the text after it around (U+202E): "
            "type the word without it.",
        ),
    ],
)
def test_a_bad_call_is_said_and_raises_nothing(client, table, link, data, said):
    response = client.post(reverse("link-call", args=[link.token]), data, follow=True)
    assert messages_of(response) == [said]
    assert DirectorCall.objects.count() == 0


def test_the_service_refuses_a_bad_reason_or_word(table, link):
    with pytest.raises(services.ServiceError, match="Say why you call the director."):
        services.raise_call(link, "cheating")
    with pytest.raises(services.ServiceError, match="200 characters"):
        services.raise_call(link, "dispute", "x" * 201)
    assert DirectorCall.objects.count() == 0


# -- the director's view ------------------------------------------------------------------


def seat(rnd, organizer, number, prefix="P"):
    players = [Player.objects.create(name=f"{prefix}{number}-{i}") for i in range(4)]
    return services.create_table(rnd, organizer, players, first_forehand=players[0])


@pytest.fixture
def busy_round(organizer):
    """Five tables: 4, 4, 3, 1 and 0 deals (median 3); table 1 confirmed-by-need, a
    chip count at table 2, links everywhere but table 5, table 4's revoked."""
    event = club_night(
        organizer, "la-vista", deals_per_session=6, table_deals_need_confirmation=True
    )
    rnd = services.create_round(event, organizer)
    tables = [seat(rnd, organizer, n) for n in range(1, 6)]
    links = [services.issue_link(t, organizer) for t in tables[:4]]
    play(tables[0], organizer, 2)
    play(tables[0], organizer, 2, link=links[0])  # two wait for confirmation
    play(tables[1], organizer, 4)
    play(tables[2], organizer, 3)
    play(tables[3], organizer, 1)
    counted = {s.player: 100 for s in tables[1].seats.select_related("player")}
    services.record_chip_count(tables[1], organizer, counted)
    services.revoke_link(links[3], organizer)
    services.raise_call(links[2], "question", "Is a trula allowed?")
    return rnd


def cells(html, table_number):
    """The cells' text of a table's row on the director's view."""
    import re

    row = re.search(rf'<tr data-table="{table_number}" class="([^"]*)">(.*?)</tr>', html, re.S)
    texts = [
        re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row[2], re.S)
    ]
    return row[1].strip(), [re.sub(r"\s+", " ", t) for t in texts]


def test_the_director_sees_every_table_at_a_glance(org_client, busy_round):
    html = unescape(org_client.get(reverse("director", args=[busy_round.pk])).content.decode())
    assert "<h1>Director's view: round 1</h1>" in html
    assert (
        "Sessions: 6 deals a table. A table is marked behind when it has played 2 or more "
        "deals fewer than the round's median table (3 deals now) and its session has not "
        "ended." in html
    )
    now = timezone.localtime()
    last = timezone.localtime(busy_round.tables.get(number=1).deals.latest("created_at").created_at)
    assert cells(html, 1) == (
        "",
        [
            "Table 1",
            "P1-0, P1-1, P1-2, P1-3",
            "4 / 6",
            f"{last:%H:%M %Z} (just now)",
            "2",
            "not yet",
            "live",
            "",
        ],
    )
    assert cells(html, 2)[1][2:] == ["4 / 6", cells(html, 2)[1][3], "0", "taken", "live", ""]
    assert cells(html, 3) == (
        "calling",
        [
            "Table 3",
            "P3-0, P3-1, P3-2, P3-3",
            "3 / 6",
            cells(html, 3)[1][3],
            "0",
            "not yet",
            "live",
            f"a question since {now:%H:%M %Z}",
        ],
    )
    # Two deals fewer than the median of 3: behind; no deal at all: behind, no link.
    assert cells(html, 3)[0] == "calling"  # one fewer: not behind
    assert cells(html, 4)[0] == "behind"
    assert cells(html, 4)[1][0] == "Table 4 behind"
    assert cells(html, 4)[1][6] == "stopped: revoked"
    assert cells(html, 5) == (
        "behind",
        [
            "Table 5 behind",
            "P5-0, P5-1, P5-2, P5-3",
            "0 / 6",
            "none yet",
            "0",
            "not yet",
            "stopped: no link",
            "",
        ],
    )
    assert (
        f'href="{reverse("table-sheet", args=[busy_round.tables.get(number=5).pk])}">Table 5</a>'
        in html
    )
    # The round closed: every link is stopped.
    services.close_round(busy_round, busy_round.event.organizers.get())
    html = org_client.get(reverse("director-live", args=[busy_round.pk])).content.decode()
    assert [cells(html, n)[1][6] for n in range(1, 6)] == ["stopped: round closed"] * 5


def test_how_long_ago_is_the_servers(busy_round):
    from tournaments import director

    later = timezone.now() + datetime.timedelta(minutes=75)
    rows = director.director_view(busy_round).rows
    assert rows[0].ago == "just now"
    assert director.ago_words(rows[0].last_at, later) == "1 hour 15 minutes ago"


def test_a_session_until_a_player_runs_out_says_so(org_client, organizer):
    event = club_night(organizer, "la-vista", session_end="out_of_chips", deals_per_session=None)
    rnd = services.create_round(event, organizer)
    seat(rnd, organizer, 1)
    html = org_client.get(reverse("director", args=[rnd.pk])).content.decode()
    assert "Sessions: until a player runs out of chips." in html
    assert cells(html, 1)[1][2] == "0"
    assert cells(html, 1)[1][4] == "not asked"


def test_the_live_part_is_answered_304_while_nothing_changes(org_client, busy_round, monkeypatch):
    monkeypatch.setattr("tournaments.views.director._minute", lambda: "202611272100")
    url = reverse("director-live", args=[busy_round.pk])
    org_client.get(reverse("director", args=[busy_round.pk]))  # the page sets the CSRF cookie
    first = org_client.get(url)
    assert first.status_code == 200 and "Table 5" in first.content.decode()
    tag = first["ETag"]
    assert org_client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    # A call handled changes the page.
    services.handle_call(DirectorCall.objects.get(), busy_round.event.organizers.get())
    changed = org_client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and "No table is calling." in changed.content.decode()
    # The next minute, "how long ago" moves on: a new page.
    tag = changed["ETag"]
    assert org_client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    monkeypatch.setattr("tournaments.views.director._minute", lambda: "202611272101")
    assert org_client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_the_round_and_event_pages_link_the_view(org_client, busy_round):
    url = reverse("director", args=[busy_round.pk])
    round_page = org_client.get(reverse("round-detail", args=[busy_round.pk])).content.decode()
    assert f'<a href="{url}" id="director-view">Director\'s view</a>' in round_page
    event_page = org_client.get(busy_round.event.get_absolute_url()).content.decode()
    assert f'href="{url}">Director\'s view</a>' in event_page


def round_of(organizer, size):
    event = club_night(organizer, "la-vista", name=f"{size} tables")
    rnd = services.create_round(event, organizer)
    tables = [seat(rnd, organizer, n, prefix=f"S{size}·") for n in range(1, size + 1)]
    links = [services.issue_link(t, organizer) for t in tables]
    for t in tables[:3]:
        play(t, organizer, 2)
    services.revoke_link(links[1], organizer)
    services.raise_call(links[2], "dispute")
    services.raise_call(links[3], "question")
    services.record_chip_count(t, organizer, {s.player: 100 for s in t.seats.all()})
    return rnd


def test_the_view_costs_the_same_queries_at_4_and_40_tables(org_client, organizer):
    counts = []
    for size in (4, 40):
        rnd = round_of(organizer, size)
        row = []
        for name in ("director", "director-live"):
            with CaptureQueriesContext(connection) as queries_made:
                page = org_client.get(reverse(name, args=[rnd.pk]))
            assert page.content.decode().count('<tr data-table="') == size
            row.append(len(queries_made))
        with CaptureQueriesContext(connection) as queries_made:
            inbox = org_client.get(reverse("inbox", args=[rnd.event.pk]))
        assert inbox.content.decode().count("<li data-call=") == 2
        row.append(len(queries_made))
        counts.append(row)
    assert counts[0] == counts[1]


def test_only_the_events_organizers_see_the_view(client, other_organizer, busy_round):
    url = reverse("director", args=[busy_round.pk])
    assert client.get(url).status_code == 404  # unpublished: not told it exists
    client.force_login(other_organizer)
    assert client.get(url).status_code == 404
    services.update_event(busy_round.event, busy_round.event.organizers.get(), published=True)
    assert client.get(url).status_code == 403
    assert client.get(reverse("director-live", args=[busy_round.pk])).status_code == 403
    opened = DirectorCall.objects.get()
    assert client.post(reverse("call-handle", args=[opened.pk])).status_code == 403
    client.logout()
    assert client.get(url)["Location"] == f"{reverse('login')}?next={url}"
    opened.refresh_from_db()
    assert opened.handled_at is None


# -- a race: two phones at one table call at the same moment ------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_phones_calling_at_once_leave_one_open_call(table, organizer):
    from .threads import at_once

    link = services.issue_link(table, organizer)
    for _ in range(10):
        said = at_once(
            lambda: services.raise_call(link, "dispute"),
            lambda: services.raise_call(link, "misdeal"),
        )
        assert sorted(said) == [OPEN_ALREADY, "saved"], said
        assert DirectorCall.objects.filter(handled_at__isnull=True).count() == 1
        services.handle_call(DirectorCall.objects.get(handled_at__isnull=True), organizer)
    assert DirectorCall.objects.count() == 10
