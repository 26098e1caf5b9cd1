"""Fixtures of the activity log's tests: the account tests' throttle rates."""

from accounts.tests.conftest import rates

__all__ = ["rates"]
