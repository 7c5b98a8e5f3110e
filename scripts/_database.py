"""The scripts' database: DATABASE_URL as given. A PostgreSQL database named there that
does not exist yet is created first (on the same server, through its ``postgres``
database), so the documented commands run on a fresh server too."""

from __future__ import annotations

import os
from urllib.parse import urlsplit


def ensure_database(url: str | None = None) -> None:
    url = url if url is not None else os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg
    from psycopg import sql

    server = urlsplit(url)
    name = server.path.lstrip("/")
    admin = server._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone() is None:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            print(f"created the PostgreSQL database {name}")
