"""The ledger's checksum: one sha256 over every row of the append-only ledger (ledger
entries with their accounts and chips, deal nets, deal versions with the players they
name), in id order. Equal checksums: not a row of the ledger changed (a merge of two
players and its undo leave it so)."""

from __future__ import annotations

import hashlib
import json

from .models import DealNet, DealVersion, LedgerEntry

ENTRY_COLUMNS = (
    "pk",
    "event_id",
    "table_id",
    "deal_id",
    "deal_version_id",
    "payer_id",
    "payee_id",
    "payer_is_pot",
    "payee_is_pot",
    "chips",
    "reason",
    "explanation",
    "reverses_id",
)
NET_COLUMNS = (
    "pk",
    "event_id",
    "table_id",
    "deal_id",
    "version",
    "player_id",
    "chips",
    "won_as_bidder",
)
VERSION_COLUMNS = ("pk", "deal_id", "number", "action", "document", "names")


def ledger_checksum() -> str:
    """The hex sha256 of the ledger's rows; three queries, streamed."""
    digest = hashlib.sha256()
    for label, rows, columns in (
        ("entries", LedgerEntry.objects, ENTRY_COLUMNS),
        ("nets", DealNet.objects, NET_COLUMNS),
        ("versions", DealVersion.objects, VERSION_COLUMNS),
    ):
        digest.update(label.encode())
        for row in rows.order_by("pk").values_list(*columns).iterator():
            digest.update(json.dumps(row, sort_keys=True, default=str).encode() + b"\n")
    return digest.hexdigest()
