"""The start-up refusals: settings a live shop cannot run with stop it before it serves or works on anything.

All of them are gathered into one ImproperlyConfigured, one line that says what is missing and how to fix it;
manage.py prints it as it is, without a traceback.
"""

import re

from django.core.exceptions import ImproperlyConfigured

from .base import DEBUG, SECRET_KEY, SHOP_ADMIN_2FA, SHOP_DEMO, env
from .integrations import (
    AWS_STORAGE_BUCKET_NAME,
    CACHES,
    CELERY_BROKER_URL,
    FIREBASE_PROJECT_ID,
    IDENTITY_PROVIDER,
    PAYMENT_GATEWAY,
    SHOP_ALLOW_TEST_PAYMENTS,
    SHOP_IDEMPOTENCY_PREFIX,
    SHOP_SINGLE_MACHINE,
    STRIPE_PUBLISHABLE_KEY,
    STRIPE_SECRET_KEY,
)

_refusals = []
# A live shop's key must be the same on every app server, and its broker one that every app server and worker reaches
# (docs/DEPLOY.md): what DEBUG and the demo make in var/ would be neither.
if not SECRET_KEY:
    _refusals.append("DJANGO_SECRET_KEY is not set: a live shop needs its own, the same on every app server.")
if not CELERY_BROKER_URL:
    _refusals.append("CELERY_BROKER_URL is not set: a live shop's app servers and workers share one broker (Redis).")
if _refusals:
    _refusals.append(
        f"Set {'both' if len(_refusals) == 2 else 'it'} as docs/DEPLOY.md says; for the demo, SHOP_DEMO=1 (which "
        "`make run` and `make manage` set) keeps a key and a broker in var/."
    )
# On several machines, each process's own cache would multiply every rate limit and lockout by the number of processes,
# and a picture on one machine's disk is a 404 on the others (docs/DEPLOY.md).
PER_PROCESS_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
    "django.core.cache.backends.filebased.FileBasedCache",
}
if not (DEBUG or SHOP_DEMO or SHOP_SINGLE_MACHINE):
    if CACHES["default"]["BACKEND"] in PER_PROCESS_CACHES:
        _refusals.append(
            "CACHE_URL names no shared cache: a live shop's limits and lockouts count in one Redis every machine "
            "shares (CACHE_URL=redis://...), or SHOP_SINGLE_MACHINE=1 says it runs on one machine."
        )
    if not AWS_STORAGE_BUCKET_NAME:
        _refusals.append(
            "AWS_STORAGE_BUCKET_NAME is not set: a live shop keeps its pictures in a bucket every machine reaches "
            "(any S3-compatible store: AWS_S3_ENDPOINT_URL), or SHOP_SINGLE_MACHINE=1 says it runs on one machine."
        )
if IDENTITY_PROVIDER not in ("local", "firebase"):
    _refusals.append(f"IDENTITY_PROVIDER must be 'local' or 'firebase', not {IDENTITY_PROVIDER!r}.")
if IDENTITY_PROVIDER == "firebase" and not FIREBASE_PROJECT_ID:
    _refusals.append("IDENTITY_PROVIDER=firebase needs FIREBASE_PROJECT_ID, the audience of its ID tokens.")
# With it set, firebase-admin skips the signature and expiry checks of ID tokens: anyone could be anyone.
if env.str("FIREBASE_AUTH_EMULATOR_HOST", default="") and not DEBUG:
    _refusals.append("FIREBASE_AUTH_EMULATOR_HOST turns off the ID token checks: only with DJANGO_DEBUG=1.")
# The test gateway ships pairs for card numbers printed in Stripe's documentation: never in a live shop.
if SHOP_ALLOW_TEST_PAYMENTS and not (DEBUG or SHOP_DEMO):
    _refusals.append("SHOP_ALLOW_TEST_PAYMENTS takes fake cards: only with DJANGO_DEBUG=1 or SHOP_DEMO=1.")
if PAYMENT_GATEWAY not in ("test", "stripe"):
    _refusals.append(f"PAYMENT_GATEWAY must be 'test' or 'stripe', not {PAYMENT_GATEWAY!r}.")
if PAYMENT_GATEWAY == "stripe" and not (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY):
    _refusals.append("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.")
if SHOP_ADMIN_2FA not in ("required", "optional"):
    _refusals.append(f"SHOP_ADMIN_2FA must be 'required' or 'optional', not {SHOP_ADMIN_2FA!r}.")
if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", SHOP_IDEMPOTENCY_PREFIX):
    _refusals.append("SHOP_IDEMPOTENCY_PREFIX must be 1 to 40 letters, digits, '-' or '_'.")
if _refusals:
    raise ImproperlyConfigured(" ".join(_refusals))
