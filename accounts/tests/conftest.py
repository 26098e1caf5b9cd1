"""Fixtures of the account tests."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient


class BrowserClient(APIClient):
    """Checks CSRF, and sends the CSRF cookie's current value as the storefront's API client does.

    Signing in rotates the token, so the header is read from the cookie at each request.
    """

    def __init__(self):
        super().__init__(enforce_csrf_checks=True)

    def request(self, **environ):
        if token := self.cookies.get("csrftoken"):
            environ.setdefault("HTTP_X_CSRFTOKEN", token.value)
        return super().request(**environ)


@pytest.fixture
def csrf_client() -> BrowserClient:
    """A browser on the storefront about to write: it has asked for its CSRF cookie (frontend/src/lib/api.js)."""
    client = BrowserClient()
    client.get("/api/csrf")
    return client


@pytest.fixture
def rates(settings):
    """Sets some throttle rates for the test, the others staying the shop's defaults."""

    def set_rates(**changed: str) -> None:
        throttle_rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **changed}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": throttle_rates}

    return set_rates


@pytest.fixture
def clock(monkeypatch):
    """Moves timezone.now (sessions' stamps, the step-up, django-otp's throttle) forward by a timedelta."""
    real_now = timezone.now
    offset = {"by": timedelta()}
    monkeypatch.setattr(timezone, "now", lambda: real_now() + offset["by"])

    def forward(delta: timedelta) -> None:
        offset["by"] += delta

    return forward


@pytest.fixture
def required(settings):
    settings.SHOP_ADMIN_2FA = "required"
