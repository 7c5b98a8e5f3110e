"""Jobs run in threads released together, as phones sending at once."""

import threading
import time

from django.db import connection
from django_scopes import scopes_disabled

from tournaments import services


def at_once(*jobs):
    """Run the jobs in threads released together; each one's result or error message."""
    results, _ = timed_at_once(*jobs)
    return [said[1] if isinstance(said, tuple) else said for said in results]


def timed_at_once(*jobs):
    """Run the jobs in threads released together: each one's result ("saved", the
    error's message, or for a deal number taken ("already saved" or "conflict",
    message)), and how long each waited for its answer."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)
    waited = [0.0] * len(jobs)

    def run(i, job):
        try:
            barrier.wait()
            start = time.monotonic()
            try:
                job()
                results[i] = "saved"
            finally:
                waited[i] = time.monotonic() - start
        except services.DealNumberTaken as e:
            results[i] = ("already saved" if e.same else "conflict", e.message)
        except services.ServiceError as e:
            results[i] = e.message
        except Exception as e:  # pragma: no cover - shown in the assertion
            results[i] = f"server error: {e!r}"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=scopes_disabled()(run), args=(i, job)) for i, job in enumerate(jobs)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, waited
