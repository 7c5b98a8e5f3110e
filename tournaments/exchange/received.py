"""An event sent in from a club's laptop (``receive_event``): the signed file checked,
its event imported in one transaction and its deals scored again by the core, then its
standings compared with the ones the file claims; any difference and nothing is kept."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.dateformat import format as format_date

from ..models import Club, Event, ReceivedFile
from ..services.activity import Action, log_activity
from ..services.errors import PermissionDenied
from ..services.permissions import can_send_events
from ..standings import standings
from . import limits
from .document import ExchangeError
from .imports import save_event
from .registry import match_players
from .signed import first_difference, read_signed
from .validation import Plan


def receive_event(club: Club, user, raw: bytes, notes: list[str] | None = None) -> Event:
    """The event of a signed file, saved as ``club``'s, as if run on this server: its
    organizers the one who sends it and the club's. Refused (ExchangeError, nothing
    written) if the signature is not the club's key's, the file does not import, or the
    deals, scored again, do not give the standings the file says (the first difference
    named)."""
    if not can_send_events(user, club):
        raise PermissionDenied(f"Only the organizers of {club.name} may send in its events.")
    document, claimed, digest = read_signed(raw, club, limits.BYTES)
    _not_received(digest)
    plan = Plan(document)
    plan.event = {**plan.event, "club": club}
    players, said = match_players(p["name"] for p in plan.players)
    try:
        event = _save(club, user, plan, players, claimed, digest)
    except IntegrityError:
        # The same file sent twice at once: the other upload saved it first.
        _not_received(digest)
        raise
    if notes is not None:
        notes.extend(said)
    return event


def _not_received(digest: str) -> None:
    received = ReceivedFile.objects.filter(digest=digest).select_related("event").first()
    if received is not None:
        on = format_date(timezone.localtime(received.received_at), "j M Y")
        raise ExchangeError(f"This file was received already on {on}: {received.event.name}.")


def _not_sent_before(club: Club, event: dict) -> None:
    """The same day sent in again, corrected on the laptop since (another file, so
    another digest): refused, or it would count twice on the ranking list. The event
    received first is the club's on the server, corrected there. Asked after the deals
    are scored again, inside the import's transaction (a refusal rolls it back)."""
    sent = ReceivedFile.objects.filter(
        club=club, event__name=event["name"], event__date=event["date"]
    ).select_related("event")
    received = sent.first()
    if received is not None:
        on = format_date(timezone.localtime(received.received_at), "j M Y")
        raise ExchangeError(
            f"{club.name} sent {received.event.name} of {received.event.date} in already, "
            f"on {on}: correct its deals on this server (the event's page), or give the "
            "day another name if it is another day's."
        )


def _save(club: Club, user, plan, players, claimed, digest: str) -> Event:
    with transaction.atomic():
        event = save_event(plan, user, players)
        difference = first_difference(claimed, standings(event))
        if difference:
            # Raised inside the transaction: the import is rolled back whole.
            raise ExchangeError(
                "The file's deals, scored again, do not give the standings it says; "
                f"nothing was saved. {difference}"
            )
        _not_sent_before(club, plan.event)
        event.organizers.add(*club.organizers.all())
        log_activity(event, user, Action.RECEIVE_EVENT, club=club.name, players=len(claimed))
        ReceivedFile.objects.create(digest=digest, club=club, event=event)
    return event
