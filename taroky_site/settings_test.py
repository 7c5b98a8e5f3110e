"""Settings for the test suite: the normal settings with a throwaway secret key.

DATABASE_URL still chooses the database, so the suite runs on SQLite and PostgreSQL.
"""

import os

os.environ.setdefault("SECRET_KEY", "insecure-key-for-the-test-suite-only")

from .settings import *  # noqa: E402,F403

# Fast hashing for users the tests create; PBKDF2 still checks the demo fixture's hash.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared memory, so threads in the race tests lock it like a server.
    (BASE_DIR / "var").mkdir(exist_ok=True)  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(BASE_DIR / "var" / f"test-{os.getpid()}.sqlite3")  # noqa: F405
    }

# The results website's zip is built in the request (tests/web/test_site_zip.py builds
# one in the background too, on a database it commits to).
SITE_BUILD_IN_BACKGROUND = False

# Messages stay in memory (django.core.mail.outbox); a test that sends through a local
# SMTP server overrides it.
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
PUBLIC_URL = ""
