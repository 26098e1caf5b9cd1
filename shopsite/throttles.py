"""How often one client may call the calls that write for strangers: forms, sign-in, password resets."""

import hashlib

from rest_framework import throttling
from rest_framework.settings import api_settings


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
    guessing one account's password, or flooding one inbox with reset mails.
    """

    scope_attr = "email_throttle_scope"

    def get_cache_key(self, request, view) -> str | None:
        email = request.data.get("email") if hasattr(request.data, "get") else None
        if not isinstance(email, str) or not email.strip():
            return None
        # Hashed: the cache (Redis in production) need not hold the addresses themselves.
        ident = hashlib.sha256(email.strip().lower().encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}
