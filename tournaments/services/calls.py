"""A table calls the director from its link; an organizer marks the call handled.

One open call a table: the table's row is locked while the service looks for an open
call (so two phones at one table, or a double tap, raise one), and the database holds
the same rule (``DirectorCall``'s conditional unique constraint).
"""

from __future__ import annotations

from django.utils import timezone

from ..models import DirectorCall, TableLink
from ..models.calls import CALL_WORD_LENGTH
from ..names import clean_name, name_problem
from ..words import time_of_day
from .access import acting_user, authorize
from .activity import Action, log_table_activity
from .errors import FormError, ServiceError
from .locking import atomic, lock_table
from .permissions import require_organizer

ALREADY_OPEN = "Your call is open already, the director is coming."


def _clean_word(word: str) -> str:
    problem = name_problem(word or "", "word")
    if problem:
        raise FormError(problem, {"word": [problem]})
    word = clean_name(word or "")
    if len(word) > CALL_WORD_LENGTH:
        message = f"Say it in {CALL_WORD_LENGTH} characters or fewer."
        raise FormError(message, {"word": [message]})
    return word


def open_call(table_id: int) -> DirectorCall | None:
    return DirectorCall.objects.filter(table_id=table_id, handled_at__isnull=True).first()


@atomic
def raise_call(link: TableLink, reason: str, word: str = "", user=None) -> DirectorCall:
    """The table of ``link`` calls the director: refused while its link does not work
    (revoked, round closed) or while the table's earlier call is still open."""
    if reason not in DirectorCall.Reason.values:
        raise FormError("Say why you call the director.", {"reason": ["Choose one."]})
    word = _clean_word(word)
    # Locks in the one order: round (shared), table, then the link (authorize).
    table = lock_table(link.table_id)
    authorize(user, table, link)
    if open_call(table.pk) is not None:
        raise ServiceError(ALREADY_OPEN)
    call = DirectorCall.objects.create(table=table, reason=reason, word=word, raised_via=link)
    log_table_activity(table, acting_user(user, link), Action.RAISE_CALL, reason=reason)
    return call


@atomic
def handle_call(call: DirectorCall, user) -> DirectorCall:
    """An organizer of the event marks the call handled; the table may call again."""
    call = (
        DirectorCall.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .get(pk=call.pk)
    )
    table = call.table
    require_organizer(user, table.round.event)
    if call.handled_at is not None:
        raise ServiceError(
            f"The call of table {table.number} was handled already, "
            f"at {time_of_day(call.handled_at)}."
        )
    call.handled_at = timezone.now()
    call.handled_by = user
    call.save(update_fields=["handled_at", "handled_by"])
    log_table_activity(table, user, Action.HANDLE_CALL)
    return call
