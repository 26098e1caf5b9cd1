"""How often one client may call what costs the shop: forms, sign-in, password resets, catalogue pages built anew.

Every throttle counts with shopsite/counters.py, one atomic hit shared by every process and machine (Redis), in a
window that starts at the first hit; DRF's own keeps a list of times that it reads and then writes back, which lets
parallel requests past the limit.
"""

import hashlib

from rest_framework import throttling
from rest_framework.settings import api_settings

from .counters import counter_clear, counter_get, counter_hit


def _email_ident(email: str) -> str:
    # Hashed: the cache (Redis in production) need not hold the addresses themselves.
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """DRF's scoped throttle (per client address, or per user when signed in), rates read at each request."""

    @property
    def THROTTLE_RATES(self) -> dict:
        # DRF copies the rates into a class attribute once, at import: without this a changed
        # REST_FRAMEWORK setting (the tests' low rates) would never be seen.
        return api_settings.DEFAULT_THROTTLE_RATES

    count: int = 0
    left: float = 0.0

    def allow_request(self, request, view) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.count, self.left = counter_hit(self.key, seconds=self.duration)
        return self.count <= self.num_requests

    def wait(self) -> float | None:
        """Seconds until the window ends, once it is full."""
        return max(self.left, 1.0) if self.count > (self.num_requests or 0) else None


class EmailRateThrottle(ScopedRateThrottle):
    """Counts the calls that name one email address, from wherever they come.

    A view sets `email_throttle_scope`. It holds back one attacker spread over many addresses
    flooding one inbox with reset mails.
    """

    scope_attr = "email_throttle_scope"

    def get_cache_key(self, request, view) -> str | None:
        email = request.data.get("email") if hasattr(request.data, "get") else None
        if not isinstance(email, str) or not email.strip():
            return None
        return self.cache_format % {"scope": self.scope, "ident": _email_ident(email)}


class SignInFailureThrottle(ScopedRateThrottle):
    """The failed sign-ins that named one email address lately, from wherever they came.

    It holds back one attacker spread over many addresses guessing one account's password. Each password check is
    counted before it is made (`attempt`), so parallel guesses stop at exactly the limit; a success or a completed
    password reset forgets them all, so only failures lock: counting every attempt for good would let a stranger
    lock a shopper out just by typing their address.
    """

    throttle_scope = "signin_email"

    def __init__(self, *, email: str):
        super().__init__()
        self.email_key = self.cache_format % {"scope": self.throttle_scope, "ident": _email_ident(email)}
        self.scope = self.throttle_scope
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def allows(self) -> bool:
        """Whether the account is not locked now (reads, counts nothing); `wait()` says until when otherwise."""
        if self.rate is None:
            return True
        self.count, self.left = counter_get(self.email_key)
        return self.count < self.num_requests

    def attempt(self) -> bool:
        """Count one password check, before it is made; False (locked) when the window already holds the limit."""
        if self.rate is None:
            return True
        self.count, self.left = counter_hit(self.email_key, seconds=self.duration)
        return self.count <= self.num_requests

    def locks_now(self) -> bool:
        """Whether the attempt just counted was the last one the window allows (it locks the account if it fails)."""
        return self.rate is not None and self.count == self.num_requests

    def wait(self) -> float | None:
        if self.rate is None or self.count < self.num_requests:
            return None
        return max(self.left, 1.0)

    def failures_clear(self) -> None:
        counter_clear(self.email_key)


class CatalogueBuildThrottle(ScopedRateThrottle):
    """The catalogue answers one client had built from the database lately, rather than found in the cache.

    A kept answer costs next to nothing and is never counted (a public one never even reaches DRF). One built anew
    costs queries, and a script asking only for pages nobody else asks for (deep offsets, a new search each time,
    an Accept header the cache does not keep) would otherwise have the database do all its work.
    """

    # ScopedRateThrottle reads the scope off the view it is given; this throttle is given itself.
    throttle_scope = "catalog_build"

    def allows(self, request) -> bool:
        """Whether this client may have one more answer built now (and count it); `wait()` says when otherwise."""
        return self.allow_request(request, self)
