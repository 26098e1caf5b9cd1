"""What the shop talks to: mail, Celery's broker, the cache, media storage, payments, the identity provider."""

from .api import REST_FRAMEWORK
from .base import DEBUG, SHOP_DEMO, SHOP_RELEASE, STORAGES, VAR_DIR, env

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

# Background work (docs/DESIGN.md §6): Celery, configured from the CELERY_* settings below (shopsite/celery.py). A
# live shop names a broker every app server and worker shares (Redis); the demo's default is a SQLite file in var/,
# which only the processes of one machine can share, so a live shop without CELERY_BROKER_URL is refused (checks.py).
# A mail the mail server refused is tried again after 1, 2, 4, 8 and 16 minutes (about half an hour in all); then it
# waits in the outbox for the periodic resend.
SHOP_MAIL_RETRIES = env.int("SHOP_MAIL_RETRIES", default=5)
SHOP_MAIL_RETRY_SECONDS = env.float("SHOP_MAIL_RETRY_SECONDS", default=60)
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
if not CELERY_BROKER_URL and (DEBUG or SHOP_DEMO):
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
# The worker logs through the LOGGING of base.py (JSON lines with the request and the task), not its own format.
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

# A live shop on one machine says so: its per-process cache and local media are then allowed (checks.py refuses both
# otherwise, since on several machines each would have its own limits, answers and pictures).
SHOP_SINGLE_MACHINE = env.bool("SHOP_SINGLE_MACHINE", default=False)
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
# The release in every key (base.py's SHOP_RELEASE); the rate limits' counters leave it out (shopsite/counters.py).
# CACHE_KEY_PREFIX keeps two shops on one Redis apart.
_CACHE_PREFIX = env.str("CACHE_KEY_PREFIX", default="")
CACHES["default"]["KEY_PREFIX"] = f"{_CACHE_PREFIX}:{SHOP_RELEASE}" if _CACHE_PREFIX else SHOP_RELEASE
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # Redis down or hanging slows no request: short timeouts, and a breaker that lets each process's memory
    # stand in for a few seconds before Redis is tried again (shopsite/cache.py). Options in the URL win.
    CACHES["default"]["BACKEND"] = "shopsite.cache.ResilientRedisCache"
    CACHES["default"]["OPTIONS"] = {
        "socket_connect_timeout": env.float("CACHE_CONNECT_TIMEOUT", default=0.25),
        "socket_timeout": env.float("CACHE_READ_TIMEOUT", default=0.25),
        "breaker_seconds": env.float("CACHE_BREAKER_SECONDS", default=5),
        "counter_prefix": _CACHE_PREFIX,
        **CACHES["default"].get("OPTIONS", {}),
    }
elif CACHES["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache":
    # Each worker's own memory: a bound on its entries (each kept catalogue answer at most 128 kB, catalog/cache.py)
    # bounds it whatever URLs it is asked. Redis is bounded by its maxmemory (docs/DEPLOY.md).
    CACHES["default"].setdefault("OPTIONS", {}).setdefault("MAX_ENTRIES", 500)

AWS_STORAGE_BUCKET_NAME = env.str("AWS_STORAGE_BUCKET_NAME", default="")
AWS_S3_ENDPOINT_URL = env.str("AWS_S3_ENDPOINT_URL", default=None)
AWS_S3_REGION_NAME = env.str("AWS_S3_REGION_NAME", default=None)
AWS_S3_CUSTOM_DOMAIN = env.str("AWS_S3_CUSTOM_DOMAIN", default=None)
if AWS_STORAGE_BUCKET_NAME:
    # django-storages reads the other AWS_* settings itself.
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
    AWS_QUERYSTRING_AUTH = False
    AWS_DEFAULT_ACL = None
    AWS_S3_FILE_OVERWRITE = False

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
# Pricing (docs/DESIGN.md §5): the country of an address that names none (ISO 3166 alpha-2); prices that include tax
# (the tax part shown, not added: an EU shop's VAT); Stripe Tax computing the tax instead of the shop's table.
SHOP_COUNTRY = env.str("SHOP_COUNTRY", default="US").upper()
SHOP_PRICES_INCLUDE_TAX = env.bool("SHOP_PRICES_INCLUDE_TAX", default=False)
STRIPE_TAX = env.bool("STRIPE_TAX", default=False)
# Starts every idempotency key the shop sends Stripe: a second shop on the same Stripe account sets its own.
SHOP_IDEMPOTENCY_PREFIX = env.str("SHOP_IDEMPOTENCY_PREFIX", default="shop")

# Release days (docs/DESIGN.md §9). Cloudflare Turnstile on a release's checkout and draw entries when its secret is
# set (the site key goes to the page); verified on the server at TURNSTILE_VERIFY_URL.
TURNSTILE_SECRET_KEY = env.str("TURNSTILE_SECRET_KEY", default="")
TURNSTILE_SITE_KEY = env.str("TURNSTILE_SITE_KEY", default="")
TURNSTILE_VERIFY_URL = env.str(
    "TURNSTILE_VERIFY_URL", default="https://challenges.cloudflare.com/turnstile/v0/siteverify"
)
# A release's checkouts under way at once, over every worker and machine (a counter on the cache, Redis in a live
# shop): one more gets 429 with Retry-After rather than a wait. Near what the database's connections can serve.
SHOP_RELEASE_CHECKOUTS_AT_ONCE = env.int("SHOP_RELEASE_CHECKOUTS_AT_ONCE", default=8)
SHOP_RELEASE_RETRY_AFTER_SECONDS = env.int("SHOP_RELEASE_RETRY_AFTER_SECONDS", default=2)
# How long the gate's counter lives: a worker killed inside a checkout holds its place at most this long.
SHOP_RELEASE_GATE_SECONDS = env.int("SHOP_RELEASE_GATE_SECONDS", default=30)
# Checkouts and entries of one account, or to one address, per minute and release.
SHOP_RELEASE_TRIES_PER_MINUTE = env.int("SHOP_RELEASE_TRIES_PER_MINUTE", default=10)
# A card authorisation lasts 7 days at Stripe: a draw run later than this after its earliest entry cancels them all.
SHOP_DRAW_AUTHORISATION_DAYS = env.int("SHOP_DRAW_AUTHORISATION_DAYS", default=6)
# Pictures whose smaller copies were never made (their task lost, the picture unreadable then): made by beat, a few
# per run so one run never holds a worker for long.
SHOP_PICTURE_SIZES_EVERY_MINUTES = env.int("SHOP_PICTURE_SIZES_EVERY_MINUTES", default=15)
SHOP_PICTURE_SIZES_PER_RUN = env.int("SHOP_PICTURE_SIZES_PER_RUN", default=50)
CELERY_BEAT_SCHEDULE["make-missing-picture-sizes"] = {
    "task": "catalog.tasks.picture_sizes_catch_up",
    "schedule": SHOP_PICTURE_SIZES_EVERY_MINUTES * 60,
    "options": {"expires": SHOP_PICTURE_SIZES_EVERY_MINUTES * 60},
}
CELERY_BEAT_SCHEDULE["release-minute"] = {
    "task": "releases.tasks.release_minute",
    "schedule": 60,
    "options": {"expires": 60},
}

# Heartbeats (shopsite/heartbeats.py): beat sends one every SHOP_HEARTBEAT_SECONDS and a worker runs it; /metrics
# gives both ages, and /api/health calls one older than SHOP_HEARTBEAT_STALE_SECONDS stale.
SHOP_HEARTBEAT_SECONDS = env.int("SHOP_HEARTBEAT_SECONDS", default=60)
SHOP_HEARTBEAT_STALE_SECONDS = env.int("SHOP_HEARTBEAT_STALE_SECONDS", default=300)
CELERY_BEAT_SCHEDULE["heartbeat"] = {
    "task": "shopsite.tasks.heartbeat",
    "schedule": SHOP_HEARTBEAT_SECONDS,
    "options": {"expires": SHOP_HEARTBEAT_SECONDS},
}
# The scraper's bearer token for /metrics (shopsite/metrics.py); empty: /metrics answers 404.
SHOP_METRICS_TOKEN = env.str("SHOP_METRICS_TOKEN", default="")

# Errors (and, sampled, traces) reported to Sentry or any service that speaks its protocol, from the web server and
# Celery's workers and beat, tagged with the release. Nothing is sent without a DSN.
SENTRY_DSN = env.str("SENTRY_DSN", default="")
if SENTRY_DSN:
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        integrations=[DjangoIntegration(), CeleryIntegration(monitor_beat_tasks=True)],
        release=SHOP_RELEASE,
        environment=env.str("SENTRY_ENVIRONMENT", default="production"),
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0),
        # Shoppers' addresses, cookies and bodies stay out of the reports.
        send_default_pii=False,
    )
