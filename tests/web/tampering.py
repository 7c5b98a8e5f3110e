"""Changing the database as its owner could, past the triggers, and what the audit
then finds; the database migrated back and forth."""

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments import append_only
from tournaments.ledger_audit import audit_ledger


def tamper(sql, params=()):
    """Raw SQL past the triggers, as the owner of the database could."""
    with append_only.lifted(connection), connection.cursor() as cursor:
        cursor.execute(sql, params)


def _problems():
    report = audit_ledger()
    with pytest.raises(Exception, match="found problems"):
        call_command("audit_ledger", stdout=io.StringIO())
    return report.problems


WHERE = "Heun parish night, round 1, table 1"


def before(migration: str) -> tuple[str, str]:
    """The migration the app's migration ``<number>_<migration>`` follows (found by its
    name's end: migrations are renumbered when branches are merged)."""
    graph = MigrationExecutor(connection).loader.graph
    (node,) = [n for n in graph.nodes if n[0] == "tournaments" and n[1].endswith(f"_{migration}")]
    (parent,) = [p.key for p in graph.node_map[node].parents if p.key[0] == "tournaments"]
    return parent


def migrate(*targets):
    """The database migrated to ``targets`` (app, migration name), or to the latest;
    the triggers of the migrations applied put back as ``migrate`` does."""
    executor = MigrationExecutor(connection)
    executor.migrate(list(targets) or executor.loader.graph.leaf_nodes())
    append_only.install(connection, append_only.applied(connection))
