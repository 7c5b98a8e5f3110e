"""Every state change of the app: atomic, locked where two people could race, audited.

Views and management commands call these; they never write models themselves.
"""

from .deals import correct_deal, record_deal, void_deal
from .errors import DealError, PermissionDenied, ServiceError, StaleDealError
from .events import add_player_to_event, create_event, create_round, create_table, update_event

__all__ = [
    "DealError",
    "PermissionDenied",
    "ServiceError",
    "StaleDealError",
    "add_player_to_event",
    "correct_deal",
    "create_event",
    "create_round",
    "create_table",
    "record_deal",
    "update_event",
    "void_deal",
]
