"""The sign-in limits under parallel guesses: 40 wrong passwords at once, against a live server counting in Redis, are
stopped at exactly the limit (per account and per client), as every machine of a live shop would count them."""

import http.client
import json
import os
import re
import threading
import urllib.request
from collections import Counter
from urllib.parse import urlsplit

import pytest
import redis

from accounts.tests.factories import UserFactory
from activity.models import Entry

# Redis db of these tests (CELERY_TEST_REDIS_URL, as the worker tests); each test process uses keys of its own.
REDIS_URL = os.environ.get("CELERY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
PREFIX = f"race-{os.getpid()}"
GUESSES = 40


def redis_answers() -> bool:
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.25).ping()
    except redis.RedisError:
        return False


pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not redis_answers(), reason=f"no Redis answers at {REDIS_URL} (CELERY_TEST_REDIS_URL)"),
]


@pytest.fixture
def shared_counters(settings):
    """The shop's Redis cache, as every app server of a live shop shares it."""
    settings.CACHES = {
        "default": {"BACKEND": "shopsite.cache.ResilientRedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": PREFIX}
    }
    client = redis.Redis.from_url(REDIS_URL)
    yield
    for key in client.scan_iter(f"{PREFIX}:*"):
        client.delete(key)


def guesses_at_once(url: str, email: str) -> Counter:
    """GUESSES wrong passwords sent together, each on its own connection; how many got each status."""
    # The sign-in checks the CSRF token even before a session exists: one token, as a browser would hold it.
    with urllib.request.urlopen(f"{url}/api/csrf", timeout=30) as answer:
        token = re.search(r"csrftoken=([^;]+)", answer.headers["Set-Cookie"]).group(1)
    # Each guess on a connection opened beforehand (the live server's listen queue is short), sent together.
    host, port = urlsplit(url).hostname, urlsplit(url).port
    connections = [http.client.HTTPConnection(host, port, timeout=60) for _ in range(GUESSES)]
    for connection in connections:
        connection.connect()
    start = threading.Barrier(GUESSES)
    statuses = []

    def guess(n: int) -> None:
        body = json.dumps({"email": email, "password": f"wrong {n}"})
        headers = {"Content-Type": "application/json", "X-CSRFToken": token, "Cookie": f"csrftoken={token}"}
        start.wait()
        try:
            connections[n].request("POST", "/api/auth/signin", body=body, headers=headers)
            statuses.append(connections[n].getresponse().status)
        except OSError as error:
            statuses.append(type(error).__name__)
        finally:
            connections[n].close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(GUESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return Counter(statuses)


def test_parallel_wrong_passwords_are_stopped_at_the_account_s_limit(live_server, settings, shared_counters):
    # Given the per-client limit out of the way, and the account's 20 failures an hour
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "signin": "1000/minute",
            "signin_email": "20/hour",
        },
    }
    user = UserFactory(email="target@sneakers.test")

    statuses = guesses_at_once(live_server.url, user.email)

    # Then exactly 20 passwords were checked (400: wrong), the rest refused unchecked (429), one lockout recorded
    assert statuses == Counter({400: 20, 429: 20})
    assert Entry.objects.filter(kind="security.sign_in_failed", actor_id=user.pk).count() == 20
    assert Entry.objects.filter(kind="security.sign_in_lockout", actor_id=user.pk).count() == 1


def test_parallel_sign_ins_from_one_client_are_stopped_at_its_limit(live_server, settings, shared_counters):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "signin": "10/minute",
            "signin_email": "1000/hour",
        },
    }
    user = UserFactory(email="target@sneakers.test")

    assert guesses_at_once(live_server.url, user.email) == Counter({400: 10, 429: 30})
