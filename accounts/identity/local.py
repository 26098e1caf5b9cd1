"""The local identity provider: Django's own accounts and hashers, signed in with a session cookie.

Its refusals carry the hosted identity service's codes (accounts/errors.py), so the storefront shows
docs/PRODUCT.md §8's messages whichever provider the shop runs with.
"""

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from activity.services import security_event_record
from mailing.services import mail_queue
from shopsite.throttles import SignInFailureThrottle

from ..authentication import ensure_enabled
from ..errors import (
    EmailInUse,
    InvalidEmail,
    InvalidResetLink,
    PasswordMissing,
    SignInLocked,
    UserNotFound,
    WeakPassword,
    WrongPassword,
)
from ..mails import PASSWORD_RESET
from ..models import User, UserManager

# Hashing a longer password is work an attacker could ask of the server on every sign-in.
PASSWORD_MAX_LENGTH = 128


def email_clean(email) -> str:
    """The address as stored (trimmed, lower-cased), or InvalidEmail."""
    if not isinstance(email, str):
        raise InvalidEmail()
    email = UserManager.normalize_email(email)
    try:
        validate_email(email)
    except ValidationError:
        raise InvalidEmail() from None
    return email


def password_clean(password, *, user: User) -> str:
    """A new password that Django's validators accept for the user, or the identity service's refusal."""
    if not isinstance(password, str) or password == "":
        raise PasswordMissing()
    if len(password) > PASSWORD_MAX_LENGTH:
        raise WeakPassword(f"The Password should be at most {PASSWORD_MAX_LENGTH} characters")
    try:
        validate_password(password, user=user)
    except ValidationError:
        raise WeakPassword() from None
    return password


def user_sign_up(*, email, password) -> User:
    """A new account with a usable password; its email is not verified yet."""
    email = email_clean(email)
    password = password_clean(password, user=User(email=email))
    if User.objects.filter(email=email).exists():
        raise EmailInUse()
    user = User(email=email)
    # Hashed before the write: PBKDF2 takes a second or more of CPU, and on SQLite the transaction holds the one write
    # lock of the whole database (a burst of sign-ups then waited out its timeout: issue 27).
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
            return user
    except IntegrityError:
        # Two sign-ups for one address raced past the check; the unique index caught the second.
        raise EmailInUse() from None


def user_authenticate(*, request, email, password) -> User:
    """The Enabled account these credentials open, or why not.

    The storefront's sign-in and the Django admin's both come here, so they share one count of the
    failures that named each account (SignInFailureThrottle).
    """
    email = email_clean(email)
    if not isinstance(password, str) or password == "":
        raise PasswordMissing()
    failures = SignInFailureThrottle(email=email)
    if not failures.allows():
        raise SignInLocked(failures.wait())
    holder = User.objects.filter(email=email).first()
    if holder is None:
        security_event_record("sign_in_failed", request=request, email=email, detail="No account has this address.")
        raise UserNotFound()
    # Counted before the check, in one atomic step shared by every machine: of parallel guesses, only as many as the
    # limit leaves get their password checked.
    if not failures.attempt():
        raise SignInLocked(failures.wait())
    user = None
    if len(password) <= PASSWORD_MAX_LENGTH:
        user = authenticate(request, email=email, password=password)
    if user is None:
        security_event_record("sign_in_failed", user=holder, request=request, detail="Wrong password.")
        if failures.locks_now():
            # This failure was the last the window allows: the account is locked for a while (SignInFailureThrottle).
            security_event_record(
                "sign_in_lockout",
                user=holder,
                request=request,
                detail=f"Too many failed sign-ins: locked for {failures.wait() or 0:.0f} seconds.",
            )
        raise WrongPassword()
    # The right password: the attempt counted above, and the failures before it, are forgotten.
    failures.failures_clear()
    ensure_enabled(user)
    return user


def password_change(*, user: User, current_password, new_password) -> None:
    """A signed-in user's new password, given the one they use now."""
    if not isinstance(current_password, str) or not user.check_password(current_password):
        raise WrongPassword()
    user.set_password(password_clean(new_password, user=user))
    user.save(update_fields=["password", "updated_at"])


def password_reset_send(*, email) -> None:
    """Mail the account's owner a link to the set-new-password page; the link works once, for an hour from when the
    mail goes out (accounts/mails.py makes it then, on SHOP_BASE_URL: never on the Host a request named)."""
    user = User.objects.filter(email=email_clean(email)).first()
    if user is None:
        raise UserNotFound()
    mail_queue(kind=PASSWORD_RESET, to=user.email, context={"user": user.pk})


def password_reset_confirm(*, uid, token, password) -> User:
    """Set the new password a reset link allows; following the link also proves the address is theirs."""
    user = _reset_user(uid=uid, token=token, lock=False)
    # Hashed outside the transaction (user_sign_up says why); the link is checked again under the row's lock, so of
    # two uses of one link only the first sets a password.
    user.set_password(password_clean(password, user=user))
    with transaction.atomic():
        locked = _reset_user(uid=uid, token=token, lock=True)
        locked.password = user.password
        locked.email_verified = True
        locked.save(update_fields=["password", "email_verified", "updated_at"])
        # Whoever locked the account with wrong passwords, its owner now holds the right one. Robust: the
        # password is set whatever the cache says.
        transaction.on_commit(SignInFailureThrottle(email=locked.email).failures_clear, robust=True)
    return locked


def _reset_user(*, uid, token, lock: bool) -> User:
    """The account a reset link names while the link is good (with lock, its row locked); else InvalidResetLink."""
    users = User.objects.select_for_update() if lock else User.objects
    user = users.filter(uid=uid).first() if isinstance(uid, str) else None
    if user is None or not isinstance(token, str) or not default_token_generator.check_token(user, token):
        raise InvalidResetLink()
    return user
