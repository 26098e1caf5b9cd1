"""Counters every worker and machine share (the Django cache, Redis in a live shop): a rate limit and a gate on
checkouts at once, each one atomic INCR on a key with an expiry, never a read then a write."""

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from django.conf import settings
from django.core.cache import cache
from rest_framework.exceptions import Throttled

BUSY = "So many people are checking out this release right now that the shop cannot take more; try again in a moment."
TOO_MANY = "Too many tries at this release; wait a minute and try again."


def hit(key: str, *, seconds: int) -> int:
    """Count one more in the key's window of `seconds` (started by its first hit); the count after."""
    cache.add(key, 0, timeout=seconds)
    try:
        return cache.incr(key)
    except ValueError:
        # The window ended between the add and the incr: this hit starts the next.
        cache.add(key, 0, timeout=seconds)
        return cache.incr(key)


def rate_limit(*keys: str, per_minute: int) -> None:
    """Throttled (429 with Retry-After) once any key has more than per_minute hits in its minute."""
    for key in keys:
        if hit(f"release-rate:{key}", seconds=60) > per_minute:
            raise Throttled(wait=60, detail=TOO_MANY)


@contextmanager
def gate(name: str, *, at_once: int) -> Iterator[None]:
    """Let at most at_once callers in at a time; the others get Throttled (429, Retry-After), never a wait.

    The key expires (SHOP_RELEASE_GATE_SECONDS) so a worker killed inside cannot keep its place for ever; a window
    that ends while callers are inside lets a few more in, never fewer."""
    key = f"release-gate:{name}"
    seconds = settings.SHOP_RELEASE_GATE_SECONDS
    inside = hit(key, seconds=seconds)
    try:
        if inside > at_once:
            raise Throttled(wait=settings.SHOP_RELEASE_RETRY_AFTER_SECONDS, detail=BUSY)
        yield
    finally:
        # ValueError: its window ended meanwhile, and the key with it.
        with suppress(ValueError):
            cache.decr(key)
