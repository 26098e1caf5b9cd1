"""The Django admin's site, held to the shop's rules: only Enabled staff, signed in as the storefront signs in."""

import math
from functools import update_wrapper
from typing import NoReturn
from urllib.parse import quote

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import logout
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from rest_framework.exceptions import Throttled

from . import second_factor
from .errors import (
    ACCOUNT_DISABLED,
    AccountDisabled,
    InvalidEmail,
    SecondFactorCodeWrong,
    SecondFactorThrottled,
    SignInLocked,
    UserNotFound,
    WrongPassword,
)
from .identity import local
from .views import SignInView

CODE_HELP = "The 6-digit code your authenticator app shows, or one of your recovery codes."
CODE_NEEDED = "Enter the code from your authenticator app."
ENROL_FIRST = "Set up two-factor authentication on your account page (/account) before signing in here."


def _code_field() -> forms.CharField:
    return forms.CharField(label="Two-factor code", required=False, max_length=32, help_text=CODE_HELP)


def _client_wait(request) -> float | None:
    """Counts a try with the API's sign-ins from the same client: None while some are left, else the wait."""
    view = SignInView()
    refused = [throttle for throttle in view.get_throttles() if not throttle.allow_request(request, view)]
    return max(throttle.wait() or 0.0 for throttle in refused) if refused else None


class SecondFactorMixin:
    """A form's `otp_code`, checked for `self.second_factor_user` (django-otp's throttle refuses with 429)."""

    retry_after: int | None = None

    def second_factor_clean(self, user) -> bool:
        """True when a right code was given; ValidationError when one is needed and missing or wrong."""
        if second_factor.app_device(user) is None:
            if second_factor.is_required():
                raise ValidationError(ENROL_FIRST, code="otp_enrolment_required")
            return False
        code = self.cleaned_data.get("otp_code")
        if not code:
            raise ValidationError(CODE_NEEDED, code="otp_required")
        try:
            second_factor.code_check(self.request, user, code)
        except SecondFactorThrottled as refusal:
            self._throttled(refusal.wait or 1, refusal.detail)
        except SecondFactorCodeWrong as wrong:
            raise ValidationError(wrong.message, code="otp_invalid") from None
        return True

    def _throttled(self, wait: float, message: str) -> NoReturn:
        self.retry_after = math.ceil(wait)
        raise ValidationError(str(message), code="throttled")


class AdminSignInForm(SecondFactorMixin, AdminAuthenticationForm):
    """The storefront's sign-in, with its limits and their counts, then Django's staff check, then the second factor
    (accounts/second_factor.py): a right code rides on the user into login(), which marks the session verified."""

    otp_code = _code_field()

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
        self.user_cache._second_factor_verified = self.second_factor_clean(self.user_cache)
        return self.cleaned_data


class StepUpForm(SecondFactorMixin, forms.Form):
    """The admin's step-up: a fresh code before a change."""

    otp_code = _code_field()

    def __init__(self, request, *args, **kwargs):
        self.request = request
        super().__init__(*args, **kwargs)

    def clean(self):
        self.second_factor_clean(self.request.user)
        return self.cleaned_data


class ShopAdminSite(admin.AdminSite):
    """Django's admin site, for Enabled staff only (`admin.site`, through shopsite.apps.ShopAdminConfig)."""

    login_form = AdminSignInForm
    login_template = "admin/shop_login.html"
    # Views a stale second factor does not stop (the step-up's own page, signing out).
    STEP_UP_EXEMPT = ("logout", "second_factor_view")

    def has_permission(self, request) -> bool:
        # Every admin page asks this: a session opened before the account was disabled goes to the login, and one
        # without the second factor the account needs (a storefront sign-in that skipped its code) too.
        return (
            super().has_permission(request)
            and request.user.is_enabled
            and second_factor.admin_site_allows(request, request.user)
        )

    def admin_view(self, view, cacheable=False):
        """Every change (a POST) asks for a code entered in the last 15 minutes, as the API's refunds and rights
        changes do: without one the staff member is sent to the step-up page, then back to send the change again."""
        inner = super().admin_view(view, cacheable)
        if getattr(view, "__name__", "") in self.STEP_UP_EXEMPT:
            return inner

        def checked(request, *args, **kwargs):
            if (
                request.method == "POST"
                and self.has_permission(request)
                and not second_factor.step_up_fresh(request, request.user)
            ):
                return redirect(f"{reverse('admin:second_factor', current_app=self.name)}?next={quote(request.path)}")
            return inner(request, *args, **kwargs)

        return update_wrapper(checked, inner)

    def get_urls(self):
        return [
            path("second-factor/", self.admin_view(self.second_factor_view), name="second_factor"),
            *super().get_urls(),
        ]

    def second_factor_view(self, request):
        """GET: the code form; POST: a right code verifies the session now and goes back to `next`."""
        target = request.POST.get("next") or request.GET.get("next") or reverse("admin:index", current_app=self.name)
        if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
            target = reverse("admin:index", current_app=self.name)
        form = StepUpForm(request, request.POST or None)
        if request.method == "POST" and form.is_valid():
            second_factor.session_mark_verified(request, request.user)
            return redirect(target)
        context = {**self.each_context(request), "form": form, "next": target, "title": "Confirm it is you"}
        response = TemplateResponse(request, "admin/second_factor.html", context)
        if form.retry_after is not None:
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response

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
