"""The *Send the results* page: every player and the message they will get, ticked to
queue; the outbox's button; organizers only; a constant number of queries."""

import datetime
import html
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Event, Player, ResultMessage
from tournaments.services.results_mail import queue_results

from ..conftest import SEATS4
from .results_mail_events import free_port, night_with_addresses, seat_more

CADA_BODY = """Dear Čada,

the results of Heun parish night, Friday 20 November 2026 at Holy Trinity, Heun:

Your place: 1st of 8
Your chips: +5

Your statement, deal by deal:
http://testserver/events/{event}/players/{player}/statement/

With thanks from the organizers of Heun parish night
"""


def page(event):
    return reverse("results-mail", args=[event.pk])


def test_the_page_shows_each_message(client, table, organizer):
    event = night_with_addresses(table, organizer, more=4, published=True)
    cada = Player.objects.get(name="Čada")
    client.force_login(organizer)
    text = client.get(page(event)).content.decode()
    body = CADA_BODY.format(event=event.pk, player=cada.pk)
    assert f'<pre class="letter">{html.escape(body)}</pre>' in text
    assert "<summary>Heun parish night: 1st of 8, +5 chips</summary>" in text
    assert "Recipients: 7 of 8 players" in text
    assert '<strong>Dana</strong> <span class="muted">no email address</span>' in text
    assert f'value="{cada.pk}" checked' in text
    assert "0 waiting · 0 sent" in text
    assert 'id="send-form"' not in text  # nothing waits


def test_queue_then_send_from_the_page(client, table, organizer):
    event = night_with_addresses(table, organizer, more=4, published=True)
    client.force_login(organizer)
    chosen = list(Player.objects.exclude(email="").values_list("pk", flat=True))
    response = client.post(page(event), {"player": chosen, "queue": "1"}, follow=True)
    text = response.content.decode()
    assert "7 messages waiting in the outbox." in text
    assert "7 waiting · 0 sent" in text
    assert 'id="send-form"' in text
    assert mail.outbox == []  # queued only: nothing is sent on a save
    response = client.post(page(event), {"send": "1"}, follow=True)
    assert "7 messages sent." in response.content.decode()
    assert "0 waiting · 7 sent" in response.content.decode()
    assert sorted(m.to[0] for m in mail.outbox) == [
        "anna@example.org",
        "bill@example.org",
        "cada@example.org",
        "player.001@example.org",
        "player.002@example.org",
        "player.003@example.org",
        "player.004@example.org",
    ]
    # Those sent are not ticked again; queueing them anyway says so and queues nothing.
    text = client.get(page(event)).content.decode()
    assert "checked" not in text.split('id="id_again"')[0].split("recipients")[1]
    response = client.post(page(event), {"player": chosen[:1], "queue": "1"}, follow=True)
    assert "0 messages waiting in the outbox. Sent already, not queued again: " in (
        response.content.decode()
    )


def test_a_refused_queue_says_why_on_the_page(client, table, organizer):
    event = night_with_addresses(table, organizer)
    client.force_login(organizer)
    dana = Player.objects.get(name="Dana")
    text = client.post(page(event), {"player": [dana.pk], "queue": "1"}).content.decode()
    assert "These players cannot be sent their results (Dana: no email address)." in text
    text = client.post(page(event), {"player": ["x"], "queue": "1"}).content.decode()
    assert "Only the players of this event can be sent its results." in text
    assert ResultMessage.objects.count() == 0


def test_only_organizers(client, table, organizer, stranger, other_organizer):
    event = night_with_addresses(table, organizer, published=True)
    anna = Player.objects.get(name="Anna")
    url = page(event)
    assert client.get(url)["Location"] == f"{reverse('login')}?next={url}"
    for user in (stranger, other_organizer):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url, {"player": [anna.pk], "queue": "1"}).status_code == 403
        assert client.post(url, {"send": "1"}).status_code == 403
    assert ResultMessage.objects.count() == 0
    # An address is the organizers' only: never on a public page.
    client.logout()
    for public in (
        reverse("standings", args=[event.pk]),
        reverse("player-statement", args=[event.pk, anna.pk]),
        reverse("player-detail", args=[anna.pk]),
    ):
        assert "anna@example.org" not in client.get(public).content.decode(), public


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_queries_do_not_grow_with_the_event(client, organizer):
    """An event of 8 players and one of 44, with prizes: the same queries."""

    def event_of(name, more):
        event = services.create_event(
            organizer,
            name=name,
            date=datetime.date(2026, 11, 20),
            venue="Holy Trinity, Heun",
            kind=Event.Kind.CLUB_NIGHT,
            ruleset="la-vista",
            house_rules={},
            starting_chips=20,
            session_end=Event.SessionEnd.FIXED_DEALS,
            deals_per_session=20,
            published=True,
            entry_fee_cents=500,
            prize_table="$20\n$10",
        )
        rnd = services.create_round(event, organizer)
        players = [Player.objects.get_or_create(name=f"{n} {name}")[0] for n in SEATS4]
        table = services.create_table(rnd, organizer, players, first_forehand=players[0])
        return event, table

    client.force_login(organizer)
    counts = []
    for name, more in (("Small", 4), ("Big", 40)):
        event, table = event_of(name, more)
        seat_more(table.round, organizer, more, prefix=name)
        counts.append(count_queries(client, page(event)))
    assert counts[0] == counts[1]


def test_the_command_sends_the_outbox(table, organizer, settings):
    event = night_with_addresses(table, organizer)
    chosen = list(Player.objects.exclude(email="").values_list("pk", flat=True))
    queue_results(event, organizer, chosen)
    # No server yet: each failure said, and the command fails.
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()
    settings.EMAIL_USE_TLS = False
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match=r"^3 message\(s\) failed; run send_outbox again later"):
        call_command("send_outbox", stdout=out, stderr=err)
    assert out.getvalue().startswith("0 messages sent. 3 messages failed and wait to be sent")
    assert err.getvalue().count("Failed: ") == 3
    assert "Failed: anna@example.org: the mail server could not be reached" in err.getvalue()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    out = StringIO()
    call_command("send_outbox", stdout=out)
    assert out.getvalue() == "3 messages sent.\n"
    assert len(mail.outbox) == 3
    out = StringIO()
    call_command("send_outbox", "--event", str(event.pk), stdout=out)
    assert out.getvalue() == "No message was waiting.\n"
    with pytest.raises(CommandError, match="No event has the id 999999."):
        call_command("send_outbox", "--event", "999999")


def test_a_failed_send_says_why_on_the_page_and_waits(client, table, organizer, settings):
    event = night_with_addresses(table, organizer)
    client.force_login(organizer)
    anna = Player.objects.get(name="Anna")
    client.post(page(event), {"player": [anna.pk], "queue": "1"}, follow=True)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nothing listens
    settings.EMAIL_USE_TLS = False
    response = client.post(page(event), {"send": "1"}, follow=True)
    text = response.content.decode()
    said = [str(m) for m in response.context["messages"]]
    assert len(said) == 1
    assert said[0].startswith(
        "0 messages sent. 1 message failed and waits to be sent again: anna@example.org: "
        "the mail server could not be reached: "
    )
    assert "1 waiting (1 failed, to send again) · 0 sent" in text
    failure = ResultMessage.objects.get().failure
    assert f'<span class="neg failure">{html.escape(failure)} (tried 1 time; sent again ' in text
    assert 'id="send-form"' in text
