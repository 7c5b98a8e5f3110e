"""Versions of a deal sent from a table and not saved (another deal of that number was
saved first): kept, with what they would have paid, until an organizer adopts one as a
correction of the deal or dismisses it."""

from __future__ import annotations

import hashlib
import json

from django.utils import timezone

import taroky_scoring as core

from ..balances import table_session, with_ledger_pot
from ..models import Deal, RejectedVersion, TableLink
from ..moments import moment_time
from ..todays_names import todays_document
from ..words import counted, sender_words
from .access import acting_user, authorize
from .activity import Action, log_activity
from .checking import _ruleset_of, check_document
from .corrections import DealChange, correct_deal
from .deals import same_deal
from .errors import DealError
from .locking import atomic, lock_table
from .permissions import require_organizer
from .posting import player_ids, seats_by_name


def fingerprint(document: dict) -> str:
    """A rejected version's document without its pot, hashed: one row a document."""
    entered = core.game_of_document(document).without_pot(document)
    return hashlib.sha256(json.dumps(entered, sort_keys=True).encode()).hexdigest()


def _under_the_deals_rules(deal: Deal, document: dict) -> dict:
    """``document`` with the ruleset and house rules ``deal`` was recorded under, as a
    correction of it is scored."""
    ruleset, options = _ruleset_of(deal.document)
    document = {k: v for k, v in document.items() if k not in ("ruleset", "options")}
    return {"ruleset": ruleset, **({"options": options} if options else {}), **document}


def _paid(settlement: core.Settlement) -> dict:
    """What a version would have paid, as the core says it."""
    said = settlement.as_dict()
    return {"transfers": said["transfers"], "net": said["net"]}


def _log(action: str, deal: Deal, user, rejected: RejectedVersion, **more) -> None:
    """The event's log records what was done with a version of ``deal`` sent from a
    table: where the deal is and which version, and ``more``."""
    table = deal.table
    where = {"round": table.round.number, "table": table.number, "deal": deal.number}
    log_activity(table.round.event, user, action, **where, rejected=rejected.pk, **more)


# The versions of one deal kept open at most: a link sending every document it likes as
# a taken deal's number fills no inbox and no activity log.
OPEN_A_DEAL = 3


@atomic
def record_rejected_version(
    deal: Deal, document: dict, user, link: TableLink | None = None, kept_at=None
) -> RejectedVersion:
    """Keep ``document``, sent as deal ``deal.number`` and refused because ``deal`` was
    saved first, with the payments it would have made. The same document sent again
    (a phone retries) finds the version kept the first time. ``kept_at``: when the
    table's phone kept it (``moments.phone_moment``), if it said.

    Kept only from who may enter deals at the table (an organizer, or its working link,
    read under the table's lock as a deal's is), for a deal the table could have entered
    as that number (its session had not ended before it), and while the deal has fewer
    than ``OPEN_A_DEAL`` versions no organizer has handled: DealError otherwise."""
    table = lock_table(Deal.objects.filter(pk=deal.pk).values_list("table_id", flat=True).get())
    authorize(user, table, link)
    deal = Deal.objects.get(pk=deal.pk)  # under the table's lock: no other change of it
    deal.table = table
    user = acting_user(user, link)
    document = with_ledger_pot(table.pk, _under_the_deals_rules(deal, document), deal.number)
    # A form checks it first; a caller may not have.
    checked = check_document(table, document, seats_by_name(table, deal.number), deal.document)
    key = fingerprint(document)
    kept = deal.rejected_versions.filter(fingerprint=key).first()
    if kept is not None:
        return kept
    _require_within_session(deal)
    waiting = deal.rejected_versions.filter(handled="").count()
    if waiting >= OPEN_A_DEAL:
        raise DealError(
            f"Deal {deal.number} already has {waiting} versions sent from the table waiting "
            "for the organizer, so yours is not kept beside it."
        )
    rejected = RejectedVersion.objects.create(
        deal=deal,
        fingerprint=key,
        document=document,
        names=player_ids(checked),
        **_paid(checked.settlement),
        sent_by=user,
        sent_via=link,
        kept_at=kept_at,
    )
    via = "table link" if link is not None else "organizer"
    _log(Action.REJECT_DEAL_VERSION, deal, user, rejected, sent_via=via)
    return rejected


def _require_within_session(deal: Deal) -> None:
    """A deal the table could have entered as ``deal.number``: its session had not
    ended before it (an organizer may have shortened the session since)."""
    state = table_session(deal.table, before=deal.number)
    if state.ended:
        why = (
            f"after {counted(state.deals_played, 'deal')}"
            if state.reason is core.SessionEnd.FIXED_DEALS
            else f"{', '.join(state.out_of_chips)} ran out of chips"
        )
        raise DealError(
            f"The table's session had ended before deal {deal.number} ({why}): yours is not "
            "kept beside it."
        )


@atomic
def restore_rejected_version(
    deal: Deal,
    document: dict,
    user,
    *,
    sent_by: str,
    via_link: bool,
    sent_at,
    kept_at=None,
    handled: str = "",
    handled_by: str = "",
    handled_at=None,
    adopted_version: int | None = None,
) -> RejectedVersion:
    """An imported rejected version of ``deal``, as the file recorded it (the import has
    checked it against the deal). ``user``, the importing organizer, records it and, if
    handled, handled it; the user names it was sent and handled by are kept as recorded,
    as an imported deal version's author is, and its times are those it came with. What
    it would have paid is derived again, as the ledger is."""
    deal = Deal.objects.select_related("table__round__event").get(pk=deal.pk)
    event = deal.table.round.event
    require_organizer(user, event)
    checked = check_document(
        deal.table, document, seats_by_name(deal.table, deal.number), deal.document
    )
    rejected = RejectedVersion.objects.create(
        deal=deal,
        document=document,
        names=player_ids(checked),
        fingerprint=fingerprint(document),
        **_paid(checked.settlement),
        sent_by=user,
        original_sender=sent_by,
        original_via_link=via_link,
        kept_at=kept_at,
        handled=handled,
        handled_by=user if handled else None,
        original_handler=handled_by if handled else "",
        handled_at=handled_at,
        adopted_version=adopted_version,
    )
    # ``sent_at`` is set on saving (auto_now_add): the time it was sent, after.
    RejectedVersion.objects.filter(pk=rejected.pk).update(sent_at=sent_at)
    rejected.sent_at = sent_at
    _log(Action.IMPORT_REJECTED_VERSION, deal, user, rejected)
    return rejected


def _lock_open(rejected: RejectedVersion, user) -> RejectedVersion:
    """The rejected version locked, its table's lock held first (the order every deal
    service takes), refused unless ``user`` organizes its event and it is still open."""
    table_id = Deal.objects.filter(pk=rejected.deal_id).values_list("table_id", flat=True).get()
    lock_table(table_id)
    rejected = (
        RejectedVersion.objects.select_for_update(of=("self",))
        .select_related("deal__table__round__event", "handled_by", "sent_by")
        .get(pk=rejected.pk)
    )
    require_organizer(user, rejected.deal.table.round.event)
    number = rejected.deal.number
    if rejected.handled == RejectedVersion.Handled.ADOPTED:
        raise DealError(
            f"This version of deal {number} was adopted already (as version "
            f"{rejected.adopted_version}, by {rejected.handler})."
        )
    if rejected.handled == RejectedVersion.Handled.DISMISSED:
        raise DealError(
            f"This version of deal {number} was dismissed already (by {rejected.handler})."
        )
    return rejected


def _handled(rejected: RejectedVersion, user, how: str, version: int | None = None) -> None:
    rejected.handled = how
    rejected.handled_by = user
    rejected.handled_at = timezone.now()
    rejected.adopted_version = version
    rejected.save(update_fields=["handled", "handled_by", "handled_at", "adopted_version"])


def sent_words(rejected: RejectedVersion) -> str:
    """ "the table link sent at 20:14:05 CST": who sent it and when."""
    return f"{sender_words(rejected)} sent at {moment_time(rejected.sent_at, seconds=True)}"


@atomic
def adopt_rejected_version(
    rejected: RejectedVersion, user, expected_version: int | None
) -> DealChange:
    """Correct the deal to the rejected version (``correct_deal``: its reversal and new
    payments, a later deal's new pot) with a reason that names it, and mark it adopted.
    ``expected_version``: the deal's version the organizer saw beside it."""
    rejected = _lock_open(rejected, user)
    deal = rejected.deal
    if same_deal(deal, todays_document(rejected.document, rejected.names)):
        raise DealError(
            f"Deal {deal.number} already says what this version says: dismiss it instead."
        )
    reason = f"The version {sent_words(rejected)} (not saved: a conflict)"
    document = todays_document(rejected.document, rejected.names)
    change = correct_deal(deal, document, user, reason, expected_version=expected_version)
    deal = change.deal
    _handled(rejected, user, RejectedVersion.Handled.ADOPTED, deal.version)
    _log(Action.ADOPT_REJECTED_VERSION, deal, user, rejected, version=deal.version)
    return change


@atomic
def dismiss_rejected_version(rejected: RejectedVersion, user) -> RejectedVersion:
    """The organizer has seen it: the deal stays as it is."""
    rejected = _lock_open(rejected, user)
    _handled(rejected, user, RejectedVersion.Handled.DISMISSED)
    _log(Action.DISMISS_REJECTED_VERSION, rejected.deal, user, rejected)
    return rejected
