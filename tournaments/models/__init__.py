"""Events, tables, deals and the append-only chip ledger, a module per aggregate.

A Deal stores the entered outcome as the scoring contract's JSON document (checked by
taroky_scoring on every save: by the services before they save it, by the deal itself on
any other) plus the few indexed columns pages query. Every
change makes a DealVersion; LedgerEntry rows, and the DealNet rows that sum them per
player for standings, are never updated or deleted. Versions, ledger rows and nets
are append-only in the database too (tournaments/append_only.py: triggers).
"""

from .activity import ActivityEntry
from .calls import DirectorCall
from .checkin import CheckIn, CheckInLink
from .choices import bid_choices, kind_choices, reason_choices, ruleset_choices
from .circuit import EventApproval, PublishedList
from .clubs import Club, ClubMembership, ReceivedFile
from .deals import Deal, DealConfirmation, DealVersion, RejectedVersion, rules_edition_now
from .events import ChipCount, Event, EventStamp, Registration, Round, Seat, Table
from .ledger import (
    POT_ACCOUNT,
    AppendOnly,
    AppendOnlyQuerySet,
    DealNet,
    DealNetQuerySet,
    LedgerEntry,
)
from .links import TABLE_LINK_USERNAME, TableLink
from .mail import ResultMessage
from .players import FormerName, Player, PlayerAlias, PlayerMerge, PlayerQuerySet
from .prizes import PrizeCategory
from .seasons import Season, default_placement_points, default_tie_breaks
from .substitutes import Sitting, Substitution
from .team_settings import TeamRanking
from .teams import Team, TeamMember

__all__ = [
    "POT_ACCOUNT",
    "TABLE_LINK_USERNAME",
    "AppendOnly",
    "AppendOnlyQuerySet",
    "ActivityEntry",
    "CheckIn",
    "CheckInLink",
    "ChipCount",
    "Club",
    "ClubMembership",
    "Deal",
    "DealConfirmation",
    "DealNet",
    "DealNetQuerySet",
    "DealVersion",
    "DirectorCall",
    "Event",
    "EventApproval",
    "EventStamp",
    "FormerName",
    "LedgerEntry",
    "Player",
    "PlayerAlias",
    "PlayerMerge",
    "ReceivedFile",
    "PlayerQuerySet",
    "PrizeCategory",
    "PublishedList",
    "Registration",
    "RejectedVersion",
    "ResultMessage",
    "Round",
    "Seat",
    "Season",
    "Sitting",
    "Substitution",
    "Table",
    "Team",
    "TeamMember",
    "TeamRanking",
    "TableLink",
    "bid_choices",
    "default_placement_points",
    "default_tie_breaks",
    "kind_choices",
    "reason_choices",
    "rules_edition_now",
    "ruleset_choices",
]
