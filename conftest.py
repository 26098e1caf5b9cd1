"""Fixtures shared by every app's tests: isolated settings, users of each role, API clients."""

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient
from webpack_loader import config as webpack_loader_config
from webpack_loader.utils import get_loader

from accounts.models import User
from accounts.tests.factories import UserFactory

ADMIN_EMAIL = "admin@sneakers.test"


@pytest.fixture(autouse=True)
def _isolated_settings(settings, tmp_path, monkeypatch):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VAR_DIR = tmp_path
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STATIC_ROOT.mkdir()
    # Tests read static files from their sources, not from a collectstatic manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SHOP_ADMIN_EMAILS = [ADMIN_EMAIL]
    settings.PAYMENT_GATEWAY = "test"
    settings.SHOP_ALLOW_TEST_PAYMENTS = True
    # The page shell renders without a built bundle; the e2e suite uses the real one. The loader
    # reads WEBPACK_LOADER once, at import, so its own copy is patched rather than the setting.
    use_webpack_loader(monkeypatch, "webpack_loader.loaders.FakeWebpackLoader")
    # Throttles count in the cache, which outlives a test; every test's client is the same address.
    for cache in caches.all():
        cache.clear()
    yield
    get_loader.cache_clear()


def use_webpack_loader(monkeypatch, loader_class: str) -> None:
    monkeypatch.setitem(webpack_loader_config.user_config["DEFAULT"], "LOADER_CLASS", loader_class)
    get_loader.cache_clear()


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
