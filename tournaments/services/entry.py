"""Deal entry at a table: what a deal form's fields would pay (``preview``), and what
sending a deal, or a correction, did (``submit``, ``correct``): saved, saved already, a
conflict with the deal saved first under its number, refused, busy. The page shows it as
HTML, or answers the phone's script as JSON (the phone keeps a deal until it is saved).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import taroky_scoring as core

# The package, not its modules: the services as a view calls them.
from .. import services
from ..balances import with_ledger_pot
from ..models import Deal, RejectedVersion, Table, TableLink
from ..moments import moment_time
from ..outcomes import deal_words
from ..words import account_words, author_words
from .access import why_link_cannot_change
from .deals import UNREAD
from .errors import BusyError, DealError, DealNumberTaken, ServiceError, StaleDealError


class Result(StrEnum):
    """What happened to a deal sent (the phone's script reads these words)."""

    SAVED = "saved"
    ALREADY_SAVED = "already_saved"  # the same deal was saved before: nothing lost or twice
    CONFLICT = "conflict"  # another deal of its number was saved first: both are shown
    REFUSED = "refused"  # the form's fields need fixing
    BUSY = "busy"  # nothing saved: try again
    STALE = "stale"  # a correction of a deal changed since the form was opened


@dataclass(frozen=True)
class VersionSaid:
    """A version of a deal in words, its dealer and what it pays each account."""

    words: str
    dealer: str
    net: dict[str, int]


@dataclass(frozen=True)
class Conflict:
    """Both versions of deal ``number``: the one saved and the one sent, which is kept
    (``kept``) as a rejected version for an organizer to adopt or dismiss, or not (and
    ``not_kept`` says why)."""

    number: int
    saved: VersionSaid
    saved_by: str
    saved_at: str
    saved_voided: bool
    yours: VersionSaid
    kept: RejectedVersion | None
    not_kept: str
    link: TableLink | None
    # Whether the table's own link may correct the saved deal (its last deal, entered
    # through a link, not confirmed): else only the organizer can.
    link_may_correct: bool
    deal_url: str


@dataclass(frozen=True)
class Sent:
    """What sending a deal did: ``message`` in words; the deal saved (``deal``), or the
    refusal (``error``, whose field errors go to the form's fields) and a ``conflict``."""

    result: Result
    message: str
    deal: Deal | None = None
    error: ServiceError | None = None
    conflict: Conflict | None = None

    @property
    def saved(self) -> bool:
        return self.result in (Result.SAVED, Result.ALREADY_SAVED)


@dataclass(frozen=True)
class Preview:
    """What a deal's fields would pay: the core's settlement in the pages' words (its
    result, transfers and nets); for a correction, the later deals that would then play
    for another pot (``later``), or why saving would be refused (``later_refused``)."""

    payments: dict
    later: list[dict] | None = None
    later_refused: str = ""


def preview(table: Table, document: dict, number: int | None, corrected=None) -> Preview:
    """The payments of ``document`` at ``table``: a game with a pot is scored with the
    pot the ledger holds before deal ``number``, as saving scores it (None: the pot now).
    ``corrected``: the deal it would correct. Nothing is locked or saved."""
    document = with_ledger_pot(table.pk, document, number)
    settlement = core.score(document)
    said = settlement.as_dict()
    said["result"] = table.round.event.game.result_words(settlement, document)
    # The pot in the pages' words, as the sheet and the deal page say it.
    for t in said["transfers"]:
        t["from"], t["to"] = account_words(t["from"]), account_words(t["to"])
    said["net"] = {account_words(a): chips for a, chips in said["net"].items()}
    if corrected is None:
        return Preview(said)
    try:
        return Preview(said, later=services.new_pots_after(corrected, settlement))
    except DealError as e:
        return Preview(said, later_refused=e.message)


def submit(
    table: Table,
    document: dict,
    user,
    number: int | None,
    link=None,
    taken=UNREAD,
    kept_at=None,
) -> Sent:
    """Save ``document`` as deal ``number`` at ``table``: by an organizer, or (``link``)
    by whoever holds the table's working link. ``taken``: whether a deal has ``number``
    already, when the caller read it (``deals.seen_before``); ``kept_at``: when the
    phone kept the deal, kept with it should another have been saved first."""
    try:
        deal = services.record_deal(table, document, user, number=number, link=link, taken=taken)
    except DealNumberTaken as e:
        if e.same:
            return Sent(Result.ALREADY_SAVED, e.message, deal=e.saved)
        conflict = _conflict(e.saved, table, document, user, link, kept_at)
        return Sent(Result.CONFLICT, e.message, error=e, conflict=conflict)
    except ServiceError as e:
        return _refused(e)
    return Sent(Result.SAVED, f"Deal {deal.number} saved.", deal=deal)


def correct(deal: Deal, document: dict, user, reason: str, expected_version, link=None) -> Sent:
    """Correct ``deal`` to ``document``: an organizer any deal, a table link its last."""
    try:
        change = services.correct_deal(
            deal, document, user, reason, expected_version=expected_version, link=link
        )
    except ServiceError as e:
        return _refused(e)
    said = f"Deal {change.deal.number} corrected.{change.repotted_words}"
    return Sent(Result.SAVED, said, deal=change.deal)


def _refused(error: ServiceError) -> Sent:
    if isinstance(error, BusyError):
        return Sent(Result.BUSY, error.message, error=error)
    if isinstance(error, StaleDealError):
        return Sent(Result.STALE, error.message, error=error)
    return Sent(Result.REFUSED, error.message, error=error)


def _version_said(document: dict, table, number: int, pot_from_ledger: bool) -> VersionSaid:
    """A deal's document in words and each account's net, for the conflict panel."""
    if pot_from_ledger:
        document = with_ledger_pot(table.pk, document, number)
    try:
        net = core.score(document).net
    except core.OutcomeError:  # pragma: no cover - both were checked by the core
        net = {}
    return VersionSaid(
        words=deal_words(document),
        dealer=document.get("dealer") or "",
        net={account_words(a): chips for a, chips in net.items()},
    )


def _conflict(saved: Deal, table, document: dict, user, link, kept_at=None) -> Conflict:
    """Both versions of deal N: the one saved and the one sent, which is kept on the
    server as a rejected version of deal N for the organizer to adopt or dismiss."""
    first = saved.versions.select_related("created_by").order_by("number").first()
    # Who saved it first: the first version's author (a correction since may be another's).
    by = author_words(first.original_author or first.created_by.get_username())
    kept, not_kept = None, ""
    try:
        kept = services.record_rejected_version(saved, document, user, link, kept_at)
    except ServiceError as e:  # the conflict is said all the same, and why
        not_kept = e.message
    return Conflict(
        number=saved.number,
        saved=_version_said(saved.document, table, saved.number, pot_from_ledger=False),
        saved_by=by,
        saved_at=moment_time(first.created_at, seconds=True),
        saved_voided=saved.voided,
        yours=_version_said(document, table, saved.number, pot_from_ledger=True),
        kept=kept,
        not_kept=not_kept,
        link=link,
        link_may_correct=link is not None and why_link_cannot_change(saved) is None,
        deal_url=saved.get_absolute_url(),
    )
