"""Table links and check-in links are one kind of token link (models/links.py): one
closing stamp (``revoked_at``), revoked by one service step (services/tokens.py), kept
revoked by the database's triggers and checked by the ledger audit, each kind alike.
On SQLite and PostgreSQL."""

import hashlib
import io
import json

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils.timezone import localtime

from tournaments import append_only, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import ActivityEntry, CheckInLink, TableLink
from tournaments.services import checkin

pytestmark = pytest.mark.django_db

SQLITE = connection.vendor == "sqlite"
POSTGRESQL = connection.vendor == "postgresql"
EVENT = "Heun parish night"


def run(sql, params=()):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def tamper(sql, params=()):
    """Raw SQL past the triggers, as the owner of the database could."""
    with append_only.lifted(connection):
        run(sql, params)


def rows(model):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {model._meta.db_table} ORDER BY id")
        return cursor.fetchall()


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def closed_on(entry) -> str:
    return f"closed on {localtime(entry.created_at):%Y-%m-%d at %H:%M}"


def problems() -> list[str]:
    report = audit_ledger()
    with pytest.raises(Exception, match="found problems"):
        call_command("audit_ledger", stdout=io.StringIO())
    return report.problems


@pytest.fixture
def revoked_table_link(table, organizer):
    link = services.issue_link(table, organizer)
    services.issue_link(table, organizer)  # reissued: the first one revoked
    link.refresh_from_db()
    return link


@pytest.fixture
def closed_check_in(event, organizer):
    link = checkin.open_check_in(event, organizer)
    checkin.open_check_in(event, organizer)  # reissued: the first one closed
    link.refresh_from_db()
    return link


@pytest.fixture(params=["table link", "check-in link"])
def revoked(request):
    name = "revoked_table_link" if request.param == "table link" else "closed_check_in"
    return request.getfixturevalue(name)


def link_statements(link) -> dict[str, str]:
    """Every statement that would make a revoked link work again, in plain SQL."""
    t = link._meta.db_table
    owner = "table_id" if isinstance(link, TableLink) else "event_id"
    kept = f"id, token, {owner}, created_by_id, created_at"
    found = {
        "revoked_at = NULL": f"UPDATE {t} SET revoked_at = NULL WHERE id = {link.pk}",
        "revoked_at later": f"UPDATE {t} SET revoked_at = created_at WHERE id = {link.pk}",
        "ON CONFLICT DO UPDATE": f"INSERT INTO {t} ({kept}) SELECT {kept} FROM {t} "
        f"WHERE id = {link.pk} ON CONFLICT (id) DO UPDATE SET revoked_at = NULL",
    }
    if SQLITE:
        copy = f"INTO {t} ({kept}, revoked_at) SELECT {kept}, NULL FROM {t} WHERE id = {link.pk}"
        found |= {
            "INSERT OR REPLACE": f"INSERT OR REPLACE {copy}",
            "REPLACE": f"REPLACE {copy}",
            "REPLACE by its token": f"REPLACE {copy.replace('SELECT id,', 'SELECT NULL,')}",
        }
    if POSTGRESQL:
        found["MERGE"] = (
            f"MERGE INTO {t} USING (SELECT {link.pk} AS id) AS s ON {t}.id = s.id "
            "WHEN MATCHED THEN UPDATE SET revoked_at = NULL"
        )
    return found


# -- the database keeps a revoked link revoked -------------------------------------------


def test_a_revoked_link_of_either_kind_is_never_working_again(client, revoked):
    model = type(revoked)
    before = rows(model)
    for name, sql in link_statements(revoked).items():
        with pytest.raises(IntegrityError, match="a revoked link stays revoked") as error:
            with transaction.atomic():
                run(sql)
        assert model._meta.db_table in str(error.value), name
        assert rows(model) == before, name
    assert client.get(revoked.get_absolute_url()).status_code == 403


def test_a_closed_check_in_says_so_at_the_door(client, closed_check_in):
    page = client.get(reverse("check-in", args=[closed_check_in.token]))
    assert page.status_code == 403
    said = f"The check-in of {EVENT} is closed. Tell the organizer you are here."
    assert said in page.content.decode()


def test_the_services_still_open_reissue_and_close(event, organizer):
    first = checkin.open_check_in(event, organizer)
    second = checkin.open_check_in(event, organizer)
    assert (first.replaced, second.replaced) == (False, True)
    assert checkin.close_check_in(event, organizer) == 1
    assert checkin.close_check_in(event, organizer) == 0  # nothing open: nothing logged
    third = checkin.open_check_in(event, organizer)
    links = list(CheckInLink.objects.order_by("pk"))
    assert [link.pk for link in links] == [first.pk, second.pk, third.pk]
    assert [link.revoked_at is None for link in links] == [False, False, True]
    assert links[0].revoked_at <= links[1].revoked_at
    assert checkin.working_link(event) == third
    # What the log keeps of the links closed: their ids and their tokens' hashes.
    log = ActivityEntry.objects.filter(action__endswith="check_in").order_by("pk")
    assert [(e.action, e.detail) for e in log] == [
        ("open_check_in", {}),
        (
            "reissue_check_in",
            {"revoked": [first.pk], "revoked_token_sha256": [digest(first.token)]},
        ),
        (
            "close_check_in",
            {"revoked": [second.pk], "revoked_token_sha256": [digest(second.token)]},
        ),
        ("open_check_in", {}),
    ]
    assert audit_ledger().ok


def test_revoking_a_table_link_twice_logs_it_once(table, organizer):
    link = services.issue_link(table, organizer)
    assert services.revoke_link(link, organizer).revoked_at is not None
    again = services.revoke_link(link, organizer)
    assert again.revoked_at == TableLink.objects.get(pk=link.pk).revoked_at
    log = ActivityEntry.objects.filter(action="revoke_table_link")
    assert [e.detail["revoked"] for e in log] == [[link.pk]]


# -- the audit sees a check-in link reopened ---------------------------------------------


def test_the_audit_finds_a_closed_check_in_link_open_again(event, organizer):
    first = checkin.open_check_in(event, organizer)
    second = checkin.open_check_in(event, organizer)  # the first closed
    reissued = ActivityEntry.objects.get(action="reissue_check_in")
    assert audit_ledger().ok
    t = CheckInLink._meta.db_table
    tamper(f"UPDATE {t} SET revoked_at = NULL WHERE id = %s", [first.pk])
    assert problems() == [
        f"{EVENT}: 2 check-in links work at once",
        f"{EVENT}: check-in link {first.pk} works again; it was {closed_on(reissued)}",
    ]
    # The check-in closed, then its link reopened: the log said it was closed.
    checkin.close_check_in(event, organizer)
    closed = ActivityEntry.objects.get(action="close_check_in")
    assert closed.detail["revoked"] == [first.pk, second.pk]
    tamper(f"UPDATE {t} SET revoked_at = NULL WHERE id = %s", [second.pk])
    assert problems() == [
        f"{EVENT}: check-in link {second.pk} works again; it was {closed_on(closed)}"
    ]
    assert audit_ledger([event.pk]).problems == problems()


def test_a_check_in_closed_before_the_log_kept_its_links_is_checked_too(event, organizer):
    """A log entry from before it named the links closed: a link open while the
    event's last word on its check-in closed it works again."""
    link = checkin.open_check_in(event, organizer)
    checkin.close_check_in(event, organizer)
    closed = ActivityEntry.objects.get(action="close_check_in")
    tamper(
        f"UPDATE {ActivityEntry._meta.db_table} SET detail = %s WHERE id = %s", ["{}", closed.pk]
    )
    assert audit_ledger().ok
    tamper(f"UPDATE {CheckInLink._meta.db_table} SET revoked_at = NULL WHERE id = %s", [link.pk])
    assert problems() == [
        f"{EVENT}: check-in link {link.pk} works, but the check-in was {closed_on(closed)}"
    ]
    # Opened again through the app, the link is the check-in's own.
    tamper(
        f"UPDATE {CheckInLink._meta.db_table} SET revoked_at = created_at WHERE id = %s", [link.pk]
    )
    checkin.open_check_in(event, organizer)
    assert audit_ledger().ok


def test_the_audit_finds_a_closed_check_in_link_deleted_and_inserted_again(event, organizer):
    """The old QR code works again under a new id: the log's hash of the closed token
    finds it, and the closed id is missing."""
    first = checkin.open_check_in(event, organizer)
    checkin.close_check_in(event, organizer)
    closed = ActivityEntry.objects.get(action="close_check_in")
    t = CheckInLink._meta.db_table
    with append_only.lifted(connection):
        run(f"DELETE FROM {t} WHERE id = %s", [first.pk])
        run(
            f"INSERT INTO {t} (event_id, token, created_by_id, created_at, revoked_at) "
            "VALUES (%s, %s, %s, %s, NULL)",
            [event.pk, first.token, organizer.pk, first.created_at],
        )
    again = CheckInLink.objects.get(token=first.token).pk
    assert checkin.find_check_in(first.token).pk == again
    assert problems() == [
        f"{EVENT}: check-in link {again} carries the token of check-in link {first.pk}, "
        f"{closed_on(closed)}: the old QR code works again",
        f"{EVENT}: check-in link {first.pk}, {closed_on(closed)}, is missing: a check-in "
        "link goes only with its event",
    ]


# -- the migration keeps the data ----------------------------------------------------------


def migrate(*targets):
    executor = MigrationExecutor(connection)
    executor.migrate(list(targets) or executor.loader.graph.leaf_nodes())
    append_only.install(connection, append_only.applied(connection))


def before(migration: str) -> tuple[str, str]:
    """The migration ``<number>_<migration>`` follows (found by its name's end:
    migrations are renumbered when branches are merged)."""
    graph = MigrationExecutor(connection).loader.graph
    (node,) = [n for n in graph.nodes if n[0] == "tournaments" and n[1].endswith(f"_{migration}")]
    (parent,) = [p.key for p in graph.node_map[node].parents if p.key[0] == "tournaments"]
    return parent


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_when_each_check_in_link_closed(event, organizer):
    first = checkin.open_check_in(event, organizer)
    second = checkin.open_check_in(event, organizer)
    first.refresh_from_db()
    triggers = append_only.installed(connection)
    t = CheckInLink._meta.db_table
    try:
        migrate(before(append_only.LINKS_KEPT))
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, closed_at FROM {t} ORDER BY id")
            assert [(pk, at is None) for pk, at in cursor.fetchall()] == [
                (first.pk, False),
                (second.pk, True),
            ]
        # Before the migration nothing kept a closed check-in link closed.
        assert not [name for name in append_only.installed(connection) if t in name]
    finally:
        migrate()
    assert list(CheckInLink.objects.order_by("pk").values_list("pk", "revoked_at")) == [
        (first.pk, first.revoked_at),
        (second.pk, None),
    ]
    assert append_only.installed(connection) == triggers
    with pytest.raises(IntegrityError, match="a revoked link stays revoked"):
        with transaction.atomic():
            run(f"UPDATE {t} SET revoked_at = NULL WHERE id = %s", [first.pk])


def test_a_backup_from_before_restores_its_closed_check_in_links(event, organizer, tmp_path):
    first = checkin.open_check_in(event, organizer)
    checkin.close_check_in(event, organizer)
    first.refresh_from_db()
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    data = json.loads(backup.read_text())
    (row,) = [r for r in data if r["model"] == "tournaments.checkinlink"]
    row["fields"]["closed_at"] = row["fields"].pop("revoked_at")  # as written before
    backup.write_text(json.dumps(data))
    if POSTGRESQL:
        run("SET CONSTRAINTS ALL IMMEDIATE")  # the test's own rows' checks wait: no TRUNCATE
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("restore_db", str(backup), stdout=out)
    assert "the ledger audit found no problem" in out.getvalue()
    # The backup keeps milliseconds.
    assert CheckInLink.objects.get().revoked_at == first.revoked_at.replace(
        microsecond=first.revoked_at.microsecond // 1000 * 1000
    )
