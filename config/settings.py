"""Iniciativa settings: one file, driven by environment variables (see README "Configuration")."""

import os
from pathlib import Path
from typing import Any

import dj_database_url
import xstatic.pkg.bootstrap as xstatic_bootstrap  # type: ignore[import-untyped]  # no stubs exist
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")
# HTTPS=1 is production behind a TLS proxy: secure cookies, HSTS, redirect to https.
HTTPS = env_bool("HTTPS")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("Set SECRET_KEY (or DEBUG=1 for development).")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"  # noqa: S105
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")  # old keys, still accepted (rotation)
# The key that seals each encounter log's head (combat.eventlog); SECRET_KEY when unset.
LOG_SIGNING_KEY = os.environ.get("LOG_SIGNING_KEY", "")
LOG_SIGNING_KEY_FALLBACKS = env_list("LOG_SIGNING_KEY_FALLBACKS")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "campaigns",
    "combat",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files: its own compressed copies
    # Pages compressed for phones (issue M): outside every middleware that writes the body.
    # BREACH: the CSRF token is masked anew in every response, one-time keys belong to one
    # user, and this middleware adds random bytes to each gzip header. The GM's fight page
    # does hold hidden facts beside text players choose (names); reading them from sizes would
    # need a network observer, many forced changes per guessed character and a way past the
    # random padding and TLS framing (docs/security.md).
    "django.middleware.gzip.GZipMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "combat.fastpoll.UnchangedPollMiddleware",  # an unchanged poll: 204 from the cache (R)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.nul.NulRefusalMiddleware",
    "config.throttle.LoginThrottleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.HtmxVaryMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default, tuned for several people at one table (RELIABILITY.md: WAL plus IMMEDIATE
# transactions gave 0 "database is locked" errors where Django's default failed 27-40 %).
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{SQLITE_PATH}", conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0"))
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not :memory:, so concurrency tests really share one database. Two test runs at
    # once on one checkout each name their own file (TEST_SQLITE_PATH).
    test_path = os.environ.get("TEST_SQLITE_PATH", str(BASE_DIR / ".test-db.sqlite3"))
    DATABASES["default"]["TEST"] = {"NAME": test_path}
# A pool of PostgreSQL connections per process (DB_POOL_SIZE, 0: none). Under ASGI each request
# in flight holds a connection of its own, so a burst of requests to one uvicorn worker would
# open more than PostgreSQL allows ("too many clients"); with a pool they wait for one of
# DB_POOL_SIZE instead (docs/deploy.md). Django's pool needs CONN_MAX_AGE=0.
DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "0"))
if DB_POOL_SIZE > 0 and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,  # seconds a request waits for a connection before it fails
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if env_bool("FAST_PASSWORD_HASHER"):
    # Tests and load tests only: the real hasher costs ~225 ms CPU per login.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The cache holds the login throttle's counters (config/throttle.py). With REDIS_URL every
# worker process shares them; without it each process counts on its own (fine for one worker).
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "iniciativa"),
            # A stalled Redis must not hang logins: fail fast, the throttle then lets them in.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    # Sessions read from Redis, written through to the database (docs/deploy.md).
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Template fragments drawn alike for many requests, kept in each process: every input is in
# the fragment's key (`{% cache … using="fragments" %}`), so no process serves a stale one.
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "fragments",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 2000},
}
# An unchanged encounter poll answered from the cache (combat/fastpoll.py, issue R): only with a
# cache every app process shares, else one process's old version would answer for another's.
POLL_FROM_CACHE = bool(REDIS_URL) and env_bool("POLL_FROM_CACHE", True)
# Server-sent events (combat/push.py, issue R): every commit publishes the encounter's version on
# Redis pub/sub, and ASGI processes stream it to open pages (WSGI ones answer 204: the page polls).
LIVE_SSE = bool(REDIS_URL) and env_bool("LIVE_SSE", True)
LIVE_SSE_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "iniciativa")  # the channels' prefix
LIVE_SSE_MAX_STREAMS = int(os.environ.get("LIVE_SSE_MAX_STREAMS", "500"))  # open per process
LIVE_SSE_SECONDS = float(os.environ.get("LIVE_SSE_SECONDS", "300"))  # then the browser reconnects
# The proxy sends each page's stream (…/events/) to an ASGI server and every other request to
# WSGI workers (docs/deploy.md, "Streams on their own server"): pages from WSGI offer the stream.
LIVE_SSE_ROUTED = LIVE_SSE and env_bool("LIVE_SSE_ROUTED", False)
# Failed logins allowed per username and per client address in one window (seconds);
# NUM_PROXIES trusted proxies append the client's address to X-Forwarded-For.
LOGIN_FAILURES_PER_USERNAME = int(os.environ.get("LOGIN_FAILURES_PER_USERNAME", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_THROTTLE_WINDOW = int(os.environ.get("LOGIN_THROTTLE_WINDOW", "900"))
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "1" if HTTPS else "0"))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaigns:list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("cs", _("Czech")), ("en", _("English")), ("pl", _("Polish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Prague")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
WHITENOISE_USE_FINDERS = DEBUG or not env_bool("MANIFEST_STATIC", True)
# Bootstrap comes from the xstatic-bootstrap package, never from a CDN or a copied file.
STATICFILES_DIRS = [BASE_DIR / "static", ("bootstrap", xstatic_bootstrap.BASE_DIR)]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG and env_bool("MANIFEST_STATIC", True)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

CSRF_FAILURE_VIEW = "config.errors.csrf_failure"

# Security headers (RELIABILITY.md R2). CSP is set by config.middleware.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SESSION_COOKIE_NAME = "__Host-sessionid"
    CSRF_COOKIE_NAME = "__Host-csrftoken"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
