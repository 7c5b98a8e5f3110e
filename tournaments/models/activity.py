"""The activity log: who changed what in an event or season, for every state change
a service makes."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ..moments import moment
from .events import Event
from .seasons import Season


def action_choices() -> list[tuple[str, str]]:
    """The log's actions and their words: a callable, so new words need no migration."""
    return ActivityEntry.Action.choices


class ActivityEntry(models.Model):
    """Who changed what in an event, for every state change a service makes."""

    class Action(models.TextChoices):
        """Every action the log records, with what its pages say of it: ``{key}`` is the
        entry's detail (``words.activity_words``). A deal's own changes are its
        versions, not here."""

        # An event's settings. Each of these records the settings fixed once the event
        # has deals (``fixed``: services.events.fixed_settings) and, where they may
        # change, its prizes (``prizes``): the ledger audit compares the last record of
        # each with the event.
        CREATE_EVENT = "create_event", "created the event"
        UPDATE_EVENT = "update_event", "changed the event's settings"
        ADMIN_CREATE_EVENT = "admin_create_event", "created the event in the admin"
        ADMIN_EDIT_EVENT = "admin_edit_event", "changed the event in the admin"
        # Added by an upgrade or a restore to an event whose log had no such record.
        RECORD_FIXED_SETTINGS = (
            "record_fixed_settings",
            "recorded the settings fixed once the event has deals",
        )
        # Its prizes (tournaments.prizes): each records them, as the audit compares.
        SET_PRIZES = "set_prizes", "changed the prizes"
        SET_PRIZE_CATEGORY = "set_prize_category", "set the prize category {category}"
        DELETE_PRIZE_CATEGORY = "delete_prize_category", "removed the prize category {category}"
        # Its teams (tournaments.teams).
        SET_TEAM = "set_team", "set the team {team}"
        DELETE_TEAM = "delete_team", "removed the team {team}"
        # Its players.
        REGISTER_PLAYER = "register_player", "registered {player}"
        REGISTER_RESERVE = "register_reserve", "registered {player} as a reserve, without a seat"
        SEAT_RESERVE = "seat_reserve", "seated the reserve {player}"
        SET_PAYS_FEE = "set_pays_fee", "said {player} {pays} the entry fee"
        WITHDRAW_PLAYER = "withdraw_player", "withdrew {player}"
        RENAME_PLAYER = "rename_player", "renamed {from} to {to}"
        MERGE_PLAYERS = "merge_players", "merged {duplicate} into {kept}"
        UNDO_MERGE = "undo_merge", "undid the merge of {duplicate} into {kept}"
        ADD_MEMBER = "add_member", "made {player} a member of {club}"
        REMOVE_MEMBER = "remove_member", "removed {player} from the members of {club}"
        SET_PLAYER_EMAIL = "set_player_email", "changed {player}'s email address"
        IMPORT_PLAYERS = "import_players", "imported a list of players"
        # Its rounds and tables.
        CREATE_ROUND = "create_round", "added round {number}"
        ROLL_CALL = "roll_call", "took the roll call of round {round}"
        DRAW = "draw", "drew the seats of round {round}"
        SWAP = "swap", "swapped two places in round {round}"
        DRAW_SCHEDULE = "draw_schedule", "drew the seats of rounds {first} to {last}"
        SEAT_BY_RANKING = "seat_by_ranking", "seated round {round} by the ranking ({how})"
        CANNOT_MOVE = "cannot_move", "said {player} {keeps} one table every round"
        CREATE_TABLE = "create_table", "seated table {table} of round {round}"
        FIRST_FOREHAND = "first_forehand", "named {player} first forehand"
        SUBSTITUTE = (
            "substitute",
            "put {substitute} in {leaver}'s seat at table {table} of round {round} from deal "
            "{from_deal} ({mode})",
        )
        CANCEL_SUBSTITUTION = (
            "cancel_substitution",
            "gave {leaver}'s seat at table {table} of round {round} back from {substitute} "
            "(a substitution from deal {from_deal}, cancelled before it)",
        )
        # Added by an upgrade or a restore for each substitution made before the log kept
        # its ids (the ledger audit compares every substitution with the log).
        RECORD_SUBSTITUTION = (
            "record_substitution",
            "recorded {substitute} in {leaver}'s seat at table {table} of round {round} from "
            "deal {from_deal}",
        )
        CHIP_COUNT = "chip_count", "recorded a table's chip count"
        CLOSE_ROUND = "close_round", "closed round {number}"
        REOPEN_ROUND = "reopen_round", "reopened round {number}"
        # Rounds on the clock (services.clock).
        SET_ROUND_LENGTH = "set_round_length", "set round {round} to {minutes} minutes"
        START_ROUND_CLOCK = "start_round_clock", "started round {round}'s clock"
        EXTEND_TABLE = "extend_table", "gave table {table} of round {round} {minutes_more}"
        END_TABLE = "end_table", "ended table {table} of round {round} at its clock"
        # The tables' links (the ledger audit checks that a revoked one stays revoked).
        ISSUE_TABLE_LINK = "issue_table_link", "issued the link of table {table} of round {round}"
        REISSUE_TABLE_LINK = (
            "reissue_table_link",
            "reissued the link of table {table} of round {round}",
        )
        ISSUE_TABLE_LINKS = "issue_table_links", "issued the table links of round {round}"
        REVOKE_TABLE_LINK = (
            "revoke_table_link",
            "revoked the link of table {table} of round {round}",
        )
        # Deals entered at a table, and versions sent from one that were not saved.
        CONFIRM_DEAL = "confirm_deal", "confirmed deal {deal} at table {table} of round {round}"
        IMPORT_CONFIRMATION = (
            "import_confirmation",
            "imported the confirmation of deal {deal} at table {table} of round {round}",
        )
        REJECT_DEAL_VERSION = (
            "reject_deal_version",
            "kept a version of deal {deal} at table {table} of round {round}, not saved",
        )
        ADOPT_REJECTED_VERSION = (
            "adopt_rejected_version",
            "adopted a version of deal {deal} at table {table} of round {round}",
        )
        DISMISS_REJECTED_VERSION = (
            "dismiss_rejected_version",
            "dismissed a version of deal {deal} at table {table} of round {round}",
        )
        IMPORT_REJECTED_VERSION = (
            "import_rejected_version",
            "imported a version of deal {deal} at table {table} of round {round}, not saved",
        )
        # An event sent in from a club's laptop, signed (exchange.received).
        RECEIVE_EVENT = "receive_event", "received the event from {club}, signed"
        REPOT_TABLE = "repot_table", "gave a table's deals the pots its ledger holds"
        # A table's call for the director (services.calls).
        RAISE_CALL = "raise_call", "table {table} of round {round} called the director"
        HANDLE_CALL = "handle_call", "handled the call of table {table} of round {round}"
        # Self check-in at the door (services/checkin.py).
        OPEN_CHECK_IN = "open_check_in", "opened the self check-in"
        REISSUE_CHECK_IN = "reissue_check_in", "issued a new self check-in link"
        CLOSE_CHECK_IN = "close_check_in", "closed the self check-in"
        CHECK_IN = "check_in", "{player} checked in"
        # The results by email (services.results_mail).
        QUEUE_RESULTS = "queue_results", "queued the results by email for {count}"
        SEND_RESULTS = "send_results", "sent the results by email: {sent} sent, {failed} failed"
        # The circuit's officers (services.circuit_list).
        APPROVE_FOR_LIST = (
            "approve_for_list",
            "approved the event for the circuit's ranking list as a {klass}",
        )
        WITHDRAW_FROM_LIST = (
            "withdraw_from_list",
            "withdrew the event's approval for the circuit's ranking list",
        )
        # The event in a season (the season's own log says it too).
        ADD_TO_SEASON = "add_to_season", "counted the event in {name}"
        REMOVE_FROM_SEASON = "remove_from_season", "stopped counting the event in {name}"
        # A season's.
        CREATE_SEASON = "create_season", "created the season"
        UPDATE_SEASON = "update_season", "changed the season"
        ADD_EVENT = "add_event", "added {name}"
        REMOVE_EVENT = "remove_event", "removed {name}"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="activity", null=True)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="activity", null=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    action = models.CharField(max_length=50, choices=action_choices)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table kept its first name: the append-only triggers are on it.
        db_table = "tournaments_auditentry"
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "activity entries"

    def __str__(self) -> str:
        return f"{self.action} by {self.user} at {moment(self.created_at)}"

    def save(self, *args, **kwargs):
        # Pages and the ledger audit read the log by its declared actions.
        if self.action not in self.Action.values:
            raise ValueError(f"'{self.action}' is not an action of the log (ActivityEntry.Action).")
        super().save(*args, **kwargs)
