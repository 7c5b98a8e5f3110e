"""Append-only in the database: triggers refuse to change what was recorded.

On PostgreSQL and SQLite alike, from the app, raw SQL or a psql / sqlite3 shell
(tests/web/test_append_only.py runs every such statement on both):

- ledger rows, deal nets, deal versions and the activity log (ActivityEntry): no UPDATE,
  no DELETE, no TRUNCATE (PostgreSQL). An upsert (``ON CONFLICT DO UPDATE``) and
  PostgreSQL's MERGE fire the UPDATE and DELETE triggers. SQLite's REPLACE (``INSERT
  OR REPLACE``, ``REPLACE INTO``, ``UPDATE OR REPLACE``) deletes the row it meets
  without firing DELETE triggers (unless ``recursive_triggers`` is on, which a shell
  does not set), so SQLite also refuses an INSERT meeting an existing row's id or
  unique key: BEFORE INSERT triggers run before the conflict is resolved.
- a deal is never deleted (it is voided) and keeps its id; on SQLite no INSERT or
  ``UPDATE OR REPLACE`` replaces one. Its other columns stay updatable: a correction
  moves the deal to its new version.
- a substitution is never changed (no UPDATE; on SQLite no INSERT replaces one): one
  whose first deal is not entered is cancelled, its row deleted and the activity log
  saying so. A row deleted, or added, behind the app's back is the ledger audit's to
  find (ledger_audit/substitutions.py compares the rows with the log).
- a revoked link (a table's, or an event's closed check-in link) stays revoked:
  ``revoked_at`` never changes once set (NULL would make the old QR code work again);
  on SQLite no INSERT replaces a link. Table links are still deleted with their table
  when a round that has not started is drawn again, so a revoked link deleted and
  inserted anew is the ledger audit's to find (by the hash of its token the activity
  log keeps).
- a published ranking list (PublishedList) is kept as it was published: no UPDATE, no
  DELETE, no TRUNCATE (PostgreSQL); on SQLite no INSERT replaces one. A new list is a
  new row.

The database's owner can still drop or disable them (DROP TRIGGER, ALTER TABLE ...
DISABLE TRIGGER, PostgreSQL's session_replication_role, a new SQLite file): that is
what the ledger audit (ledger_audit) is for. ``manage.py flush`` empties the database with
the triggers lifted for the moment (management/commands/flush.py); the test suite's
transactional tests run it after each test.

Plain per-vendor SQL rather than django-pgtrigger: SQLite needs its own triggers
anyway, and one small module says both. Each trigger belongs to the migration that
installs it; ``install_after_migrate`` puts back, after every ``migrate``, those of
the migrations applied (SQLite drops a table's triggers when it rebuilds the table).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

LEDGER = ("tournaments_ledgerentry", "tournaments_dealnet", "tournaments_dealversion")
LOG = "tournaments_auditentry"
LINKS = "tournaments_tablelink"
CHECK_IN_LINKS = "tournaments_checkinlink"
DEALS = "tournaments_deal"
SUBSTITUTIONS = "tournaments_substitution"
PUBLISHED = "tournaments_publishedlist"
TABLES = (*LEDGER, LOG)  # append-only: every row as it was posted

MESSAGE = "rows are append-only: post new rows instead"
LINK_MESSAGE = "a revoked link stays revoked: issue a new one"
DEAL_MESSAGE = "a deal is voided, never deleted, renumbered or replaced"
SUBSTITUTION_MESSAGE = "a substitution is never changed: cancel it and seat the substitute again"
PUBLISHED_MESSAGE = "a published list is kept as published: publish a new list"
TRIGGER = "taroky_append_only"

# The migrations that install the triggers, by the end of their names (the number
# before it may change when migrations are renumbered).
FIRST = "append_only_triggers"  # UPDATE and DELETE of the ledger's three tables
EVERYWHERE = "append_only_everywhere"  # the rest
LINKS_KEPT = "check_in_links_stay_revoked"  # check-in links as table links

# The token links (models/links.py) whose revocation stands: table -> the migration
# that installs its guard and the guard's name on SQLite, where a name is per database.
TOKEN_LINKS = {
    LINKS: (EVERYWHERE, "taroky_revoked_link"),
    CHECK_IN_LINKS: (LINKS_KEPT, "taroky_revoked_check_in_link"),
}
KEPT = "substitutions_kept"  # substitutions
LISTS_KEPT = "published_lists_kept"  # the circuit's published ranking lists


@dataclass(frozen=True)
class Guard:
    name: str  # the trigger's name (on PostgreSQL a name is per table)
    table: str
    migration: str
    create: str

    @property
    def key(self) -> str:
        return f"{self.name} on {self.table}"

    def drop(self, vendor: str) -> str:
        if vendor == "postgresql":
            return f"DROP TRIGGER IF EXISTS {self.name} ON {self.table}"
        return f"DROP TRIGGER IF EXISTS {self.name}"


# -- PostgreSQL ----------------------------------------------------------------------

_PG_FUNCTIONS = [
    # A trigger's argument, if any, is its message.
    f"""
CREATE OR REPLACE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% % (% refused)', TG_TABLE_NAME, COALESCE(TG_ARGV[0], '{MESSAGE}'), TG_OP
        USING ERRCODE = 'restrict_violation';
END
$$
""",
]


def _pg_guards() -> list[Guard]:
    guards = [
        Guard(
            TRIGGER,
            table,
            FIRST if table in LEDGER else EVERYWHERE,
            f"CREATE TRIGGER {TRIGGER} BEFORE UPDATE OR DELETE ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()",
        )
        for table in TABLES
    ]
    guards += [
        Guard(
            f"{TRIGGER}_truncate",
            table,
            EVERYWHERE,
            f"CREATE TRIGGER {TRIGGER}_truncate BEFORE TRUNCATE ON {table} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {TRIGGER}()",
        )
        for table in TABLES
    ]
    guards += [
        Guard(
            "taroky_deal_kept",
            DEALS,
            EVERYWHERE,
            f"CREATE TRIGGER taroky_deal_kept BEFORE DELETE ON {DEALS} FOR EACH ROW "
            f"EXECUTE FUNCTION {TRIGGER}('{DEAL_MESSAGE}')",
        ),
        Guard(
            "taroky_deal_id_kept",
            DEALS,
            EVERYWHERE,
            f"CREATE TRIGGER taroky_deal_id_kept BEFORE UPDATE ON {DEALS} FOR EACH ROW "
            f"WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION {TRIGGER}('{DEAL_MESSAGE}')",
        ),
        Guard(
            "taroky_substitution_kept",
            SUBSTITUTIONS,
            KEPT,
            f"CREATE TRIGGER taroky_substitution_kept BEFORE UPDATE ON {SUBSTITUTIONS} "
            f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}('{SUBSTITUTION_MESSAGE}')",
        ),
        Guard(
            "taroky_published_list_kept",
            PUBLISHED,
            LISTS_KEPT,
            f"CREATE TRIGGER taroky_published_list_kept BEFORE UPDATE OR DELETE ON {PUBLISHED} "
            f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}('{PUBLISHED_MESSAGE}')",
        ),
        Guard(
            "taroky_published_list_kept_truncate",
            PUBLISHED,
            LISTS_KEPT,
            f"CREATE TRIGGER taroky_published_list_kept_truncate BEFORE TRUNCATE ON {PUBLISHED} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {TRIGGER}('{PUBLISHED_MESSAGE}')",
        ),
    ]
    return guards + _pg_link_guards()


def _pg_link_guards() -> list[Guard]:
    return [
        Guard(
            "taroky_revoked_link",
            table,
            migration,
            f"CREATE TRIGGER taroky_revoked_link BEFORE UPDATE ON {table} FOR EACH ROW "
            "WHEN (OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at) "
            f"EXECUTE FUNCTION {TRIGGER}('{LINK_MESSAGE}')",
        )
        for table, (migration, _) in TOKEN_LINKS.items()
    ]


# -- SQLite --------------------------------------------------------------------------


def _raise(table: str, message: str, op: str) -> str:
    return f"SELECT RAISE(ABORT, '{table} {message} ({op} refused)')"


def _unique_keys(connection, table: str) -> list[list[str]]:
    """The table's primary key and unique constraints, as the database has them."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return sorted(c["columns"] for c in constraints.values() if c["unique"] or c["primary_key"])


def _meets(connection, table: str, other_than: str = "") -> str:
    """SQL: the NEW row meets another row's id or unique key (``other_than``: a
    condition leaving the updated row itself out)."""
    extra = [other_than] if other_than else []
    return " OR ".join(
        f"EXISTS (SELECT 1 FROM {table} WHERE "
        + " AND ".join([f"{column} = NEW.{column}" for column in key] + extra)
        + ")"
        for key in _unique_keys(connection, table)
    )


def _no_replace(
    connection, name: str, table: str, message: str, migration: str = EVERYWHERE
) -> Guard:
    """An INSERT meeting an existing row's id or unique key is refused: REPLACE would
    delete that row without firing its DELETE trigger."""
    return Guard(
        name,
        table,
        migration,
        f"CREATE TRIGGER {name} BEFORE INSERT ON {table} WHEN {_meets(connection, table)} "
        f"BEGIN {_raise(table, message, 'INSERT over an existing row')}; END",
    )


def _sqlite_guards(connection, existing) -> list[Guard]:
    guards = [
        Guard(
            f"{TRIGGER}_{op.lower()}_{table}",
            table,
            FIRST if table in LEDGER else EVERYWHERE,
            f"CREATE TRIGGER {TRIGGER}_{op.lower()}_{table} BEFORE {op} ON {table} "
            f"BEGIN {_raise(table, MESSAGE, op)}; END",
        )
        for table in TABLES
        for op in ("UPDATE", "DELETE")
    ]
    guards += [
        _no_replace(connection, f"{TRIGGER}_insert_{table}", table, MESSAGE)
        for table in TABLES
        if table in existing
    ]
    if DEALS in existing:
        # UPDATE OR REPLACE onto another deal's number would delete that deal.
        meets_another = _meets(connection, DEALS, "id <> OLD.id")
        guards += [
            Guard(
                "taroky_deal_kept_delete",
                DEALS,
                EVERYWHERE,
                f"CREATE TRIGGER taroky_deal_kept_delete BEFORE DELETE ON {DEALS} "
                f"BEGIN {_raise(DEALS, DEAL_MESSAGE, 'DELETE')}; END",
            ),
            Guard(
                "taroky_deal_kept_update",
                DEALS,
                EVERYWHERE,
                f"CREATE TRIGGER taroky_deal_kept_update BEFORE UPDATE ON {DEALS} "
                f"WHEN NEW.id IS NOT OLD.id OR {meets_another} "
                f"BEGIN {_raise(DEALS, DEAL_MESSAGE, 'UPDATE')}; END",
            ),
            _no_replace(connection, "taroky_deal_kept_insert", DEALS, DEAL_MESSAGE),
        ]
    if SUBSTITUTIONS in existing:
        guards += [
            Guard(
                "taroky_substitution_kept_update",
                SUBSTITUTIONS,
                KEPT,
                f"CREATE TRIGGER taroky_substitution_kept_update BEFORE UPDATE ON {SUBSTITUTIONS} "
                f"BEGIN {_raise(SUBSTITUTIONS, SUBSTITUTION_MESSAGE, 'UPDATE')}; END",
            ),
            _no_replace(
                connection,
                "taroky_substitution_kept_insert",
                SUBSTITUTIONS,
                SUBSTITUTION_MESSAGE,
                KEPT,
            ),
        ]
    if PUBLISHED in existing:
        guards += [
            Guard(
                f"taroky_published_list_kept_{op.lower()}",
                PUBLISHED,
                LISTS_KEPT,
                f"CREATE TRIGGER taroky_published_list_kept_{op.lower()} BEFORE {op} "
                f"ON {PUBLISHED} BEGIN {_raise(PUBLISHED, PUBLISHED_MESSAGE, op)}; END",
            )
            for op in ("UPDATE", "DELETE")
        ]
        guards.append(
            _no_replace(
                connection,
                "taroky_published_list_kept_insert",
                PUBLISHED,
                PUBLISHED_MESSAGE,
                LISTS_KEPT,
            )
        )
    return guards + _sqlite_link_guards(connection, existing)


def _sqlite_link_guards(connection, existing) -> list[Guard]:
    guards = []
    for table, (migration, name) in TOKEN_LINKS.items():
        if table not in existing:
            continue
        guards += [
            Guard(
                f"{name}_update",
                table,
                migration,
                f"CREATE TRIGGER {name}_update BEFORE UPDATE ON {table} "
                "WHEN OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS NOT OLD.revoked_at "
                f"BEGIN {_raise(table, LINK_MESSAGE, 'UPDATE')}; END",
            ),
            _no_replace(connection, f"{name}_insert", table, LINK_MESSAGE, migration),
        ]
    return guards


# -- installing ----------------------------------------------------------------------


def guards(connection) -> list[Guard]:
    """Every trigger this module installs on the connection's database (another
    database gets none: the ORM's guards and the audit still hold)."""
    existing = set(connection.introspection.table_names())
    if connection.vendor == "postgresql":
        found = _pg_guards()
    elif connection.vendor == "sqlite":
        found = _sqlite_guards(connection, existing)
    else:
        return []
    # Only on tables that exist (migrating backwards past them, or not yet created). A
    # trigger reads no other table: SQLite would refuse to rebuild that other table.
    return [g for g in found if g.table in existing]


def _chosen(connection, migrations=None, keys=None) -> list[Guard]:
    return [
        g
        for g in guards(connection)
        if (migrations is None or g.migration in migrations) and (keys is None or g.key in keys)
    ]


def install(connection, migrations=None, keys=None) -> None:
    """Create the triggers (again) of the given migrations (default: all), each
    replacing its earlier self."""
    chosen = _chosen(connection, migrations, keys)
    if not chosen:
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for sql in _PG_FUNCTIONS:
                cursor.execute(sql)
        for guard in chosen:
            cursor.execute(guard.drop(connection.vendor))
            cursor.execute(guard.create)


def uninstall(connection, migrations=None) -> None:
    with connection.cursor() as cursor:
        for guard in _chosen(connection, migrations):
            cursor.execute(guard.drop(connection.vendor))


def installed(connection) -> list[str]:
    """The triggers of this module the database has, as "name on table", sorted."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tgname || ' on ' || tgrelid::regclass::text FROM pg_trigger "
                "WHERE tgname LIKE %s AND NOT tgisinternal",
                ["taroky%"],
            )
        elif connection.vendor == "sqlite":
            cursor.execute(
                "SELECT name || ' on ' || tbl_name FROM sqlite_master "
                "WHERE type = 'trigger' AND name LIKE %s",
                ["taroky%"],
            )
        else:
            return []
        return sorted(row[0] for row in cursor.fetchall())


@contextmanager
def lifted(connection):
    """Without the triggers for a moment (emptying the database, a test's tampering):
    those there before are put back after."""
    there = set(installed(connection))
    uninstall(connection)
    try:
        yield
    finally:
        install(connection, keys=there)


def applied(connection) -> set[str]:
    """Which of the migrations that install triggers are applied to the database."""
    from django.db.migrations.recorder import MigrationRecorder

    recorded = MigrationRecorder(connection).applied_migrations()
    names = {name for app, name in recorded if app == "tournaments"}
    return {
        m
        for m in (FIRST, EVERYWHERE, LINKS_KEPT, KEPT, LISTS_KEPT)
        if any(n.endswith(f"_{m}") for n in names)
    }


def install_after_migrate(sender, using="default", **kwargs) -> None:
    """post_migrate: put back the triggers a table rebuild may have dropped, those of the
    migrations applied (after migrating backwards too)."""
    from django.db import connections

    connection = connections[using]
    install(connection, applied(connection))
