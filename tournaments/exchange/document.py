"""The export document's format name, and the error an import refuses a document with."""

from __future__ import annotations

from .. import services

FORMAT = "taroky-event/1"


class ExchangeError(services.ServiceError):
    pass
