"""Fixtures shared by every app's tests: a test database and folders of their own, users of each role, API clients.

The fixed values every test counts on (the admins' addresses, the test gateway, the quick password hasher...) are the
test settings' (shopsite/settings/test.py); here are only the paths each test or test process gets for itself.
"""

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from rest_framework.test import APIClient

from accounts.models import User
from accounts.tests.factories import UserFactory
from catalog import fresh

# The shop's first administrator (the shop_admin fixture).
[ADMIN_EMAIL] = django_settings.SHOP_ADMIN_EMAILS


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite in a file of each test process's own, as the shop runs it, not pytest-django's default in memory.

    An in-memory database shared between connections ('file:memorydb_default?mode=memory&cache=shared') locks whole
    tables, and a connection that meets another's lock fails at once with 'database table is locked' (SQLITE_LOCKED):
    no busy timeout applies to it. A test whose request and a worker, or a live server's threads, write at the same
    moment (a checkout marking its order paid while a Celery worker handles the test gateway's payment_intent.succeeded)
    then fails now and then. A file takes the shop's own WAL and busy timeout (settings/base.py): the second writer
    waits for the first, as in `make run`.
    """
    database = django_settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "shop.sqlite3")


@pytest.fixture(autouse=True)
def _isolated_settings(settings, tmp_path):
    """Folders of the test's own for what the shop writes, and caches emptied."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VAR_DIR = tmp_path
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STATIC_ROOT.mkdir()
    # Throttles count in the cache, which outlives a test; every test's client is the same address.
    for cache in caches.all():
        cache.clear()
    # And what each worker served in the last second (catalog/fresh.py), kept under the same keys.
    fresh.served_answers.clear()


class StockClock:
    """The clock kept answers' stock ages by (catalog/fresh.py), moved on by the test alone."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def past_the_bound(self) -> None:
        """Past the age the stock of a kept answer may have: the next read reads it again."""
        self.advance(fresh.STOCK_SECONDS + 0.001)


@pytest.fixture(autouse=True)
def stock_clock(monkeypatch) -> StockClock:
    """Stock read for a kept answer ages only when the test says so: no test depends on how fast it runs."""
    clock = StockClock()
    monkeypatch.setattr(fresh, "_now", clock)
    return clock


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def client_for():
    """An API client signed in as the user, through the real session authentication."""

    def make(user: User, *, enforce_csrf: bool = False) -> APIClient:
        client = APIClient(enforce_csrf_checks=enforce_csrf)
        client.force_login(user)
        return client

    return make


@pytest.fixture
def client_as(request, api_client, client_for):
    """An API client for a role: "anonymous", or the name of a user fixture (shopper, shop_admin, ...)."""

    def make(role: str) -> APIClient:
        return api_client if role == "anonymous" else client_for(request.getfixturevalue(role))

    return make


@pytest.fixture
def shopper(db) -> User:
    return UserFactory(email="shopper@sneakers.test")


@pytest.fixture
def other_shopper(db) -> User:
    return UserFactory(email="other@sneakers.test")


@pytest.fixture
def shop_admin(db) -> User:
    return UserFactory(email=ADMIN_EMAIL)


@pytest.fixture
def disabled_user(db) -> User:
    return UserFactory(email="disabled@sneakers.test", status=User.Status.DISABLED)


@pytest.fixture
def eliminated_user(db) -> User:
    return UserFactory(email="eliminated@sneakers.test", status=User.Status.ELIMINATED)


@pytest.fixture
def anonymous_client(api_client) -> APIClient:
    return api_client


@pytest.fixture
def shopper_client(client_for, shopper) -> APIClient:
    return client_for(shopper)


@pytest.fixture
def admin_client(client_for, shop_admin) -> APIClient:
    return client_for(shop_admin)
