"""A read compiled once (tournaments.prepared) gives what the ORM gives for every value,
on its second run as on its first, and a read whose SQL does not hold a value as given
runs as the ORM runs it."""

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Player, Seat, TableLink
from tournaments.prepared import _NOT_KEPT, Prepared

from ..conftest import SEATS5

pytestmark = pytest.mark.django_db


def seats_with_players(table_id: int, position: int):
    return (
        Seat.objects.filter(table_id=table_id, position__gte=position)
        .select_related("player")
        .order_by("position")
    )


def said(seats) -> list[tuple]:
    return [(s.pk, s.table_id, s.position, s.player.name) for s in seats]


def test_a_prepared_read_gives_what_the_orm_gives_for_other_values(table, round1, organizer):
    other = services.create_table(
        round1, organizer, [Player.objects.create(name=n) for n in SEATS5]
    )
    prepared = Prepared(seats_with_players, int, int)
    for table_id, position in [(table.pk, 0), (other.pk, 2), (table.pk, 3), (other.pk, 0)]:
        with CaptureQueriesContext(connection) as queries:
            rows = prepared.rows(table_id, position)
        assert said(rows) == said(seats_with_players(table_id, position))
        assert len(queries) == 1  # the players came with their seats
    assert isinstance(prepared._kept[connection.alias], tuple)  # compiled once, kept
    assert [s.player.name for s in prepared.rows(other.pk, 3)] == ["Hana", "Ivan"]
    assert prepared.rows(other.pk + 1000, 0) == []


def test_a_read_whose_sql_does_not_hold_the_value_as_given_is_not_kept(table):
    """A build that changes its value (here: the position) cannot be given another in
    the kept SQL's place: it runs as the ORM runs it, for each value."""
    changed = Prepared(
        lambda table_id, position: seats_with_players(table_id, position + 1), int, int
    )
    assert [s.position for s in changed.rows(table.pk, 0)] == [1, 2, 3]
    assert [s.position for s in changed.rows(table.pk, 2)] == [3]
    assert changed._kept[connection.alias] is _NOT_KEPT


def test_a_value_not_of_its_kind_runs_as_usual(table):
    prepared = Prepared(seats_with_players, int, int)
    assert said(prepared.rows(table.pk, True)) == said(seats_with_players(table.pk, 1))
    assert connection.alias not in prepared._kept  # nothing compiled for a bool


def test_annotations_and_tokens(table, organizer):
    link = services.issue_link(table, organizer)
    prepared = Prepared(
        lambda token: TableLink.objects.select_related("table__round__event").filter(token=token),
        str,
    )
    assert prepared.rows("no such token") == []
    (found,) = prepared.rows(link.token)
    assert (found.pk, found.table.number, found.table.round.event.name) == (
        link.pk,
        1,
        "Heun parish night",
    )


@pytest.mark.django_db(transaction=True)
def test_each_thread_reads_through_its_own_connection(table):
    """The kept compiler is the first thread's; another thread's read runs on its own
    connection (a thread's connection is its own in Django)."""
    prepared = Prepared(seats_with_players, int, int)
    prepared.rows(table.pk, 0)
    out = {}

    def read():
        try:
            out["rows"] = said(prepared.rows(table.pk, 1))
            out["connection"] = id(connection.connection)
        finally:
            connection.close()

    worker = threading.Thread(target=read)
    worker.start()
    worker.join()
    assert out["rows"] == said(seats_with_players(table.pk, 1))
    assert out["connection"] != id(connection.connection)
