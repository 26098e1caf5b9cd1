"""The second factor: a code from an authenticator app (TOTP, django-otp) and ten single-use recovery codes.

Who is asked (docs/DESIGN.md §2, docs/DEPLOY.md "Second factor"): everyone who can move money or rights, that is shop
admins and Django admin staff. With SHOP_ADMIN_2FA=required (a live shop's default) they may use those rights only once
they enrolled and entered a code in this session; with "optional" (the demo's) only those who enrolled are asked.

A sign-in with a password (or Firebase's) still opens the session at once, as a shopper's: the session is *unverified*
until a code is posted to /api/auth/otp/verify, and an unverified session carries no admin rights. The verification
is the session's: the device, the user it was entered for, and when. Refunds, cancels and rights changes ask for one
made in the last STEP_UP_WINDOW (the step-up).
"""

import logging
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from activity import services as activity
from activity.services import security_event_record

from .errors import (
    SecondFactorAlreadyEnrolled,
    SecondFactorCodeWrong,
    SecondFactorEnrolmentRequired,
    SecondFactorNotEnrolled,
    SecondFactorStepUpRequired,
    SecondFactorThrottled,
    SecondFactorVerificationRequired,
)
from .models import User

logger = logging.getLogger(__name__)

REQUIRED = "required"
STEP_UP_WINDOW = timedelta(minutes=15)
RECOVERY_CODE_COUNT = 10
APP_DEVICE_NAME = "Authenticator app"
RECOVERY_DEVICE_NAME = "Recovery codes"
# What a verified session holds: the app's device (even when a recovery code was used), whose it is, and when.
SESSION_DEVICE = "otp_device"
SESSION_USER = "otp_user"
SESSION_VERIFIED_AT = "otp_verified_at"
SESSION_KEYS = (SESSION_DEVICE, SESSION_USER, SESSION_VERIFIED_AT)


def is_required() -> bool:
    return settings.SHOP_ADMIN_2FA == REQUIRED


def holds_rights(user) -> bool:
    """Can move money or rights: a shop admin (the dashboard, the API) or staff (the Django admin)."""
    return bool(user and user.is_authenticated and (user.is_shop_admin or user.is_staff))


def app_device(user: User) -> TOTPDevice | None:
    """The user's confirmed authenticator app, looked up once per request (kept on the user object)."""
    if not hasattr(user, "_second_factor_device"):
        user._second_factor_device = TOTPDevice.objects.filter(user=user, confirmed=True).first()
    return user._second_factor_device


def _device_forget(user: User) -> None:
    # delattr, not __dict__: request.user may be Django's lazy wrapper, which passes it on to the user.
    if hasattr(user, "_second_factor_device"):
        del user._second_factor_device


def second_factor_failed_record(user: User, request, reason: str = "wrong code") -> None:
    """A wrong or throttled code: a security event in the activity log, and a warning in the application's log."""
    security_event_record("second_factor_failed", user=user, request=request, detail=reason)
    logger.warning(
        "second factor failed for user %s on %s",
        user.pk,
        request.path,
        extra={"event": "second_factor_failed", "user_id": user.pk, "reason": reason},
    )


# ---- The session's verification


def verified_at(request, user: User) -> datetime | None:
    """When this session last entered a code for the user's current app, or None."""
    device = app_device(user)
    session = request.session
    if device is None or session.get(SESSION_USER) != user.pk or session.get(SESSION_DEVICE) != device.persistent_id:
        return None
    stamp = session.get(SESSION_VERIFIED_AT)
    return datetime.fromtimestamp(stamp, UTC) if isinstance(stamp, (int, float)) else None


def session_mark_verified(request, user: User) -> None:
    request.session[SESSION_DEVICE] = app_device(user).persistent_id
    request.session[SESSION_USER] = user.pk
    request.session[SESSION_VERIFIED_AT] = timezone.now().timestamp()


def session_forget(request) -> None:
    for key in SESSION_KEYS:
        request.session.pop(key, None)


def code_pending(request, user: User) -> bool:
    """The sign-in's second step: the account has an app and this session has not entered a code yet."""
    return app_device(user) is not None and verified_at(request, user) is None


def admin_rights_check(request, user: User) -> None:
    """Refuses an admin's call (403 with the next step's code) when the second factor stands in the way."""
    if app_device(user) is None:
        if is_required():
            raise SecondFactorEnrolmentRequired()
        return
    if verified_at(request, user) is None:
        raise SecondFactorVerificationRequired()


def step_up_check(request, user: User) -> None:
    """A refund, a cancel or a rights change: a code entered in the last STEP_UP_WINDOW (when the account has an app,
    which "required" makes every admin's)."""
    admin_rights_check(request, user)
    when = verified_at(request, user)
    if when is not None and timezone.now() - when > STEP_UP_WINDOW:
        raise SecondFactorStepUpRequired()


def admin_site_allows(request, user: User) -> bool:
    """The Django admin's form of admin_rights_check: True when its pages may open."""
    try:
        admin_rights_check(request, user)
    except (SecondFactorEnrolmentRequired, SecondFactorVerificationRequired):
        return False
    return True


def step_up_fresh(request, user: User) -> bool:
    try:
        step_up_check(request, user)
    except (SecondFactorEnrolmentRequired, SecondFactorVerificationRequired, SecondFactorStepUpRequired):
        return False
    return True


# ---- Checking a code


def _normalized(code) -> str:
    if not isinstance(code, str):
        return ""
    return "".join(code.split()).replace("-", "").lower()[:32]


def _try(device, code: str) -> bool:
    """One try against a device, refused while django-otp's throttle holds it (each wrong code doubles the wait)."""
    with transaction.atomic():
        device = type(device).objects.select_for_update().get(pk=device.pk)
        allowed, details = device.verify_is_allowed()
        if not allowed:
            locked_until = (details or {}).get("locked_until")
            wait = (locked_until - timezone.now()).total_seconds() if locked_until else None
            raise SecondFactorThrottled(max(wait or 1, 1))
        return device.verify_token(code)


def code_check(request, user: User, code) -> None:
    """Accepts a current code of the user's app (each 30-second code once: django-otp keeps the last step used) or an
    unused recovery code (deleted as it is used); refuses anything else, counting it for the throttle."""
    device = app_device(user)
    if device is None:
        raise SecondFactorNotEnrolled()
    code = _normalized(code)
    try:
        if code.isdigit() and len(code) == device.digits:
            ok = _try(device, code)
        else:
            recovery = StaticDevice.objects.filter(user=user, confirmed=True).first()
            ok = bool(code) and recovery is not None and _try(recovery, code)
    except SecondFactorThrottled:
        second_factor_failed_record(user, request, "throttled")
        raise
    if not ok:
        second_factor_failed_record(user, request, "wrong code")
        raise SecondFactorCodeWrong(field="code")


def code_verify(request, user: User, code) -> None:
    """The sign-in's second step, and the step-up: a right code marks the session verified, now."""
    code_check(request, user, code)
    session_mark_verified(request, user)


def recovery_codes_left(user: User) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


# ---- Enrolment


def enrolment_start(user: User) -> TOTPDevice:
    """A new app, unconfirmed until its first code: any earlier unconfirmed one is dropped."""
    if app_device(user) is not None:
        raise SecondFactorAlreadyEnrolled()
    with transaction.atomic():
        TOTPDevice.objects.filter(user=user, confirmed=False).delete()
        return TOTPDevice.objects.create(user=user, name=APP_DEVICE_NAME, confirmed=False)


def enrolment_confirm(request, user: User, code) -> list[str]:
    """The app's first code confirms it; the answer is the ten recovery codes, shown this once."""
    if app_device(user) is not None:
        raise SecondFactorAlreadyEnrolled()
    pending = TOTPDevice.objects.filter(user=user, confirmed=False).order_by("-id").first()
    if pending is None:
        raise SecondFactorNotEnrolled("Start the set-up again: no app is waiting for its first code.")
    code = _normalized(code)
    if not (code.isdigit() and _try(pending, code)):
        second_factor_failed_record(user, request, "wrong enrolment code")
        raise SecondFactorCodeWrong(field="code")
    with transaction.atomic():
        TOTPDevice.objects.filter(pk=pending.pk).update(confirmed=True)
        StaticDevice.objects.filter(user=user).delete()
        recovery = StaticDevice.objects.create(user=user, name=RECOVERY_DEVICE_NAME, confirmed=True)
        codes = [StaticToken.random_token() for _ in range(RECOVERY_CODE_COUNT)]
        StaticToken.objects.bulk_create(StaticToken(device=recovery, token=token) for token in codes)
    _device_forget(user)
    session_mark_verified(request, user)
    return codes


def devices_remove(user: User, *, actor) -> int:
    """Every app and recovery code of the user (turning it off, or the operator's otp_reset); how many devices.

    Recorded in the activity log under `actor` (the user, or the operator's command) when there was one to remove.
    """
    with transaction.atomic():
        removed = TOTPDevice.objects.filter(user=user).delete()[1].get(TOTPDevice._meta.label, 0)
        removed += StaticDevice.objects.filter(user=user).delete()[1].get(StaticDevice._meta.label, 0)
        if removed:
            activity.record(
                actor, "user.second_factor_off", user, before={"second_factor": "on"}, after={"second_factor": "off"}
            )
    _device_forget(user)
    return removed


# ---- The Django admin's sign-in form: a verified device rides on the user into login(), which marks the session.


@receiver(user_logged_in)
def _session_verified_at_login(sender, request, user, **kwargs) -> None:
    if getattr(user, "_second_factor_verified", False) and request is not None:
        session_mark_verified(request, user)
