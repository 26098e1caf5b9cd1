"""The time budget of one request: the worst case of every service that stops answering, added up, fits in it.

gunicorn's threaded worker never cuts a slow request (gunicorn.conf.py), so a request is bounded only by the limits
of what it waits on. The longest request is a checkout in a live shop with every service configured: Firebase
checks the caller's ID token, Stripe creates and confirms the payment, the confirmation is handed to the broker
after the commit (a worker mails it: no request waits on the mail server), PostgreSQL runs the statements and Redis
the throttle's and the catalogue's calls. A service that stops answering costs each try one timeout (a connection or
a read that never completes) plus the back-off its client sleeps between tries; then the request fails, or goes on
without it. Every service is counted at that worst, all in the same request:

    Firebase    certificates 1 s + access token 1 s + user lookup 3 tries x 1 s + 1 s back-off     6 s
    Stripe      create 5 s + confirm 5 s (one try each)                                          10 s
    Broker      2 tries x (connect 1 s + read 1 s), the second at once                           4 s
    PostgreSQL  one statement cut at statement_timeout (lock waits are cut sooner)                5 s
    Redis       a try every breaker pause (5 s) of the request, each connect 0.25 s + read 0.25 s  3.5 s
                                                                                        total  28.5 s of 30 s

Not counted: a service that answers, slowly, just inside its timeout on every read (each read has its own timeout),
and the statements but one (the others are the fast ones). The load balancer's timeout must be longer than the
budget (docs/DEPLOY.md, "Time limits").
"""

import json
import runpy

import firebase_admin._http_client
import stripe
from django.conf import settings

from accounts.identity import firebase
from orders.payments import stripe as stripe_gateway
from orders.services import CHARGE_LEASE

from .test_database_time_limits import printed, run

REQUEST_BUDGET_SECONDS = 30

# Every service on: the settings a live shop starts with, as its web server reads them.
LIVE_SHOP = {
    "DATABASE_URL": "postgres://shop@db.internal:5432/shop",
    "CACHE_URL": "redis://cache.internal:6379/0",
    "EMAIL_URL": "smtp+tls://shop:secret@smtp.example.com:587",
    "IDENTITY_PROVIDER": "firebase",
    "FIREBASE_PROJECT_ID": "sneaker-shop",
    "PAYMENT_GATEWAY": "stripe",
    "STRIPE_SECRET_KEY": "sk_live_budget",
    "STRIPE_PUBLISHABLE_KEY": "pk_live_budget",
    "CELERY_BROKER_URL": "redis://broker.internal:6379/1",
}
SHOW_LIMITS = (
    "import json\n"
    "import shopsite.wsgi\n"
    "from django.conf import settings\n"
    "print('LIMITS', json.dumps({'database': settings.DATABASES['default']['SESSION_SETTINGS'],\n"
    "    'cache': settings.CACHES['default']['OPTIONS'], 'broker': settings.CELERY_BROKER_TRANSPORT_OPTIONS,\n"
    "    'publish': settings.CELERY_TASK_PUBLISH_RETRY_POLICY}))\n"
)


def stripe_worst(*, calls: int) -> float:
    """Every try of every call timing out, and the SDK's longest back-off between tries."""
    retries = stripe_gateway.MAX_NETWORK_RETRIES
    back_off = sum(
        min(stripe.HTTPClient.INITIAL_DELAY * 2 ** (n - 1), stripe.HTTPClient.MAX_DELAY) for n in range(1, retries + 1)
    )
    return calls * ((1 + retries) * stripe_gateway.TIMEOUT_SECONDS + back_off)


def firebase_worst() -> float:
    """The certificates and our access token (one try each), then the user lookup, which urllib3 retries."""
    timeout = firebase.HTTP_TIMEOUT_SECONDS
    lookup = firebase_admin._http_client.DEFAULT_RETRY_CONFIG
    tries = 1 + lookup.connect + lookup.read
    # urllib3 sleeps nothing after the first error, then backoff_factor x 2^(n-1) after the n-th.
    back_off = sum(lookup.backoff_factor * 2 ** (n - 1) for n in range(2, tries))
    return timeout + timeout + tries * timeout + back_off


def broker_worst(options: dict, policy: dict) -> float:
    """Publishing a task after the commit: every try times out connecting, or reading, and the pauses between them."""
    retries = policy["max_retries"]
    pauses = sum(
        min(policy["interval_start"] + n * policy["interval_step"], policy["interval_max"]) for n in range(retries)
    )
    return round((1 + retries) * (options["socket_connect_timeout"] + options["socket_timeout"]) + pauses, 3)


def redis_worst(options: dict) -> float:
    tries = 1 + REQUEST_BUDGET_SECONDS // options["breaker_seconds"]
    return tries * (options["socket_connect_timeout"] + options["socket_timeout"])


def test_the_worst_case_of_every_service_fits_in_the_request_budget(tmp_path):
    live = json.loads(printed(run(tmp_path, ["-c", SHOW_LIMITS], **LIVE_SHOP), "LIMITS"))
    statement_ms = int(live["database"]["statement_timeout"])

    worst = {
        "Firebase": firebase_worst(),
        "Stripe": stripe_worst(calls=2),
        "Broker": broker_worst(live["broker"], live["publish"]),
        "PostgreSQL": statement_ms / 1000,
        "Redis": redis_worst(live["cache"]),
    }

    assert worst == {"Firebase": 6, "Stripe": 10, "Broker": 4, "PostgreSQL": 5, "Redis": 3.5}
    assert sum(worst.values()) <= REQUEST_BUDGET_SECONDS, worst


def test_a_checkout_s_charge_lease_outlasts_its_request():
    # Another request may take the charge over only once the lease is over: never while the first one still waits.
    assert CHARGE_LEASE.total_seconds() > REQUEST_BUDGET_SECONDS


def test_gunicorn_runs_threads_and_lets_running_requests_finish_on_a_restart():
    config = runpy.run_path(str(settings.BASE_DIR / "gunicorn.conf.py"))
    assert config["worker_class"] == "gthread"
    # A restart (a deploy, kill -HUP) waits this long for running requests: a checkout is never cut in the middle.
    assert config["graceful_timeout"] > REQUEST_BUDGET_SECONDS
