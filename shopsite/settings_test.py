"""The settings pytest runs with: the shop's own, over plain HTTP as the test client and live server speak.

A live shop redirects HTTP to HTTPS (SHOP_HTTPS, on without DEBUG) and needs DJANGO_SECRET_KEY and a broker;
everything else is what production runs. shopsite/tests/test_settings.py checks the real defaults in a fresh process.
"""

import os

os.environ.setdefault("SHOP_HTTPS", "0")
# A live shop refuses to start without a key of its own; the tests sign with this one.
os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key-never-for-a-live-shop-4f9c2a7e1b")
# A live shop refuses to start without a broker; unit tests publish nothing (below), and the worker tests
# (mailing/tests/test_workers.py) name Redis. Taken out again once read: Celery lets the variable win over its
# settings, and a test that names another broker must be able to.
_BROKER_GIVEN = "CELERY_BROKER_URL" in os.environ
os.environ.setdefault("CELERY_BROKER_URL", "memory://localhost/")

from shopsite.settings import *  # noqa: E402, F403

if not _BROKER_GIVEN:
    del os.environ["CELERY_BROKER_URL"]

# Unit tests run each task in the test's own thread as it is published, which the outbox does after the commit
# (django_capture_on_commit_callbacks shows it), its retries at once; the worker tests and their worker processes
# turn this off.
CELERY_TASK_ALWAYS_EAGER = os.environ.get("SHOP_TEST_CELERY_EAGER", "1") == "1"
