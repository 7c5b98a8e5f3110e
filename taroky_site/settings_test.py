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
