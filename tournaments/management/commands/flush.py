"""Django's flush, with the append-only triggers lifted while the tables are emptied.

SQLite empties a table with DELETE, which the triggers refuse; the test suite's
transactional tests flush after each test. Emptying the whole database is an
administrator's act, not a change to the ledger.
"""

from django.core.management.commands import flush
from django.db import connections

from tournaments import append_only


class Command(flush.Command):
    def handle(self, **options):
        connection = connections[options["database"]]
        with append_only.lifted(connection):
            return super().handle(**options)
