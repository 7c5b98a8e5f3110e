"""How a page says a service's refusal when it is not a form's: as an error message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib import messages

from .. import services


@contextmanager
def refusal_said(request) -> Iterator[None]:
    """Call a service in the block, and say what it did after the call: a refusal
    (``ServiceError``) skips the rest of the block and is said as an error message.

    ``with refusal_said(request): done = service(...); messages.success(...)``
    """
    try:
        yield
    except services.ServiceError as e:
        messages.error(request, e.message)
