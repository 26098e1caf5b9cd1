"""Errors of the accounts app, with the hosted identity service's codes so docs/PRODUCT.md §8's messages apply."""

import math

from rest_framework import exceptions, status

from shopsite.errors import Conflict, ShopError

ACCOUNT_DISABLED = "Your account is Disabled or Eliminated"


class AccountDisabled(exceptions.PermissionDenied):
    """A Disabled or Eliminated account used its credential."""

    default_detail = ACCOUNT_DISABLED
    default_code = "account_disabled"


class IdentityError(ShopError):
    """Sign-up, sign-in or recovery refused, as the identity service would refuse it."""


class EmailInUse(IdentityError):
    status_code = status.HTTP_409_CONFLICT
    code = "auth/email-already-in-use"
    message = "Email already in use"


class WeakPassword(IdentityError):
    code = "auth/weak-password"
    message = "The Password should be at least 6 characters"


class PasswordMissing(IdentityError):
    # The hosted service's odd code for an empty password, which the spec maps to 'Fill the password'.
    code = "auth/internal-error"
    message = "Fill the password"


class InvalidEmail(IdentityError):
    code = "auth/invalid-email"
    message = "Use a valid email"


class UserNotFound(IdentityError):
    code = "auth/user-not-found"
    message = "User not found"


class WrongPassword(IdentityError):
    code = "auth/wrong-password"
    message = "Wrong Password"


class SignInLocked(exceptions.Throttled):
    """Too many failed sign-ins named this account lately; a completed password reset lifts it at once."""

    default_detail = "Too many failed sign-ins to this account. Try again later, or reset your password."
    default_code = "auth/too-many-requests"

    def __init__(self, wait: float | None):
        # The wait goes in Retry-After only: the message stays one sentence, as the spec's are.
        super().__init__()
        self.wait = math.ceil(wait) if wait is not None else None


class GoogleSignInRefused(IdentityError):
    """The Google ID token was not Google's word for this shop: forged, expired, for another site, or unverified."""

    status_code = status.HTTP_401_UNAUTHORIZED
    code = "auth/invalid-google-credential"
    message = "Google sign-in failed: please try again."


class GoogleAccountTaken(IdentityError):
    status_code = status.HTTP_409_CONFLICT
    code = "auth/credential-already-in-use"
    message = "This email address is linked to another Google account."


class IdentityUnavailable(exceptions.APIException):
    """Google's keys or user records could not be reached: the caller may simply try again."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "Signing in is unavailable for a moment. Please try again in a few minutes."
    default_code = "identity_unavailable"


class InvalidResetLink(IdentityError):
    code = "auth/invalid-action-code"
    message = "This link has expired or was already used: ask for a new one."


class NotYourAccount(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "not_your_account"
    message = "That is not the account you are signed in with."


class OwnAccount(Conflict):
    code = "own_account"
    message = "You cannot change your own status or manager flag: ask the other administrator."


class ShopOwner(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "shop_owner"
    message = "The shop's owners are changed only by the operator's command."


class AccountEliminated(Conflict):
    code = "account_eliminated"
    message = "This account is Eliminated, which is final: only the operator's command (set_user_status) changes it."


class StaffAccount(Conflict):
    code = "staff_account"
    message = "Staff accounts are changed in the Django admin."


class ProviderNotUsed(ShopError):
    status_code = status.HTTP_404_NOT_FOUND
    code = "not_found"
    message = "This shop signs people in with another identity provider."


class GoogleNotConfigured(ProviderNotUsed):
    message = "Google sign-in is not configured in this shop."


# The second factor (accounts/second_factor.py). The three 403s tell the dashboard what to do next: send the admin to
# /account to enrol, or ask for a code and try the call again.
class SecondFactorEnrolmentRequired(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "otp_enrolment_required"
    message = "Set up two-factor authentication on your account page before using the admin."


class SecondFactorVerificationRequired(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "otp_verification_required"
    message = "Enter the code from your authenticator app to use the admin."


class SecondFactorStepUpRequired(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "otp_step_up_required"
    message = "Confirm it is you: enter a code from your authenticator app."


class SecondFactorCodeWrong(ShopError):
    code = "otp_invalid"
    message = "That code is not right: enter the 6-digit code your authenticator app shows now, or a recovery code."


class SecondFactorNotEnrolled(Conflict):
    code = "otp_not_enrolled"
    message = "Two-factor authentication is not set up on this account."


class SecondFactorAlreadyEnrolled(Conflict):
    code = "otp_already_enrolled"
    message = "Two-factor authentication is already set up: turn it off first to set up a new app."


class SecondFactorThrottled(exceptions.Throttled):
    """Codes were wrong too often lately: django-otp doubles the wait after each wrong one."""

    default_detail = "Too many wrong codes. Wait a little, then try again."
    default_code = "otp_throttled"

    def __init__(self, wait: float | None):
        super().__init__()
        self.wait = math.ceil(wait) if wait is not None else None
