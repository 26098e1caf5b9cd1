"""Settings of the sneaker shop, read from the environment (every variable is listed in .env.example)."""

import os
import re
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
# Everything the running shop writes (database, media, secret key, collected static files) lives here.
VAR_DIR = Path(os.environ.get("SHOP_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    # Variables already in the environment win over the file.
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DJANGO_DEBUG", default=False)
# `make run` sets SHOP_DEMO: the demo's admins, test payments and plain HTTP become the defaults, which the
# environment and .env still override. It is never meant for a live shop.
SHOP_DEMO = env.bool("SHOP_DEMO", default=False)


def _secret_key() -> str:
    """DJANGO_SECRET_KEY; for DEBUG or the demo only, a key made once and kept in var/ so sessions survive restarts."""
    if key := env.str("DJANGO_SECRET_KEY", default=""):
        return key
    # A live shop's key must be the same on every app server and kept apart from its disk (docs/DEPLOY.md).
    if not (DEBUG or SHOP_DEMO):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set. A live shop needs its own, the same on every app server "
            "(docs/DEPLOY.md); only DJANGO_DEBUG=1 or SHOP_DEMO=1 make one in var/."
        )
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
# Other front ends: origins (https://app.example.com) whose pages may call /api/ with the visitor's cookies
# (django-cors-headers). None by default: only the shop's own pages. A listed origin is trusted by the CSRF
# check too, as the shop's own origin is.
SHOP_CORS_ALLOWED_ORIGINS = env.list("SHOP_CORS_ALLOWED_ORIGINS", default=[])
CORS_ALLOWED_ORIGINS = SHOP_CORS_ALLOWED_ORIGINS
CORS_ALLOW_CREDENTIALS = True
CORS_URLS_REGEX = r"^/api/"
# The list calls' paging and the request id, for a front end that reads them.
CORS_EXPOSE_HEADERS = ["Link", "X-Total-Count", "X-Request-ID"]
CSRF_TRUSTED_ORIGINS = [*env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[]), *SHOP_CORS_ALLOWED_ORIGINS]

INSTALLED_APPS = [
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
    "accounts",
    "catalog",
    "favorites",
    "orders",
    "reviews",
    "mailing",
    "frontend",
]

MIDDLEWARE = [
    "shopsite.logs.RequestIdMiddleware",
    # On every answer, the 413 and the catalogue's fast path included (the policies are at the end of this file).
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
    # Warm public catalogue reads and page shells, answered from the cache before the middleware below runs.
    "catalog.middleware.PublicAnswerMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
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
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Seconds one SQL statement, and one wait for a row or table lock, may take (0: no limit). PostgreSQL cuts what
# runs longer, and the request answers 503 instead of holding its thread (shopsite/errors.py). Only the web
# server's connections get them: shopsite/wsgi.py and asgi.py set SHOP_WEB_SERVER. Migrations, import_shoes,
# seed_demo and bench/seed.py run through manage.py or their own script and take as long as they need.
DATABASE_STATEMENT_TIMEOUT = env.float("DATABASE_STATEMENT_TIMEOUT", default=5)
DATABASE_LOCK_TIMEOUT = env.float("DATABASE_LOCK_TIMEOUT", default=2)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool("SHOP_WEB_SERVER", default=False):
    # libpq's startup options: set as the connection opens, without a round trip of its own.
    _limits = (
        f"-c statement_timeout={round(DATABASE_STATEMENT_TIMEOUT * 1000)} "
        f"-c lock_timeout={round(DATABASE_LOCK_TIMEOUT * 1000)}"
    )
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options["options"] = f"{_options['options']} {_limits}" if _options.get("options") else _limits
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # Redis down or hanging slows no request: short timeouts, and a breaker that lets each process's memory
    # stand in for a few seconds before Redis is tried again (shopsite/cache.py). Options in the URL win.
    CACHES["default"]["BACKEND"] = "shopsite.cache.ResilientRedisCache"
    CACHES["default"]["OPTIONS"] = {
        "socket_connect_timeout": env.float("CACHE_CONNECT_TIMEOUT", default=0.25),
        "socket_timeout": env.float("CACHE_READ_TIMEOUT", default=0.25),
        "breaker_seconds": env.float("CACHE_BREAKER_SECONDS", default=5),
        **CACHES["default"].get("OPTIONS", {}),
    }
elif CACHES["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache":
    # Each worker's own memory: a bound on its entries (each kept catalogue answer at most 128 kB, catalog/cache.py)
    # bounds it whatever URLs it is asked. Redis is bounded by its maxmemory (docs/DEPLOY.md).
    CACHES["default"].setdefault("OPTIONS", {}).setdefault("MAX_ENTRIES", 500)

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
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
AWS_STORAGE_BUCKET_NAME = env.str("AWS_STORAGE_BUCKET_NAME", default="")
if AWS_STORAGE_BUCKET_NAME:
    # django-storages reads the other AWS_* settings itself.
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
    AWS_S3_ENDPOINT_URL = env.str("AWS_S3_ENDPOINT_URL", default=None)
    AWS_S3_REGION_NAME = env.str("AWS_S3_REGION_NAME", default=None)
    AWS_S3_CUSTOM_DOMAIN = env.str("AWS_S3_CUSTOM_DOMAIN", default=None)
    AWS_QUERYSTRING_AUTH = False
    AWS_DEFAULT_ACL = None
    AWS_S3_FILE_OVERWRITE = False
# webpack already puts a content hash in every file name; tell whitenoise those never change.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+\.[0-9a-f]{8,}\..+$"

# HTTPS: on for a live shop (DEBUG off, not the demo), off for `make run` and the tests, which speak
# plain HTTP on loopback. A load balancer that ends TLS says so with X-Forwarded-Proto, which gunicorn
# trusts only from FORWARDED_ALLOW_IPS (gunicorn.conf.py).
SHOP_HTTPS = env.bool("SHOP_HTTPS", default=not (DEBUG or SHOP_DEMO))
if SHOP_HTTPS:
    SECURE_SSL_REDIRECT = True
    # The load balancer's health check comes over plain HTTP and must not be sent away.
    SECURE_REDIRECT_EXEMPT = [r"^api/health$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # Browsers remember for a year to come only over HTTPS, to every subdomain; preload asks to be
    # built into browsers, which happens only once the domain is submitted (docs/DEPLOY.md).
    SECURE_HSTS_SECONDS = env.int("SHOP_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SHOP_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SHOP_HSTS_PRELOAD", default=True)
# Django's defaults already send nosniff, X-Frame-Options DENY, Referrer-Policy same-origin and
# Cross-Origin-Opener-Policy same-origin; the sign-in cookie is never readable from JavaScript.
SESSION_COOKIE_HTTPONLY = True

# Uploads above this size go to a temporary file instead of memory.
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# The most a body other than a form with a picture may weigh (a picture's form: shopsite/body_limit.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# The demo keeps its mails as files in var/mail/ (make run says so); anything else prints them, unless EMAIL_URL says
# where to send them.
EMAIL_CONFIG = env.email("EMAIL_URL", default="consolemail://")
if SHOP_DEMO and not env.str("EMAIL_URL", default=""):
    EMAIL_CONFIG = {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": VAR_DIR / "mail",
    }
vars().update(EMAIL_CONFIG)
# Seconds of each wait on the mail server. Only Celery's workers wait on it (mailing/tasks.py), never a request; a
# mail that fails is tried again later, and its task's time limit stays well inside the outbox's claim.
EMAIL_TIMEOUT = 5
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Sneaker Shop <shop@localhost>")
# The shop's inbox for the contact form; the mail's Reply-To is the visitor, so staff just reply.
SHOP_CONTACT_EMAIL = env.str("SHOP_CONTACT_EMAIL", default=DEFAULT_FROM_EMAIL)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.SessionAuthentication"],
    # Every view says who may call it; this default only catches a view that forgot to.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "shopsite.parsers.JSONParser",
        "rest_framework.parsers.MultiPartParser",
        "rest_framework.parsers.FormParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "shopsite.pagination.OptionalLimitOffsetPagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "shopsite.errors.exception_handler",
    # Prices travel as JSON numbers in dollars (docs/DESIGN.md §3).
    "COERCE_DECIMAL_TO_STRING": False,
    # drf-spectacular's, naming output serializers' components without "Output" (shopsite/openapi.py).
    "DEFAULT_SCHEMA_CLASS": "shopsite.openapi.ShopAutoSchema",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # Per client (IP address, or user when signed in): enough for a person, too few for a script
    # filling the tables or the shop's inbox.
    "DEFAULT_THROTTLE_RATES": {
        "newsletter": env.str("SHOP_NEWSLETTER_RATE", default="10/hour"),
        "contact": env.str("SHOP_CONTACT_RATE", default="5/hour"),
        # 'Notify me' on a sold-out size, per client: a shopper asks for a few sizes, not hundreds.
        "stock_alert": env.str("SHOP_STOCK_ALERT_RATE", default="20/hour"),
        # Password guessing: every sign-in per client address, and the failed ones per account whatever
        # the address (a success or a completed password reset clears those).
        "signin": env.str("SHOP_SIGNIN_RATE", default="10/minute"),
        "signin_email": env.str("SHOP_SIGNIN_EMAIL_RATE", default="20/hour"),
        "signup": env.str("SHOP_SIGNUP_RATE", default="10/hour"),
        # Reset mails: per client, and per address so nobody floods one inbox.
        "password_reset": env.str("SHOP_PASSWORD_RESET_RATE", default="5/hour"),
        "password_reset_email": env.str("SHOP_PASSWORD_RESET_EMAIL_RATE", default="3/hour"),
        # Using a reset link, per client.
        "password_reset_confirm": env.str("SHOP_PASSWORD_RESET_CONFIRM_RATE", default="10/hour"),
        # Per signed-in user: stolen cards are tried out on shops by the hundred ('card testing').
        "checkout": env.str("SHOP_CHECKOUT_RATE", default="20/hour"),
        # Catalogue answers built from the database rather than found in the cache, per client: a shopper paging and
        # searching needs a few a minute; a script asking for pages nobody else asks for gets 429 past this. Empty:
        # no limit (the bench's cache-off server, which measures the database path on purpose).
        "catalog_build": env.str("SHOP_CATALOG_BUILD_RATE", default="300/minute") or None,
    },
    # How many proxies (load balancers) stand before the app. Left unset, DRF would take the client's
    # address from an X-Forwarded-For header anyone can forge, and the throttles would not hold.
    "NUM_PROXIES": env.int("SHOP_NUM_PROXIES", default=0),
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Sneaker shop API",
    "DESCRIPTION": "The calls of the storefront and the admin dashboard (docs/PRODUCT.md §7).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "UserStatusEnum": "accounts.models.User.Status",
        "OrderStatusEnum": "orders.models.Order.Status",
    },
}

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

# The shop's own settings.
SHOP_NAME = env.str("SHOP_NAME", default="Sneaker Shop")
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

# Who signs people in (docs/DESIGN.md §4) and who takes their money (§5).
IDENTITY_PROVIDER = env.str("IDENTITY_PROVIDER", default="local")
if IDENTITY_PROVIDER == "firebase":
    REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"] = ["accounts.identity.firebase.FirebaseAuthentication"]
FIREBASE_PROJECT_ID = env.str("FIREBASE_PROJECT_ID", default="")
# The Firebase web app's config object, as JSON; the browser needs it to sign in.
FIREBASE_WEB_CONFIG = env.json("FIREBASE_WEB_CONFIG", default={})
# Sign in with Google for a shop on its own accounts (IDENTITY_PROVIDER=local): the OAuth client id of a "Web
# application" in Google Cloud's console. Empty: no Google button. A Firebase shop signs Google users in through
# Firebase instead.
GOOGLE_CLIENT_ID = env.str("GOOGLE_CLIENT_ID", default="") if IDENTITY_PROVIDER == "local" else ""
PAYMENT_GATEWAY = env.str("PAYMENT_GATEWAY", default="test")
STRIPE_SECRET_KEY = env.str("STRIPE_SECRET_KEY", default="")
STRIPE_PUBLISHABLE_KEY = env.str("STRIPE_PUBLISHABLE_KEY", default="")
# The signing secret (whsec_...) of the endpoint registered in Stripe for POST /api/payments/stripe/webhook
# (docs/DEPLOY.md): empty, the endpoint refuses every event.
STRIPE_WEBHOOK_SECRET = env.str("STRIPE_WEBHOOK_SECRET", default="")
# How old a signed event may be (seconds): an older one is a replay of a captured request. Stripe's own default.
STRIPE_WEBHOOK_TOLERANCE = env.int("STRIPE_WEBHOOK_TOLERANCE", default=300)
SHOP_ALLOW_TEST_PAYMENTS = env.bool("SHOP_ALLOW_TEST_PAYMENTS", default=SHOP_DEMO)
# Prices are in dollars (docs/PRODUCT.md §9); the gateway charges in cents of this currency.
SHOP_CURRENCY = "usd"
# Starts every idempotency key the shop sends Stripe: a second shop on the same Stripe account sets its own.
SHOP_IDEMPOTENCY_PREFIX = env.str("SHOP_IDEMPOTENCY_PREFIX", default="shop")
# A checkout still holding stock after this long was abandoned (a crash, a 3-D Secure left open):
# `manage.py release_stale_reservations` settles it.
SHOP_RESERVATION_MINUTES = env.int("SHOP_RESERVATION_MINUTES", default=30)
# Seconds a catalogue answer is kept (every catalogue write makes it stale at once); 0 turns that cache off.
SHOP_CATALOG_CACHE_SECONDS = env.int("SHOP_CATALOG_CACHE_SECONDS", default=300)

# Where the links in mails lead (the order's page, pictures, unsubscribing): the shop as shoppers reach it. The demo's
# default is the port make run serves; a live shop's is HTTPS on its first DJANGO_ALLOWED_HOSTS name.
SHOP_BASE_URL = env.str("SHOP_BASE_URL", default="").rstrip("/") or (
    f"http://127.0.0.1:{env.int('PORT', default=8000)}"
    if DEBUG or SHOP_DEMO
    else f"https://{ALLOWED_HOSTS[0].lstrip('.') if ALLOWED_HOSTS else 'localhost'}"
)

# Background work (docs/DESIGN.md §6): Celery, configured from the CELERY_* settings below (shopsite/celery.py). A
# live shop names a broker every app server and worker shares (Redis); the demo's default is a SQLite file in var/,
# which only the processes of one machine can share, so a live shop without CELERY_BROKER_URL refuses to start.
# A mail the mail server refused is tried again after 1, 2, 4, 8 and 16 minutes (about half an hour in all); then it
# waits in the outbox for the periodic resend.
SHOP_MAIL_RETRIES = env.int("SHOP_MAIL_RETRIES", default=5)
SHOP_MAIL_RETRY_SECONDS = env.float("SHOP_MAIL_RETRY_SECONDS", default=60)
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
if not CELERY_BROKER_URL:
    if not (DEBUG or SHOP_DEMO):
        raise ImproperlyConfigured(
            "CELERY_BROKER_URL is not set. A live shop's app servers and workers share one broker (Redis, "
            "docs/DEPLOY.md); only DJANGO_DEBUG=1 or SHOP_DEMO=1 use a SQLite file in var/."
        )
    CELERY_BROKER_URL = f"sqla+sqlite:///{VAR_DIR / 'celery-broker.sqlite3'}"
if CELERY_BROKER_URL.startswith("sqla+sqlite"):
    # The web server, the worker and beat write to the file at once: wait for the lock rather than fail.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"connect_args": {"timeout": 20}}
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # A request hands its mails to the broker after its commit: a broker that hangs costs it one short wait per
        # try, not a stuck thread (the mail stays pending in the outbox for the periodic resend).
        "socket_connect_timeout": env.float("CELERY_BROKER_TIMEOUT", default=1),
        "socket_timeout": env.float("CELERY_BROKER_TIMEOUT", default=1),
        # Redis gives a task a worker took but did not acknowledge (acks_late: the worker died) to another after this
        # long. Longer than the longest retry countdown, or a task waiting for its retry would be run twice.
        "visibility_timeout": max(2 * 3600, 2 * SHOP_MAIL_RETRY_SECONDS * 2 ** max(SHOP_MAIL_RETRIES - 1, 0)),
    }
# Publishing from a request: two quick tries, then the outbox's periodic resend takes over.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_BROKER_CONNECTION_TIMEOUT = env.float("CELERY_BROKER_TIMEOUT", default=1)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Two shops (or the bench) on one Redis keep their tasks apart by queue.
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="celery")
# Nothing reads a task's result: the outbox rows and the orders are the truth.
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# One task at a time per worker process: a mail waiting on its retry's countdown is held apart from this.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The worker logs through the LOGGING below (JSON lines with the request and the task), not its own format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_WORKER_REDIRECT_STDOUTS = False
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Beat's periodic jobs (run once per shop); each has a manage.py command of the same service for operators.
SHOP_RELEASE_STALE_EVERY_MINUTES = env.int("SHOP_RELEASE_STALE_EVERY_MINUTES", default=5)
SHOP_MAIL_RESEND_EVERY_MINUTES = env.int("SHOP_MAIL_RESEND_EVERY_MINUTES", default=10)
CELERY_BEAT_SCHEDULE = {
    "release-stale-reservations": {
        "task": "orders.tasks.reservations_release_stale",
        "schedule": SHOP_RELEASE_STALE_EVERY_MINUTES * 60,
        # A run the workers could not start before the next one is due is dropped, not piled up.
        "options": {"expires": SHOP_RELEASE_STALE_EVERY_MINUTES * 60},
    },
    "handle-pending-stripe-events": {
        "task": "orders.tasks.webhook_events_handle_pending",
        "schedule": SHOP_RELEASE_STALE_EVERY_MINUTES * 60,
        "options": {"expires": SHOP_RELEASE_STALE_EVERY_MINUTES * 60},
    },
    "send-pending-mail": {
        "task": "mailing.tasks.mail_send_pending",
        "schedule": SHOP_MAIL_RESEND_EVERY_MINUTES * 60,
        "options": {"expires": SHOP_MAIL_RESEND_EVERY_MINUTES * 60},
    },
}

if IDENTITY_PROVIDER not in ("local", "firebase"):
    raise ImproperlyConfigured(f"IDENTITY_PROVIDER must be 'local' or 'firebase', not {IDENTITY_PROVIDER!r}.")
if IDENTITY_PROVIDER == "firebase" and not FIREBASE_PROJECT_ID:
    raise ImproperlyConfigured("IDENTITY_PROVIDER=firebase needs FIREBASE_PROJECT_ID, the audience of its ID tokens.")
# With it set, firebase-admin skips the signature and expiry checks of ID tokens: anyone could be anyone.
if env.str("FIREBASE_AUTH_EMULATOR_HOST", default="") and not DEBUG:
    raise ImproperlyConfigured("FIREBASE_AUTH_EMULATOR_HOST turns off the ID token checks: only with DJANGO_DEBUG=1.")
# The test gateway ships pairs for card numbers printed in Stripe's documentation: never in a live shop.
if SHOP_ALLOW_TEST_PAYMENTS and not (DEBUG or SHOP_DEMO):
    raise ImproperlyConfigured("SHOP_ALLOW_TEST_PAYMENTS takes fake cards: only with DJANGO_DEBUG=1 or SHOP_DEMO=1.")
if PAYMENT_GATEWAY not in ("test", "stripe"):
    raise ImproperlyConfigured(f"PAYMENT_GATEWAY must be 'test' or 'stripe', not {PAYMENT_GATEWAY!r}.")
if PAYMENT_GATEWAY == "stripe" and not (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY):
    raise ImproperlyConfigured("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.")
if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", SHOP_IDEMPOTENCY_PREFIX):
    raise ImproperlyConfigured("SHOP_IDEMPOTENCY_PREFIX must be 1 to 40 letters, digits, '-' or '_'.")

# Content-Security-Policy (django-csp): scripts, styles and everything else from the shop itself; no inline script
# or style anywhere (the page shell's settings travel in a JSON data block, the API docs' start-up script is a
# file); Stripe.js, Firebase's sign-in and Google's sign-in button are allowed only in a shop that uses them, with the
# origins their documentation names. Nobody may frame the shop.
CSP_SCRIPTS, CSP_STYLES, CSP_FRAMES, CSP_CONNECTIONS, CSP_IMAGES = [SELF], [SELF], [], [SELF], [SELF, "data:"]
if PAYMENT_GATEWAY == "stripe":
    CSP_SCRIPTS += ["https://js.stripe.com", "https://*.js.stripe.com"]
    # Its card field and the 3-D Secure check are frames of its own.
    CSP_FRAMES += ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]
    CSP_CONNECTIONS += ["https://api.stripe.com"]
if IDENTITY_PROVIDER == "firebase":
    # Sign-in with Google opens a popup and talks to it through a frame of the project's auth domain, set up by
    # Google's API loader.
    CSP_SCRIPTS += ["https://apis.google.com"]
    CSP_FRAMES += [f"https://{FIREBASE_WEB_CONFIG.get('authDomain') or f'{FIREBASE_PROJECT_ID}.firebaseapp.com'}"]
    CSP_CONNECTIONS += ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]
if GOOGLE_CLIENT_ID:
    # Google Identity Services: its script draws the button in a frame of Google's and asks Google from it, and brings
    # its own stylesheet (the origins its setup guide lists). Its popup talks back to the page that opened it, which
    # Django's default Cross-Origin-Opener-Policy (same-origin) would cut off.
    CSP_SCRIPTS += ["https://accounts.google.com/gsi/client"]
    CSP_FRAMES += ["https://accounts.google.com/gsi/"]
    CSP_CONNECTIONS += ["https://accounts.google.com/gsi/"]
    CSP_STYLES += ["https://accounts.google.com/gsi/style"]
    SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups"
if AWS_STORAGE_BUCKET_NAME:
    # Pictures come from the bucket, or from the CDN in front of it.
    if AWS_S3_CUSTOM_DOMAIN:
        CSP_IMAGES += [f"https://{AWS_S3_CUSTOM_DOMAIN}"]
    elif AWS_S3_ENDPOINT_URL:
        CSP_IMAGES += ["{0.scheme}://{0.netloc}".format(urlsplit(AWS_S3_ENDPOINT_URL))]
    else:
        CSP_IMAGES += [f"https://{AWS_STORAGE_BUCKET_NAME}.s3.amazonaws.com"]
        if AWS_S3_REGION_NAME:
            CSP_IMAGES += [f"https://{AWS_STORAGE_BUCKET_NAME}.s3.{AWS_S3_REGION_NAME}.amazonaws.com"]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": CSP_SCRIPTS,
        "style-src": CSP_STYLES,
        "img-src": CSP_IMAGES,
        "connect-src": CSP_CONNECTIONS,
        "frame-src": CSP_FRAMES or [NONE],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (django-permissions-policy): the browser features the shop never uses are off for it and
# for every frame in it; payment only for Stripe's frames, in a shop that takes cards with Stripe.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "autoplay", "bluetooth", "browsing-topics", "camera", "display-capture", "geolocation",
        "gyroscope", "hid", "idle-detection", "magnetometer", "microphone", "midi", "serial", "usb",
        "xr-spatial-tracking",
    )
}  # fmt: skip
PERMISSIONS_POLICY["payment"] = ["https://js.stripe.com"] if PAYMENT_GATEWAY == "stripe" else []
