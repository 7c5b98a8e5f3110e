"""Settings for the Taroky scorekeeper, read from the environment.

DATABASE_URL  database (default: SQLite file var/db.sqlite3)
SECRET_KEY    default: generated on the first run and kept in var/secret_key
DEBUG         "1"/"true" to turn on debugging (off by default)
ALLOWED_HOSTS comma-separated host names (default: localhost names)
HTTPS         "1"/"true" behind TLS: secure cookies, HSTS, redirect to https
EMAIL_HOST    the SMTP server the results by email go through (default: none, the
              messages are written to files under var/sent-email/; see docs/operations.md)
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG")


def _kept_secret_key(path: Path) -> str:
    """The key generated on the laptop's first run, so sessions survive restarts."""
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if len(key) >= 50:
        return key
    from django.core.management.utils import get_random_secret_key

    path.parent.mkdir(parents=True, exist_ok=True)
    key = get_random_secret_key()
    # Created readable by its owner only; a racing second process keeps the first key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key)
    return key


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"
    else:
        SECRET_KEY = _kept_secret_key(
            Path(os.environ.get("SECRET_KEY_FILE") or BASE_DIR / "var" / "secret_key")
        )

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A NUL character anywhere in a request is refused before anything reads it (no
    # query runs before it), its 400 with the security headers added above.
    "tournaments.middleware.RefuseNulMiddleware",
    # Every request in a club scope: a query on a club's rows that forgets its club
    # raises instead of leaking (tournaments.scoping).
    "tournaments.scoping.ClubScopeMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The service worker's kept copies leave the waiting messages alone.
    "tournaments.middleware.KeepCopyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "taroky_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "taroky_site.wsgi.application"

# The app is served by waitress with this many threads (`manage.py serve`); with
# several processes (`serve --processes N`, gunicorn) each process has this many.
SERVER_THREADS = int(os.environ.get("SERVER_THREADS") or 8)

# How long a change waits for a lock held by another change (the table's, the round's,
# SQLite's write lock) before it is refused with "nothing was saved ... try again": a
# phone gets an answer in seconds, never a request queued behind a burst for half a
# minute. A deal holds its locks for a few milliseconds, so this is a queue of hundreds.
LOCK_WAIT_SECONDS = float(os.environ.get("LOCK_WAIT_SECONDS") or 5)

# The results websites' zips, one per published event or season, built once per change
# of it (tournaments/site_store.py): shared by the server's processes.
SITE_ZIP_DIR = Path(os.environ.get("SITE_ZIP_DIR") or BASE_DIR / "var" / "site-zips")
# Built in a thread of its own while the visitor is told to come back (the tests build
# in the request, whose database transaction a thread could not see).
SITE_BUILD_IN_BACKGROUND = True

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}",
        # A connection per request, returned at its end: persistent connections with a
        # thread per request (runserver) left dozens idle until PostgreSQL refused more.
        conn_max_age=0,
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # BEGIN IMMEDIATE: a second writer waits for the first instead of failing
            # midway, so the deal services' version check sees the other's change.
            "transaction_mode": "IMMEDIATE",
            # Wait for the write lock (LOCK_WAIT_SECONDS) instead of "database is locked"
            # at once; past that the services say "try again" (services/locking.py).
            "timeout": LOCK_WAIT_SECONDS,
            # WAL: readers never wait for the writer, the writer never waits for readers;
            # NORMAL sync is safe with WAL and makes each commit one write.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg's pool, shared by the server's threads: never more connections than
    # threads, and no connection set-up per request. A request that finds every
    # connection busy waits up to 10 s. One pool per server process: with several
    # (gunicorn), PostgreSQL sees WEB_PROCESSES x SERVER_THREADS connections at most.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": SERVER_THREADS,
        "timeout": 10,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/Chicago"  # Nebraska
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Only needed for `collectstatic` behind another web server; the app serves its own.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
# WhiteNoise serves the app's own static files straight from the apps, so the app
# needs no web server in front of it and no collectstatic step, DEBUG on or off.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Each process's memory. "template_fragments" holds the pages' rendered fragments
# ({% cache %}: a new deal form's fields, the sheet's rows), keyed on everything each is
# rendered from, so no entry is ever stale and each process of several computes the
# same; a round of a big tournament keeps some thousands of rows (least recently used
# dropped first). A cache shared by processes that outlives a deploy would need its
# VERSION raised with a change of those templates.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "template-fragments",
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
}

# Sign-in lock (django-axes): five failures for one user name from one address lock
# that pair for 15 minutes. Kept in the database, so a restart does not clear it. The
# user name is compared NFKC-normalised and case-folded, as Django's sign-in form reads
# it, so a look-alike ("ｖ" for "v") counts against the same name. Keyed on name and
# address together: a stranger on the hall's network cannot lock the organizer out of
# their own phone, at the price of five guesses per address.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "tournaments.auth.lock_username"
AXES_LOCKOUT_CALLABLE = "tournaments.auth.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Production hardening; HTTPS=1 when served behind TLS.
HTTPS = env_bool("HTTPS")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# The address the hall's phones use (e.g. http://192.168.1.20:8000/), shown as a QR
# code on the wall; `manage.py serve` fills it in when serving on the hall's Wi-Fi.
HALL_URL = os.environ.get("HALL_URL", "")

# The results by email (docs/operations.md, "Email"): Django's email framework. With
# EMAIL_HOST set, through that SMTP server; without it, the messages are written to
# files under var/sent-email/ (a file a send), so a laptop shows what would be sent.
# EMAIL_BACKEND names another backend outright. Nothing is sent until an organizer
# sends the outbox.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=EMAIL_PORT == 465)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT") or 30)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "taroky@localhost")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.filebased.EmailBackend"
)
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH") or str(BASE_DIR / "var" / "sent-email")
# The address of the published results that the messages link to (e.g.
# https://taroky.example.org); else the address the organizer's page was opened at.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
