"""Append-only in the database: triggers refuse UPDATE and DELETE on the ledger.

LedgerEntry, DealNet and DealVersion rows are only ever added (models.AppendOnly
guards the ORM); these triggers refuse the rest (raw SQL, ``_base_manager.update()``,
``bulk_create(update_conflicts=True)``, a client like psql or sqlite3) on PostgreSQL
and SQLite alike, with the same message. Deal rows stay updatable: a correction moves
the deal to its new version.

Plain per-vendor SQL rather than django-pgtrigger: SQLite needs its own triggers
anyway, and one small module says both.

Emptying the tables is still possible, on purpose: TRUNCATE on PostgreSQL (it fires no
row triggers), and ``manage.py flush`` (tournaments/management/commands/flush.py lifts
the triggers for the flush and puts them back), which the test suite's transactional
tests run after each test. ``install`` runs after every ``migrate`` too, because SQLite
rebuilds a table (dropping its triggers) for many schema changes.
"""

from __future__ import annotations

from contextlib import contextmanager

TABLES = ("tournaments_ledgerentry", "tournaments_dealnet", "tournaments_dealversion")
MESSAGE = "rows are append-only: post new rows instead"
TRIGGER = "taroky_append_only"

_PG_FUNCTION = f"""
CREATE OR REPLACE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% {MESSAGE} (% refused)', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END
$$
"""


def _statements_install(vendor: str) -> list[str]:
    if vendor == "postgresql":
        statements = [_PG_FUNCTION]
        for table in TABLES:
            statements += [
                f"DROP TRIGGER IF EXISTS {TRIGGER} ON {table}",
                f"CREATE TRIGGER {TRIGGER} BEFORE UPDATE OR DELETE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()",
            ]
        return statements
    if vendor == "sqlite":
        return [
            f"CREATE TRIGGER IF NOT EXISTS {TRIGGER}_{op.lower()}_{table} "
            f"BEFORE {op} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{table} {MESSAGE} ({op} refused)'); END"
            for table in TABLES
            for op in ("UPDATE", "DELETE")
        ]
    return []  # another database: the ORM's guards and the audit still hold


def _statements_uninstall(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [f"DROP TRIGGER IF EXISTS {TRIGGER} ON {table}" for table in TABLES]
    if vendor == "sqlite":
        return [
            f"DROP TRIGGER IF EXISTS {TRIGGER}_{op.lower()}_{table}"
            for table in TABLES
            for op in ("UPDATE", "DELETE")
        ]
    return []


def _run(connection, statements) -> None:
    existing = set(connection.introspection.table_names())
    if not set(TABLES) <= existing:
        return  # migrating backwards past the tables, or not yet created
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def install(connection) -> None:
    """Create the triggers (again); harmless when they exist."""
    _run(connection, _statements_install(connection.vendor))


def uninstall(connection) -> None:
    _run(connection, _statements_uninstall(connection.vendor))


def installed(connection) -> int:
    """How many of the triggers exist (3 on PostgreSQL, 6 on SQLite when installed)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT count(*) FROM pg_trigger WHERE tgname = %s AND NOT tgisinternal",
                [TRIGGER],
            )
        elif connection.vendor == "sqlite":
            cursor.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE %s",
                [f"{TRIGGER}%"],
            )
        else:
            return 0
        return cursor.fetchone()[0]


@contextmanager
def lifted(connection):
    """Without the triggers for a moment (emptying the database): put back after."""
    uninstall(connection)
    try:
        yield
    finally:
        install(connection)


def install_after_migrate(sender, using="default", **kwargs) -> None:
    """post_migrate: put back triggers a table rebuild may have dropped."""
    from django.db import connections

    install(connections[using])
