"""The results by email (docs/organizers.md, "Sending the results by email"): each
player's message from the standings, queued into the outbox, sent by send_outbox through
Django's email framework, each message's delivery recorded."""

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from tournaments import services
from tournaments.models import ActivityEntry, Player, ResultMessage
from tournaments.results_letters import letters
from tournaments.services.results_mail import queue_results, send_outbox

from .results_mail_events import night_with_addresses

State = ResultMessage.State
BASE = "http://testserver/"

ANNA_BODY = """Dear Anna,

the results of Heun parish night, Friday 20 November 2026 at Holy Trinity, Heun:

Your place: 1st of 154
Your chips: +5

Your statement, deal by deal:
http://testserver/events/{event}/players/{player}/statement/

With thanks from the organizers of Heun parish night
"""


def everyone(event):
    return [p.pk for p in Player.objects.filter(registrations__event=event).exclude(email="")]


def test_150_players_queued_sent_once(table, organizer):
    """150 messages: 150 delivery records, 150 sent; a second queue and send sends
    nothing new."""
    event = night_with_addresses(table, organizer, more=147)
    services.update_event(event, organizer, published=True)
    chosen = everyone(event)
    assert len(chosen) == 150  # Anna, Bill, Čada and 147 more; Dana has no address
    done = queue_results(event, organizer, chosen, base_url=BASE)
    assert (done.new, done.renewed, done.sent_already) == (150, 0, [])
    assert ResultMessage.objects.filter(event=event, state=State.WAITING).count() == 150
    assert mail.outbox == []  # queueing sends nothing
    sent = send_outbox()
    assert (sent.sent, sent.failed) == (150, 0)
    assert ResultMessage.objects.filter(event=event, state=State.SENT).count() == 150
    assert len(mail.outbox) == 150
    anna = Player.objects.get(name="Anna")
    to_anna = [m for m in mail.outbox if m.to == ["anna@example.org"]]
    assert len(to_anna) == 1
    assert to_anna[0].subject == "Heun parish night: 1st of 151, +5 chips"
    assert to_anna[0].body == ANNA_BODY.replace("154", "151").format(event=event.pk, player=anna.pk)
    again = queue_results(event, organizer, chosen, base_url=BASE)
    assert (again.new, again.renewed, len(again.sent_already)) == (0, 0, 150)
    assert send_outbox().summary() == "No message was waiting."
    assert len(mail.outbox) == 150
    assert ResultMessage.objects.filter(event=event).count() == 150
    logged = ActivityEntry.objects.filter(event=event, action__in=["queue_results", "send_results"])
    assert [(e.action, e.detail) for e in logged.order_by("id")] == [
        ("queue_results", {"count": "150 players", "again": False}),
        ("send_results", {"sent": 150, "failed": 0}),
    ]


def test_send_again_to_everyone(table, organizer):
    event = night_with_addresses(table, organizer)
    chosen = everyone(event)
    queue_results(event, organizer, chosen, base_url=BASE)
    send_outbox()
    done = queue_results(event, organizer, chosen[:1], again=True, base_url=BASE)
    assert (done.new, done.renewed, done.sent_already) == (1, 0, [])
    assert send_outbox().sent == 1
    assert len(mail.outbox) == 4


def test_a_waiting_message_is_written_again_never_twice(table, organizer):
    event = night_with_addresses(table, organizer)
    anna = Player.objects.get(name="Anna")
    queue_results(event, organizer, [anna.pk], base_url=BASE)
    Player.objects.filter(pk=anna.pk).update(email="anna.novakova@example.org")
    done = queue_results(event, organizer, [anna.pk], base_url=BASE)
    assert (done.new, done.renewed) == (0, 1)
    assert list(ResultMessage.objects.values_list("address", "state")) == [
        ("anna.novakova@example.org", "waiting")
    ]


def test_refusals_say_why_and_write_nothing(table, organizer, stranger):
    event = night_with_addresses(table, organizer)
    dana = Player.objects.get(name="Dana")
    outsider = Player.objects.create(name="Zoe", email="zoe@example.org")
    cases = [
        ([], "Tick the players to send the results to."),
        ([dana.pk], "These players cannot be sent their results (Dana: no email address)."),
        ([outsider.pk], "Only the players of this event can be sent its results."),
    ]
    for chosen, said in cases:
        with pytest.raises(services.ServiceError) as refused:
            queue_results(event, organizer, chosen, base_url=BASE)
        assert refused.value.message == said
    with pytest.raises(services.PermissionDenied):
        queue_results(event, stranger, everyone(event), base_url=BASE)
    assert ResultMessage.objects.count() == 0


def test_each_message_says_place_chips_points_and_prize(table, organizer):
    """An event by table points with prizes: the points and the prize are said; an
    unpublished event's messages carry no link."""
    event = night_with_addresses(table, organizer, ranking="table_points")
    event = services.prizes.set_prizes(event, organizer, 1000, "$25\n$15", prizes_club_adds=True)
    found = {letter.player.name: letter for letter in letters(event, BASE)}
    assert found["Anna"].subject == "Heun parish night: 1st= of 4, +5 chips"
    assert found["Anna"].body == (
        "Dear Anna,\n\nthe results of Heun parish night, Friday 20 November 2026 at Holy "
        "Trinity, Heun:\n\nYour place: 1st= of 4\nYour chips: +5\nYour table points: 4\n"
        "Your prize: $20.00\n\nWith thanks from the organizers of Heun parish night\n"
    )
    assert found["Dana"].refused == "no email address"
    assert found["Bill"].subject == "Heun parish night: 3rd= of 4, -5 chips"


def test_a_message_another_send_took_is_left_to_it_unless_it_died(table, organizer):
    """A message being sent by another send at once is not sent twice; one left
    "being sent" by a send that died is sent again after ten minutes."""
    event = night_with_addresses(table, organizer)
    anna, bill = Player.objects.get(name="Anna"), Player.objects.get(name="Bill")
    queue_results(event, organizer, [anna.pk, bill.pk], base_url=BASE)
    now = timezone.now()
    ResultMessage.objects.filter(player=anna).update(state=State.SENDING, tried_at=now)
    ResultMessage.objects.filter(player=bill).update(
        state=State.SENDING, tried_at=now - datetime.timedelta(minutes=11)
    )
    done = send_outbox()
    assert (done.sent, done.failed) == (1, 0)
    assert [m.to for m in mail.outbox] == [["bill@example.org"]]
    assert dict(ResultMessage.objects.values_list("player__name", "state")) == {
        "Anna": "sending",
        "Bill": "sent",
    }
