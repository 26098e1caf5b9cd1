"""The shop's Redis cache: short timeouts, and a breaker that lets each process's memory stand in while Redis is out."""

import logging
import threading
from time import monotonic

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

logger = logging.getLogger(__name__)

# Redis on the same network answers in a millisecond: a quarter of a second is already an outage.
CONNECT_TIMEOUT_SECONDS = 0.25
TIMEOUT_SECONDS = 0.25
BREAKER_SECONDS = 5.0


class Breaker:
    """Closed, calls go to Redis; a failure opens it for `seconds`, after which one call at a time tries Redis again.

    One per Redis server list, shared by the threads of a process (Django makes a cache object per thread).
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._lock = threading.Lock()
        self._opened_at: float | None = None
        self._retry_at = 0.0
        self._trying = False

    def allows(self) -> bool:
        """Whether this call may go to Redis: always while closed; once open, one caller after each pause."""
        # Unlocked while closed: the one attribute read costs nothing on every cache call of a healthy shop.
        if self._opened_at is None:
            return True
        with self._lock:
            if self._opened_at is None:
                return True
            if self._trying or monotonic() < self._retry_at:
                return False
            self._trying = True
            return True

    def succeeded(self) -> None:
        if self._opened_at is None:
            return
        with self._lock:
            if self._opened_at is None:
                return
            down_for = monotonic() - self._opened_at
            self._opened_at, self._trying = None, False
        logger.info("Redis answers again after %.0f s: the cache is shared again", down_for)

    def failed(self, error: RedisError) -> None:
        with self._lock:
            now = monotonic()
            opening = self._opened_at is None
            if opening:
                self._opened_at = now
            self._retry_at = now + self.seconds
            self._trying = False
        # One line when it opens, not one per request (nor one per failed retry) while Redis stays out.
        if opening:
            logger.error(
                "Redis does not answer (%s: %s): each process counts and caches in its own memory, trying Redis "
                "again every %g s",
                type(error).__name__,
                error,
                self.seconds,
            )


_breakers: dict[tuple[tuple[str, ...], float], Breaker] = {}


def breaker_for(servers: tuple[str, ...], seconds: float) -> Breaker:
    """The breaker of these Redis servers in this process, made on first use."""
    # setdefault is atomic: two threads making their cache objects at once still share one breaker.
    return _breakers.setdefault((servers, seconds), Breaker(seconds))


class ResilientRedisCache(RedisCache):
    """Django's RedisCache that never fails a request: while Redis is out, a local-memory cache answers instead.

    Throttles therefore count per process rather than letting everyone through or failing, and the catalogue
    keeps its answers per process, as with the default cache. OPTIONS take `breaker_seconds` beside redis-py's
    own options; the timeouts default to a quarter of a second and redis-py never retries on its own.
    """

    def __init__(self, server, params) -> None:
        options = dict(params.get("OPTIONS", {}))
        seconds = float(options.pop("breaker_seconds", BREAKER_SECONDS))
        # Starts the keys of shopsite/counters.py, which leave the release out of them (settings' KEY_PREFIX has it).
        self.counter_prefix = str(options.pop("counter_prefix", params.get("KEY_PREFIX", "")))
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_SECONDS)
        options.setdefault("socket_timeout", TIMEOUT_SECONDS)
        # The breaker is the retry: one attempt per call, so a dead Redis costs one timeout per breaker pause at most.
        options.setdefault("retry", Retry(NoBackoff(), 0))
        super().__init__(server, {**params, "OPTIONS": options})
        self._breaker = breaker_for(tuple(self._servers), seconds)
        # Same keys (prefix, version, key function) and timeout; LocMemCache shares its storage by name, so
        # every thread's cache object in the process sees the same entries.
        fallback_params = {
            name: params[name] for name in ("TIMEOUT", "KEY_PREFIX", "VERSION", "KEY_FUNCTION") if name in params
        }
        self.fallback = LocMemCache(f"{__name__}.fallback:{';'.join(self._servers)}", fallback_params)

    def available(self) -> bool:
        """Whether Redis answers a PING now; False without asking while the breaker is open."""
        if not self._breaker.allows():
            return False
        try:
            self._cache.get_client(write=True).ping()
        except RedisError as error:
            self._breaker.failed(error)
            return False
        self._breaker.succeeded()
        return True

    def _either(self, operation: str, *args, **kwargs):
        """super().<operation>, or the fallback's when the breaker is open or Redis fails this call."""
        if self._breaker.allows():
            try:
                result = getattr(super(), operation)(*args, **kwargs)
            except RedisError as error:
                self._breaker.failed(error)
            else:
                self._breaker.succeeded()
                return result
        return getattr(self.fallback, operation)(*args, **kwargs)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version=version)

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version=version)

    def delete(self, key, version=None):
        return self._either("delete", key, version=version)

    def get_many(self, keys, version=None):
        return self._either("get_many", keys, version=version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version=version)

    def incr(self, key, delta=1, version=None):
        return self._either("incr", key, delta, version=version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set_many", data, timeout, version=version)

    def delete_many(self, keys, version=None):
        return self._either("delete_many", keys, version=version)

    def clear(self):
        return self._either("clear")


def cache_state() -> str:
    """'ok' when the default cache answers; 'degraded' when the shop runs without it (each process on its own)."""
    default = caches["default"]
    if isinstance(default, ResilientRedisCache):
        return "ok" if default.available() else "degraded"
    try:
        default.get("health")
    # Another backend's client (memcached, Django's own RedisCache) raises its own errors: all mean the same here.
    except Exception:
        logger.exception("Health check: the cache does not answer")
        return "degraded"
    return "ok"
