"""The Firebase identity provider: every API call carries a Firebase ID token, which firebase-admin verifies."""

import contextlib
import logging
import os
import threading
import time

import firebase_admin
from django.conf import settings
from firebase_admin import auth, credentials
from firebase_admin import exceptions as firebase_errors
from google.auth import exceptions as google_auth_errors
from rest_framework import authentication, exceptions

from .. import services
from ..authentication import ensure_enabled
from ..errors import AccountDisabled, IdentityUnavailable
from ..models import User

logger = logging.getLogger(__name__)

# Our own name, so the app never clashes with a default app another library might initialize.
APP_NAME = "shop-identity"
_app_lock = threading.Lock()
# Per try of each call to Google: the certificates, our credential's access token, the user lookup (which
# firebase-admin tries up to three times). Google answers them in a tenth of a second; firebase-admin's own default,
# 120 s, would let a Google that hangs hold the request far past its time budget (shopsite/tests/test_time_budget.py).
HTTP_TIMEOUT_SECONDS = 1


def firebase_app() -> firebase_admin.App:
    """The firebase_admin app that verifies ID tokens, made on first use and kept for the process."""
    # Two threads of a worker may both see no app; the second initialize_app would raise.
    with _app_lock:
        try:
            return firebase_admin.get_app(APP_NAME)
        except ValueError:
            path = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS")
            credential = credentials.Certificate(path) if path else credentials.ApplicationDefault()
            options = {"projectId": settings.FIREBASE_PROJECT_ID, "httpTimeout": HTTP_TIMEOUT_SECONDS}
            return firebase_admin.initialize_app(credential, options, name=APP_NAME)


def firebase_app_delete() -> None:
    """Forget the app, so the next call makes it again; tests put their own under APP_NAME this way."""
    with _app_lock, contextlib.suppress(ValueError):
        firebase_admin.delete_app(firebase_admin.get_app(APP_NAME))


def _claims_verified(token: str) -> dict:
    """The token's claims, checked by firebase-admin against Google's certificates and the user's record."""
    try:
        # check_revoked also fetches the user's record: a revoked session or a disabled user is refused
        # at once, not when the token expires within the hour.
        return auth.verify_id_token(token, app=firebase_app(), check_revoked=True)
    except auth.UserDisabledError:
        raise AccountDisabled() from None
    except auth.ExpiredIdTokenError:
        raise exceptions.AuthenticationFailed("The sign-in has expired: sign in again.", "token_expired") from None
    except auth.RevokedIdTokenError:
        raise exceptions.AuthenticationFailed("The sign-in was revoked: sign in again.", "token_revoked") from None
    except (auth.InvalidIdTokenError, auth.UserNotFoundError):
        raise exceptions.AuthenticationFailed("The sign-in token is not valid.", "invalid_token") from None
    except (firebase_errors.FirebaseError, google_auth_errors.TransportError) as error:
        # CertificateFetchError, the user lookup failing (unreachable, timed out, refusing our credential), or
        # Google's token endpoint out of reach when our credential needs a fresh access token for that lookup.
        logger.warning("Firebase could not verify an ID token: %s", error)
        raise IdentityUnavailable() from error


def firebase_user_delete(uid: str) -> bool:
    """Delete the person's Firebase account (their account at the shop was deleted); whether Firebase confirmed it.

    Called after the shop's own deletion committed: a Firebase out of reach is logged for the operator and harms
    nothing, since the shop's account it named is Eliminated under a new uid, so a token of the old one opens nothing
    of theirs."""
    try:
        auth.delete_user(uid, app=firebase_app())
    except auth.UserNotFoundError:
        return True
    except (firebase_errors.FirebaseError, google_auth_errors.TransportError) as error:
        logger.warning("Firebase could not delete the account of a deleted user (uid %s): %s", uid, error)
        return False
    return True


def sign_in_age(claims) -> float | None:
    """Seconds since the person last typed their password (or chose their Google account) for this ID token."""
    auth_time = claims.get("auth_time") if isinstance(claims, dict) else None
    return time.time() - auth_time if isinstance(auth_time, (int, float)) else None


class FirebaseAuthentication(authentication.BaseAuthentication):
    """`Authorization: Bearer <Firebase ID token>`; the user is created on first sight, and refused unless Enabled."""

    keyword = "Bearer"

    def authenticate(self, request) -> tuple[User, dict] | None:
        words = authentication.get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.lower().encode():
            return None
        if len(words) != 2:
            raise exceptions.AuthenticationFailed("Send one ID token after Bearer.", "invalid_token")
        try:
            token = words[1].decode()
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("The sign-in token is not valid.", "invalid_token") from None
        claims = _claims_verified(token)
        if not claims.get("email"):
            # Phone and anonymous sign-ins give no address, and the shop knows its users by theirs.
            raise exceptions.AuthenticationFailed("Sign in with an email address or Google.", "email_required")
        user = services.user_sync_from_identity(
            uid=claims["uid"], email=claims["email"], email_verified=claims.get("email_verified") is True
        )
        ensure_enabled(user)
        return user, claims

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401, not 403, to a caller without a valid token.
        return f'{self.keyword} realm="api"'
