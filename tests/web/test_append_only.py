"""Every statement that could rewrite what was recorded, run on the database itself (raw
SQL, as from a psql or sqlite3 shell): refused, on SQLite and on PostgreSQL.

SQLite's REPLACE deletes the row it meets without firing DELETE triggers, so before
these triggers an ``INSERT OR REPLACE`` rewrote ledger rows, deal nets and versions
under their old ids and the audit could not tell (test_a_coherent_rewrite_...)."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse

from tournaments import append_only, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import (
    ActivityEntry,
    Deal,
    DealNet,
    DealVersion,
    Event,
    LedgerEntry,
    Player,
    PublishedList,
    TableLink,
)

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

SQLITE = connection.vendor == "sqlite"
POSTGRESQL = connection.vendor == "postgresql"
APPEND_ONLY = [LedgerEntry, DealNet, DealVersion, ActivityEntry]


@pytest.fixture
def deal(table, organizer):
    """Anna's Four, won with 41: recorded, then corrected (two versions, reversals)."""
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    return services.correct_deal(deal, played_doc(), organizer, "recount").deal


def run(sql, params=()):
    with connection.cursor() as cursor:
        if sql.startswith("TRUNCATE"):
            # The test's own transaction has inserted rows whose (deferred) foreign key
            # checks wait: PostgreSQL truncates no table with checks pending.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(sql, params)


def rows(model):
    """Every row of the table as the database has it."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {model._meta.db_table} ORDER BY id")
        return cursor.fetchall()


def columns(model) -> list[str]:
    return [f.column for f in model._meta.concrete_fields]


def refused(sql, params=(), match="rows are append-only"):
    with pytest.raises(IntegrityError, match=match), transaction.atomic():
        run(sql, params)


# One column of each table a tamperer would change, and a value for it.
CHANGE = {
    LedgerEntry: ("chips", 99),
    DealNet: ("chips", 99),
    DealVersion: ("reason", "rewritten"),
    ActivityEntry: ("action", "rewritten"),
    PublishedList: ("date", "2020-01-01"),
}


def copy_over(model, target: int, source: int, verb: str, keep=("id",)) -> str:
    """SQL writing the row ``source`` over the row ``target`` (its ``keep`` columns
    the target's): ``verb`` is INSERT OR REPLACE, REPLACE or INSERT ... ON CONFLICT."""
    t = model._meta.db_table
    cols = columns(model)
    values = [f"(SELECT {c} FROM {t} WHERE id = {target})" if c in keep else c for c in cols]
    sql = f"{verb} INTO {t} ({', '.join(cols)}) SELECT {', '.join(values)} FROM {t} "
    sql += f"WHERE id = {source}"
    if verb == "INSERT":
        updates = ", ".join(f"{c} = excluded.{c}" for c in cols if c != "id")
        sql += f" ON CONFLICT (id) DO UPDATE SET {updates}"
    return sql


def statements(model) -> dict[str, str]:
    """Each way to rewrite or remove a row of the table, on this database: the row
    ``target`` (``source``: another row of the table)."""
    t = model._meta.db_table
    column, value = CHANGE[model]
    literal = value if isinstance(value, int) else f"'{value}'"
    found = {
        "UPDATE": f"UPDATE {t} SET {column} = {literal} WHERE id = %(target)s",
        "UPDATE id": f"UPDATE {t} SET id = id WHERE id = %(target)s",
        "DELETE": f"DELETE FROM {t} WHERE id = %(target)s",
        "ON CONFLICT DO UPDATE": copy_over(model, "%(target)s", "%(source)s", "INSERT"),
    }
    if SQLITE:
        found |= {
            "INSERT OR REPLACE": copy_over(model, "%(target)s", "%(source)s", "INSERT OR REPLACE"),
            "REPLACE": copy_over(model, "%(target)s", "%(source)s", "REPLACE"),
            "UPDATE OR REPLACE": f"UPDATE OR REPLACE {t} SET id = %(source)s WHERE id = %(target)s",
        }
        if model not in (ActivityEntry, PublishedList):  # their only unique key is the id
            # A new id meeting the row's other unique key: REPLACE deletes the row.
            found["REPLACE by a unique key"] = copy_over(
                model, "%(target)s", "%(target)s", "INSERT OR REPLACE", keep=()
            ).replace("SELECT id,", "SELECT NULL,")
    if POSTGRESQL:
        found |= {
            "MERGE UPDATE": f"MERGE INTO {t} USING (SELECT %(target)s AS id) AS s "
            f"ON {t}.id = s.id WHEN MATCHED THEN UPDATE SET {column} = {literal}",
            "MERGE DELETE": f"MERGE INTO {t} USING (SELECT %(target)s AS id) AS s "
            f"ON {t}.id = s.id WHEN MATCHED THEN DELETE",
            "TRUNCATE": f"TRUNCATE {t} CASCADE",
            "TRUNCATE by cascade": "TRUNCATE tournaments_event CASCADE",
        }
    return found


def test_the_statements_cover_every_way_to_rewrite_a_row():
    expected = {"UPDATE", "UPDATE id", "DELETE", "ON CONFLICT DO UPDATE"}
    if SQLITE:
        expected |= {"INSERT OR REPLACE", "REPLACE", "UPDATE OR REPLACE"}
    else:
        expected |= {"MERGE UPDATE", "MERGE DELETE", "TRUNCATE", "TRUNCATE by cascade"}
    for model in APPEND_ONLY:
        unique_key = SQLITE and model is not ActivityEntry
        assert set(statements(model)) == expected | (
            {"REPLACE by a unique key"} if unique_key else set()
        )


def targets(model) -> tuple[int, int]:
    """Two rows of the table; the first with a unique key besides its id (a ledger row
    that reverses another: ``reverses`` is one to one)."""
    found = model.objects.order_by("pk")
    if model is LedgerEntry:
        found = found.order_by("-reverses_id", "pk")
    first, second = found.values_list("pk", flat=True)[:2]
    return first, second


@pytest.mark.parametrize("model", APPEND_ONLY, ids=lambda m: m.__name__)
def test_every_statement_that_rewrites_a_row_is_refused(deal, model):
    first, second = targets(model)
    before = {m: rows(m) for m in APPEND_ONLY}
    for name, sql in statements(model).items():
        with pytest.raises(IntegrityError, match="rows are append-only") as error:
            with transaction.atomic():
                run(sql, {"target": first, "source": second})
        if not name.startswith("TRUNCATE"):  # a cascade names the table it meets first
            assert f"{model._meta.db_table} rows are append-only" in str(error.value), name
        assert {m: rows(m) for m in APPEND_ONLY} == before, name
    assert audit_ledger().ok


def test_the_refusal_says_the_table_and_the_statement(deal):
    row = LedgerEntry.objects.order_by("pk").first()
    t = LedgerEntry._meta.db_table
    with pytest.raises(IntegrityError) as error, transaction.atomic():
        run(f"UPDATE {t} SET chips = 1 WHERE id = %s", [row.pk])
    assert f"{t} rows are append-only: post new rows instead (UPDATE refused)" in str(error.value)
    if SQLITE:
        with pytest.raises(IntegrityError) as error, transaction.atomic():
            run(copy_over(LedgerEntry, row.pk, row.pk, "INSERT OR REPLACE"))
        assert (
            f"{t} rows are append-only: post new rows instead "
            "(INSERT over an existing row refused)" in str(error.value)
        )


def test_new_rows_are_still_posted(deal, organizer):
    """The guard against REPLACE refuses only an INSERT meeting an existing row."""
    counts = [m.objects.count() for m in APPEND_ONLY]
    standing = LedgerEntry.objects.filter(deal_version__number=2, reverses__isnull=True).count()
    assert standing == 2
    services.void_deal(deal, organizer, "entered twice")
    services.issue_link(deal.table, organizer)
    assert [m.objects.count() for m in APPEND_ONLY] == [
        counts[0] + 2,  # the reversals of version 2's rows
        counts[1],  # a voided deal has no nets
        counts[2] + 1,
        counts[3] + 1,  # the link's issue (a deal keeps its history as versions)
    ]
    assert audit_ledger().ok


# -- the issue's rewrite: a won deal turned into a lost one, under the same ids ----------


@pytest.fixture
def won_with_41(table, organizer):
    return services.record_deal(table, played_doc(), organizer)


@pytest.fixture
def lost_with_30(won_with_41, organizer):
    """The same four players' Four lost with 30 points, at a table of round 2: the
    rows a tamperer would copy over deal 1's."""
    event = won_with_41.table.round.event
    players = [Player.objects.get(name=n) for n in ("Anna", "Bill", "Čada", "Dana")]
    table = services.create_table(services.create_round(event, organizer), organizer, players)
    return services.record_deal(table, played_doc(bidder_points=30), organizer)


def rewrite(target, source, verb) -> list[str]:
    """The issue's rewrite: the target deal's version, ledger rows and nets written
    over with the source's, under the target's ids, deal, table and event; the deal row
    updated to say the same."""
    found = []
    keep = ("id", "deal_id", "table_id", "event_id")
    v_target, v_source = target.versions.get(), source.versions.get()
    found.append(copy_over(DealVersion, v_target.pk, v_source.pk, verb, keep=keep[:2]))
    targets = LedgerEntry.objects.filter(deal=target).order_by("pk")
    sources = LedgerEntry.objects.filter(deal=source).order_by("pk")
    assert targets.count() == sources.count() == 2
    for t, s in zip(targets, sources, strict=True):
        found.append(copy_over(LedgerEntry, t.pk, s.pk, verb, keep=(*keep, "deal_version_id")))
    nets = {n.player_id: n.pk for n in DealNet.objects.filter(deal=target)}
    for n in DealNet.objects.filter(deal=source):
        found.append(copy_over(DealNet, nets[n.player_id], n.pk, verb, keep=keep))
    said = ", ".join(
        f"{c} = (SELECT {c} FROM tournaments_deal WHERE id = {source.pk})"
        for c in ("document", "bidder_won")
    )
    found.append(f"UPDATE tournaments_deal SET {said} WHERE id = {target.pk}")
    return found


@pytest.mark.parametrize(
    "verb",
    ["INSERT OR REPLACE", "REPLACE", "INSERT"] if SQLITE else ["INSERT"],
    ids=lambda v: "ON CONFLICT DO UPDATE" if v == "INSERT" else v,
)
def test_a_coherent_rewrite_of_a_deal_is_refused(won_with_41, lost_with_30, verb):
    before = {m: rows(m) for m in APPEND_ONLY}
    with pytest.raises(IntegrityError, match="rows are append-only"), transaction.atomic():
        for sql in rewrite(won_with_41, lost_with_30, verb):
            run(sql)
    assert {m: rows(m) for m in APPEND_ONLY} == before
    won_with_41.refresh_from_db()
    assert (won_with_41.document["bidder_points"], won_with_41.bidder_won) == (41, True)
    assert audit_ledger().ok


def test_past_the_triggers_the_audit_cannot_tell_a_coherent_rewrite(won_with_41, lost_with_30):
    """Why the database refuses it: with the triggers lifted (by whoever owns the
    database), the deal says it was lost with 30, rows, nets and version alike."""
    with append_only.lifted(connection):
        for sql in rewrite(won_with_41, lost_with_30, "INSERT OR REPLACE" if SQLITE else "INSERT"):
            run(sql)
    won_with_41.refresh_from_db()
    assert (won_with_41.document["bidder_points"], won_with_41.bidder_won) == (30, False)
    assert audit_ledger().problems == []


# -- deals -------------------------------------------------------------------------------


def test_a_deal_is_never_deleted_renumbered_or_replaced(won_with_41, lost_with_30):
    deal = won_with_41
    t = Deal._meta.db_table
    said = "a deal is voided, never deleted, renumbered or replaced"
    before = rows(Deal)
    refused(f"DELETE FROM {t} WHERE id = %s", [deal.pk], said)
    refused(f"UPDATE {t} SET id = id + 1000 WHERE id = %s", [deal.pk], said)
    if SQLITE:
        # Onto deal 1's id, or onto its table and number with a new id.
        refused(copy_over(Deal, deal.pk, lost_with_30.pk, "INSERT OR REPLACE"), match=said)
        other = copy_over(Deal, deal.pk, lost_with_30.pk, "REPLACE", keep=("table_id", "number"))
        refused(other.replace("SELECT id,", "SELECT NULL,"), match=said)
        refused(
            f"UPDATE OR REPLACE {t} SET table_id = %s, number = 1 WHERE id = %s",
            [deal.table_id, lost_with_30.pk],
            said,
        )
    if POSTGRESQL:
        refused(f"TRUNCATE {t} CASCADE")
    assert rows(Deal) == before
    # A deal's other columns still change (a correction moves it to its new version).
    assert Deal.objects.filter(pk=deal.pk).update(awaiting_confirmation=True) == 1


# -- table links -------------------------------------------------------------------------


@pytest.fixture
def revoked(table, organizer):
    link = services.issue_link(table, organizer)
    services.issue_link(table, organizer)  # reissued: the first one revoked
    link.refresh_from_db()
    assert link.revoked_at is not None
    return link


def link_statements(link) -> dict[str, str]:
    t = TableLink._meta.db_table
    found = {
        "revoked_at = NULL": f"UPDATE {t} SET revoked_at = NULL WHERE id = {link.pk}",
        "revoked_at later": f"UPDATE {t} SET revoked_at = created_at WHERE id = {link.pk}",
        "ON CONFLICT DO UPDATE": f"INSERT INTO {t} (id, token, table_id, created_by_id, "
        f"created_at) SELECT id, token, table_id, created_by_id, created_at FROM {t} "
        f"WHERE id = {link.pk} ON CONFLICT (id) DO UPDATE SET revoked_at = NULL",
    }
    if SQLITE:
        copy = (
            f"INTO {t} (id, token, table_id, created_by_id, created_at, revoked_at) "
            f"SELECT id, token, table_id, created_by_id, created_at, NULL FROM {t} "
            f"WHERE id = {link.pk}"
        )
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


def test_a_revoked_link_is_never_working_again(client, revoked):
    before = rows(TableLink)
    for name, sql in link_statements(revoked).items():
        with pytest.raises(IntegrityError, match="a revoked link stays revoked") as error:
            with transaction.atomic():
                run(sql)
        assert "tournaments_tablelink" in str(error.value), name
        assert rows(TableLink) == before, name
    assert client.get(reverse("link-sheet", args=[revoked.token])).status_code == 403


def test_links_are_still_issued_reissued_revoked_and_deleted_with_their_table(round1, organizer):
    event = round1.event
    names = ["Anna", "Bill", "Čada", "Dana", "Emil", "Fanny", "Gustav", "Hana"]
    players = [services.register_player(event, organizer, name=n) for n in names]
    table = services.create_table(round1, organizer, players[:4])
    first = services.issue_link(table, organizer)
    second = services.issue_link(table, organizer)
    services.revoke_link(second, organizer)
    services.revoke_link(second, organizer)  # again: nothing changes
    assert services.issue_round_links(round1, organizer) == 1
    links = list(table.links.order_by("pk"))
    assert [link.pk for link in links[:2]] == [first.pk, second.pk]
    assert [link.revoked_at is None for link in links] == [False, False, True]
    # A round not started is drawn again: its tables go, their links with them.
    services.draw_seating(round1, organizer, seed=7, present=players)
    assert not TableLink.objects.filter(pk__in=[link.pk for link in links]).exists()
    # The round is then played: the revoked links that went with their table are not
    # missing for the audit.
    for table in round1.tables.all():
        services.issue_link(table, organizer)
        services.issue_link(table, organizer)
        names = [s.player.name for s in table.seats.order_by("position")]
        doc = {"ruleset": "la-vista", "players": names, "dealer": names[-1], "kind": "played"}
        doc |= {"bidder": names[0], "bid": "four", "partner": names[2], "blind": "second"}
        services.record_deal(table, doc | {"bidder_points": 41}, organizer)
    assert audit_ledger().ok


# -- the activity log --------------------------------------------------------------------


def test_an_event_or_a_season_with_a_log_is_never_deleted(event, organizer):
    from tournaments.services import seasons

    season = seasons.create_season(
        organizer, name="Heun season", start_date=event.date, end_date=event.date
    )
    for row in (event, season):
        with pytest.raises(IntegrityError) as error, transaction.atomic():
            row.delete()
        said = "tournaments_auditentry rows are append-only: post new rows instead (DELETE refused)"
        assert said in str(error.value)
    assert ActivityEntry.objects.filter(event=event).count() == 1
    assert ActivityEntry.objects.filter(season=season).count() == 1


def test_the_admin_says_why_an_event_is_not_deleted(event, django_user_model):
    """The log is read-only in the admin: deleting an event would delete its log."""
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("root", password="x-pw"))
    url = reverse("admin:tournaments_event_delete", args=[event.pk])
    assert client.post(url, {"post": "yes"}).status_code == 403
    page = client.get(url)
    said = page.content.decode()
    assert page.status_code == 200 and "<h1>Cannot delete event</h1>" in said
    assert '<ul id="deleted-objects">\t<li>activity entry</li></ul>' in said
    assert Event.objects.filter(pk=event.pk).exists()


# -- the circuit's published ranking lists -----------------------------------------------


def test_a_published_list_is_kept_as_it_was_published(event):
    """Every statement that would rewrite or remove a published list is refused; the
    service publishing a list only inserts."""
    from tournaments.services import circuit_list

    first = circuit_list.publish(event.date)
    second = circuit_list.publish(event.date)  # a new list: a new row
    assert PublishedList.objects.count() == 2
    before = rows(PublishedList)
    found = statements(PublishedList)
    found.pop("TRUNCATE by cascade", None)  # no table it hangs on is truncated
    assert "DELETE" in found and "UPDATE" in found
    said = "tournaments_publishedlist a published list is kept as published: publish a new list"
    for name, sql in found.items():
        with pytest.raises(IntegrityError, match="a published list is kept") as error:
            with transaction.atomic():
                run(sql, {"target": first.pk, "source": second.pk})
        assert said in str(error.value), name
        assert rows(PublishedList) == before, name
    with pytest.raises(IntegrityError, match="DELETE refused"), transaction.atomic():
        first.delete()
    with pytest.raises(IntegrityError, match="UPDATE refused"), transaction.atomic():
        PublishedList.objects.filter(pk=first.pk).update(moves=[])
    assert rows(PublishedList) == before


# -- installing ----------------------------------------------------------------------------

EXPECTED = {
    "postgresql": [
        f"{name} on tournaments_{table}"
        for name, table in [
            ("taroky_append_only", "auditentry"),
            ("taroky_append_only", "dealnet"),
            ("taroky_append_only", "dealversion"),
            ("taroky_append_only", "ledgerentry"),
            ("taroky_append_only_truncate", "auditentry"),
            ("taroky_append_only_truncate", "dealnet"),
            ("taroky_append_only_truncate", "dealversion"),
            ("taroky_append_only_truncate", "ledgerentry"),
            ("taroky_deal_id_kept", "deal"),
            ("taroky_deal_kept", "deal"),
            ("taroky_published_list_kept", "publishedlist"),
            ("taroky_published_list_kept_truncate", "publishedlist"),
            ("taroky_revoked_link", "checkinlink"),
            ("taroky_revoked_link", "tablelink"),
            ("taroky_substitution_kept", "substitution"),
        ]
    ],
    "sqlite": sorted(
        [
            f"taroky_append_only_{op}_tournaments_{table} on tournaments_{table}"
            for table in ("auditentry", "dealnet", "dealversion", "ledgerentry")
            for op in ("delete", "insert", "update")
        ]
        + [f"taroky_deal_kept_{op} on tournaments_deal" for op in ("delete", "insert", "update")]
        + [
            f"taroky_published_list_kept_{op} on tournaments_publishedlist"
            for op in ("delete", "insert", "update")
        ]
        + [f"taroky_revoked_link_{op} on tournaments_tablelink" for op in ("insert", "update")]
        + [
            f"taroky_revoked_check_in_link_{op} on tournaments_checkinlink"
            for op in ("insert", "update")
        ]
        + [
            f"taroky_substitution_kept_{op} on tournaments_substitution"
            for op in ("insert", "update")
        ]
    ),
}


def test_every_trigger_is_installed_by_migrate():
    assert append_only.installed(connection) == EXPECTED[connection.vendor]


def test_lifted_puts_back_what_was_there(deal):
    with append_only.lifted(connection):
        assert append_only.installed(connection) == []
    assert append_only.installed(connection) == EXPECTED[connection.vendor]
