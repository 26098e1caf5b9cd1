"""Redis refused, hanging, or back: the shop answers every request, through the real redis client.

Each kind of outage is a real socket: a closed port (refused), a port that accepts and reads but never answers
(hung), and a port that forwards to the real Redis on 127.0.0.1:6379, database 11 (back). The tests count the
connections the redis client opens, never seconds. Each test process keeps its keys there under a prefix of its own and
deletes only those: pytest-xdist's processes, and other checkouts' test runs, share that database.
"""

import ast
import logging
import os
import socket

import pytest
import redis
from django.core.cache import caches
from redis.connection import Connection

import shopsite.cache
from catalog.tests.factories import ShoeFactory

from .silent_server import SilentServer
from .test_settings import LIVE, start_django

pytestmark = pytest.mark.django_db

REAL_REDIS = ("127.0.0.1", 6379)
DATABASE = 11
PREFIX = f"tests-{os.getpid()}"
OPTIONS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.25, "breaker_seconds": 5}


def redis_answers() -> bool:
    try:
        return redis.Redis(*REAL_REDIS, db=DATABASE, socket_connect_timeout=0.25, socket_timeout=0.25).ping()
    except redis.RedisError:
        return False


needs_redis = pytest.mark.skipif(not redis_answers(), reason="no Redis answers on 127.0.0.1:6379")


@pytest.fixture(autouse=True)
def _fresh_breakers(monkeypatch):
    # Breakers live as long as the process; each test starts with Redis believed healthy.
    monkeypatch.setattr(shopsite.cache, "_breakers", {})


@pytest.fixture
def clock(monkeypatch):
    """The breaker's clock, moved on by hand: `clock.now += 5`."""

    class Clock:
        now = 1000.0

    monkeypatch.setattr(shopsite.cache, "monotonic", lambda: Clock.now)
    return Clock


@pytest.fixture
def attempts(monkeypatch) -> list[tuple[float, float]]:
    """Every connection the redis client opens or tries to open, as (connect timeout, read timeout)."""
    made = []
    connect = Connection._connect

    def counted(connection: Connection):
        made.append((connection.socket_connect_timeout, connection.socket_timeout))
        return connect(connection)

    monkeypatch.setattr(Connection, "_connect", counted)
    return made


@pytest.fixture
def refused_url() -> str:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
    return f"redis://127.0.0.1:{port}/{DATABASE}"


@pytest.fixture
def front():
    """A Redis that hangs, until its `forward_to` is set to the real one."""
    server = SilentServer()
    yield server
    server.close()


def url_of(server: SilentServer) -> str:
    return f"redis://127.0.0.1:{server.port}/{DATABASE}"


@pytest.fixture
def down_url(request, refused_url, front) -> str:
    """A Redis that refuses, or one that hangs."""
    return refused_url if request.param == "refused" else url_of(front)


@pytest.fixture
def use_redis(settings):
    def use(url: str) -> shopsite.cache.ResilientRedisCache:
        settings.CACHES = {
            "default": {
                "BACKEND": "shopsite.cache.ResilientRedisCache",
                "LOCATION": url,
                "KEY_PREFIX": PREFIX,
                "OPTIONS": OPTIONS,
            }
        }
        cache = caches["default"]
        # The stand-in's memory outlives a test, like any local-memory cache's.
        cache.fallback.clear()
        return cache

    return use


@pytest.fixture
def empty_redis() -> redis.Redis:
    """A client of the real Redis's database 11, this process's keys deleted; ask for it before `attempts`, which would
    count it."""
    client = redis.Redis(*REAL_REDIS, db=DATABASE)
    for key in client.scan_iter(f"{PREFIX}:*"):
        client.delete(key)
    return client


@pytest.fixture
def real_redis(empty_redis, use_redis):
    return use_redis(f"redis://{REAL_REDIS[0]}:{REAL_REDIS[1]}/{DATABASE}")


def sign_in(client, email: str = "nobody@sneakers.test"):
    return client.post("/api/auth/signin", {"email": email, "password": "wrong-password"})


def sample(client, shoe) -> list[tuple[str, object]]:
    """One of each kind of request that uses the cache: catalogue reads, throttled posts, the health check."""
    return [
        ("list", lambda: client.get("/api/shoes")),
        ("detail", lambda: client.get(f"/api/shoes/{shoe.pk}")),
        ("sign-in", lambda: sign_in(client)),
        ("newsletter", lambda: client.post("/api/mail/newsletter", {"email": "fan@sneakers.test"})),
        ("health", lambda: client.get("/api/health")),
    ]


def answered(client, shoe, attempts) -> list[tuple[str, int, int]]:
    """(request, status, connections it opened) for each request of the sample, in order."""
    seen = []
    for name, send in sample(client, shoe):
        before = len(attempts)
        response = send()
        seen.append((name, response.status_code, len(attempts) - before))
    return seen


def breaker_lines(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == "shopsite.cache"]


@pytest.mark.parametrize("down_url", ["refused", "hung"], indirect=True)
def test_a_dead_redis_costs_the_first_request_one_attempt_and_the_next_ones_none(
    api_client, use_redis, down_url, attempts, caplog
):
    shoe = ShoeFactory()
    use_redis(down_url)

    assert answered(api_client, shoe, attempts) == [
        ("list", 200, 1),
        ("detail", 200, 0),
        ("sign-in", 400, 0),
        ("newsletter", 200, 0),
        ("health", 200, 0),
    ]
    # The short timeouts reached redis-py's connection, and it did not retry on its own.
    assert attempts == [(0.25, 0.25)]
    assert api_client.get("/api/health").json() == {
        "status": "degraded",
        "database": "ok",
        "cache": "degraded",
        "worker": "unknown",
        "beat": "unknown",
    }
    [opened] = breaker_lines(caplog)
    assert opened.startswith("Redis does not answer")
    # The catalogue never saw a failure: the stand-in answered it.
    assert "The catalogue cache did not answer" not in caplog.text


@pytest.mark.parametrize("down_url", ["refused", "hung"], indirect=True)
def test_the_sign_in_limit_still_holds_while_redis_is_down(api_client, use_redis, down_url):
    use_redis(down_url)

    assert [sign_in(api_client).status_code for _ in range(10)] == [400] * 10
    refused = sign_in(api_client)

    assert refused.status_code == 429
    assert "Retry-After" in refused


@pytest.mark.parametrize("down_url", ["refused", "hung"], indirect=True)
def test_redis_is_tried_again_once_per_pause_and_logged_once(api_client, use_redis, down_url, attempts, clock, caplog):
    use_redis(down_url)
    health = []

    for step in (0, 4.9, 0.2, 0.1, 5.0):
        clock.now += step
        before = len(attempts)
        health.append((api_client.get("/api/health").json()["cache"], len(attempts) - before))

    # Tried at once, not again within the pause, once after it, then not until the next pause is over.
    assert health == [("degraded", 1), ("degraded", 0), ("degraded", 1), ("degraded", 0), ("degraded", 1)]
    assert len(breaker_lines(caplog)) == 1


@pytest.mark.parametrize("down_url", ["refused", "hung"], indirect=True)
def test_every_cache_operation_answers_from_memory_while_redis_is_down(use_redis, down_url, attempts):
    cache = use_redis(down_url)

    assert cache.add("a", 1) is True
    assert cache.add("a", 2) is False
    assert cache.incr("a", 2) == 3
    with pytest.raises(ValueError):
        cache.incr("missing")
    cache.set("b", {"pairs": 2})
    assert cache.get("b") == {"pairs": 2}
    assert cache.get_or_set("c", 7) == 7
    cache.set_many({"d": 4, "e": 5})
    assert cache.get_many(["d", "e", "z"]) == {"d": 4, "e": 5}
    assert cache.has_key("d")
    assert cache.touch("d", 60)
    cache.delete_many(["d"])
    assert cache.delete("e") is True
    assert not cache.has_key("d")
    cache.clear()
    assert cache.get("b") is None
    assert len(attempts) == 1


@needs_redis
def test_with_redis_up_everything_goes_through_one_connection_to_it(
    api_client, empty_redis, real_redis, attempts, caplog
):
    shoe = ShoeFactory()

    assert answered(api_client, shoe, attempts) == [
        ("list", 200, 1),
        ("detail", 200, 0),
        ("sign-in", 400, 0),
        ("newsletter", 200, 0),
        ("health", 200, 0),
    ]
    assert api_client.get("/api/health").json() == {
        "status": "ok",
        "database": "ok",
        "cache": "ok",
        "worker": "unknown",
        "beat": "unknown",
    }
    # The throttles count in Redis, where every app server sees them.
    assert empty_redis.exists(f"{PREFIX}:counter:throttle_signin_127.0.0.1")
    assert real_redis.fallback.get("counter:throttle_signin_127.0.0.1") is None
    assert breaker_lines(caplog) == []


@needs_redis
def test_health_says_degraded_while_redis_hangs_and_ok_once_it_is_back(
    api_client, empty_redis, use_redis, front, attempts, clock, caplog
):
    cache = use_redis(url_of(front))
    assert [sign_in(api_client).status_code for _ in range(3)] == [400] * 3
    assert api_client.get("/api/health").json()["cache"] == "degraded"

    front.forward_to = REAL_REDIS
    assert api_client.get("/api/health").json()["cache"] == "degraded"  # still within the pause
    clock.now += 5
    back = api_client.get("/api/health")

    assert back.status_code == 200
    assert back.json() == {"status": "ok", "database": "ok", "cache": "ok", "worker": "unknown", "beat": "unknown"}
    assert len(attempts) == 2  # the hung one, then the one that found Redis back
    opened, closed = breaker_lines(caplog)
    assert opened.startswith("Redis does not answer (TimeoutError")
    assert closed.startswith("Redis answers again after 5 s")
    # From now on the counts are Redis's again; those made meanwhile stayed in this process.
    sign_in(api_client)
    assert empty_redis.exists(f"{PREFIX}:counter:throttle_signin_127.0.0.1")
    assert cache.fallback.get("counter:throttle_signin_127.0.0.1") == 3


def test_one_caller_at_a_time_tries_redis_again_after_the_pause(clock):
    breaker = shopsite.cache.Breaker(5)
    breaker.failed(redis.ConnectionError("refused"))

    assert not breaker.allows()
    clock.now += 5
    assert breaker.allows()
    assert not breaker.allows()  # a second thread, while the first one's try is under way
    breaker.failed(redis.ConnectionError("still refused"))
    assert not breaker.allows()
    clock.now += 5
    assert breaker.allows()
    breaker.succeeded()
    assert breaker.allows()
    assert breaker.allows()


def test_the_breaker_logs_when_it_opens_and_closes_only(clock, caplog):
    caplog.set_level(logging.INFO, logger="shopsite.cache")
    breaker = shopsite.cache.Breaker(5)

    for _ in range(3):
        breaker.failed(redis.TimeoutError("Timeout reading from socket"))
        clock.now += 5
        breaker.allows()
    breaker.succeeded()
    breaker.succeeded()

    assert breaker_lines(caplog) == [
        "Redis does not answer (TimeoutError: Timeout reading from socket): each process counts and caches in its "
        "own memory, trying Redis again every 5 s",
        "Redis answers again after 15 s: the cache is shared again",
    ]


def cache_setting(tmp_path, **env) -> dict:
    code = "from django.conf import settings; print(repr(settings.CACHES['default']))"
    result = start_django(tmp_path, code, **LIVE, **env)
    assert result.returncode == 0, result.stderr
    return ast.literal_eval(result.stdout.strip().splitlines()[-1])


def test_a_redis_cache_url_gets_the_short_timeouts_and_the_breaker(tmp_path):
    assert cache_setting(tmp_path, CACHE_URL="redis://cache.internal:6379/0", SHOP_RELEASE="r1") == {
        "BACKEND": "shopsite.cache.ResilientRedisCache",
        "LOCATION": "redis://cache.internal:6379/0",
        "KEY_PREFIX": "r1",
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25, "breaker_seconds": 5, "counter_prefix": ""},
    }
    # The environment's values, and the URL's own options over them.
    assert cache_setting(
        tmp_path, CACHE_URL="redis://cache.internal:6379/0?socket_timeout=0.1", CACHE_BREAKER_SECONDS="30"
    )["OPTIONS"] == {"socket_connect_timeout": 0.25, "socket_timeout": 0.1, "breaker_seconds": 30, "counter_prefix": ""}


def test_without_a_cache_url_each_process_keeps_its_own_memory_cache(tmp_path):
    assert cache_setting(tmp_path, SHOP_RELEASE="r1") == {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "",
        "KEY_PREFIX": "r1",
        # Bounded, whatever URLs it is asked (catalog/cache.py keeps answers in it).
        "OPTIONS": {"MAX_ENTRIES": 500},
    }
