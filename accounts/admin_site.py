"""The Django admin's site, held to the shop's rules: only Enabled staff, signed in as the storefront signs in."""

import math
from typing import NoReturn

from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import logout
from django.core.exceptions import ValidationError
from rest_framework.exceptions import Throttled

from .errors import ACCOUNT_DISABLED, AccountDisabled, InvalidEmail, SignInLocked, UserNotFound, WrongPassword
from .identity import local
from .views import SignInView


def _client_wait(request) -> float | None:
    """Counts a try with the API's sign-ins from the same client: None while some are left, else the wait."""
    view = SignInView()
    refused = [throttle for throttle in view.get_throttles() if not throttle.allow_request(request, view)]
    return max(throttle.wait() or 0.0 for throttle in refused) if refused else None


class AdminSignInForm(AdminAuthenticationForm):
    """The storefront's sign-in, with its limits and their counts, then Django's staff check."""

    # Set when a limit refused the try: the page then answers 429 with Retry-After.
    retry_after: int | None = None

    def clean(self):
        if (wait := _client_wait(self.request)) is not None:
            self._throttled(wait, Throttled(wait).detail)
        email, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if email is None or not password:
            return self.cleaned_data  # the fields say what is missing
        try:
            self.user_cache = local.user_authenticate(request=self.request, email=email, password=password)
        except (InvalidEmail, UserNotFound, WrongPassword):
            raise self.get_invalid_login_error() from None
        except AccountDisabled:
            raise ValidationError(ACCOUNT_DISABLED, code="inactive") from None
        except SignInLocked as refusal:
            self._throttled(refusal.wait or 0, refusal.detail)
        self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data

    def _throttled(self, wait: float, message: str) -> NoReturn:
        self.retry_after = math.ceil(wait)
        raise ValidationError(str(message), code="throttled")


class ShopAdminSite(admin.AdminSite):
    """Django's admin site, for Enabled staff only (`admin.site`, through shopsite.apps.ShopAdminConfig)."""

    login_form = AdminSignInForm

    def has_permission(self, request) -> bool:
        # Every admin page asks this: a session opened before the account was disabled goes to the login.
        return super().has_permission(request) and request.user.is_enabled

    def login(self, request, extra_context=None):
        if request.user.is_authenticated and not request.user.is_enabled:
            # Signed out here, as the storefront's account page signs a Disabled user out.
            logout(request)
            messages.error(request, ACCOUNT_DISABLED)
        response = super().login(request, extra_context)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if getattr(form, "retry_after", None) is not None:
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response
