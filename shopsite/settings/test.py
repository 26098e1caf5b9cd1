"""The settings pytest runs with: the shop's own parts, over plain HTTP as the test client and live server speak, with
the fixed values the tests count on.

checks.py is left out: the tests sign with their own key and take test payments without DEBUG. The refusals, and the
real defaults, are tested by starting shopsite.settings in fresh processes (shopsite/tests/test_settings.py).
"""

import os

# security.py reads it as it loads: a live shop redirects HTTP to HTTPS (SHOP_HTTPS, on without DEBUG), and the test
# client and live server speak plain HTTP.
os.environ.setdefault("SHOP_HTTPS", "0")

# isort: skip_file
from .base import *  # noqa: F403
from .api import *  # noqa: F403
from .integrations import *  # noqa: F403
from .security import *  # noqa: F403
from .integrations import CELERY_BROKER_URL
from .base import STORAGES, WEBPACK_LOADER, env

# A live shop refuses to start without a key of its own; the tests sign with this one.
SECRET_KEY = "tests-only-secret-key-never-for-a-live-shop-4f9c2a7e1b"
# Passwords are hashed in a blink: PBKDF2's second of CPU for each user a test signs up would cost the suite minutes.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# conftest.py's shop_admin fixture signs up with the first.
SHOP_ADMIN_EMAILS = ["admin@sneakers.test"]
# As in the demo: only the admins who enrolled are asked for a code; the second factor's tests turn "required" on.
SHOP_ADMIN_2FA = "optional"
PAYMENT_GATEWAY = "test"
SHOP_ALLOW_TEST_PAYMENTS = True
# Tests read static files from their sources, not from a collectstatic manifest.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
# The page shell renders without a built bundle; the e2e suite switches to the real loader (e2e/conftest.py).
WEBPACK_LOADER["DEFAULT"]["LOADER_CLASS"] = "webpack_loader.loaders.FakeWebpackLoader"

# Unit tests publish to no broker: each task runs in the test's own thread as it is published, which the outbox does
# after the commit (django_capture_on_commit_callbacks shows it), its retries at once. The worker tests and their worker
# processes turn this off and name Redis (mailing/tests/test_workers.py).
CELERY_TASK_ALWAYS_EAGER = os.environ.get("SHOP_TEST_CELERY_EAGER", "1") == "1"
CELERY_BROKER_URL = CELERY_BROKER_URL or "memory://localhost/"
# pytest-xdist runs several test processes beside each other, and other checkouts may run theirs on the same Redis:
# each process's worker tests publish to, and their workers take from, a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default=f"tests-{os.getpid()}")

# `make lint`'s migration linter (django-migration-linter, a dev dependency): its command only.
try:
    import django_migration_linter  # noqa: F401
except ImportError:
    pass
else:
    INSTALLED_APPS = [*INSTALLED_APPS, "django_migration_linter"]  # noqa: F405
