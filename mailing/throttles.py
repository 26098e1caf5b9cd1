"""How often one client may post to the mailing calls."""

from rest_framework import throttling
from rest_framework.settings import api_settings


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """DRF's scoped throttle, reading the rates from the settings at each request."""

    @property
    def THROTTLE_RATES(self) -> dict:
        # DRF copies the rates into a class attribute once, at import: without this a changed
        # REST_FRAMEWORK setting (the tests' low rates) would never be seen.
        return api_settings.DEFAULT_THROTTLE_RATES
