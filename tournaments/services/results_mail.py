"""The results by email: an organizer queues each ticked player's message into the
outbox (``queue_results``); ``send_outbox`` sends what waits, from a connected machine
(the page's button, ``manage.py send_outbox``). Nothing is sent on a save or a queue."""

from __future__ import annotations

import datetime
import smtplib
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import F, Q
from django.utils import timezone

from ..models import ActivityEntry, Event, ResultMessage, Season
from ..results_letters import Letter, letters, season_letters
from ..words import counted, listed
from .activity import Action, log_activity
from .errors import ServiceError
from .locking import atomic, lock_event
from .permissions import require_organizer, require_season_organizer

State = ResultMessage.State
PENDING = (State.WAITING, State.FAILED)
# A message taken by a send that never said how it went (the process died) is tried
# again after this long: a server's slowest answer is far shorter (EMAIL_TIMEOUT).
STALE_SENDING = datetime.timedelta(minutes=10)
# Messages one send goes through: a club's season many times over, bounded so a page's
# button answers in minutes, not hours; the rest wait for the next send.
MAX_A_SEND = 2_000
REASON_CHARS = 1_000


@dataclass
class Queued:
    """What a queueing did: messages new and renewed (a waiting or failed one written
    again), and who was left out as sent already."""

    new: int = 0
    renewed: int = 0
    sent_already: list[str] = field(default_factory=list)

    def summary(self) -> str:
        said = f"{counted(self.new + self.renewed, 'message')} waiting in the outbox."
        if self.sent_already:
            said += (
                f" Sent already, not queued again: {listed(self.sent_already)} (tick “send "
                "again to everyone” to send theirs again)."
            )
        return said


@atomic
def queue_results(
    target: Event | Season,
    user,
    players: Iterable[int],
    again: bool = False,
    base_url: str = "",
) -> Queued:
    """Each ticked player's message (``players``: ids) of an event's or a season's
    results (``target``) into the outbox, as the page shows it; those sent already only
    when ``again``. A player's message still waiting or failed is written again, never
    twice. Refused: nobody ticked, a player not of it, one without an address or who
    did not play."""
    # Its row locked: two organizers queueing at once queue one after the other.
    if isinstance(target, Season):
        target = Season.objects.select_for_update(of=("self",)).get(pk=target.pk)
        require_season_organizer(user, target)
        key, written, what = {"season": target}, season_letters(target, base_url), "season"
    else:
        target = lock_event(target.pk, user)
        key, written, what = {"event": target}, letters(target, base_url), "event"
    chosen = set(players)
    if not chosen:
        raise ServiceError("Tick the players to send the results to.")
    found = {letter.player.pk: letter for letter in written}
    if chosen - found.keys():
        raise ServiceError(f"Only the players of this {what} can be sent its results.")
    refused = [found[pk] for pk in found if pk in chosen and found[pk].refused]
    if refused:
        said = "; ".join(f"{r.player.name}: {r.refused}" for r in refused)
        raise ServiceError(f"These players cannot be sent their results ({said}).")
    pending = {
        m.player_id: m for m in ResultMessage.objects.filter(**key, state__in=PENDING).order_by()
    }
    sent = set(
        ResultMessage.objects.filter(**key, state__in=[State.SENT, State.SENDING])
        .values_list("player_id", flat=True)
        .order_by()
    )
    done = Queued()
    new, renewed = [], []
    for pk, letter in found.items():  # the standings' order
        if pk not in chosen:
            continue
        if pk in pending:
            renewed.append(_written(pending[pk], letter, user))
        elif pk in sent and not again:
            done.sent_already.append(letter.player.name)
        else:
            new.append(_written(ResultMessage(**key, player=letter.player), letter, user))
    ResultMessage.objects.bulk_create(new)
    fields = ["address", "subject", "body", "state", "failure", "queued_by"]
    ResultMessage.objects.bulk_update(renewed, fields)
    done.new, done.renewed = len(new), len(renewed)
    if new or renewed:
        _log(
            key,
            user,
            Action.QUEUE_RESULTS,
            count=counted(len(new) + len(renewed), "player"),
            again=again,
        )
    return done


def _log(key: dict, user, action: str, **detail) -> None:
    """The event's activity log (its live pages change with it), or the season's."""
    if "event" in key:
        log_activity(key["event"], user, action, **detail)
    else:
        ActivityEntry.objects.create(**key, user=user, action=action, detail=detail)


def _written(message: ResultMessage, letter: Letter, user) -> ResultMessage:
    message.address = letter.address
    message.subject = letter.subject
    message.body = letter.body
    message.state = State.WAITING
    message.failure = ""
    message.queued_by = user
    return message


@dataclass
class Sent:
    sent: int = 0
    failed: int = 0
    reasons: list[str] = field(default_factory=list)  # one a failed message

    def summary(self) -> str:
        if not self.sent and not self.failed:
            return "No message was waiting."
        said = f"{counted(self.sent, 'message')} sent."
        if self.failed:
            said += (
                f" {counted(self.failed, 'message')} failed and "
                f"{'waits' if self.failed == 1 else 'wait'} to be sent again: "
                f"{self.reasons[0]}"
            )
        return said


def waiting(target: Event | Season | None = None):
    """The messages a send goes through (of ``target``, or all): waiting, failed, or
    taken by a send that died."""
    stale = timezone.now() - STALE_SENDING
    rows = ResultMessage.objects.filter(
        Q(state__in=PENDING) | Q(state=State.SENDING, tried_at__lt=stale)
    )
    if target is None:
        return rows
    return rows.filter(**{"season" if isinstance(target, Season) else "event": target})


def send_outbox(target: Event | Season | None = None, user=None) -> Sent:
    """Send the waiting messages (of an event or a season, or all) through one connection of
    Django's email framework, each on its own: one refused is marked failed with the
    server's reason and the others still go; a server that cannot be reached fails
    them all, to be sent again. Each message's outcome is saved as it happens, so
    nothing is lost if the send stops half way."""
    if isinstance(target, Season) and user is not None:
        require_season_organizer(user, target)  # the page's button; the command has none
    elif target is not None and user is not None:
        require_organizer(user, target)
    ids = list(
        waiting(target)
        .order_by("queued_at", "id")
        .values_list("pk", "state", "tried_at")[:MAX_A_SEND]
    )
    done = Sent()
    if not ids:
        return done
    by_target: dict[tuple[str, int], Sent] = {}
    connection = get_connection(fail_silently=False)
    try:
        opened = connection.open()
    except (smtplib.SMTPException, OSError) as e:
        opened, down = None, _reason(e)
    else:
        down = ""
    try:
        for pk, state, tried_at in ids:
            message = _take(pk, state, tried_at)
            if message is None:
                continue  # another send took it first
            reason = down or _send(message, connection)
            _record(message, reason)
            whose = (
                ("event", message.event_id) if message.event_id else ("season", message.season_id)
            )
            tally = by_target.setdefault(whose, Sent())
            for sent in (done, tally):
                if reason:
                    sent.failed += 1
                    sent.reasons.append(f"{message.address}: {reason}")
                else:
                    sent.sent += 1
    finally:
        if opened:
            connection.close()
    for whose, tally in by_target.items():
        _log_sent(whose, user, tally)
    return done


def _take(pk: int, state: str, tried_at) -> ResultMessage | None:
    """The message, taken for this send: only if it is still as read, its state and
    its last try (a second send at once takes none of the messages this one took)."""
    now = timezone.now()
    taken = ResultMessage.objects.filter(pk=pk, state=state, tried_at=tried_at).update(
        state=State.SENDING, tried_at=now, attempts=F("attempts") + 1
    )
    return ResultMessage.objects.get(pk=pk) if taken else None


def _send(message: ResultMessage, connection) -> str:
    """'' when the server took the message, else its reason."""
    email = EmailMessage(
        message.subject,
        message.body,
        settings.DEFAULT_FROM_EMAIL,
        [message.address],
        connection=connection,
    )
    try:
        email.send(fail_silently=False)
    except smtplib.SMTPRecipientsRefused as e:
        return "; ".join(_said(code, text) for code, text in e.recipients.values())
    except smtplib.SMTPResponseException as e:
        return _said(e.smtp_code, e.smtp_error)
    except (smtplib.SMTPException, OSError, ValueError) as e:
        return f"the message could not be sent: {e or type(e).__name__}"[:REASON_CHARS]
    return ""


def _said(code: int, text) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return f"the server refused it: {code} {text}"[:REASON_CHARS]


def _reason(error: Exception) -> str:
    return f"the mail server could not be reached: {error or type(error).__name__}"[:REASON_CHARS]


@atomic
def _record(message: ResultMessage, reason: str) -> None:
    message.state = State.FAILED if reason else State.SENT
    message.failure = reason
    message.sent_at = None if reason else timezone.now()
    message.save(update_fields=["state", "failure", "sent_at"])


@atomic
def _log_sent(whose: tuple[str, int], user, tally: Sent) -> None:
    kind, pk = whose
    target = (Event if kind == "event" else Season).objects.get(pk=pk)
    _log({kind: target}, user, Action.SEND_RESULTS, sent=tally.sent, failed=tally.failed)
