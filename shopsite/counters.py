"""Counters every process and machine shares, for rate limits and lockouts: one atomic round trip to Redis per hit.

A window starts at a key's first hit and lasts its `seconds`; SET NX EX, INCR and PTTL go in one MULTI, so parallel
hits from any number of machines each get their own count, never a read then a write. While Redis is out (the
cache's breaker, shopsite/cache.py) each process counts in its own memory, as it did before Redis.
"""

import math
import time

from django.core.cache import cache, caches
from redis.exceptions import RedisError

from .cache import ResilientRedisCache


def _redis_key(redis_cache: ResilientRedisCache, key: str) -> str:
    # Without the release (settings' SHOP_RELEASE in the cache keys): a rolling release must not hand every guesser a
    # fresh allowance.
    return f"{redis_cache.counter_prefix}:counter:{key}" if redis_cache.counter_prefix else f"counter:{key}"


def _local_hit(store, key: str, seconds: int) -> tuple[int, float]:
    """add + incr on a Django cache (local memory: one process), the window's end kept beside the count."""
    until_key = f"counter-until:{key}"
    now = time.time()
    if store.add(until_key, now + seconds, timeout=seconds):
        store.set(f"counter:{key}", 0, timeout=seconds)
    until = store.get(until_key) or now + seconds
    try:
        count = store.incr(f"counter:{key}")
    except ValueError:
        # The window ended between the two: this hit starts the next.
        store.set(until_key, now + seconds, timeout=seconds)
        store.set(f"counter:{key}", 1, timeout=seconds)
        count, until = 1, now + seconds
    return count, max(until - now, 0.0)


def _local_get(store, key: str) -> tuple[int, float]:
    count = store.get(f"counter:{key}") or 0
    until = store.get(f"counter-until:{key}") or time.time()
    return count, max(until - time.time(), 0.0)


def _local_clear(store, key: str) -> None:
    store.delete_many([f"counter:{key}", f"counter-until:{key}"])


def _local_store():
    """Where a process counts on its own: the Redis cache's local stand-in, or the default cache itself."""
    fallback = getattr(_redis_cache(), "fallback", None)
    return fallback if fallback is not None else cache


def _redis_cache() -> ResilientRedisCache | None:
    default = caches["default"]
    return default if isinstance(default, ResilientRedisCache) else None


def counter_hit(key: str, *, seconds: int) -> tuple[int, float]:
    """Count one more in the key's window; the count after it and the seconds left in the window."""
    seconds = max(math.ceil(seconds), 1)
    if (redis_cache := _redis_cache()) is not None and (result := _hit_redis(redis_cache, key, seconds)) is not None:
        return result
    return _local_hit(_local_store(), key, seconds)


def counter_get(key: str) -> tuple[int, float]:
    """The key's count in its window now, and the seconds left in it (0, 0 when no window is open)."""
    if (redis_cache := _redis_cache()) is not None and (result := _get_redis(redis_cache, key)) is not None:
        return result
    return _local_get(_local_store(), key)


def counter_clear(key: str) -> None:
    """Forget the key's window and count, everywhere."""
    if (redis_cache := _redis_cache()) is not None:
        _clear_redis(redis_cache, key)
    _local_clear(_local_store(), key)


def _redis_call(redis_cache: ResilientRedisCache, call):
    if not redis_cache._breaker.allows():
        return None
    try:
        result = call(redis_cache._cache.get_client(write=True))
    except RedisError as error:
        redis_cache._breaker.failed(error)
        return None
    redis_cache._breaker.succeeded()
    return result


def _hit_redis(redis_cache: ResilientRedisCache, key: str, seconds: int) -> tuple[int, float] | None:
    name = _redis_key(redis_cache, key)

    def call(client):
        pipe = client.pipeline(transaction=True)
        pipe.set(name, 0, ex=seconds, nx=True)
        pipe.incr(name)
        pipe.pttl(name)
        _, count, left = pipe.execute()
        if left < 0:
            # A key left without an expiry (by hand): give it one, or it would count for ever.
            client.expire(name, seconds)
            left = seconds * 1000
        return count, left / 1000

    return _redis_call(redis_cache, call)


def _get_redis(redis_cache: ResilientRedisCache, key: str) -> tuple[int, float] | None:
    name = _redis_key(redis_cache, key)

    def call(client):
        pipe = client.pipeline(transaction=False)
        pipe.get(name)
        pipe.pttl(name)
        count, left = pipe.execute()
        return int(count or 0), max(left, 0) / 1000

    return _redis_call(redis_cache, call)


def _clear_redis(redis_cache: ResilientRedisCache, key: str) -> None:
    name = _redis_key(redis_cache, key)
    _redis_call(redis_cache, lambda client: client.delete(name))
