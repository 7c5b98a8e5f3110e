"""gunicorn's settings for several server processes (`manage.py serve --processes N`).

A federation hosting its clubs' events runs the app on PostgreSQL with several worker
processes on Linux or macOS. Each worker is a process of its own with SERVER_THREADS
threads (gthread) and its own pool of at most SERVER_THREADS PostgreSQL connections
(settings.py), so the database serves at most WEB_PROCESSES x SERVER_THREADS
connections: keep that under PostgreSQL's max_connections (100 by default). Nothing the
app needs is kept in a worker's memory alone: sessions, the sign-in lock, the live
pages' change counts are in the database; the caches in memory are keyed on what they
are made of, so every worker computes the same.

The app is loaded in each worker after the fork (no preload): no database connection
or pool is shared across processes.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_PROCESSES", "2"))
worker_class = "gthread"
threads = int(os.environ.get("SERVER_THREADS", "8"))
preload_app = False
# A request that takes longer than this is a stuck worker: gunicorn restarts it.
timeout = 60
graceful_timeout = 10
keepalive = 5
# Phones and the wall keep their connections: each costs a thread only while a request
# is being answered.
worker_connections = 1000
accesslog = None
errorlog = "-"
loglevel = "warning"
proc_name = "taroky"
