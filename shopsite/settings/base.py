"""The project itself: the environment it reads, apps, middleware, templates, database, static files, logs, the shop."""

import hashlib
import os
import secrets
import subprocess
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Everything the running shop writes (database, media, secret key, collected static files) lives here.
VAR_DIR = Path(os.environ.get("SHOP_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    # Variables already in the environment win over the file.
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DJANGO_DEBUG", default=False)
# `make run` and `make manage` set SHOP_DEMO: the demo's admins, test payments and plain HTTP become the defaults,
# which the environment and .env still override. It is never meant for a live shop.
SHOP_DEMO = env.bool("SHOP_DEMO", default=False)


def _secret_key() -> str:
    """DJANGO_SECRET_KEY; for DEBUG or the demo only, a key made once and kept in var/ so sessions survive restarts.

    Empty for a live shop without one, which checks.py refuses.
    """
    if key := env.str("DJANGO_SECRET_KEY", default=""):
        return key
    # A live shop's key must be the same on every app server and kept apart from its disk (docs/DEPLOY.md).
    if not (DEBUG or SHOP_DEMO):
        return ""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        # Several gunicorn workers may start at once: write aside, then link into place atomically,
        # so every worker reads the same key.
        draft = VAR_DIR / f"secret_key.{os.getpid()}"
        draft.write_text(secrets.token_urlsafe(50))
        draft.chmod(0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


SECRET_KEY = _secret_key()
# Keys retired by a rotation: what they signed (sessions, reset links) still verifies (docs/DEPLOY.md).
SECRET_KEY_FALLBACKS = env.list("DJANGO_SECRET_KEY_FALLBACKS", default=[])
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

INSTALLED_APPS = [
    # The project's own commands (migrate with a lock timeout) and start-up checks (the broker's eviction policy).
    "shopsite.apps.ShopsiteConfig",
    "shopsite.apps.ShopAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # /sitemap.xml (frontend/sitemaps.py): its views and templates.
    "django.contrib.sitemaps",
    "corsheaders",
    "csp",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "webpack_loader",
    # The second factor's devices (accounts/second_factor.py): TOTP apps and single-use recovery codes.
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "accounts",
    "catalog",
    "favorites",
    "orders",
    "reviews",
    "releases",
    "privacy",
    "mailing",
    "activity",
    "frontend",
]

MIDDLEWARE = [
    # /livez and /readyz, before anything reads the Host header: a load balancer probes each machine by its address.
    "shopsite.probes.ProbeMiddleware",
    # Counts every request below it by route and answers /metrics to the scraper's token (shopsite/metrics.py).
    "shopsite.metrics.MetricsMiddleware",
    "shopsite.logs.RequestIdMiddleware",
    # On every answer, the 413 and the catalogue's fast path included (the policies are in security.py).
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # Answers preflights and marks answers for the listed front ends, the 413 below included.
    "corsheaders.middleware.CorsMiddleware",
    # Before anything reads the body: one past its limit is refused from its length (shopsite/body_limit.py).
    "shopsite.body_limit.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Above the next one, so that what it answers carries this header too.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Warm public catalogue reads and page shells, answered from the cache before the middleware below runs; every
    # answer's caching headers on the way out (private, no-store for a signed-in caller: shopsite/http_cache.py).
    "catalog.middleware.PublicAnswerMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # An admin's session ends after SHOP_ADMIN_IDLE_MINUTES without a request (accounts/middleware.py).
    "accounts.middleware.AdminIdleTimeoutMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

ROOT_URLCONF = "shopsite.urls"
WSGI_APPLICATION = "shopsite.wsgi.application"

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
            # {{ price|money }} in every template, the mails' first.
            "builtins": ["shopsite.templatetags.money"],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers write at once: WAL lets readers run beside a writer, and IMMEDIATE
    # transactions take the write lock up front, so a writer waits (timeout) instead of failing
    # halfway with 'database is locked'.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
else:
    # A connection cut or a database out of reach: a request waits this long to connect, not the TCP stack's minutes,
    # and a connection lost silently (a failover, a firewall's idle cut) is noticed by keepalives within a minute.
    # libpq's connection parameters, which PgBouncer accepts (unlike startup options).
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("connect_timeout", env.int("DATABASE_CONNECT_TIMEOUT", default=3))
    _options.setdefault("keepalives", 1)
    _options.setdefault("keepalives_idle", 30)
    _options.setdefault("keepalives_interval", 10)
    _options.setdefault("keepalives_count", 3)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if env.bool("DATABASE_POOL", default=False):
        # Django's psycopg pool: each process keeps up to max_size connections for its threads and shares them,
        # rather than one per thread kept for CONN_MAX_AGE (docs/DEPLOY.md's sizing table). A request waits
        # up to `timeout` for a free one, then fails (503).
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        _options["pool"] = {
            "min_size": env.int("DATABASE_POOL_MIN_SIZE", default=2),
            "max_size": env.int("DATABASE_POOL_MAX_SIZE", default=4),
            "timeout": env.float("DATABASE_POOL_TIMEOUT", default=5),
        }
    else:
        DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    # Behind PgBouncer in transaction mode a server-side cursor (.iterator()) would lose its transaction between
    # fetches: Django then reads such queries whole.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env.bool("DATABASE_PGBOUNCER", default=False)
# Seconds one SQL statement, and one wait for a row or table lock, may take (0: no limit). PostgreSQL cuts what
# runs longer, and the request answers 503 instead of holding its thread (shopsite/errors.py). Only the web
# server's connections get them: shopsite/wsgi.py and asgi.py set SHOP_WEB_SERVER. Migrations, import_shoes,
# seed_demo and bench/seed.py run through manage.py or their own script and take as long as they need.
DATABASE_STATEMENT_TIMEOUT = env.float("DATABASE_STATEMENT_TIMEOUT", default=5)
DATABASE_LOCK_TIMEOUT = env.float("DATABASE_LOCK_TIMEOUT", default=2)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The same backend, setting SESSION_SETTINGS by SQL once per new connection (shopsite/postgresql/base.py), never
    # as libpq's startup options, which PgBouncer refuses. Behind PgBouncer in transaction mode, set them on the role
    # instead (ALTER ROLE ... SET statement_timeout) and both variables to 0 (docs/DEPLOY.md).
    DATABASES["default"]["ENGINE"] = "shopsite.postgresql"
    if env.bool("SHOP_WEB_SERVER", default=False):
        DATABASES["default"]["SESSION_SETTINGS"] = {
            name: f"{round(seconds * 1000)}"
            for name, seconds in (
                ("statement_timeout", DATABASE_STATEMENT_TIMEOUT),
                ("lock_timeout", DATABASE_LOCK_TIMEOUT),
            )
            if seconds
        }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# A password reset link works for an hour, as the hosted identity service's do.
PASSWORD_RESET_TIMEOUT = 3600
AUTH_PASSWORD_VALIDATORS = [
    # The spec's only rule is 'at least 6 characters'.
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 6},
    },
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = VAR_DIR / "media"
# Media move to object storage with AWS_STORAGE_BUCKET_NAME (integrations.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# webpack already puts a content hash in every file name; tell whitenoise those never change.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+\.[0-9a-f]{8,}\..+$"
WEBPACK_LOADER = {
    "DEFAULT": {
        "BUNDLE_DIR_NAME": "dist/",
        "STATS_FILE": BASE_DIR / "frontend" / "webpack-stats.json",
        "CACHE": not DEBUG,
    }
}

# JSON lines on stdout with the request's id (a log collector reads them as they are); `text` for a
# person reading a terminal.
LOG_FORMAT = env.str("DJANGO_LOG_FORMAT", default="text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "shopsite.logs.RequestIdFilter"}},
    "formatters": {
        "json": {"()": "shopsite.logs.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "filters": ["request_id"],
            "formatter": LOG_FORMAT,
        }
    },
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
}


def _release() -> str:
    """SHOP_RELEASE; else the checkout's commit; else the bundle's hash (an image built without .git); else "dev"."""
    if release := env.str("SHOP_RELEASE", default=""):
        return release
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=BASE_DIR, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    stats = BASE_DIR / "frontend" / "webpack-stats.json"
    return hashlib.sha256(stats.read_bytes()).hexdigest()[:12] if stats.is_file() else "dev"


# What this release is: in every cache key (integrations.py), so that during a rolling release old and new machines
# never read each other's cached answers, whose shapes may differ. Every machine of one release must have the same.
SHOP_RELEASE = _release()
# migrate waits at most this long (seconds) for a table's lock (shopsite/management/commands/migrate.py): a migration
# queued behind a long transaction would otherwise hold every request queued behind it. 0: no limit.
DATABASE_MIGRATE_LOCK_TIMEOUT = env.float("DATABASE_MIGRATE_LOCK_TIMEOUT", default=5)

# The shop's own settings.
# What /readyz needs answering before the load balancer may send this machine traffic (shopsite/probes.py): any of
# database, cache, broker. Without the cache or the broker the shop still serves, degraded: an operator who would
# rather keep every machine in while a shared Redis is out names only `database`.
# What /readyz needs answering. Not the cache by default: the shop serves degraded without it, and a shared Redis out
# would take every machine out of the balancer at once (docs/DEPLOY.md).
SHOP_READY_NEEDS = env.list("SHOP_READY_NEEDS", default=["database", "broker"])
SHOP_NAME = env.str("SHOP_NAME", default="Sneaker Shop")
# Days after an order was received (or shipped, when never marked received) that its buyer may ask for a return.
SHOP_RETURN_DAYS = env.int("SHOP_RETURN_DAYS", default=30)
# The footer's social links, network name to the shop's page there, as a JSON object.
SHOP_SOCIAL_LINKS = env.json(
    "SHOP_SOCIAL_LINKS",
    default={
        "Instagram": "https://www.instagram.com/",
        "Facebook": "https://www.facebook.com/",
        "X": "https://x.com/",
        "YouTube": "https://www.youtube.com/",
    },
)
DEMO_ADMIN_EMAILS = ["admin@sneakers.test", "boss@sneakers.test"]
# The spec's two fixed administrators. An address here makes an admin only once it is verified.
SHOP_ADMIN_EMAILS = [
    email.lower() for email in env.list("SHOP_ADMIN_EMAILS", default=DEMO_ADMIN_EMAILS if SHOP_DEMO else [])
]
# A second factor (an authenticator app's code) for everyone who can move money or rights (accounts/second_factor.py):
# "required" (a live shop's default) refuses an admin's calls and the Django admin until they enrolled and entered a
# code; "optional" (the demo's) asks only those who enrolled, so the spec's admin journeys stay one step shorter.
SHOP_ADMIN_2FA = env.str("SHOP_ADMIN_2FA", default="optional" if SHOP_DEMO else "required")
# What the authenticator app shows beside the account's address.
OTP_TOTP_ISSUER = "Sneaker shop"
# An admin's (or staff member's) session ends after this long without a request; shoppers' sessions keep Django's.
SHOP_ADMIN_IDLE_MINUTES = env.int("SHOP_ADMIN_IDLE_MINUTES", default=30)
# A checkout still holding stock after this long was abandoned (a crash, a 3-D Secure left open):
# `manage.py release_stale_reservations` settles it.
SHOP_RESERVATION_MINUTES = env.int("SHOP_RESERVATION_MINUTES", default=30)
# Seconds a catalogue answer is kept (every catalogue write makes it stale at once); 0 turns that cache off.
SHOP_CATALOG_CACHE_SECONDS = env.int("SHOP_CATALOG_CACHE_SECONDS", default=300)
# Where a shop must show it (the EU's Omnibus rule): shoe answers carry lowestPrice30Days, and a reduced shoe's page
# shows "Lowest price in the last 30 days" (docs/PRODUCT.md).
SHOP_LOWEST_PRICE_NOTICE = env.bool("SHOP_LOWEST_PRICE_NOTICE", default=False)
# Where the links in mails lead (the order's page, pictures, password resets, newsletter confirmations, unsubscribing):
# the shop as shoppers reach it, never the Host header of a request. The demo's
# default is the port make run serves; a live shop's is HTTPS on its first DJANGO_ALLOWED_HOSTS name.
SHOP_BASE_URL = env.str("SHOP_BASE_URL", default="").rstrip("/") or (
    f"http://127.0.0.1:{env.int('PORT', default=8000)}"
    if DEBUG or SHOP_DEMO
    else f"https://{ALLOWED_HOSTS[0].lstrip('.') if ALLOWED_HOSTS else 'localhost'}"
)
