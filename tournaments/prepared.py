"""The deal cycle's hottest reads, compiled to SQL once a process.

Django compiles a queryset to SQL every time it runs it, and for the small reads of a
phone's deal (its link, the table's seats, its deals, its ledger) compiling costs more
than running: the SQL and the compiler's reading of the rows (which columns make which
objects) are the same every time but for the values looked up. ``Prepared`` keeps them:
its queryset is built once with stand-in values, compiled, and the places of the
stand-ins in the parameters noted; each later run builds the queryset again (cheap: no
SQL), hands the ORM the kept SQL with the values put in those places, and the ORM reads
the rows into objects as it always does. A queryset whose parameters do not show each
stand-in is never kept: it runs as usual.

A prepared read takes only values the database is given as they are (ids, a token) and
its ``build`` must not change them; it runs as a whole (no slicing or filtering after).
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet

# Stand-ins for the values (each kind: its Python type): within the range of every
# integer column (Django leaves a lookup of a value out of its column's range out of the
# SQL), unlike any constant of a read's own (none of the hot reads has an int constant).
_STAND_INS = {int: lambda i: 32_000 + i, str: lambda i: f"\x01prepared-{i}\x01"}
_NOT_KEPT = object()


class Prepared:
    """``build(*values)``: the queryset of a read, ``kinds``: each value's type (int or
    str). ``rows(*values)``: its rows, as ``list(build(*values))``."""

    def __init__(self, build: Callable[..., QuerySet], *kinds: type):
        self.build = build
        self.kinds = kinds
        self._kept: dict[str, object] = {}  # by database alias
        self._lock = threading.Lock()

    def rows(self, *values) -> list:
        queryset = self.build(*values)
        if any(type(v) is not k for v, k in zip(values, self.kinds, strict=True)):
            return list(queryset)  # not a plain id or token (a bool, a subclass): as usual
        kept = self._kept.get(queryset.db)
        if kept is None:
            kept = self._compile(queryset.db)
        if kept is _NOT_KEPT:
            return list(queryset)
        sql, params, places, prototype = kept
        params = list(params)
        for at, which, kind in places:
            params[at] = kind(values[which])  # as the ORM gave it (psycopg's Int2, ...)
        compiler = copy.copy(prototype)
        compiler.connection = connections[queryset.db]  # this thread's connection
        compiler.query = queryset.query
        said = (sql, tuple(params))
        compiler.as_sql = lambda *args, **kwargs: said
        queryset.query.get_compiler = lambda *args, **kwargs: compiler
        return list(queryset)

    def _compile(self, alias: str):
        with self._lock:
            if alias in self._kept:
                return self._kept[alias]
            stand_ins = [_STAND_INS[kind](i) for i, kind in enumerate(self.kinds)]
            queryset = self.build(*stand_ins)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            places = [
                (at, which, type(param))
                for at, param in enumerate(params)
                for which, stand_in in enumerate(stand_ins)
                if isinstance(param, type(stand_in))
                and not isinstance(param, bool)
                and param == stand_in
            ]
            shown = {which for _, which, _ in places}
            kept = (sql, tuple(params), places, compiler)
            if len(shown) != len(stand_ins):
                kept = _NOT_KEPT  # a value the SQL holds otherwise than given
            self._kept[alias] = kept
            return kept
