"""Every state change of the app: atomic, locked where two people could race, audited.

Views and management commands call these; they never write models themselves.
"""

from .access import LinkError, find_link
from .calls import handle_call, raise_call
from .clock import end_table, extend_table, set_round_length, start_round
from .corrections import DealChange, correct_deal, new_pots_after, repot_table, void_deal
from .deals import UNREAD, Seen, record_deal, record_deals, seen_before
from .errors import (
    BusyError,
    DealError,
    DealNumberTaken,
    FormError,
    PermissionDenied,
    ServiceError,
    StaleDealError,
)
from .events import create_event, create_round, create_table, update_event
from .links import (
    close_round,
    confirm_all,
    confirm_deal,
    issue_link,
    issue_round_links,
    revoke_link,
    undo_last_deal,
)
from .players import RenameError, rename_player
from .registrations import register_player, seat_reserve, set_pays_fee, withdraw_player
from .rejected import adopt_rejected_version, dismiss_rejected_version, record_rejected_version
from .roll_call import RollCallChange, set_roll_call
from .rounds import (
    draw_seating,
    record_chip_count,
    set_first_forehand,
    swap_players,
)
from .schedule import (
    draw_all_rounds,
    redraw_if_scheduled,
    seat_by_ranking,
    set_cannot_move,
    waiting_rounds,
)
from .substitutes import cancel_substitution, substitute_newcomer, substitute_player

__all__ = [
    "draw_all_rounds",
    "redraw_if_scheduled",
    "waiting_rounds",
    "FormError",
    "seat_by_ranking",
    "set_cannot_move",
    "substitute_player",
    "substitute_newcomer",
    "cancel_substitution",
    "seat_reserve",
    "set_pays_fee",
    "RollCallChange",
    "adopt_rejected_version",
    "dismiss_rejected_version",
    "record_rejected_version",
    "BusyError",
    "DealNumberTaken",
    "LinkError",
    "close_round",
    "end_table",
    "extend_table",
    "set_round_length",
    "start_round",
    "handle_call",
    "raise_call",
    "confirm_all",
    "confirm_deal",
    "find_link",
    "issue_link",
    "issue_round_links",
    "revoke_link",
    "undo_last_deal",
    "DealChange",
    "DealError",
    "PermissionDenied",
    "ServiceError",
    "StaleDealError",
    "correct_deal",
    "new_pots_after",
    "create_event",
    "create_round",
    "create_table",
    "draw_seating",
    "record_chip_count",
    "register_player",
    "rename_player",
    "RenameError",
    "set_first_forehand",
    "set_roll_call",
    "swap_players",
    "withdraw_player",
    "record_deal",
    "record_deals",
    "Seen",
    "seen_before",
    "UNREAD",
    "repot_table",
    "update_event",
    "void_deal",
]
