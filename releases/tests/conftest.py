"""Fixtures of the releases' tests: the server's clock, set by patching timezone.now (never a sleep)."""

from unittest import mock

import pytest
from django.core.cache import cache
from django.utils import timezone


class Clock:
    """timezone.now as the shop reads it, wherever it is read, moved by the test."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    fake = Clock(timezone.now())
    with mock.patch("django.utils.timezone.now", new=fake):
        yield fake


@pytest.fixture(autouse=True)
def fresh_counters():
    """The rate limits and gates are counters in the cache: each test starts with none."""
    cache.clear()
    yield
    cache.clear()
