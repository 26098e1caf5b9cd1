"""How often one client may call what costs the shop: forms, sign-in, password resets, catalogue pages built anew."""

import hashlib

from rest_framework import throttling
from rest_framework.settings import api_settings


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

    It holds back one attacker spread over many addresses guessing one account's password. Only
    failures count, and a success or a completed password reset forgets them: counting every
    attempt would let a stranger lock a shopper out just by typing their address.
    """

    # ScopedRateThrottle reads the scope off the view it is given; this throttle is given itself.
    throttle_scope = "signin_email"

    def __init__(self, *, email: str):
        super().__init__()
        self.email_key = self.cache_format % {"scope": self.throttle_scope, "ident": _email_ident(email)}

    def get_cache_key(self, request, view) -> str:
        return self.email_key

    def allows(self) -> bool:
        """Whether a sign-in naming the address may have its password checked now; `wait()` says when."""
        return self.allow_request(None, self)

    def throttle_success(self) -> bool:
        # Being allowed counts nothing: only failure_record does.
        return True

    def failure_record(self) -> None:
        self.allows()  # reads the history, less the failures too old to count
        if self.rate is not None:
            super().throttle_success()

    def failures_clear(self) -> None:
        self.cache.delete(self.email_key)


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
