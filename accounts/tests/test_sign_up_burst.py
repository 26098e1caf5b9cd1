"""A burst of sign-ups on the embedded default (SQLite, one write lock for the whole database) all go through.

Hashing a password takes PBKDF2 a second or more of CPU. Done inside the write transaction, it held SQLite's one lock
that long, and 40 sign-ups 16 at a time gave 5 'database is locked' (issue 27). The hasher here stands for PBKDF2's
second: it lets no password through until 8 sign-ups are hashing at once, which they can only be if none holds a
write transaction meanwhile (each of the 16 threads is a request of its own, with a connection of its own).
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db(transaction=True)

SIGN_UPS = 40
AT_ONCE = 16
HASHING_TOGETHER = 8


class TogetherHasher(MD5PasswordHasher):
    """MD5's hash, given once HASHING_TOGETHER callers are hashing at once; records any caller inside a transaction."""

    algorithm = "together_md5"
    gate = threading.Barrier(HASHING_TOGETHER)
    in_transaction: list[str] = []

    def encode(self, password, salt):
        if connection.in_atomic_block:
            self.in_transaction.append(password)
        # The timeout only ends a test that would otherwise wait for ever; a passing run never waits for it.
        self.gate.wait(timeout=60)
        return super().encode(password, salt)


@pytest.fixture
def together_hasher(settings, rates):
    settings.PASSWORD_HASHERS = [f"{__name__}.TogetherHasher"]
    rates(signup=f"{SIGN_UPS}/minute")
    TogetherHasher.gate.reset()
    TogetherHasher.in_transaction.clear()


def sign_up(n: int) -> int:
    try:
        client = APIClient()
        return client.post(
            "/api/auth/signup", {"email": f"shopper{n}@example.com", "password": f"secret-{n}"}
        ).status_code
    finally:
        connection.close()


def test_forty_sign_ups_sixteen_at_a_time_all_go_through(together_hasher):
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        statuses = list(pool.map(sign_up, range(SIGN_UPS)))

    assert statuses == [201] * SIGN_UPS
    assert TogetherHasher.in_transaction == []
    assert User.objects.count() == SIGN_UPS
    assert all(password.startswith("together_md5$") for password in User.objects.values_list("password", flat=True))
