"""The outbox sent through a real SMTP conversation: a local server (aiosmtpd) that
takes the messages, refuses some recipients, or is down. Failures are kept with the
server's reason, nothing is lost, and the next send sends them."""

import email

import pytest
from aiosmtpd.controller import Controller

from tournaments.models import Player, ResultMessage
from tournaments.services.results_mail import queue_results, send_outbox

from .results_mail_events import free_port, night_with_addresses

State = ResultMessage.State


class Hall:
    """An SMTP server's handler: takes every message but to the addresses ``refused``."""

    def __init__(self, refused=()):
        self.refused = set(refused)
        self.received = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refused:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content)
        self.received.append((envelope.rcpt_tos, str(message["Subject"])))
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp(settings):
    """Start a local SMTP server with a handler; the settings send through it."""
    started = []

    def serve(handler, port=None):
        port = port or free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port)
        controller.start()
        started.append(controller)
        return port

    def route(port):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_TIMEOUT = 5

    yield serve, route
    for controller in started:
        controller.stop()


def queued(table, organizer):
    event = night_with_addresses(table, organizer, more=8)
    chosen = list(Player.objects.exclude(email="").values_list("pk", flat=True))
    queue_results(event, organizer, chosen, base_url="http://testserver/")
    return event


def states():
    return dict(ResultMessage.objects.values_list("address", "state"))


def test_a_server_that_takes_them(table, organizer, smtp):
    serve, route = smtp
    event = queued(table, organizer)
    hall = Hall()
    route(serve(hall))
    done = send_outbox(event, organizer)
    assert (done.sent, done.failed) == (11, 0)
    assert len(hall.received) == 11
    assert (["anna@example.org"], "Heun parish night: 1st of 12, +5 chips") in hall.received
    assert set(states().values()) == {"sent"}


def test_refused_recipients_are_kept_with_the_reason_and_sent_later(table, organizer, smtp):
    serve, route = smtp
    queued(table, organizer)
    refusing = Hall(refused={"bill@example.org", "player.003@example.org"})
    route(serve(refusing))
    done = send_outbox()
    assert (done.sent, done.failed) == (9, 2)
    assert len(refusing.received) == 9
    failed = ResultMessage.objects.filter(state=State.FAILED).order_by("address")
    assert [(m.address, m.failure, m.attempts) for m in failed] == [
        ("bill@example.org", "the server refused it: 550 5.1.1 No such mailbox here", 1),
        ("player.003@example.org", "the server refused it: 550 5.1.1 No such mailbox here", 1),
    ]
    # The mailboxes exist now: the next send sends only the two.
    taking = Hall()
    route(serve(taking))
    done = send_outbox()
    assert (done.sent, done.failed) == (2, 0)
    assert sorted(to for to, _ in taking.received) == [
        ["bill@example.org"],
        ["player.003@example.org"],
    ]
    assert set(states().values()) == {"sent"}
    assert list(
        failed.model.objects.filter(address="bill@example.org").values_list("attempts", "failure")
    ) == [(2, "")]


def test_a_server_down_fails_them_all_and_loses_nothing(table, organizer, smtp):
    serve, route = smtp
    queued(table, organizer)
    port = free_port()
    route(port)  # nothing listens there yet
    done = send_outbox()
    assert (done.sent, done.failed) == (0, 11)
    reasons = set(ResultMessage.objects.values_list("failure", flat=True))
    assert len(reasons) == 1
    reason = reasons.pop()
    assert reason.startswith("the mail server could not be reached: [Errno ")
    assert "refused" in reason  # "Connection refused", as the system says it
    assert set(states().values()) == {"failed"}
    hall = Hall()
    serve(hall, port)  # the machine is online now
    done = send_outbox()
    assert (done.sent, done.failed) == (11, 0)
    assert len(hall.received) == 11
    assert set(states().values()) == {"sent"}
